/**
 * The simulator's view of the scenario's market, rebuilt from the manifest at start: the core
 * contracts, the tokens it keeps trading (with the rules that keep FLAB's facts true), who holds
 * what, and the V3 and Aerodrome pools it trades. Everything here reads; nothing is sent.
 */
import type { Address } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { LocalChainClients } from '../../chain/client';
import type { Logger } from '../../logger';
import type { AeroMarketPool } from '../scenario/aerodrome-market';
import { balanceRead, type Market, pairInitCodeHash, readMany } from '../scenario/market';
import type { TraderLike } from '../scenario/trading';
import type { TxQueue } from '../scenario/txqueue';
import type { V3MarketPool } from '../scenario/uniswap-v3-market';
import { createRng } from './random';

/** Ordinary FLAB holders stay below this share of the supply (the About page's whale threshold is 1%). */
const FLAB_SMALL_CAP_BPS = 80n;
/** Tokens the simulator keeps trading (risk tokens whose story is over are left alone). */
const TRADED: Record<string, { weight: number; buyScale: number }> = {
  FLAB: { weight: 20, buyScale: 0.6 },
  DEGEN: { weight: 12, buyScale: 1 },
  BRETT: { weight: 11, buyScale: 1 },
  TOSHI: { weight: 8, buyScale: 1 },
  AERO: { weight: 10, buyScale: 1 },
  USDC: { weight: 8, buyScale: 1 },
  RPULSE: { weight: 2, buyScale: 0.4 },
  BGOLD: { weight: 2, buyScale: 0.4 },
  MORPH: { weight: 2, buyScale: 0.4 },
};

/** The market the simulator trades in, with no tokens yet (loadTradedTokens adds them). */
export function simulatorMarket(o: {
  chain: LocalChainClients;
  q: TxQueue;
  manifest: ScenarioManifest;
  seed: number;
  log: Logger;
}): Market {
  const c = o.manifest.contracts;
  return {
    chain: o.chain,
    q: o.q,
    rng: createRng(`simulator/${o.seed}`),
    log: o.log,
    core: {
      weth: c.weth,
      factory: c.factory,
      router: c.router,
      multicall3: c.multicall3,
      locker: c.locker,
      uniswapV3: c.uniswapV3,
      aerodrome: aerodromeOf(o.manifest),
    },
    pairInitCodeHash: pairInitCodeHash(),
    tokens: new Map(),
    holdings: new Map(),
    approved: new Set(),
    now: Math.floor(Date.now() / 1000),
  };
}

/** The ordinary traders: every scenario trader but FLAB's whales, who never trade. */
export function simulatorTraders(manifest: ScenarioManifest): TraderLike[] {
  const whales = new Set(manifest.wallets.flabWhales);
  return manifest.wallets.traders
    .filter((a) => !whales.has(a))
    .map((address) => ({ address, firstActive: 0, activity: 1 }));
}

/** A venue's pools from the manifest, the rugged one (empty) left out, all live from the start. */
function livePools<P extends { pool: Address; token: Address }>(
  pools: readonly P[] | undefined,
  rugPool: Address | undefined,
  honeypot: Address | undefined,
) {
  return (pools ?? [])
    .filter((p) => p.pool !== rugPool)
    .map((p) => ({
      ...p,
      buyScale: 0.5,
      sellsRevert: p.token === honeypot,
      liveFrom: 0,
      liveUntil: Number.POSITIVE_INFINITY,
    }));
}

export function v3PoolsOf(manifest: ScenarioManifest): V3MarketPool[] {
  const v3 = manifest.uniswapV3;
  return livePools(v3?.pools, v3?.rug?.pool, v3?.onlyV3.honeypot);
}

export function aeroPoolsOf(manifest: ScenarioManifest): AeroMarketPool[] {
  const aero = manifest.aerodrome;
  return livePools(aero?.pools, aero?.rug?.pool, aero?.only.honeypot);
}

/** Adds the traded tokens to `m` and reads who holds what: sells and transfers start only from real balances. */
export async function loadTradedTokens(
  m: Market,
  manifest: ScenarioManifest,
  traders: readonly TraderLike[],
): Promise<void> {
  const flabSupply = BigInt(manifest.flab.supply);
  const whales = manifest.wallets.flabWhales;
  for (const [symbol, cfg] of Object.entries(TRADED)) {
    const address = manifest.tokens[symbol];
    const pair = manifest.pairs[symbol];
    if (!address || !pair) continue;
    const isFlab = symbol === 'FLAB';
    m.tokens.set(symbol, {
      symbol,
      address,
      decimals: symbol === 'USDC' ? 6 : 18,
      pair,
      owner: manifest.wallets.deployer,
      supply: isFlab ? flabSupply : 0n,
      liveFrom: 0,
      liveUntil: Number.POSITIVE_INFINITY,
      weight: cfg.weight,
      buyScale: cfg.buyScale,
      paused: [],
      excluded: isFlab ? new Set([...whales, manifest.wallets.noFlab, manifest.wallets.deployer]) : new Set(),
      maxHolding: isFlab ? (flabSupply * FLAB_SMALL_CAP_BPS) / 10_000n : undefined,
    });
  }
  const keys = traders.flatMap((t) => [...m.tokens.values()].map((tok) => [tok, t.address] as const));
  const balances = (await readMany(
    m,
    keys.map(([tok, w]) => balanceRead(tok.address, w)),
  )) as bigint[];
  keys.forEach(([tok, w], i) => {
    if ((balances[i] ?? 0n) > 0n) {
      const set = m.holdings.get(w) ?? new Set<string>();
      set.add(tok.symbol);
      m.holdings.set(w, set);
    }
  });
}

/**
 * The manifest lists Aerodrome's public addresses; the simulator's trade helpers also need the
 * implementations (pool addresses) — not needed to trade through the routers, so left empty.
 */
function aerodromeOf(manifest: ScenarioManifest): Market['core']['aerodrome'] {
  const a = manifest.contracts.aerodrome;
  if (!a) return undefined;
  const none = '0x0000000000000000000000000000000000000000' as Address;
  return {
    ...a,
    forwarder: none,
    aero: none,
    poolImplementation: none,
    votingEscrow: none,
    clPoolImplementation: none,
  };
}
