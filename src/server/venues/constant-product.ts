/**
 * What every constant-product venue (Uniswap V2 and its forks, Aerodrome classic) shares: pools
 * from the factory (through pool-lookup.ts, so a failed look-up is never "no pool"), state from
 * getReserves and totalSupply, and LP ownership from where the ERC-20 LP tokens sit — burned at a
 * burn address (less the pool's own MINIMUM_LIQUIDITY), held by a known locker until its unlock
 * time. A venue adds only its factory call, its curve (fee, price, depth), its quotes and its
 * trade route; a fix here reaches both.
 */
import type { Abi, Address, PublicClient } from 'viem';
import { answers, type Call, readRound } from './multicall';
import { lookUpPools } from './pool-lookup';
import { lockerAbi } from './uniswap-v2-abis';
import { sortTokens } from './uniswap-v3-math';
import { BURN_ADDRESSES, type PoolRef, type PoolState, type Venue, type VenueId } from './venue';

/** Both venues' pools mint 1000 wei of LP at creation, to an address that is not a holder's burn. */
const MINIMUM_LIQUIDITY = 1000n;

/** A pool's reserves, seen from the analysed token. */
export type Reserves = { tokenReserve: bigint; quoteReserve: bigint };

/** The fields a venue's curve decides (in PoolState's order), and its own extras. */
export type CurveFields = Pick<PoolState, 'fee' | 'priceX192' | 'depthQuote2Pct'> &
  Pick<PoolState, 'aerodrome'>;

export type ConstantProductSpec = {
  id: Extract<VenueId, 'uniswap-v2' | 'aerodrome'>;
  label: string;
  /** The pool's getReserves, totalSupply and balanceOf (each venue's own widths). */
  poolAbi: Abi;
  /** Lockers whose LP balances count as locked (our LpLocker also answers nextUnlockTime). */
  lockers: Address[];
  /** Where the pool mints its own MINIMUM_LIQUIDITY (V2: the zero address; Aerodrome: address(1)). */
  minimumLiquidityAt: Address;
  /** The factory look-ups for the token against one quote, one per kind of pool (Aerodrome: volatile, stable). */
  lookups(token: Address, quote: Address): Call[];
  /** The fee a discovered pool's ref carries; null when only the pool's state says (Aerodrome). */
  refFee: number | null;
  /** What is read of each pool besides reserves and LP ownership (Aerodrome: its curve and fee). */
  curveCalls(pool: Address): Call[];
  /** Fee, price and depth from the reserves and the curve calls' answers; null: the pool is unreadable. */
  curve(reserves: Reserves, curveAnswers: unknown[]): CurveFields | null;
  /** The ChainUnavailableError message of a failed pool-state read. */
  readError: string;
  /** After the state read: what needs the pools' state first (Aerodrome: stable pools' spot prices). */
  afterRead?(client: PublicClient, token: Address, pools: PoolState[]): Promise<void>;
  quote: Venue['quote'];
  readMarket?: Venue['readMarket'];
  probeRoute: Venue['probeRoute'];
};

export function createConstantProductVenue(spec: ConstantProductSpec): Venue {
  const lockers = spec.lockers;
  return {
    id: spec.id,
    label: spec.label,

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const asks = qs.flatMap((q) => spec.lookups(token, q).map((call) => ({ q, call })));
      const found = await lookUpPools(client, asks, (a) => a.call);
      return found.map(({ ask, pool }): PoolRef => {
        const [token0, token1] = sortTokens(token, ask.q);
        return { venue: spec.id, pool, token0, token1, fee: spec.refFee, createdTs: null };
      });
    },

    async readPools(client, token, refs) {
      const curveCalls = refs.map((p) => spec.curveCalls(p.pool));
      const calls = refs.flatMap((p, k) => [
        ...poolCalls(p.pool, spec.poolAbi, lockers, curveCalls[k] ?? []),
      ]);
      const next = answers(await readRound(client, calls, spec.readError));
      const pools: PoolState[] = [];
      refs.forEach((p, k) => {
        const reserves = next() as readonly [bigint, bigint, unknown] | undefined;
        const lpTotalSupply = (next() as bigint | undefined) ?? 0n;
        const curveAnswers = (curveCalls[k] ?? []).map(() => next());
        const lp = readLpOwnership(next, lockers, spec.minimumLiquidityAt);
        if (!reserves) return;
        const state = poolState(spec, token, p, reserves, lpTotalSupply, curveAnswers, lp);
        if (state) pools.push(state);
      });
      await spec.afterRead?.(client, token, pools);
      return pools;
    },

    quote: spec.quote,
    ...(spec.readMarket ? { readMarket: spec.readMarket } : {}),
    probeRoute: spec.probeRoute,
  };
}

