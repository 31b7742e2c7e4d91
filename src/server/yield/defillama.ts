/**
 * Base mode: yield opportunities from DefiLlama's public yields API
 * (`GET https://yields.llama.fi/pools`, filtered to chain "Base"). Fields used: pool, project,
 * symbol, tvlUsd, apy, apyBase, apyReward, stablecoin, ilRisk, exposure. Unreachable or malformed
 * → a 503 with the reason; nothing is invented.
 */
import { z } from 'zod';
import type { YieldOpportunity, YieldRisk, YieldType } from '../../shared/yield';
import { AppError } from '../errors';

export const DEFILLAMA_POOLS_URL = 'https://yields.llama.fi/pools';
const TIMEOUT_MS = 15_000;

export class YieldSourceUnavailableError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('chain_unavailable', message, { status: 503, retryable: true, cause });
  }
}

const poolSchema = z.object({
  pool: z.string(),
  chain: z.string(),
  project: z.string(),
  symbol: z.string(),
  tvlUsd: z.number().nullable().optional(),
  apy: z.number().nullable().optional(),
  apyBase: z.number().nullable().optional(),
  apyReward: z.number().nullable().optional(),
  stablecoin: z.boolean().nullable().optional(),
  ilRisk: z.string().nullable().optional(),
  exposure: z.string().nullable().optional(),
  poolMeta: z.string().nullable().optional(),
});
export type LlamaPool = z.infer<typeof poolSchema>;
const responseSchema = z.object({ status: z.string().optional(), data: z.array(z.unknown()) });

const LENDING_PROJECTS = /aave|compound|moonwell|morpho|seamless|fluid|spark|euler|exactly|radiant|granary/i;
const STAKING_PROJECTS = /lido|rocket|stake|staking|coinbase-wrapped|etherfi|renzo|kelp/i;

export function llamaType(p: LlamaPool): YieldType {
  if (LENDING_PROJECTS.test(p.project)) return 'lending';
  if (STAKING_PROJECTS.test(p.project)) return 'staking';
  if ((p.apyReward ?? 0) > 0) return 'farming';
  return p.exposure === 'single' ? 'staking' : 'liquidity';
}

/** Stablecoin without impermanent loss → low; IL or small TVL (< $1M) → high; else medium. */
export function llamaRisk(p: LlamaPool): YieldRisk {
  const tvl = p.tvlUsd ?? 0;
  if (tvl < 1_000_000) return 'high';
  // An APY of 300%+ is paid by emissions into thin liquidity (the local analysis uses the same bar).
  if ((p.apy ?? (p.apyBase ?? 0) + (p.apyReward ?? 0)) >= 300) return 'high';
  if (p.stablecoin && p.ilRisk !== 'yes') return 'low';
  if (p.ilRisk === 'yes') return 'high';
  return 'medium';
}

export function mapLlamaPool(p: LlamaPool): YieldOpportunity {
  const type = llamaType(p);
  const apy = p.apy ?? (p.apyBase ?? 0) + (p.apyReward ?? 0);
  const tags: string[] = [type];
  if (p.stablecoin) tags.push('stablecoin');
  if (p.ilRisk === 'yes') tags.push('impermanent-loss');
  if ((p.apyReward ?? 0) > 0) tags.push('rewards');
  if (p.exposure) tags.push(`${p.exposure}-asset`);
  return {
    id: `defillama-${p.pool}`,
    protocol: p.project,
    name: p.poolMeta ? `${p.symbol} (${p.poolMeta})` : p.symbol,
    type,
    risk: llamaRisk(p),
    apy,
    tvl: p.tvlUsd ?? 0,
    minDeposit: 0,
    lockPeriod: 0,
    flabScore: null,
    tags,
    description: `${p.project} ${p.symbol} on Base: base APY ${(p.apyBase ?? 0).toFixed(2)}%, reward APY ${(p.apyReward ?? 0).toFixed(2)}% (DefiLlama).`,
    verified: false,
    tokenPair: p.symbol,
    url: `https://defillama.com/yields/pool/${encodeURIComponent(p.pool)}`,
    address: null,
    apySource: 'DefiLlama yields API (apy = apyBase + apyReward)',
    riskReasons: llamaRiskReasons(p, apy),
    // Base-mode pools are not ours to measure enter/exit transactions on: costs unknown.
    entryCosts: null,
    breakEven: null,
  };
}

function llamaRiskReasons(p: LlamaPool, apy: number): string[] {
  const out = [`TVL $${Math.round(p.tvlUsd ?? 0)} (DefiLlama)`];
  if ((p.tvlUsd ?? 0) < 1_000_000) out.push('under $1M deposited: high');
  if (p.ilRisk === 'yes') out.push('impermanent loss: high');
  if (p.stablecoin) out.push('stablecoin');
  out.push(`APY ${apy.toFixed(1)}%`);
  return out;
}

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/** Base pools from DefiLlama, largest TVL first, at most `limit`. */
export async function fetchLlamaBaseOpportunities(
  fetchFn: FetchLike = fetch as unknown as FetchLike,
  opts: { limit?: number; minTvlUsd?: number; timeoutMs?: number } = {},
): Promise<YieldOpportunity[]> {
  let body: unknown;
  try {
    const res = await fetchFn(DEFILLAMA_POOLS_URL, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (cause) {
    throw new YieldSourceUnavailableError(
      `DefiLlama yields (${DEFILLAMA_POOLS_URL}) is unreachable: ${(cause as Error).message}.`,
      cause,
    );
  }
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success)
    throw new YieldSourceUnavailableError(
      'DefiLlama yields answered in an unexpected shape (no data array).',
    );
  const pools: LlamaPool[] = [];
  for (const raw of parsed.data.data) {
    const p = poolSchema.safeParse(raw);
    if (p.success && p.data.chain === 'Base') pools.push(p.data);
  }
  return pools
    .filter((p) => (p.tvlUsd ?? 0) >= (opts.minTvlUsd ?? 100_000) && Number.isFinite(p.apy ?? Number.NaN))
    .sort((a, b) => (b.tvlUsd ?? 0) - (a.tvlUsd ?? 0))
    .slice(0, opts.limit ?? 60)
    .map(mapLlamaPool);
}
