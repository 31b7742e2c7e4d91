/**
 * Who holds a concentrated-liquidity pool's liquidity, from the position NFTs the index links to it
 * (Uniswap V3, Slipstream, Uniswap V4 alike): burned (owned by a burn address), locked (held by a
 * known position locker, until its unlock time), kept by the token's deployer. An NFT staked in a
 * gauge is none of these: its owner withdraws at will.
 */
import { type Address, parseAbi } from 'viem';
import type { Call } from './multicall';
import { BURN_ADDRESSES, type PoolState, Q192, type RawPosition } from './venue';

export const positionLockerAbi = parseAbi([
  'function unlockTimeOf(address manager, uint256 tokenId) view returns (uint64)',
]);

/** Each locker's unlock time of one position NFT (0 from a locker that does not hold it). */
export function unlockCalls(lockers: Address[], manager: Address, id: bigint): Call[] {
  return lockers.map((l) => ({
    address: l,
    abi: positionLockerAbi,
    functionName: 'unlockTimeOf',
    args: [manager, id],
  }));
}

/** The latest unlock time the lockers answered for one position (unlockCalls' answers, in order). */
export function readUnlock(next: () => unknown, lockers: Address[]): number {
  let until = 0;
  for (const _ of lockers) until = Math.max(until, Number((next() as bigint | undefined) ?? 0n));
  return until;
}

export type Ownership = Pick<PoolState, 'lpBurned' | 'lpLocked' | 'lockUnlockTime'> & {
  lpTotalSupply: bigint;
  lpDeployer: bigint;
  /** Every position added, with its holder: the liquidity ledger's input (facts/liquidity). */
  positions: RawPosition[];
};

/**
 * Sums positions' liquidity by holder. `add` takes one position really in the pool (its owner,
 * lower-case, its liquidity and its lockers' unlock time).
 */
export function ownershipTally(lockers: Address[], deployer: string | null) {
  const burn = new Set<string>(BURN_ADDRESSES);
  const o: Ownership = {
    lpTotalSupply: 0n,
    lpBurned: 0n,
    lpLocked: 0n,
    lockUnlockTime: null,
    lpDeployer: 0n,
    positions: [],
  };
  return {
    ownership: o,
    add(owner: string, liq: bigint, until: number, at?: Omit<RawPosition, 'holder' | 'liquidity'>) {
      o.lpTotalSupply += liq;
      if (at) o.positions.push({ holder: owner as Address, liquidity: liq, ...at });
      if (burn.has(owner)) o.lpBurned += liq;
      else if (lockers.includes(owner as Address)) {
        o.lpLocked += liq;
        if (until > 0 && liq > 0n)
          o.lockUnlockTime = o.lockUnlockTime === null ? until : Math.min(o.lockUnlockTime, until);
      } else if (owner === deployer) o.lpDeployer += liq;
    },
  };
}

/**
 * A pool's price as PoolState keeps it, from its sqrtPriceX96: null without liquidity at the
 * current tick. With none there, the price is wherever the swap that emptied a side left it (up to
 * the end of the curve): nothing trades there, so it is no market price. The drained V3 honeypot
 * showed $967e36 a token and a pool worth $1.6e26; a scammer can push a dust pool there on purpose.
 */
export function priceFromSqrt(
  sqrtPriceX96: bigint,
  activeLiquidity: bigint,
  tokenIs0: boolean,
): bigint | null {
  const sq = sqrtPriceX96 * sqrtPriceX96;
  if (sq === 0n || activeLiquidity === 0n) return null;
  return tokenIs0 ? sq : (Q192 * Q192) / sq;
}
