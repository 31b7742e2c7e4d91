/**
 * The pool-state read of a concentrated-liquidity venue (Uniswap V3, Slipstream): per pool slot0,
 * active liquidity, the TWAP observation and the tokens the pool holds (Slipstream also its fee,
 * tick spacing and factory, which its ref lacks), then each position NFT the index links to it —
 * its pool, liquidity and owner, and the lockers' unlock times — all in one Multicall3 round.
 */
import { type Address, parseAbi } from 'viem';
import { PRICE_MANIPULATION } from '../../shared/vocabulary';
import type { ClVenueSpec } from './concentrated-liquidity-spec';
import type { Call } from './multicall';
import { ownershipTally, priceFromSqrt, readUnlock, unlockCalls } from './position-ownership';
import { twapOrReason, twapRatio } from './uniswap-v3-math';
import type { PoolRef, PoolState, ReadPoolsContext } from './venue';

const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

type Position = { manager: Address; id: bigint };
export type ClReadPlan = { p: PoolRef; ids: Position[]; quote: Address };

/** Every read of `refs`, and what each pool's answers are, in the order they come back. */
export function planPoolReads(
  spec: ClVenueSpec,
  lockers: Address[],
  token: Address,
  refs: PoolRef[],
  ctx: ReadPoolsContext,
): { calls: Call[]; plan: ClReadPlan[] } {
  const t = token.toLowerCase();
  const calls: Call[] = [];
  const pool = (address: Address, functionName: string, args?: unknown[]) =>
    calls.push({ address, abi: spec.abis.pool, functionName, ...(args ? { args } : {}) });
  const plan = refs.map((p) => {
    const ids = spec.positionsOf(ctx, p.pool);
    const quote = (p.token0 === t ? p.token1 : p.token0).toLowerCase() as Address;
    pool(p.pool, 'slot0');
    pool(p.pool, 'liquidity');
    // Slipstream: the pool's (dynamic) fee, and its key and factory, which the ref lacks.
    if (spec.keyedBy === 'tickSpacing') for (const f of ['fee', 'tickSpacing', 'factory']) pool(p.pool, f);
    pool(p.pool, 'observe', [[PRICE_MANIPULATION.twapWindowSec, 0]]);
    calls.push({ address: token, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
    calls.push({ address: quote, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
    for (const { manager, id } of ids) {
      const pm = spec.abis.positionManager;
      calls.push({ address: manager, abi: pm, functionName: 'positions', args: [id] });
      calls.push({ address: manager, abi: pm, functionName: 'ownerOf', args: [id] });
      calls.push(...unlockCalls(lockers, manager, id));
    }
    return { p, ids, quote };
  });
  return { calls, plan };
}

/** What a Slipstream pool says of its fee, key and factory; a V3 pool's come from its ref. */
function readKey(spec: ClVenueSpec, p: PoolRef, next: () => unknown) {
  if (spec.keyedBy === 'fee') return { fee: p.fee, key: p.fee ?? undefined, factory: undefined };
  const f = next() as number | undefined;
  const ts = next() as number | undefined;
  return {
    fee: f === undefined ? null : Number(f),
    key: ts === undefined ? undefined : Number(ts),
    factory: (next() as string | undefined)?.toLowerCase() as Address | undefined,
  };
}

/**
 * One pool's state from its answers (taken from `next` in planPoolReads' order); null when the
 * pool did not answer slot0 (no such pool) or, on Slipstream, its key or factory.
 */
export function decodePoolState(
  spec: ClVenueSpec,
  lockers: Address[],
  token: Address,
  { p, ids, quote }: ClReadPlan,
  next: () => unknown,
  deployer: string | null,
): PoolState | null {
  const t = token.toLowerCase();
  const slot0 = next() as readonly [bigint, number, number, number, ...unknown[]] | undefined;
  const active = (next() as bigint | undefined) ?? 0n;
  const { fee, key, factory } = readKey(spec, p, next);
  const observed = next() as readonly [readonly bigint[], readonly bigint[]] | undefined;
  const tokenReserve = (next() as bigint | undefined) ?? 0n;
  const quoteReserve = (next() as bigint | undefined) ?? 0n;
  const tally = ownershipTally(lockers, deployer);
  for (const { manager, id } of ids) {
    const pos = next() as readonly unknown[] | undefined;
    const owner = (next() as string | undefined)?.toLowerCase();
    const until = readUnlock(next, lockers);
    // Only positions really in this pool count (the index links ids to pools by transaction):
    // same tokens and same key (fee tier or tick spacing).
    if (!pos || !owner) continue;
    const [p0, p1, k] = [String(pos[2]).toLowerCase(), String(pos[3]).toLowerCase(), Number(pos[4])];
    if (p0 !== p.token0 || p1 !== p.token1 || k !== key) continue;
    tally.add(owner, pos[7] as bigint, until, {
      manager: manager.toLowerCase() as Address,
      id,
      tickLower: Number(pos[5]),
      tickUpper: Number(pos[6]),
    });
  }
  if (!slot0) return null;
  if (spec.keyedBy === 'tickSpacing' && (key === undefined || !factory)) return null;
  const sqrtP = slot0[0];
  const tokenIs0 = p.token0 === t;
  const cardinality = Number(slot0[3]);
  const tickCum = observed?.[0];
  const window = PRICE_MANIPULATION.twapWindowSec;
  const ratio =
    tickCum && tickCum.length === 2
      ? twapRatio(tickCum[0] as bigint, tickCum[1] as bigint, window, tokenIs0)
      : null;
  const o = tally.ownership;
  return {
    venue: spec.id,
    pair: p.pool,
    token0: p.token0,
    token1: p.token1,
    quote,
    fee,
    tokenReserve,
    quoteReserve,
    // Unknown without liquidity at the current tick: the pool's value and the TWAP check follow.
    priceX192: priceFromSqrt(sqrtP, active, tokenIs0),
    lpTotalSupply: o.lpTotalSupply,
    lpBurned: o.lpBurned,
    lpLocked: o.lpLocked,
    lockUnlockTime: o.lockUnlockTime,
    lpDeployer: o.lpDeployer,
    positions: o.positions,
    // Exact depth needs the price first: readMarket quotes it (null until then).
    depthQuote2Pct: active === 0n ? 0n : null,
    twap: twapOrReason(ratio, cardinality, active),
    v3: { sqrtPriceX96: sqrtP, liquidity: active },
    ...(spec.keyedBy === 'tickSpacing' && key !== undefined && factory
      ? { aerodrome: { tickSpacing: key, factory } }
      : {}),
  };
}
