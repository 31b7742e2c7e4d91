/**
 * The pool-state read of Uniswap V4 (uniswap-v4.ts's readPools): per pool StateView's slot0 and
 * active liquidity, then each position NFT the index links to it — its pool key and range,
 * liquidity, owner and the lockers' unlock times — in one Multicall3 round; and one pool's state
 * decoded from its answers. Ownership is tallied as for every concentrated-liquidity venue
 * (position-ownership.ts).
 */
import type { Address, Hex } from 'viem';
import type { Call } from './multicall';
import { ownershipTally, priceFromSqrt, readUnlock, unlockCalls } from './position-ownership';
import { positionAmounts } from './uniswap-v3-math';
import { stateViewAbi, type UniswapV4Contracts, v4PositionManagerAbi } from './uniswap-v4-abis';
import {
  decodeHookPermissions,
  type PoolKey,
  poolIdOf,
  positionRange,
  presented,
} from './uniswap-v4-pool-key';
import type { PoolRef, PoolState, ReadPoolsContext } from './venue';

/** What a V4 PoolRef / PoolState carries besides the common fields. */
export type V4PoolInfo = { poolId: Hex; key: PoolKey };

export type V4ReadPlan = { p: PoolRef; info: V4PoolInfo; ids: bigint[]; pm: Address };

/** One position's reads: its pool key and range, liquidity, owner, then each locker's unlock time. */
function positionCalls(pm: Address, lockers: Address[], id: bigint): Call[] {
  return [
    { address: pm, abi: v4PositionManagerAbi, functionName: 'getPoolAndPositionInfo', args: [id] },
    { address: pm, abi: v4PositionManagerAbi, functionName: 'getPositionLiquidity', args: [id] },
    { address: pm, abi: v4PositionManagerAbi, functionName: 'ownerOf', args: [id] },
    ...unlockCalls(lockers, pm, id),
  ];
}

/**
 * Every read of `refs` whose key is known (`keyOf`: the ref's own, or one learned before; a pool
 * without a known key is left out), and what each pool's answers are, in the order they come back.
 */
export function planV4Reads(
  addr: UniswapV4Contracts,
  lockers: Address[],
  keyOf: (p: PoolRef) => V4PoolInfo | null,
  refs: PoolRef[],
  ctx: ReadPoolsContext,
): { calls: Call[]; plan: V4ReadPlan[] } {
  const calls: Call[] = [];
  const plan = refs.flatMap((p) => {
    const info = keyOf(p);
    if (!info) return [];
    const ids = ctx.positions?.get(p.pool) ?? [];
    calls.push({ address: addr.stateView, abi: stateViewAbi, functionName: 'getSlot0', args: [info.poolId] });
    calls.push({
      address: addr.stateView,
      abi: stateViewAbi,
      functionName: 'getLiquidity',
      args: [info.poolId],
    });
    for (const id of ids) calls.push(...positionCalls(addr.positionManager, lockers, id));
    return [{ p, info, ids, pm: addr.positionManager }];
  });
  return { calls, plan };
}

type PositionInfo = readonly [
  { hooks: Address; currency0: Address; currency1: Address; fee: number; tickSpacing: number },
  bigint,
];

/**
 * The pool's positions (from `next`, in planV4Reads' order): their ownership and the amounts they
 * hold at price `sqrtF`. Only positions really in this pool count (the index links ids to pools by
 * transaction).
 */
function tallyPositions(
  lockers: Address[],
  deployer: string | null,
  { info, ids, pm }: V4ReadPlan,
  next: () => unknown,
  sqrtF: number,
) {
  const tally = ownershipTally(lockers, deployer);
  let amount0 = 0;
  let amount1 = 0;
  for (const id of ids) {
    const pos = next() as PositionInfo | undefined;
    const liq = next() as bigint | undefined;
    const owner = (next() as string | undefined)?.toLowerCase();
    const until = readUnlock(next, lockers);
    if (!pos || liq === undefined || !owner) continue;
    if (poolIdOf(pos[0]) !== info.poolId) continue;
    const range = positionRange(pos[1]);
    const a = positionAmounts(Number(liq), sqrtF, range.tickLower, range.tickUpper);
    amount0 += a.amount0;
    amount1 += a.amount1;
    tally.add(owner, liq, until, { manager: pm.toLowerCase() as Address, id, ...range });
  }
  return { ownership: tally.ownership, amount0, amount1 };
}

/**
 * One pool's state from its answers; null when the PoolManager has not initialised it (slot0
 * price 0: a standard-tier candidate that does not exist) or slot0 did not answer.
 */
export function decodeV4PoolState(
  lockers: Address[],
  token: Address,
  weth: Address,
  item: V4ReadPlan,
  next: () => unknown,
  deployer: string | null,
): PoolState | null {
  const { p, info, ids } = item;
  const t = token.toLowerCase() as Address;
  const slot0 = next() as readonly [bigint, number, number, number] | undefined;
  const active = (next() as bigint | undefined) ?? 0n;
  const sqrtP = slot0?.[0] ?? 0n;
  const sqrtF = Number(sqrtP) / 2 ** 96;
  const held = tallyPositions(lockers, deployer, item, next, sqrtF);
  if (!slot0 || sqrtP === 0n) return null;
  const o = held.ownership;
  let { amount0, amount1 } = held;
  // Amounts held: from the positions we know; with none known (an unindexed pool on Base), the
  // active liquidity's virtual reserves (exact for full-range liquidity, an upper bound for
  // concentrated ranges — the PoolManager's balance is shared by every pool, so no balanceOf can
  // say what one pool holds).
  if (ids.length === 0 || o.lpTotalSupply === 0n) {
    amount0 = Number(active) / sqrtF;
    amount1 = Number(active) * sqrtF;
  }
  const tokenIs0 = presented(info.key.currency0, weth) === t;
  const big = (x: number) => BigInt(Math.max(0, Math.floor(x)));
  return {
    venue: 'uniswap-v4',
    pair: p.pool,
    token0: p.token0,
    token1: p.token1,
    // token0/token1 are sorted after native ETH is shown as WETH, so they need not follow the
    // PoolManager's currency order that tokenIs0 (and the price) follows.
    quote: p.token0 === t ? p.token1 : p.token0,
    fee: p.fee,
    tokenReserve: big(tokenIs0 ? amount0 : amount1),
    quoteReserve: big(tokenIs0 ? amount1 : amount0),
    priceX192: priceFromSqrt(sqrtP, active, tokenIs0),
    // lpTotalSupply, lpBurned, lpLocked, lockUnlockTime, lpDeployer (position-ownership.ts).
    ...o,
    depthQuote2Pct: active === 0n ? 0n : null,
    twap: { unavailable: 'Uniswap V4 pools keep no price oracle unless a hook adds one' },
    v4: {
      ...info,
      lpFee: slot0[3],
      sqrtPriceX96: sqrtP,
      liquidity: active,
      hookPermissions: decodeHookPermissions(info.key.hooks).map((x) => x.name),
    },
  };
}
