/**
 * Limits on the expensive path (ADR 0034). A cold analysis — a token whose facts are not at hand,
 * never seen or past the stale window — costs RPC simulations (and on Base a backfill); a cached
 * answer costs a map lookup. So cold analyses get their own limits, and cached reads none:
 *
 * - per client (IP): a token bucket of `ratePerMinute` cold analyses, refilled continuously; an
 *   empty bucket is a 429 with Retry-After (when the next one is allowed);
 * - globally: at most `concurrency` cold analyses at once; the others wait in a fair, bounded line
 *   (cold-line.ts): a request waits a few seconds, then gets a 202 with its place and Retry-After
 *   while its analysis goes on; only a full line is a 503 — so a burst is served in turn, and no
 *   request hangs until its client gives up.
 *
 * Several API processes on one Postgres (`shared`): both limits hold across them — the cap counts
 * every process's cold analyses (leased slots) and a client's allowance is one bucket wherever it
 * lands (db/cold-limits.ts). Without Postgres (the embedded default) they are this process's.
 * If Postgres fails, the in-process limits stand in (the database's failure must not open the gate).
 *
 * Joining a gather already in flight is not cold (someone else paid for it), nor is a token within
 * its stale-while-revalidate window: the engine says which (TokenEngine.warm).
 */
import type { Address } from 'viem';
import { COLD_QUEUE_MAX_DEFAULT, COLD_QUEUE_WAIT_MS_DEFAULT } from '../config';
import type { LeasedSlots, SharedBuckets } from '../db/cold-limits';
import type { TokenEngine } from '../engine/token-engine';
import { RateLimitedError } from '../errors';
import { createColdLine } from './cold-line';

export type ColdGate = {
  /**
   * Runs `analyse` for `token` in the fair line (cold-line.ts), or throws RateLimitedError (429), BusyError
   * (503: the line is full) or QueuedError (202: still waiting after the bound; the analysis goes on).
   */
  run<T>(client: string, token: string, analyse: () => Promise<T>): Promise<T>;
  /** Cold analyses running now (for health and tests). */
  running(): number;
  /** Cold analyses waiting for a slot. */
  queued(): number;
};

export type ColdGateOptions = {
  /** COLD_RATE_PER_MIN: cold analyses one client may start per minute (burst = the same number). */
  ratePerMinute: number;
  /** COLD_CONCURRENCY: cold analyses running at once, all clients together. */
  concurrency: number;
  /** COLD_QUEUE_MAX: cold analyses waiting at most; one more is a 503. */
  maxQueued?: number;
  /** COLD_QUEUE_WAIT_MS: how long a request waits in the line before a 202. */
  waitMs?: number;
  /** Shared slots: how often a full cap is asked again (ms). */
  pollMs?: number;
  now?: () => number;
  /** Clients remembered at most; a full bucket is forgotten first (it carries no debt). */
  maxClients?: number;
  /** Several API processes: the cap and the allowances kept in Postgres, for all of them. */
  shared?: { slots: LeasedSlots; buckets: SharedBuckets; onError?: (e: unknown) => void };
};

type Bucket = { tokens: number; at: number };

export function createColdGate(opts: ColdGateOptions): ColdGate {
  const now = opts.now ?? Date.now;
  const capacity = Math.max(1, opts.ratePerMinute);
  const perMs = capacity / 60_000;
  const maxClients = opts.maxClients ?? 10_000;
  const buckets = new Map<string, Bucket>();

  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(capacity, b.tokens + (t - b.at) * perMs);
    b.at = t;
  };
  /** Drops refilled buckets (and, past the cap, the oldest) so the map stays bounded. */
  const prune = (t: number) => {
    for (const [k, b] of buckets) {
      refill(b, t);
      if (b.tokens >= capacity) buckets.delete(k);
    }
    while (buckets.size >= maxClients) {
      const oldest = buckets.keys().next().value;
      if (oldest === undefined) break;
      buckets.delete(oldest);
    }
  };

  let held = 0;
  /** This process's slot, or undefined at the cap. */
  const localSlot = (): (() => void) | undefined => {
    if (held >= opts.concurrency) return undefined;
    held++;
    return () => {
      held--;
    };
  };
  /** Takes one from the client's allowance here; undefined when taken, else seconds to wait. */
  const localTake = (client: string): number | undefined => {
    const t = now();
    let b = buckets.get(client);
    if (!b) {
      if (buckets.size >= maxClients) prune(t);
      b = { tokens: capacity, at: t };
      buckets.set(client, b);
    } else refill(b, t);
    if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    b.tokens -= 1;
    return undefined;
  };
  const shared = opts.shared;
  const fallback = <T>(e: unknown, local: () => T): T => {
    shared?.onError?.(e);
    return local();
  };

  const line = createColdLine({
    takeSlot: () =>
      shared ? shared.slots.tryTake().catch((e) => fallback(e, localSlot)) : Promise.resolve(localSlot()),
    concurrency: opts.concurrency,
    maxQueued: opts.maxQueued ?? COLD_QUEUE_MAX_DEFAULT,
    waitMs: opts.waitMs ?? COLD_QUEUE_WAIT_MS_DEFAULT,
    pollMs: opts.pollMs ?? 200,
    onError: shared?.onError,
  });

  return {
    async run<T>(client: string, token: string, analyse: () => Promise<T>): Promise<T> {
      // Someone already asked for this token: share its place (no allowance spent), then read our part.
      const joined = line.join(token);
      if (joined) {
        await joined;
        return analyse();
      }
      const wait = shared
        ? await shared.buckets.take(client).catch((e) => fallback(e, () => localTake(client)))
        : localTake(client);
      if (wait !== undefined) {
        throw new RateLimitedError(
          `Too many new tokens analysed from this address: at most ${capacity} a minute. Try again in ${wait} s; tokens already analysed still answer at once.`,
          wait,
        );
      }
      return line.add(client, token, analyse);
    },
    running: () => line.running(),
    queued: () => line.queued(),
  };
}

/**
 * `analyse` for `address`, limited when it is cold: a token the engine has at hand (or is already
 * gathering) goes straight through, so cached answers never wait for a slot or count against one.
 */
export type ColdGuard = <T>(client: string, address: Address, analyse: () => Promise<T>) => Promise<T>;

export function coldGuard(engine: Pick<TokenEngine, 'warm'>, gate: ColdGate): ColdGuard {
  return (client, address, analyse) =>
    engine.warm(address) ? analyse() : gate.run(client, address.toLowerCase(), analyse);
}
