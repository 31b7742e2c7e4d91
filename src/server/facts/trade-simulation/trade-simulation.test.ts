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
import { rejectsStateOverride, safeMessage } from '../rpc-errors';
import { decodeRevertReason, interpretHolderSells, interpretTrade, lossPct } from './interpret';
import type { SellResult, TradeReport } from './probe';

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

describe('interpretTrade (one interpretation for every venue)', () => {
  const pair = '0x00000000000000000000000000000000000000aa' as const;
  const router = '0x00000000000000000000000000000000000000bb' as const;
  const sell = (over: Partial<SellResult> = {}): SellResult => ({
    tried: true,
    ok: true,
    amount: 900n,
    expected: 1000n,
    received: 1000n,
    gasUsed: 90_000n,
    transferTried: true,
    transferOk: true,
    transferSent: 100n,
    transferReceived: 100n,
    revertData: '0x',
    ...over,
  });
  const failed = (reason: string) =>
    sell({
      ok: false,
      received: 0n,
      revertData: encodeErrorResult({
        abi: parseAbi(['error Error(string)']),
        errorName: 'Error',
        args: [reason],
      }),
    });
  const report = (over: Partial<TradeReport> = {}): TradeReport => ({
    status: 0,
    buyAmount: 10n ** 16n,
    buyExpected: 1000n,
    buyReceived: 950n,
    buyGas: 120_000n,
    maxBuy: 10n ** 18n,
    laddersTried: 10n,
    sell: sell(),
    gasPrice: 11_000_000n,
    baseFee: 10_000_000n,
    blockNumber: 100n,
    revertData: '0x',
    ...over,
  });
  const later = (xs: SellResult[]) => xs.map((s, i) => ({ blocks: [1, 2, 5, 20][i] as number, sell: s }));

  it('a same-block round trip: taxes, no delay, the gas price paid', () => {
    const f = interpretTrade(report(), later([sell(), sell(), sell(), sell()]), { pair, router });
    expect(f).toMatchObject({
      status: 'ok',
      buyTaxPct: 5,
      sellTaxPct: 0,
      transferTaxPct: 0,
      sellDelayBlocks: 0,
      sellBlockedAfterBlocks: null,
      transferDelayBlocks: 0,
      gasPriceGwei: 0.011,
      baseFeeGwei: 0.01,
      laterBlocksProbed: [1, 2, 5, 20],
      maxBuyEth: 1,
    });
  });

  it('fails in the buy block, passes 2 blocks later: a cooldown of 2 blocks, not a honeypot', () => {
    const f = interpretTrade(
      report({ status: 3, sell: failed('cooldown') }),
      later([failed('cooldown'), sell({ received: 900n })]),
      {
        pair,
        router,
      },
    );
    expect(f).toMatchObject({
      status: 'ok',
      sellDelayBlocks: 2,
      sellTaxPct: 10,
      sellBlockedAfterBlocks: null,
    });
  });

  it('passes at first and fails 5 blocks later: a wallet lock', () => {
    const f = interpretTrade(report(), later([sell(), sell(), failed('locked'), failed('locked')]), {
      pair,
      router,
    });
    expect(f).toMatchObject({
      status: 'ok',
      sellDelayBlocks: 0,
      sellBlockedAfterBlocks: 5,
      sellBlockedReason: 'locked',
    });
  });

  it('with the clock moved ahead: a sell that fails there, or loses more, is recorded; none probed is null', () => {
    const four = later([sell(), sell(), sell(), sell()]);
    expect(interpretTrade(report(), four, { pair, router }, failed('closed'))).toMatchObject({
      status: 'ok',
      sellBlockedAfterBlocks: null,
      clockJump: { days: 30, sellOk: false, sellTaxPct: null, revertReason: 'closed' },
    });
    expect(interpretTrade(report(), four, { pair, router }, sell({ received: 100n }))).toMatchObject({
      clockJump: { days: 30, sellOk: true, sellTaxPct: 90, revertReason: null },
    });
    expect(interpretTrade(report(), four, { pair, router })).toMatchObject({ clockJump: null });
  });

  it('never passes: sell_failed with the same-block reason and the blocks tried', () => {
    const f = interpretTrade(
      report({ status: 3, sell: failed('trading locked') }),
      later([failed('x'), failed('x'), failed('x'), failed('x')]),
      {
        pair,
        router,
      },
    );
    expect(f).toMatchObject({
      status: 'sell_failed',
      revertReason: 'trading locked',
      laterBlocksProbed: [1, 2, 5, 20],
    });
  });

  it('a reverted test transfer is never a 100% tax: null until one passes, then its delay', () => {
    const noTransfer = sell({ transferOk: false, transferReceived: 0n });
    const never = interpretTrade(
      report({ sell: noTransfer }),
      later([noTransfer, noTransfer, noTransfer, noTransfer]),
      { pair, router },
    );
    expect(never).toMatchObject({
      status: 'ok',
      transferTaxPct: null,
      transferFailed: true,
      transferDelayBlocks: null,
    });
    const delayed = interpretTrade(report({ sell: noTransfer }), later([sell({ transferReceived: 97n })]), {
      pair,
      router,
    });
    expect(delayed).toMatchObject({ transferTaxPct: 3, transferDelayBlocks: 1, transferFailed: true });
  });

  it('without later blocks (eth_call fallback) a same-block failure stays sell_failed, nothing probed', () => {
    const f = interpretTrade(report({ status: 3, sell: failed('cooldown') }), null, { pair, router });
    expect(f).toMatchObject({ status: 'sell_failed', laterBlocksProbed: [] });
  });

  it('no pool, no router, failed buy', () => {
    expect(interpretTrade(report({ status: 1 }), null, { pair, router })).toEqual({ status: 'no_pool' });
    expect(interpretTrade(report({ status: 4 }), null, { pair, router }).status).toBe('error');
    const b = interpretTrade(report({ status: 2, buyReceived: 0n, revertData: '0x' }), null, {
      pair,
      router,
    });
    expect(b).toMatchObject({
      status: 'buy_failed',
      revertReason: 'The buy went through but delivered no tokens.',
    });
  });
});

