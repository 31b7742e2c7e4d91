/**
 * The token's pools: its basics read beside the pools the index and (on Base) the factories know,
 * then each pool's state from its venue in the report's second round (facts/round.ts).
 */
import type { Address } from 'viem';
import type { NetworkDescription } from '../../chain/network';
import { inRpcStage } from '../../chain/rpc-stage';
import type { Db } from '../../db/client';
import type { PoolRef, PoolState } from '../../venues/venue';
import type { Deps } from '../gather-deps';
import { ensureDeployers, readCreation } from '../holders/deployers';
import { readPoolPositions, readV4PoolPositions } from '../holders/index-reads';
import type { Round } from '../round';
import { readTokenBasics, type TokenBasics } from '../token-reads';
import { type IndexedPool, indexedPools, known } from './indexed-pools';
import { findHopPools, type HopRef, readHopPools } from './quote-paths';

export type Creation = Awaited<ReturnType<typeof readCreation>>;

/**
 * The token's basics (code, name, symbol, decimals, supply, owner, block) and its pools. The index
 * knows every pool on the local chain; on Base the factories are asked too, in the same round trip
 * as the basics (against a remote RPC, each sequential step costs one).
 */
export async function gatherBasicsAndPools(
  deps: Deps,
  t: Address,
): Promise<{
  basics: TokenBasics;
  pairRows: PoolRef[];
  unreadPools: Address[];
  unpricedPools: Address[];
  /** The quote tokens' own pools toward WETH or USD (read in the pool-state round). */
  hops: HopRef[];
  prepared: Promise<void>;
}> {
  const { db, network, venues } = deps;
  const client = deps.chain.public;
  const weth = network.contracts.weth.toLowerCase();
  const usd = network.contracts.usd.toLowerCase();
  let prepared: Promise<void> = Promise.resolve();
  const [basics, { pairRows, hops, unreadPools, unpricedPools }] = await Promise.all([
    deps.basics ?? readTokenBasics(client, t),
    Promise.all([
      indexedPools(db, venues, t, weth),
      network.mode === 'base' ? venues.discoverPools(client, t, [weth as Address, usd as Address]) : [],
    ]).then(async ([rows, discovered]) => {
      const otherOf = (p: IndexedPool) => (p.token0 === t ? p.token1 : p.token0);
      // Quote tokens priced through their own pools (a creator coin's WETH pool). Not for WETH or
      // USDC themselves: every token with a pool against them would be read as their quote.
      const viaHops =
        t === weth || t === usd
          ? { quotes: new Set<string>(), hops: [] }
          : await findHopPools(db, venues, t, rows.map(otherOf), { weth, usd });
      // A pool counts when its OTHER side is WETH, the USD reference, or a quote with such a path.
      const quoted = (p: IndexedPool) => {
        const other = otherOf(p);
        return other !== t && (other === weth || other === usd || viaHops.quotes.has(other));
      };
      const indexed = rows.filter(quoted);
      const knownPools = indexed.filter(known);
      // Both, one row per pool: on Base the index holds only the pools it has seen created since it
      // began following the token (V4's, or a pool launched later), the factories the rest.
      const seen = new Set(knownPools.map((p) => p.pool.toLowerCase()));
      const pairRows = [...knownPools, ...discovered.filter((p) => !seen.has(p.pool.toLowerCase()))];
      // V4 pool keys (not in the index) asked the moment the index rows are known: inside the
      // basics' batch window when the database answers in time, never a round of their own after it.
      prepared = inRpcStage('v4-pool-keys', () => venues.prepare(client, t, pairRows));
      return {
        pairRows,
        hops: viaHops.hops,
        // Pools on a DEX we have no venue module for: reported, never mistaken for "no liquidity".
        unreadPools: indexed.filter((p) => !known(p)).map((p) => p.pool),
        // Pools against some other token with no path to WETH or USD: not priced, but a pool all the same — its
        // balance is liquidity, never a holder's (not a whale, an insider or part of the top 10).
        unpricedPools: rows.filter((p) => !quoted(p)).map((p) => p.pool),
      };
    }),
  ]);
  return { basics, pairRows, hops, unreadPools, unpricedPools, prepared };
}

