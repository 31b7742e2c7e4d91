/**
 * A real holder's sell from its own wallet (pure): the calls a plain EOA makes — no contract code at
 * its address — to sell through the venue's router, and the reading of their results.
 *
 * Why: every other sell the simulations make runs probe CODE (TradeProbe at a throwaway address, or
 * placed by state override at a holder's address). A token that asks `from.code.length == 0` (or
 * `extcodesize`) sees a contract there and lets the probe sell, while every real wallet's sell
 * reverts — a honeypot no probe contract can see. Here the holder itself, codeless, is the sender
 * (and tx.origin) of an `approve` and of the router call, as in a wallet; balance reads before and
 * after are separate calls in the same simulated block (eth_simulateV1 runs them in order on one
 * state). The holder's balance is only overridden in ETH, for gas.
 *
 * Venues: Uniswap V2 and Aerodrome classic routers (swapExactTokensForTokensSupportingFeeOnTransfer-
 * Tokens), Uniswap V3 SwapRouter02 and Slipstream (exactInput / exactInputSingle). Uniswap V4 sells
 * go through Permit2 and the Universal Router (two approvals and a command encoding): not made
 * here, said as not tried.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  type Hex,
  hexToBigInt,
  parseAbi,
} from 'viem';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address,uint256) returns (bool)',
  'function transfer(address,uint256) returns (bool)',
]);
const v2Router = parseAbi([
  'function getAmountsOut(uint256,address[]) view returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
]);
const aeroRouter = parseAbi([
  'struct Route { address from; address to; bool stable; address factory; }',
  'function getAmountsOut(uint256,Route[]) view returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,Route[],address,uint256)',
]);
const v3Quoter = parseAbi([
  'function quoteExactInput(bytes,uint256) returns (uint256,uint160[],uint32[],uint256)',
]);
const v3Router = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'struct ExactInputParams { bytes path; address recipient; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInputSingle(ExactInputSingleParams) payable returns (uint256)',
  'function exactInput(ExactInputParams) payable returns (uint256)',
]);
const clRouter = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; int24 tickSpacing; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'struct ExactInputParams { bytes path; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInputSingle(ExactInputSingleParams) payable returns (uint256)',
  'function exactInput(ExactInputParams) payable returns (uint256)',
]);

/** Calls per holder, in order: balance, quote, quote-token balance, approve, sell, quote-token balance. */
export const WALLET_SELL_CALLS = 6;
/** Gas of the sell call (the router's swap through the token's transfer) and of each other call. */
const SWAP_GAS = 2_000_000n;
const READ_GAS = 1_000_000n;
/** No deadline a simulated block can pass (the routers take a unix time). */
const DEADLINE = 2n ** 40n;

/** Can a codeless wallet sell on this venue with one approve and one router call? */
export const walletSellable = (route: ProbeRoute) => route.venue !== PROBE_VENUE.v4;

/**
 * The token's own reason: the holder's plain transfer of the same amount to the pool, made after
 * every holder's sell in the block (a transfer that passes leaves tokens in the pool, which would
 * pay a later seller more). A router wraps a token's revert in its own ("TRANSFER_FROM_FAILED").
 */
export function walletExplainCall(route: ProbeRoute, seller: Address, amount: bigint): WalletCall {
  return {
    from: seller,
    to: route.path[route.path.length - 1] as Address,
    data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [route.pool, amount] }),
    gas: READ_GAS,
  };
}

/** A call of the simulated block, as eth_simulateV1 takes it (fees added by the caller). */
export type WalletCall = { from: Address; to: Address; data: Hex; gas: bigint };

const reversed = (path: Address[]) => [...path].reverse();

/** Uniswap V3 packed path in the sell direction: token, fee, …, WETH (Slipstream: tick spacing). */
function sellPath(route: ProbeRoute): Hex {
  const p = reversed(route.path);
  const fees = [...route.fees].reverse();
  const types: ('address' | 'uint24')[] = ['address'];
  const values: (Address | number)[] = [p[0] as Address];
  for (let i = 1; i < p.length; i++) {
    types.push('uint24', 'address');
    values.push(fees[i - 1] as number, p[i] as Address);
  }
  return encodePacked(types, values);
}

const aeroRoutes = (route: ProbeRoute) => {
  const p = reversed(route.path);
  const fees = [...route.fees].reverse();
  return p.slice(0, -1).map((from, i) => ({
    from,
    to: p[i + 1] as Address,
    stable: fees[i] === 1,
    factory: route.quoter,
  }));
};

/** The quote of selling `amount` along the route: [target, data]. */
function quoteCall(route: ProbeRoute, amount: bigint): [Address, Hex] {
  switch (route.venue) {
    case PROBE_VENUE.v2:
      return [
        route.router,
        encodeFunctionData({
          abi: v2Router,
          functionName: 'getAmountsOut',
          args: [amount, reversed(route.path)],
        }),
      ];
    case PROBE_VENUE.aerodrome:
      return [
        route.router,
        encodeFunctionData({
          abi: aeroRouter,
          functionName: 'getAmountsOut',
          args: [amount, aeroRoutes(route)],
        }),
      ];
    default:
      return [
        route.quoter,
        encodeFunctionData({
          abi: v3Quoter,
          functionName: 'quoteExactInput',
          args: [sellPath(route), amount],
        }),
      ];
  }
}

