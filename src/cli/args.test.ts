import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';

const A = '0x4200000000000000000000000000000000000006';

describe('flab CLI arguments', () => {
  it('parses scan with options', () => {
    expect(parseArgs(['scan', A, '--json', '--rpc', 'https://mainnet.base.org', '--amount', '500'])).toEqual({
      kind: 'scan',
      address: A,
      json: true,
      rpc: 'https://mainnet.base.org',
      api: 'http://localhost:5000',
      amountUsd: 500,
    });
  });

  it('takes the API URL from the environment', () => {
    expect(parseArgs(['scan', A], { FLAB_API_URL: 'http://x:1' })).toMatchObject({ api: 'http://x:1' });
  });

  it('explains mistakes', () => {
    expect(parseArgs(['scan'])).toEqual({ kind: 'error', message: 'Missing the token address.' });
    expect(parseArgs(['scan', A, '--rpc'])).toEqual({ kind: 'error', message: '--rpc needs a value.' });
    expect(parseArgs(['scan', A, '--amount', '-1'])).toMatchObject({ kind: 'error' });
    expect(parseArgs(['frobnicate'])).toMatchObject({ kind: 'error' });
    expect(parseArgs([])).toEqual({ kind: 'help' });
  });
});
