import { describe, expect, it } from 'vitest';
import { combineVerification, lookupBlockscout } from './blockscout';

const fake = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('lookupBlockscout', () => {
  it('reads is_verified from the recorded response shape', async () => {
    const r = await lookupBlockscout(
      fake(200, { is_verified: true, name: 'DegenToken' }),
      'https://base.blockscout.com/',
      '0xabc',
    );
    expect(r).toEqual({ status: 'verified', source: 'Blockscout', contractName: 'DegenToken' });
    expect((await lookupBlockscout(fake(200, { is_verified: false }), 'https://x', '0xabc')).status).toBe(
      'unverified',
    );
    expect((await lookupBlockscout(fake(404, {}), 'https://x', '0xabc')).status).toBe('unverified');
  });

  it('answers unknown when the service fails', async () => {
    expect((await lookupBlockscout(fake(503, {}), 'https://x', '0xabc')).status).toBe('unknown');
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    expect((await lookupBlockscout(down, 'https://x', '0xabc')).status).toBe('unknown');
    expect((await lookupBlockscout(fake(200, { unexpected: 1 }), 'https://x', '0xabc')).status).toBe(
      'unknown',
    );
  });
});

describe('combineVerification', () => {
  it('takes any verified answer, and unverified only when all agree', () => {
    const v = { status: 'verified' as const, source: 'Blockscout', contractName: 'X' };
    const u = (source: string) => ({ status: 'unverified' as const, source, contractName: null });
    const k = { status: 'unknown' as const, source: 'Sourcify', contractName: null };
    expect(combineVerification([k, v])).toBe(v);
    expect(combineVerification([u('Sourcify'), u('Blockscout')]).status).toBe('unverified');
    expect(combineVerification([u('Sourcify'), k]).status).toBe('unknown');
  });
});
