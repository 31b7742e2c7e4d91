/**
 * The only reader of process.env. Configuration is parsed and validated once at boot;
 * a bad value ends the start with one readable sentence per problem.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { checkAddress } from '../shared/address';
import { ConfigError } from './errors';

/** Same rule as every address a user types: 0x + 40 hex, EIP-55 checksum enforced when mixed-case. */
const address = z.string().transform((s, ctx) => {
  const r = checkAddress(s);
  if (r.ok) return r.address;
  ctx.addIssue({ code: 'custom', message: r.reason });
  return z.NEVER;
});

const httpUrl = (what: string) =>
  z
    .string()
    .url(`must be a URL (${what})`)
    .refine((u) => /^https?:\/\//.test(u), `must start with http:// or https:// (${what})`);

const httpsUrl = (what: string) =>
  z
    .string()
    .url(`must be a URL (${what})`)
    .refine((u) => u.startsWith('https://'), `must start with https:// (${what})`);

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/**
 * Limits on the expensive path (ADR 0034): cold analyses per client per minute, and cold analyses
 * at once for the whole process.
 */
export const COLD_RATE_PER_MIN_DEFAULT = 20;
export const COLD_CONCURRENCY_DEFAULT = 4;
/** The fair line for cold analyses (api/cold-line.ts): entries waiting at most, and a request's wait. */
export const COLD_QUEUE_MAX_DEFAULT = 500;
export const COLD_QUEUE_WAIT_MS_DEFAULT = 8_000;
/** Base mode: a token nobody asked for in this long stops being followed (0 = never). */
export const FOLLOW_IDLE_MINUTES_DEFAULT = 1_440;

/**
 * TRUST_PROXY: off (default: the peer is the client), on (trust every X-Forwarded-* hop), a hop
 * count, or a comma-separated list of proxy addresses/CIDRs — Fastify's `trustProxy`.
 */
const trustProxy = z.string().transform((v, ctx): boolean | number | string[] => {
  const t = v.trim().toLowerCase();
  if (t === 'off' || t === 'false' || t === '0') return false;
  if (t === 'on' || t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  const list = t
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every((x) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(x))) return list;
  ctx.addIssue({
    code: 'custom',
    message: 'must be off, on, a hop count or a comma-separated list of proxy IPs/CIDRs',
  });
  return z.NEVER;
});

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .refine((u) => /^postgres(ql)?:\/\/.+/.test(u), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  BASE_RPC_URL: httpUrl('a Base JSON-RPC endpoint').optional(),
  FLAB_TOKEN_ADDRESS: address.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIMULATOR: onOff.default(true),
  SIMULATOR_BLOCK_MS: z.coerce.number().int().min(200).max(60_000).default(2000),
  SCENARIO: z.enum(['full', 'test']).default('full'),
  SCENARIO_SEED: z.coerce.number().int().min(0).default(8453),
  ANVIL_PATH: z.string().min(1).optional(),
  BLOCKSCOUT_API_URL: httpUrl('a Blockscout instance').optional(),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REPORT_BUDGET_MS: z.coerce.number().int().min(500).max(120_000).optional(),
  NODE_ENV: z.string().default('production'),
  /** Bearer token for airdrop catalogue writes (POST /api/airdrops); unset disables writes. */
  AIRDROP_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  WORKER_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of A-Za-z0-9_.:-')
    .optional(),
  LEADER_CHECK_MS: z.coerce.number().int().min(200).max(10_000).default(1_000),
  COLD_RATE_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(COLD_RATE_PER_MIN_DEFAULT),
  COLD_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(COLD_CONCURRENCY_DEFAULT),
  COLD_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(COLD_QUEUE_MAX_DEFAULT),
  COLD_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(COLD_QUEUE_WAIT_MS_DEFAULT),
  TRUST_PROXY: trustProxy.default(false),
  FOLLOW_IDLE_MINUTES: z.coerce.number().min(0).max(525_600).default(FOLLOW_IDLE_MINUTES_DEFAULT),
  /** The project's own community accounts; unset, the site shows no link rather than a guess. */
  COMMUNITY_TELEGRAM_URL: httpsUrl('the project’s Telegram, e.g. https://t.me/flabhub').optional(),
  COMMUNITY_X_URL: httpsUrl('the project’s X account, e.g. https://x.com/flabhub').optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseRpcUrl: string | undefined;
  flabTokenAddress: `0x${string}` | undefined;
  /** COMMUNITY_TELEGRAM_URL / COMMUNITY_X_URL: null = not configured (the site shows no link). */
  community: { telegram: string | null; x: string | null };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  simulator: boolean;
  simulatorBlockMs: number;
  scenario: 'full' | 'test';
  scenarioSeed: number;
  anvilPath: string | undefined;
  rpcTimeoutMs: number;
  /** REPORT_BUDGET_MS: a token report answers within this; parts not done by then say so. */
  reportBudgetMs: number;
  blockscoutApiUrl: string | undefined;
  /** 'local' when we start our own chain, 'base' when BASE_RPC_URL names one. */
  chainMode: 'local' | 'base';
  webDir: string;
  /** AIRDROP_ADMIN_TOKEN: admin token for airdrop catalogue writes; undefined disables them. */
  airdropAdminToken?: string | undefined;
  /**
   * ROLE: `all` (one process does everything, the default), `api` (HTTP only: never indexes, never
   * runs jobs) or `worker` (indexer, backfills, jobs; one of several elects itself leader).
   */
  role: 'all' | 'api' | 'worker';
  /** WORKER_ID: this process's name in the leader record and the logs (default host:pid). */
  workerId: string;
  /** LEADER_CHECK_MS: how often a worker checks (leader) or tries (standby) the leader lock. */
  leaderCheckMs: number;
  /** COLD_RATE_PER_MIN: cold analyses (token not at hand) one client may start per minute. */
  coldRatePerMinute: number;
  /** COLD_CONCURRENCY: cold analyses running at once; the others wait in the fair line. */
  coldConcurrency: number;
  /** COLD_QUEUE_MAX: cold analyses waiting in the line at most; one more is a 503 with Retry-After. */
  coldQueueMax: number;
  /** COLD_QUEUE_WAIT_MS: how long a request waits in the line before a 202 with its place. */
  coldQueueWaitMs: number;
  /** TRUST_PROXY: whose X-Forwarded-For/-Proto/-Host to believe (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  /**
   * FOLLOW_IDLE_MINUTES: Base mode, a token nobody asked for in this long leaves the follower and
   * catches up when asked again (ms here; 0 = follow every analysed token for good).
   */
  followIdleMs: number;
};

/** Parse an environment-like record. Throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  // Treat empty strings as unset: `FOO= npm start` should mean "default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const key = String(i.path[0] ?? 'environment');
      const value = cleaned[key];
      const shown = key === 'DATABASE_URL' || key === 'BASE_RPC_URL' ? '' : value ? ` (got "${value}")` : '';
      return `${key} ${i.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const e = result.data;
  // Several processes share one index only through a real Postgres and one chain endpoint: PGlite
  // is one process's, and a private anvil per process would be a different chain per process.
  if (e.ROLE !== 'all') {
    const missing = [!e.DATABASE_URL && 'DATABASE_URL', !e.BASE_RPC_URL && 'BASE_RPC_URL'].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration: ROLE=${e.ROLE} needs ${missing.join(' and ')} (several processes share one Postgres and one chain endpoint; only ROLE=all runs the embedded database and local chain).`,
      );
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    baseRpcUrl: e.BASE_RPC_URL,
    flabTokenAddress: e.FLAB_TOKEN_ADDRESS,
    community: { telegram: e.COMMUNITY_TELEGRAM_URL ?? null, x: e.COMMUNITY_X_URL ?? null },
    logLevel: e.LOG_LEVEL,
    simulator: e.SIMULATOR,
    simulatorBlockMs: e.SIMULATOR_BLOCK_MS,
    scenario: e.SCENARIO,
    scenarioSeed: e.SCENARIO_SEED,
    anvilPath: e.ANVIL_PATH,
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    // Against a remote RPC the budget is what a user waits at most; our own chain answers fast, so
    // its budget only guards against a wedged one (a loaded CI machine must not trip it).
    reportBudgetMs: e.REPORT_BUDGET_MS ?? (e.BASE_RPC_URL ? 8_000 : 30_000),
    blockscoutApiUrl: e.BLOCKSCOUT_API_URL,
    chainMode: e.BASE_RPC_URL ? 'base' : 'local',
    webDir: path.resolve(cwd, 'dist/web'),
    airdropAdminToken: e.AIRDROP_ADMIN_TOKEN,
    role: e.ROLE,
    workerId: e.WORKER_ID ?? `${os.hostname()}:${process.pid}`,
    leaderCheckMs: e.LEADER_CHECK_MS,
    coldRatePerMinute: e.COLD_RATE_PER_MIN,
    coldConcurrency: e.COLD_CONCURRENCY,
    coldQueueMax: e.COLD_QUEUE_MAX,
    coldQueueWaitMs: e.COLD_QUEUE_WAIT_MS,
    trustProxy: e.TRUST_PROXY,
    followIdleMs: Math.round(e.FOLLOW_IDLE_MINUTES * 60_000),
  };
}

export function loadConfig(): Config {
  return parseConfig(process.env);
}