describe('interpretHolderSells', () => {
  const h = (role: string, i: number) => ({
    address: `0x${String(i).padStart(40, '0')}` as `0x${string}`,
    role,
    boughtBlock: BigInt(i * 10),
  });
  const ok = (received: bigint): SellResult => ({
    tried: true,
    ok: true,
    amount: 10n,
    expected: 100n,
    received,
    gasUsed: 1n,
    transferTried: false,
    transferOk: false,
    transferSent: 0n,
    transferReceived: 0n,
    revertData: '0x',
  });
  const no = { ...ok(0n), ok: false };

  it('a holder sells now or 20 blocks later; zero balances are not counted', () => {
    const holders = [
      h('oldest buyer', 1),
      h('median buyer', 2),
      h('latest buyer', 3),
      h('largest holder', 4),
    ];
    const f = interpretHolderSells(
      holders,
      [ok(95n), no, no, { ...ok(0n), amount: 0n }],
      [ok(95n), no, ok(90n), null],
    );
    expect(f).toMatchObject({ sampled: 3, couldSell: 2, failed: 1, minTaxPct: 5, maxTaxPct: 10 });
    expect(f.sellers?.map((s) => [s.role, s.ok, s.afterBlocks])).toEqual([
      ['oldest buyer', true, 1],
      ['median buyer', false, null],
      ['latest buyer', true, 21],
    ]);
  });

  it("a wallet's sell decides with the probe's: a wallet that cannot sell, or pays more, is the holder's outcome", () => {
    const holders = [h('oldest buyer', 1), h('median buyer', 2), h('latest buyer', 3)];
    const reverted = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['anti-bot'],
    });
    const wallet = (ok: boolean, received: bigint, revertData: `0x${string}` = '0x') => ({
      amount: 10n,
      ok,
      expected: 100n,
      received,
      revertData,
    });
    const f = interpretHolderSells(holders, [ok(100n), ok(100n), ok(98n)], null, {
      wallet: [wallet(false, 0n, reverted), wallet(true, 60n), null],
    });
    expect(f).toMatchObject({ sampled: 3, couldSell: 2, failed: 1, minTaxPct: 2, maxTaxPct: 40 });
    expect(f.sellers?.[0]).toMatchObject({
      ok: false,
      revertReason: 'anti-bot',
      wallet: { ok: false, taxPct: null, revertReason: 'anti-bot' },
    });
    expect(f.sellers?.[1]).toMatchObject({ ok: true, taxPct: 40, wallet: { ok: true, taxPct: 40 } });
    // Not tried (V4, no balance from the index): the probe's sell stands alone.
    expect(f.sellers?.[2]).toMatchObject({ ok: true, taxPct: 2 });
    expect(f.sellers?.[2]?.wallet).toBeUndefined();
  });

  it("a wallet's failure in the first block says nothing when the probe's sell there failed too (a cooldown)", () => {
    const f = interpretHolderSells([h('latest buyer', 1)], [no], [ok(100n)], {
      wallet: [{ amount: 10n, ok: false, expected: 100n, received: 0n, revertData: '0x' }],
    });
    expect(f).toMatchObject({ sampled: 1, couldSell: 1, failed: 0 });
    expect(f.sellers?.[0]).toMatchObject({ ok: true, afterBlocks: 21, wallet: { ok: false } });
  });

  it("a holder's whole-balance sell is recorded beside the tenth, never changing whether it could sell", () => {
    const reverted = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['max sell'],
    });
    const f = interpretHolderSells(
      [h('oldest buyer', 1), h('largest holder', 2)],
      [ok(100n), ok(100n)],
      null,
      {
        whole: [{ ...no, revertData: reverted }, ok(80n)],
      },
    );
    expect(f).toMatchObject({ sampled: 2, couldSell: 2, failed: 0 });
    expect(f.sellers?.[0]).toMatchObject({ ok: true, whole: { ok: false, revertReason: 'max sell' } });
    expect(f.sellers?.[1]).toMatchObject({ ok: true, whole: { ok: true, taxPct: 20 } });
  });
});
