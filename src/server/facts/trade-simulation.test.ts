import fc from 'fast-check';
import {
  ExecutionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InvalidParamsRpcError,
  parseAbi,
  RpcRequestError,
  TimeoutError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeRevertReason, lossPct, rejectsStateOverride, safeMessage } from './trade-simulation';

describe('lossPct', () => {
  it('measures the share lost, to 0.01 pp', () => {
    expect(lossPct(1000n, 750n)).toBe(25);
    expect(lossPct(10n ** 18n, 95n * 10n ** 16n)).toBe(5);
    expect(lossPct(3n, 2n)).toBe(33.33);
    expect(lossPct(1000n, 0n)).toBe(100);
  });

  it('is 0 when nothing was lost or nothing was expected', () => {
    expect(lossPct(1000n, 1000n)).toBe(0);
    expect(lossPct(1000n, 1001n)).toBe(0);
    expect(lossPct(0n, 5n)).toBe(0);
  });

  it('stays within 0..100 (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 200n }),
        fc.bigInt({ min: 0n, max: 2n ** 200n }),
        (e, r) => {
          const p = lossPct(e, r);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('decodeRevertReason', () => {
  it('reads Error(string), Panic and custom errors', () => {
    const errorAbi = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error Blocked(address who)']);
    const msg = encodeErrorResult({
      abi: errorAbi,
      errorName: 'Error',
      args: ['TRANSFER_FROM_FAILED: trading locked'],
    });
    expect(decodeRevertReason(msg)).toBe('TRANSFER_FROM_FAILED: trading locked');
    expect(decodeRevertReason(encodeErrorResult({ abi: errorAbi, errorName: 'Panic', args: [0x11n] }))).toBe(
      'Panic(0x11)',
    );
    const custom = encodeErrorResult({
      abi: errorAbi,
      errorName: 'Blocked',
      args: ['0x0000000000000000000000000000000000000001'],
    });
    expect(decodeRevertReason(custom)).toBe(`custom error ${custom.slice(0, 10)}`);
  });

  it('is null for an empty revert', () => {
    expect(decodeRevertReason('0x')).toBeNull();
    expect(decodeRevertReason(undefined)).toBeNull();
  });
});

describe('safeMessage', () => {
  it('never repeats an RPC URL (keys live in them)', () => {
    const e = new HttpRequestError({
      url: 'https://base-mainnet.g.alchemy.com/v2/SECRETKEY',
      details: 'fetch failed',
    });
    const m = safeMessage(e);
    expect(m).toContain('HTTP request failed');
    expect(m).not.toMatch(/SECRETKEY|alchemy/);
    expect(safeMessage(new Error('dial https://user:pw@node.example/key failed'))).toBe('dial <rpc> failed');
  });
});

describe('rejectsStateOverride', () => {
  const url = 'http://node';
  it('recognises a refused third eth_call argument', () => {
    const invalid = new InvalidParamsRpcError(
      new RpcRequestError({
        body: {},
        url,
        error: { code: -32602, message: 'too many arguments, want at most 2' },
      }),
    );
    expect(rejectsStateOverride(invalid)).toBe(true);
    const other = new RpcRequestError({
      body: {},
      url,
      error: { code: -32000, message: 'state override not supported' },
    });
    expect(rejectsStateOverride(other)).toBe(true);
  });

  it('does not mistake reverts, timeouts or network failures for it', () => {
    expect(rejectsStateOverride(new ExecutionRevertedError({ message: 'execution reverted' }))).toBe(false);
    expect(rejectsStateOverride(new TimeoutError({ body: {}, url }))).toBe(false);
    expect(rejectsStateOverride(new HttpRequestError({ url, details: 'fetch failed' }))).toBe(false);
    expect(rejectsStateOverride(new Error('too many arguments'))).toBe(false);
  });
});
