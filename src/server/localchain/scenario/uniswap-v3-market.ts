/**
 * Uniswap V3's market operations, shared by the scenario (uniswap-v3.ts) and the live simulator:
 * opening a pool and a concentrated position through the NonfungiblePositionManager, buys and
 * sells through SwapRouter02, a round of routine V3 trading, and reading a position NFT's id.
 */
import { type Address, encodeFunctionData } from 'viem';
import {
  v3PoolAddress as computePool,
  rangeAround,
  sortTokens,
  sqrtPriceX96FromRaw,
  tickFromRaw,
} from '../../venues/uniswap-v3-math';
import { NonfungiblePositionManager, SwapRouter02, UniswapV3Pool, WETH9 } from '../artifacts/generated';
import { queueCall } from './calls';
import type { ScenarioContext } from './context';
import { approve, DEADLINE, eth, hold, type Market, readBalances, readMany, scale } from './market';

export const V3_GAS = {
  createPool: 6_000_000n,
  mint: 700_000n,
  swap: 400_000n,
  decrease: 400_000n,
  collect: 300_000n,
  nft: 200_000n,
  wrap: 80_000n,
  observations: 7_500_000n,
} as const;

/**
 * Price observations each scenario pool keeps (a new pool keeps one). The 30-minute average the
 * engine compares the price with (PRICE_MANIPULATION) needs observations reaching 30 minutes back:
 * the live simulator trades a pool about every 20 s, so 300 cover well over half an hour — as
 * busy pools on Base have had their cardinality raised.
 */
export const V3_OBSERVATIONS = 300;

/** A V3 pool the scenario (and the live simulator) trades. */
export type V3MarketPool = {
  symbol: string;
  token: Address;
  pool: Address;
  fee: number;
  /** Multiplies the ETH size of routine buys. */
  buyScale: number;
  /** Honeypot: holders try to sell, and fail. */
  sellsRevert?: boolean;
  /** Also traded on V2 by the same wallets, so a sell may find less than it read (allowed to revert). */
  shared?: boolean;
  liveFrom: number;
  liveUntil: number;
};

type V3Addresses = NonNullable<Market['core']['uniswapV3']>;

export function v3Of(ctx: Pick<Market, 'core'>): V3Addresses {
  const v3 = ctx.core.uniswapV3;
  if (!v3) throw new Error('Uniswap V3 is not deployed on this chain');
  return v3;
}

/** WETH raw units per token raw unit → the pool's raw price (token1 per token0). */
function rawPrice(token: Address, weth: Address, wethPerToken: number): number {
  const [t0] = sortTokens(token, weth);
  return t0 === token.toLowerCase() ? wethPerToken : 1 / wethPerToken;
}

/**
 * Queues a new V3 pool at `wethPerToken` (raw units) and a position of about `ethAmount` ETH and the
 * matching tokens over a range of ×/÷ `width` around the price, minted to `owner`.
 */
export function openV3Position(
  ctx: ScenarioContext,
  o: {
    owner: Address;
    token: Address;
    symbol: string;
    fee: number;
    wethPerToken: number;
    ethAmount: bigint;
    tokenAmount: bigint;
    width: number;
    createPool: boolean;
  },
): Address {
  const v3 = v3Of(ctx);
  const weth = ctx.core.weth;
  const [t0, t1] = sortTokens(o.token, weth);
  const raw = rawPrice(o.token, weth, o.wethPerToken);
  const [lower, upper] = rangeAround(tickFromRaw(raw), o.fee, o.width);
  const tokenIs0 = t0 === o.token.toLowerCase();
  const label = `${o.symbol} V3 ${o.fee / 10_000}%`;
  ctx.q.add({
    from: o.owner,
    to: weth,
    value: o.ethAmount,
    data: encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }),
    gas: V3_GAS.wrap,
    label: `${label}: wrap ETH`,
  });
  approve(ctx, o.owner, weth, v3.positionManager, label);
  approve(ctx, o.owner, o.token, v3.positionManager, label);
  if (o.createPool) {
    ctx.q.add({
      from: o.owner,
      to: v3.positionManager,
      data: encodeFunctionData({
        abi: NonfungiblePositionManager.abi,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [t0, t1, o.fee, sqrtPriceX96FromRaw(raw)],
      }),
      gas: V3_GAS.createPool,
      label: `${label}: create pool`,
    });
    ctx.q.add({
      from: o.owner,
      to: computePool(v3.factory, o.token, weth, o.fee),
      data: encodeFunctionData({
        abi: UniswapV3Pool.abi,
        functionName: 'increaseObservationCardinalityNext',
        args: [V3_OBSERVATIONS],
      }),
      gas: V3_GAS.observations,
      label: `${label}: keep ${V3_OBSERVATIONS} price observations`,
    });
  }
  ctx.q.add({
    from: o.owner,
    to: v3.positionManager,
    data: encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'mint',
      args: [
        {
          token0: t0,
          token1: t1,
          fee: o.fee,
          tickLower: lower,
          tickUpper: upper,
          amount0Desired: tokenIs0 ? o.tokenAmount : o.ethAmount,
          amount1Desired: tokenIs0 ? o.ethAmount : o.tokenAmount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: o.owner,
          deadline: DEADLINE,
        },
      ],
    }),
    gas: V3_GAS.mint,
    label: `${label}: mint position`,
  });
  return computePool(v3.factory, o.token, weth, o.fee);
}

