/**
 * A pool's positions with their shares (issue 35 item 1): a V2 or Aerodrome-classic pair's LP
 * holders from the index; a concentrated pool's position NFTs as the venue read them, and on V4 the
 * positions held directly in the PoolManager (a hook's own), from the index. Each position's share
 * of all the pool's liquidity and of what is active (in range) now, and what it holds at the
 * current price. Pure but for the index reads.
 */
import type { Address } from 'viem';
import type { Db } from '../../db/client';
import { positionAmounts } from '../../venues/uniswap-v3-math';
import type { PoolState, RawPosition } from '../../venues/venue';
import { readLpHolders } from '../holders/index-reads';
import { readDirectV4Positions } from './index-reads';

export type ListedPositions = {
  raw: RawPosition[];
  share: number[];
  activeShare: number[];
  tokenRaw: (number | null)[];
  quoteRaw: (number | null)[];
  unlistedShare: number;
  unlistedActiveShare: number;
  note: string | null;
};

const Q96 = 2 ** 96;
const ratio = (a: bigint, b: bigint) => (b > 0n ? Number((a * 1_000_000_000n) / b) / 1_000_000_000 : 0);

export async function listPositions(
  db: Db,
  token: Address,
  pool: PoolState,
  v4PositionManager: string | null,
): Promise<ListedPositions> {
  if (pool.venue === 'uniswap-v2' || pool.venue === 'aerodrome') return listLpHolders(db, pool);
  const direct = pool.v4 ? await readDirectV4Positions(db, pool.pair, v4PositionManager) : [];
  return listConcentrated(token, pool, [
    ...(pool.positions ?? []),
    ...direct.map((d) => ({ ...d, manager: null, id: null })),
  ]);
}

/** V2: every LP-token balance is full-range, so its share of all liquidity is its active share. */
async function listLpHolders(db: Db, pool: PoolState): Promise<ListedPositions> {
  const rows = await readLpHolders(db, pool.pair);
  const total = pool.lpTotalSupply;
  const raw: RawPosition[] = rows.map((r) => ({
    holder: r.holder as Address,
    manager: null,
    id: null,
    liquidity: r.balance,
    tickLower: null,
    tickUpper: null,
  }));
  const share = raw.map((p) => ratio(p.liquidity, total));
  const listed = share.reduce((a, b) => a + b, 0);
  const unlisted = Math.max(0, 1 - listed);
  return {
    raw,
    share,
    activeShare: share,
    tokenRaw: share.map((s) => s * Number(pool.tokenReserve)),
    quoteRaw: share.map((s) => s * Number(pool.quoteReserve)),
    unlistedShare: unlisted,
    unlistedActiveShare: unlisted,
    note:
      total === 0n
        ? 'The pool has no LP tokens.'
        : unlisted > 0.001
          ? rows.length === 0
            ? 'No LP holder is in our index: the pool was emptied, or its history is not indexed yet.'
            : `${Math.round(unlisted * 1000) / 10}% of the LP tokens are held by holders not listed here.`
          : null,
  };
}

function currentTick(sqrtPriceX96: bigint): number {
  const p = (Number(sqrtPriceX96) / Q96) ** 2;
  return Math.floor(Math.log(p) / Math.log(1.0001));
}

/**
 * Concentrated liquidity: a position is active when the current tick is inside its range. The pool's
 * own active liquidity (slot) is the denominator, so positions we do not know of read as unlisted.
 * V4 positions held directly carry their range from the index (ModifyLiquidity's ticks); one indexed
 * before the range was kept has none and is counted as active up to what the pool's active liquidity
 * leaves beside the ranged positions (a hook's launch position is usually all of it).
 */
function listConcentrated(token: Address, pool: PoolState, raw: RawPosition[]): ListedPositions {
  const sqrtP = pool.v3?.sqrtPriceX96 ?? pool.v4?.sqrtPriceX96 ?? 0n;
  const active = pool.v3?.liquidity ?? pool.v4?.liquidity ?? null;
  const tick = sqrtP > 0n ? currentTick(sqrtP) : null;
  const sqrtF = Number(sqrtP) / Q96;
  const tokenIs0 = pool.v4
    ? pool.v4.key.currency0.toLowerCase() === token.toLowerCase()
    : pool.token0.toLowerCase() === token.toLowerCase();
  const inRange = (p: RawPosition) =>
    tick !== null &&
    p.tickLower !== null &&
    p.tickUpper !== null &&
    p.tickLower <= tick &&
    tick < p.tickUpper;
  const nftActive = raw.reduce((s, p) => s + (inRange(p) ? p.liquidity : 0n), 0n);
  let room = active !== null && active > nftActive ? active - nftActive : 0n;
  const activeLiq = raw.map((p) => {
    if (p.tickLower !== null) return inRange(p) ? p.liquidity : 0n;
    const a = p.liquidity < room ? p.liquidity : room;
    room -= a;
    return a;
  });
  const total = raw.reduce((s, p) => s + p.liquidity, 0n);
  const activeTotal = active !== null && active > 0n ? active : activeLiq.reduce((s, x) => s + x, 0n);
  // A position with no known range (indexed before migration 0014) has no amounts: taking it
  // for full range would value a narrow launch range 1,000s of times too high.
  const amounts = raw.map((p) =>
    sqrtF > 0 && p.tickLower !== null && p.tickUpper !== null
      ? positionAmounts(Number(p.liquidity), sqrtF, p.tickLower, p.tickUpper)
      : null,
  );
  const activeShare = activeLiq.map((a) => ratio(a, activeTotal));
  const listedActive = activeShare.reduce((a, b) => a + b, 0);
  const unlistedActive = activeTotal > 0n ? Math.max(0, 1 - listedActive) : 0;
  return {
    raw,
    share: raw.map((p) => ratio(p.liquidity, total)),
    activeShare,
    tokenRaw: amounts.map((a) => (a ? (tokenIs0 ? a.amount0 : a.amount1) : null)),
    quoteRaw: amounts.map((a) => (a ? (tokenIs0 ? a.amount1 : a.amount0) : null)),
    // All liquidity has no pool-wide total to compare with (only the active slot): unlisted is
    // told on the active side.
    unlistedShare: 0,
    unlistedActiveShare: unlistedActive,
    note:
      raw.length === 0
        ? 'No position of this pool is in our index yet.'
        : unlistedActive > 0.001
          ? `${Math.round(unlistedActive * 1000) / 10}% of the active liquidity is in positions not listed here.`
          : null,
  };
}
