import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeErrorResult,
  type Hex,
  parseAbi,
  toFunctionSelector,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';
import {
  readWalletSell,
  WALLET_SELL_CALLS,
  walletExplainCall,
  walletSellable,
  walletSellCalls,
} from './wallet-sell';

const WETH = '0x4200000000000000000000000000000000000006' as Address;
const USD = '0x00000000000000000000000000000000000000ee' as Address;
const TOKEN = '0x00000000000000000000000000000000000070c1' as Address;
const HOLDER = '0x000000000000000000000000000000000000b0b0' as Address;
const route = (
  venue: ProbeRoute['venue'],
  path: Address[] = [WETH, TOKEN],
  fees: number[] = [],
): ProbeRoute => ({
  venue,
  router: '0x00000000000000000000000000000000000000a1',
  quoter: '0x00000000000000000000000000000000000000a2',
  pool: '0x00000000000000000000000000000000000000a3',
  path,
  fees,
  minQuote: 0n,
  v4Key: '0x',
});
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
const okCall = (returnData: Hex = '0x') => ({ status: '0x1' as Hex, returnData });
const quoteV2 = (out: bigint) => encodeAbiParameters([{ type: 'uint256[]' }], [[10n, out]]);

describe('walletSellCalls', () => {
  it("are the wallet's own calls: balance, quote, WETH balance, approve, the router's sell, WETH balance", () => {
    const calls = walletSellCalls(route(PROBE_VENUE.v2), HOLDER, 10n);
    expect(calls).toHaveLength(WALLET_SELL_CALLS);
    // Every call is the holder's: the sender of a real sell is the wallet, never probe code.
    for (const c of calls) expect(c.from).toBe(HOLDER);
    expect(calls.map((c) => c.to)).toEqual([TOKEN, route(0).router, WETH, TOKEN, route(0).router, WETH]);
    const sell = decodeFunctionData({
      abi: parseAbi([
        'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
      ]),
      data: calls[4]?.data as Hex,
    });
    expect(sell.args.slice(0, 4)).toEqual([10n, 0n, [TOKEN, WETH], HOLDER]);
    expect(walletExplainCall(route(0), HOLDER, 10n)).toMatchObject({ from: HOLDER, to: TOKEN });
  });

  it('encodes V3 and Slipstream sells along the reversed path, single hop or through a USD token', () => {
    const single = walletSellCalls(route(PROBE_VENUE.v3, [WETH, TOKEN], [3000]), HOLDER, 10n);
    expect(single[4]?.data.slice(0, 10)).toBe(
      toFunctionSelector('exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))'),
    );
    const multi = walletSellCalls(route(PROBE_VENUE.slipstream, [WETH, USD, TOKEN], [100, 200]), HOLDER, 10n);
    expect(multi[4]?.data.slice(0, 10)).toBe(
      toFunctionSelector('exactInput((bytes,address,uint256,uint256,uint256))'),
    );
    // The quoter sees the same packed path: token, 200, USD, 100, WETH.
    expect(multi[1]?.to).toBe(route(0).quoter);
    expect(multi[1]?.data).toContain(`${TOKEN.slice(2)}0000c8${USD.slice(2)}000064${WETH.slice(2)}`);
    expect(walletSellable(route(PROBE_VENUE.v4))).toBe(false);
    expect(walletSellable(route(PROBE_VENUE.aerodrome, [WETH, TOKEN], [0]))).toBe(true);
  });
});

describe('readWalletSell', () => {
  const r = route(PROBE_VENUE.v2);
  it('measures what the router paid against the quote', () => {
    const res = readWalletSell(r, 10n, [
      okCall(word(50n)),
      okCall(quoteV2(100n)),
      okCall(word(1000n)),
      okCall(word(1n)),
      okCall(),
      okCall(word(1090n)),
    ]);
    expect(res).toEqual({ amount: 10n, ok: true, expected: 100n, received: 90n, revertData: '0x' });
  });

  it("a reverted sell keeps the token's own reason from the plain transfer when it reverts too", () => {
    const tokenErr = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['anti-bot'],
    });
    const routerErr = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['TransferHelper: TRANSFER_FROM_FAILED'],
    });
    const results = [
      okCall(word(50n)),
      okCall(quoteV2(100n)),
      okCall(word(0n)),
      okCall(word(1n)),
      { status: '0x0' as Hex, returnData: routerErr },
      okCall(word(0n)),
    ];
    expect(readWalletSell(r, 10n, results, { status: '0x0', returnData: tokenErr })).toMatchObject({
      ok: false,
      revertData: tokenErr,
    });
    // The plain transfer passes (a rule only on the router's path): the router's reason stands.
    expect(readWalletSell(r, 10n, results, okCall(word(1n)))).toMatchObject({
      ok: false,
      revertData: routerErr,
    });
  });

  it('says nothing when the wallet holds less than the amount by now (a stale index balance)', () => {
    const res = readWalletSell(r, 10n, [
      okCall(word(9n)),
      okCall(quoteV2(100n)),
      okCall(word(0n)),
      okCall(word(1n)),
      { status: '0x0', returnData: '0x' },
      okCall(word(0n)),
    ]);
    expect(res).toBeNull();
  });
});