/** The router call that sells `amount` from `seller` for the route's first token (WETH), paid to it. */
export function walletSellData(route: ProbeRoute, seller: Address, amount: bigint): Hex {
  const p = reversed(route.path);
  const single = route.path.length === 2;
  switch (route.venue) {
    case PROBE_VENUE.v2:
      return encodeFunctionData({
        abi: v2Router,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amount, 0n, p, seller, DEADLINE],
      });
    case PROBE_VENUE.aerodrome:
      return encodeFunctionData({
        abi: aeroRouter,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amount, 0n, aeroRoutes(route), seller, DEADLINE],
      });
    case PROBE_VENUE.slipstream:
      return single
        ? encodeFunctionData({
            abi: clRouter,
            functionName: 'exactInputSingle',
            args: [
              {
                tokenIn: p[0] as Address,
                tokenOut: p[1] as Address,
                tickSpacing: route.fees[0] as number,
                recipient: seller,
                deadline: DEADLINE,
                amountIn: amount,
                amountOutMinimum: 0n,
                sqrtPriceLimitX96: 0n,
              },
            ],
          })
        : encodeFunctionData({
            abi: clRouter,
            functionName: 'exactInput',
            args: [
              {
                path: sellPath(route),
                recipient: seller,
                deadline: DEADLINE,
                amountIn: amount,
                amountOutMinimum: 0n,
              },
            ],
          });
    default:
      return single
        ? encodeFunctionData({
            abi: v3Router,
            functionName: 'exactInputSingle',
            args: [
              {
                tokenIn: p[0] as Address,
                tokenOut: p[1] as Address,
                fee: route.fees[0] as number,
                recipient: seller,
                amountIn: amount,
                amountOutMinimum: 0n,
                sqrtPriceLimitX96: 0n,
              },
            ],
          })
        : encodeFunctionData({
            abi: v3Router,
            functionName: 'exactInput',
            args: [{ path: sellPath(route), recipient: seller, amountIn: amount, amountOutMinimum: 0n }],
          });
  }
}

/**
 * The six calls of one holder's wallet sell of `amount`, in order (see WALLET_SELL_CALLS): its token
 * balance, the venue's quote, its WETH balance, approve(router, amount), the router's sell paying
 * WETH back to it, its WETH balance again.
 */
export function walletSellCalls(route: ProbeRoute, seller: Address, amount: bigint): WalletCall[] {
  const token = route.path[route.path.length - 1] as Address;
  const quoteToken = route.path[0] as Address;
  const balance = (of: Address): WalletCall => ({
    from: seller,
    to: of,
    data: encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [seller] }),
    gas: READ_GAS,
  });
  const [quoteTo, quoteData] = quoteCall(route, amount);
  return [
    balance(token),
    { from: seller, to: quoteTo, data: quoteData, gas: READ_GAS * 2n },
    balance(quoteToken),
    {
      from: seller,
      to: token,
      data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [route.router, amount] }),
      gas: READ_GAS,
    },
    { from: seller, to: route.router, data: walletSellData(route, seller, amount), gas: SWAP_GAS },
    balance(quoteToken),
  ];
}

/** One simulated call's result, as eth_simulateV1 returns it. */
export type WalletCallResult = { status: Hex; returnData: Hex } | undefined;

/**
 * What one wallet sell did: null when it says nothing (the holder held less than the amount by the
 * time of the simulation — the index's balance was stale — or a read failed); otherwise whether the
 * router's sell passed and paid something, what it paid against the quote, and the revert data.
 */
export type WalletSellResult = {
  amount: bigint;
  ok: boolean;
  expected: bigint;
  received: bigint;
  revertData: Hex;
};

const word = (r: WalletCallResult): bigint | null =>
  r?.status === '0x1' && r.returnData && r.returnData.length >= 66
    ? hexToBigInt(r.returnData.slice(0, 66) as Hex)
    : null;

export function readWalletSell(
  route: ProbeRoute,
  amount: bigint,
  results: WalletCallResult[],
  /** The plain transfer to the pool (walletExplainCall): its revert data names the token's rule. */
  explain?: WalletCallResult,
): WalletSellResult | null {
  const [held, quote, before, approve, sell, after] = results;
  const balance = word(held);
  const quoteBefore = word(before);
  if (balance === null || quoteBefore === null || balance < amount || amount === 0n) return null;
  let expected = 0n;
  if (quote?.status === '0x1')
    try {
      if (route.venue === PROBE_VENUE.v2 || route.venue === PROBE_VENUE.aerodrome) {
        const out = decodeFunctionResult({
          abi: v2Router,
          functionName: 'getAmountsOut',
          data: quote.returnData,
        });
        expected = out[out.length - 1] ?? 0n;
      } else {
        expected = decodeFunctionResult({
          abi: v3Quoter,
          functionName: 'quoteExactInput',
          data: quote.returnData,
        })[0];
      }
    } catch {
      expected = 0n;
    }
  // An approve that reverts is the wallet's sell failing too (the router cannot take the tokens).
  const failed = approve?.status !== '0x1' ? approve : sell?.status !== '0x1' ? sell : null;
  if (failed) {
    const own =
      explain && explain.status !== '0x1' && explain.returnData?.length > 2 ? explain.returnData : null;
    return { amount, ok: false, expected, received: 0n, revertData: own ?? failed.returnData ?? '0x' };
  }
  const quoteAfter = word(after);
  if (quoteAfter === null) return null;
  const received = quoteAfter > quoteBefore ? quoteAfter - quoteBefore : 0n;
  return { amount, ok: received > 0n, expected, received, revertData: '0x' };
}