/** An exactInputSingle swap through SwapRouter02 (which wraps ETH sent as `value`). */
function v3Swap(
  m: Market,
  wallet: Address,
  p: V3MarketPool,
  swap: { tokenIn: Address; tokenOut: Address; amountIn: bigint; value?: bigint; label: string },
  allowRevert: boolean | undefined,
): void {
  const params = {
    tokenIn: swap.tokenIn,
    tokenOut: swap.tokenOut,
    fee: p.fee,
    recipient: wallet,
    amountIn: swap.amountIn,
    amountOutMinimum: 0n,
    sqrtPriceLimitX96: 0n,
  };
  queueCall(m, wallet, v3Of(m).swapRouter02, SwapRouter02.abi, 'exactInputSingle', [params], {
    value: swap.value,
    gas: V3_GAS.swap,
    label: swap.label,
    allowRevert,
  });
}

/** Buy `ethIn` worth of the pool's token through SwapRouter02 (ETH is wrapped by the router). */
export function v3Buy(
  m: Market,
  wallet: Address,
  p: V3MarketPool,
  ethIn: bigint,
  opts: { allowRevert?: boolean; label?: string } = {},
): void {
  const label = opts.label ?? `buy ${p.symbol} on V3`;
  v3Swap(
    m,
    wallet,
    p,
    { tokenIn: m.core.weth, tokenOut: p.token, amountIn: ethIn, value: ethIn, label },
    opts.allowRevert,
  );
  hold(m, wallet, `v3:${p.symbol}`);
}

/** Sell `amount` of the pool's token for WETH through SwapRouter02. */
export function v3Sell(
  m: Market,
  wallet: Address,
  p: V3MarketPool,
  amount: bigint,
  opts: { allowRevert?: boolean; label?: string } = {},
): void {
  const label = opts.label ?? `sell ${p.symbol} on V3`;
  approve(m, wallet, p.token, v3Of(m).swapRouter02, label);
  v3Swap(
    m,
    wallet,
    p,
    { tokenIn: p.token, tokenOut: m.core.weth, amountIn: amount, label },
    opts.allowRevert,
  );
}

/**
 * One round of V3 trading: a few wallets buy, and holders sell part of what they hold (honeypot
 * holders try, and fail on chain). Sizes are small against each pool's depth.
 */
export async function v3TradeRound(
  m: Market,
  pools: readonly V3MarketPool[],
  wallets: readonly Address[],
  count: number,
  opts: { everyPool?: boolean } = {},
): Promise<void> {
  const live = pools.filter((p) => m.now >= p.liveFrom && m.now < p.liveUntil);
  if (live.length === 0 || wallets.length === 0) return;
  // One sell per wallet and token a round: balances are read before the round's blocks are mined.
  const sold = new Set<string>();
  const holders = (p: V3MarketPool) =>
    wallets.filter((w) => m.holdings.get(w)?.has(`v3:${p.symbol}`) && !sold.has(`${w}:${p.token}`));
  // Every live pool trades each round (so each has volume every day), then `count` more at random.
  const picks = [
    ...(opts.everyPool === false ? [] : live),
    ...Array.from({ length: count }, () => m.rng.pick(live)),
  ];
  // Every balance a sell may need, in one multicall: nothing is mined during the round, so these
  // are the values a read at the moment of the sell would give. A wallet that became a holder
  // during the round (it bought in this round) is read when needed.
  const keys = [...new Set(picks)].flatMap((p) => holders(p).map((w) => [p.token, w] as const));
  const prefetched = await readBalances(m, keys);
  const known = new Map(keys.map(([t, w], i) => [`${t}:${w}`, prefetched[i] as bigint]));
  const balanceOf = async (token: Address, wallet: Address): Promise<bigint | undefined> =>
    known.get(`${token}:${wallet}`) ?? (await readBalances(m, [[token, wallet]]))[0];
  for (const p of picks) {
    const sellers = holders(p);
    if (sellers.length > 0 && m.rng.chance(p.sellsRevert ? 0.15 : 0.4)) {
      const wallet = m.rng.pick(sellers);
      const bal = await balanceOf(p.token, wallet);
      if (bal && bal > 0n) {
        sold.add(`${wallet}:${p.token}`);
        v3Sell(m, wallet, p, scale(bal, m.rng.range(0.2, 0.7)), {
          allowRevert: p.sellsRevert || p.shared,
        });
        continue;
      }
    }
    const buyer = m.rng.pick(wallets);
    const ethIn = scale(eth(m.rng.range(0.01, 0.25)), p.buyScale);
    // Nobody can sell a honeypot, so its buyers drain the pool's token side: once the price has
    // left the position's range, every further buy reverts (SPL), as it would on Base. Those
    // reverts are part of the market, not a failure of the round.
    v3Buy(m, buyer, p, ethIn, { allowRevert: p.sellsRevert });
  }
}

/** Token id of `owner`'s `index`-th position NFT (ERC721Enumerable), read after it was minted. */
export async function positionOf(ctx: ScenarioContext, owner: Address, index = 0): Promise<bigint> {
  const [id] = await readMany(ctx, [
    {
      address: v3Of(ctx).positionManager,
      abi: NonfungiblePositionManager.abi,
      functionName: 'tokenOfOwnerByIndex',
      args: [owner, BigInt(index)],
    },
  ]);
  return id as bigint;
}