/**
 * The token's creation (deployer, block) and its pools' state, started now. The pools' state needs
 * only the index (position ids): it is read beside the capability checks and the creation
 * transaction, in the same round trip, not after them.
 */
export function startPoolStateReads(
  deps: Deps,
  t: Address,
  pairRows: PoolRef[],
  /** The quote tokens' own pools toward WETH or USD (quote-paths.ts). */
  hops: HopRef[],
  /** The venues' preparation (V4 pool keys), started with the index rows. */
  prepared: Promise<void>,
  /** The second round (facts/round.ts): the creation transaction and the pools' state join it. */
  round: Round,
): {
  creationP: Promise<Creation>;
  statesP: Promise<PoolState[]>;
  hopsP: Promise<Awaited<ReturnType<typeof readHopPools>>>;
} {
  const { db, network, venues } = deps;
  const client = deps.chain.public;
  const v3 = network.contracts.uniswapV3;
  const v4 = network.contracts.uniswapV4;
  const creationP = inRpcStage('creation', () =>
    ensureDeployers(db, client, [t], () => round.arrive('creation')),
  ).then(() => readCreation(db, t));
  // A failed read must not hold the round: the others leave without it.
  creationP.catch(() => round.arrive('creation'));
  // The pools' state does not wait for the creation transaction: the deployer only sorts the
  // positions read (its own share), so it is handed over as a promise and both leave in one round.
  const inputs = Promise.all([
    prepared,
    // V3 and V4 position ids in one map: the pools' keys (address, V4 handle) never collide.
    Promise.all([
      v3
        ? readPoolPositions(
            db,
            v3.positionManager,
            pairRows.filter((p) => p.venue === 'uniswap-v3').map((p) => p.pool),
          )
        : undefined,
      v4
        ? readV4PoolPositions(
            db,
            v4.positionManager,
            pairRows.filter((p) => p.venue === 'uniswap-v4').map((p) => p.pool),
          )
        : undefined,
    ]).then(([a, b]) => (a && b ? new Map([...a, ...b]) : (a ?? b))),
    readSlipstreamPositions(
      db,
      network,
      pairRows.filter((p) => p.venue === 'aerodrome-slipstream').map((p) => p.pool),
    ),
  ]);
  inputs.catch(() => round.arrive('pool-state'));
  const both = inputs.then(async ([, positions, managedPositions]) => {
    await round.arrive('pool-state');
    // The quotes' own pools (and their decimals) in the same tick: one batch, no round of their own.
    return inRpcStage('pool-state', () =>
      Promise.all([
        venues.readPools(client, t, pairRows, {
          deployer: creationP.then((c) => (c?.deployer as Address | null | undefined) ?? null),
          positions,
          managedPositions,
        }),
        readHopPools(client, venues, hops),
      ]),
    );
  });
  const statesP = both.then(([states]) => states);
  const hopsP = both.then(([, read]) => read);
  statesP.catch(() => {});
  hopsP.catch(() => {});
  return { creationP, statesP, hopsP };
}

/** Slipstream position NFTs the index links to `pools`, per pool, with the manager that minted each. */
async function readSlipstreamPositions(
  db: Db,
  network: NetworkDescription,
  pools: string[],
): Promise<Map<string, { manager: Address; id: bigint }[]> | undefined> {
  const managers = network.contracts.aerodrome?.slipstream.map((s) => s.positionManager) ?? [];
  if (pools.length === 0 || managers.length === 0) return undefined;
  const out = new Map<string, { manager: Address; id: bigint }[]>();
  const found = await Promise.all(managers.map((m) => readPoolPositions(db, m, pools)));
  found.forEach((byPool, i) => {
    const manager = managers[i] as Address;
    for (const [pool, ids] of byPool)
      out.set(pool, [...(out.get(pool) ?? []), ...ids.map((id) => ({ manager, id }))]);
  });
  return out;
}