/** One pool's reads, in the order readPools takes the answers back. */
function* poolCalls(pool: Address, pairAbi: Abi, lockers: Address[], curveCalls: Call[]): Generator<Call> {
  yield { address: pool, abi: pairAbi, functionName: 'getReserves' };
  yield { address: pool, abi: pairAbi, functionName: 'totalSupply' };
  yield* curveCalls;
  for (const b of BURN_ADDRESSES) yield { address: pool, abi: pairAbi, functionName: 'balanceOf', args: [b] };
  for (const l of lockers) yield { address: pool, abi: pairAbi, functionName: 'balanceOf', args: [l] };
  // Only our own locker answers nextUnlockTime; others fail softly (allowFailure).
  for (const l of lockers) yield { address: l, abi: lockerAbi, functionName: 'nextUnlockTime', args: [pool] };
}

type LpOwnership = Pick<PoolState, 'lpBurned' | 'lpLocked' | 'lockUnlockTime'>;

/** Burned and locked LP, and the earliest unlock, from the answers poolCalls asked for. */
function readLpOwnership(next: () => unknown, lockers: Address[], minimumAt: Address): LpOwnership {
  let lpBurned = 0n;
  for (const b of BURN_ADDRESSES) {
    const bal = (next() as bigint | undefined) ?? 0n;
    // The pool's own MINIMUM_LIQUIDITY is no holder's burn.
    lpBurned += b === minimumAt ? (bal > MINIMUM_LIQUIDITY ? bal - MINIMUM_LIQUIDITY : 0n) : bal;
  }
  let lpLocked = 0n;
  for (const _ of lockers) lpLocked += (next() as bigint | undefined) ?? 0n;
  let lockUnlockTime: number | null = null;
  for (const _ of lockers) {
    const u = next() as bigint | undefined;
    if (u && u > 0n)
      lockUnlockTime = lockUnlockTime === null ? Number(u) : Math.min(lockUnlockTime, Number(u));
  }
  return { lpBurned, lpLocked, lockUnlockTime };
}

function poolState(
  spec: ConstantProductSpec,
  token: Address,
  p: PoolRef,
  reserves: readonly [bigint, bigint, unknown],
  lpTotalSupply: bigint,
  curveAnswers: unknown[],
  lp: LpOwnership,
): PoolState | null {
  const tokenIs0 = p.token0.toLowerCase() === token.toLowerCase();
  const tokenReserve = tokenIs0 ? reserves[0] : reserves[1];
  const quoteReserve = tokenIs0 ? reserves[1] : reserves[0];
  const curve = spec.curve({ tokenReserve, quoteReserve }, curveAnswers);
  if (!curve) return null;
  return {
    venue: spec.id,
    pair: p.pool,
    token0: p.token0,
    token1: p.token1,
    quote: (tokenIs0 ? p.token1 : p.token0).toLowerCase() as Address,
    fee: curve.fee,
    tokenReserve,
    quoteReserve,
    priceX192: curve.priceX192,
    lpTotalSupply,
    ...lp,
    // Creator LP comes from the index (LP token balances), not from this read.
    lpDeployer: null,
    depthQuote2Pct: curve.depthQuote2Pct,
    ...(curve.aerodrome ? { aerodrome: curve.aerodrome } : {}),
  };
}

/**
 * Quote reserve that moves the constant-product price by 2%: buying until the price is 2% higher
 * takes quoteReserve × (√1.02 − 1) of quote (fees aside); the same amount again on the way down.
 * Reported as the sum of both sides of the ±2% band, in quote units.
 */
export function constantProductDepth(quoteReserve: bigint): bigint {
  // (√1.02 − 1) + (1 − √0.98) ≈ 0.0099505 + 0.0100505 = 0.020001 → 20001 / 1e6
  return (quoteReserve * 20_001n) / 1_000_000n;
}
