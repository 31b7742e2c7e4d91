import { describe, expect, it } from 'vitest';
import { backoffMs } from './queue';
import { signatureHeader, verifyWebhookSignature } from './signature';
import { checkEndpointUrl, isPrivateAddress } from './url-guard';

describe('webhook endpoint rules', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('needs HTTPS in Base mode, allows HTTP locally, refuses credentials and private literals', () => {
    expect(() => checkEndpointUrl('http://example.com/h', 'base')).toThrow(/https/);
    expect(checkEndpointUrl('http://127.0.0.1:9/h', 'local').hostname).toBe('127.0.0.1');
    expect(() => checkEndpointUrl('https://10.0.0.1/h', 'base')).toThrow(/private/);
    expect(() => checkEndpointUrl('https://[::1]/h', 'base')).toThrow(/private/);
    expect(() => checkEndpointUrl('https://localhost/h', 'base')).toThrow(/private/);
    expect(() => checkEndpointUrl('https://u:p@example.com/h', 'base')).toThrow(/user name/);
    expect(() => checkEndpointUrl('ftp://example.com', 'local')).toThrow();
    expect(() => checkEndpointUrl('not a url', 'base')).toThrow(/absolute URL/);
    expect(checkEndpointUrl('https://example.com/hook', 'base').toString()).toBe('https://example.com/hook');
  });
});

describe('webhook signatures', () => {
  it('verifies its own signature, refuses a changed body, secret or stale timestamp', () => {
    const body = '{"id":"alert:1"}';
    const t = 1_800_000_000;
    const h = signatureHeader('whsec_x', body, t);
    expect(h).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_x', h, body, t + 10)).toBe(true);
    expect(verifyWebhookSignature('whsec_x', h, `${body} `, t)).toBe(false);
    expect(verifyWebhookSignature('whsec_y', h, body, t)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', h, body, t + 3600)).toBe(false);
    expect(verifyWebhookSignature('whsec_x', 'garbage', body, t)).toBe(false);
  });
});

describe('retry backoff', () => {
  it('doubles per attempt with jitter in the upper half, capped', () => {
    const p = { baseMs: 1000, capMs: 8000, windowMs: 86_400_000 };
    for (let a = 1; a <= 6; a++) {
      const exp = Math.min(8000, 1000 * 2 ** (a - 1));
      for (let i = 0; i < 20; i++) {
        const d = backoffMs(a, p);
        expect(d).toBeGreaterThanOrEqual(exp / 2);
        expect(d).toBeLessThanOrEqual(exp);
      }
    }
  });
});
