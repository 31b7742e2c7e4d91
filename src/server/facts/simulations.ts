/** The report's simulations, run together under its time budget. */
import type { Address } from 'viem';
import { inRpcStage } from '../chain/rpc-stage';
import type { MarketAnswer, PoolState } from '../venues/venue';
import { byDeadline, notInTime } from './budget';
import type { CapabilityReport } from './capabilities';
import type { Deps } from './gather-deps';
import type { Seller } from './holders';
import { simulateOwnerPowers } from './owner-powers';
import { readMarkets } from './pools/market';
import type { TokenBasics } from './token-reads';
import { simulateTrading } from './trade-simulation';
import type { planTrading } from './trade-simulation/trade-plan';
import type { OwnerPowerFacts } from './types';
import { mayBeWrapper, probeWrapping } from './wrapping';

type Trading = Awaited<ReturnType<typeof simulateTrading>>;

/**
 * The simulations at once, with the second-round market reads (V3: exact depth within ±2% across
 * ticks and the default amount's buy quote), so that against a remote RPC they share round trips:
 * the trade simulation through the deepest pool the token trades in, on whichever venue it is
 * (single hop from WETH, or through WETH/USD when its pool quotes USD), with holders of different
 * ages selling through it; what the owner can do; whether it is a wrapped asset. Each is bounded by
 * the report's time budget; one not done in time says so (never a default that reads as "safe").
 */
export async function runSimulations(
  deps: Deps,
  t: Address,
  x: {
    states: PoolState[];
    sim: ReturnType<typeof planTrading>;
    sellers: Seller[];
    basics: TokenBasics;
    capabilities: CapabilityReport;
    deployer: string | null;
    createdAtBlock: bigint | null;
    /** The transaction of the first mint (the deployment, for most tokens). */
    creationTx: string | null;
    buyAmountIn: (s: PoolState) => bigint | null;
  },
): Promise<{
  market: Map<string, MarketAnswer>;
  trade: Trading['trade'];
  holderSells: Trading['holderSells'];
  ownerPowers: OwnerPowerFacts;
  wrapping: Awaited<ReturnType<typeof probeWrapping>> | undefined;
  incomplete: string[];
}> {
  const client = deps.chain.public;
  const { sim, sellers, capabilities } = x;
  const incomplete: string[] = [];
  const budgetMs = deps.deadline?.budgetMs ?? 0;
  const [market, trading, ownerPowers, wrapping] = await Promise.all([
    inRpcStage('market', () => readMarkets(deps.venues, client, t, x.states, x.buyAmountIn)),
    sim
      ? byDeadline(
          deps.deadline,
          incomplete,
          'trade',
          inRpcStage('trade', () =>
            simulateTrading(client, {
              route: sim.route,
              buyWei: sim.buyWei,
              maxLadderWei: sim.buyWei * 100n,
              holders: sellers,
              block: x.basics.block,
            }),
          ),
          (): Trading => ({
            trade: { status: 'error', message: notInTime('The buy-and-sell simulation', budgetMs) },
            holderSells: null,
            requests: 0,
          }),
        )
      : { trade: { status: 'no_pool' } as const, holderSells: null, requests: 0 },
    byDeadline(
      deps.deadline,
      incomplete,
      'ownerPowers',
      inRpcStage('owner-powers', () =>
        simulateOwnerPowers(client, {
          token: t,
          code: capabilities.code,
          implementationCode: capabilities.implementationCode,
          owner: capabilities.owner,
          deployer: (x.deployer as Address | null) ?? null,
          // The owner-power probe trades through the same venue adapter and route as the trade simulation.
          pool: sim ? { route: sim.route, buyWei: sim.buyWei } : null,
          // Real pool buyers first (the oldest is the best victim), then the largest holders.
          holders: sellers.map((h) => ({ address: h.address, balance: h.balance })),
          totalSupply: x.basics.totalSupply ?? 0n,
          createdAtBlock: x.createdAtBlock,
          creationTx: (x.creationTx as `0x${string}` | null | undefined) ?? null,
        }),
      ),
      (): OwnerPowerFacts => ({ status: 'error', message: notInTime('What the owner can do', budgetMs) }),
    ),
    // Behind a proxy the unwrap function lives in the implementation's code.
    mayBeWrapper(capabilities.code) || mayBeWrapper(capabilities.implementationCode)
      ? byDeadline(
          deps.deadline,
          incomplete,
          'wrapping',
          inRpcStage('wrapping', () => probeWrapping(client, t)),
          () => undefined,
        )
      : undefined,
  ]);
  return {
    market,
    trade: trading.trade,
    holderSells: trading.holderSells,
    ownerPowers,
    wrapping,
    incomplete,
  };
}
