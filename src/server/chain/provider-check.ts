/**
 * Is the provider telling the truth about now? (issue 40) Before a report trusts a head, its age is
 * compared with the wall clock (Base makes a block every 2 s; one public endpoint was seen serving a
 * head 11 minutes old), the chain id with Base's, and whether the provider has eth_simulateV1 (the
 * trade simulation falls back to eth_call paths without it, which test less). The findings are said
 * in /api/health and in every report, never silently absorbed.
 *
 * `judgeProvider` is pure; `createProviderCheck` reads (one JSON-RPC batch: the latest block, the
 * chain id, an empty eth_simulateV1) at most once per RECHECK_MS.
 */
import type { PublicClient } from 'viem';
import type { ProviderStatus } from '../../shared/provider';
import { BASE_CHAIN_ID } from './client';

/** A head older than this (seconds) is stale: Base makes a block every 2 s. */
export const STALE_HEAD_S = 30;
/** How often the provider is checked again (a check is 3 requests in one batch). */
export const RECHECK_MS = 15_000;

export type ProviderReading = {
  headTimestamp: number | null;
  chainId: number | null;
  /** true: answered; false: the method is missing; null: the probe got no answer. */
  simulateV1: boolean | null;
};

/** What the reading says about the provider at `nowS` (unix seconds). Pure. */
export function judgeProvider(r: ProviderReading, nowS: number, mode: 'local' | 'base'): ProviderStatus {
  const headAgeSeconds = r.headTimestamp === null ? null : Math.max(0, Math.round(nowS - r.headTimestamp));
  const warnings: string[] = [];
  // The embedded chain makes blocks when there is something to put in them: an old head is normal.
  const staleHead = mode === 'base' && headAgeSeconds !== null && headAgeSeconds > STALE_HEAD_S;
  if (staleHead)
    warnings.push(
      `The provider's latest block is ${headAgeSeconds} s old (Base makes one every 2 s): figures may be out of date.`,
    );
  const wrongChain = mode === 'base' && r.chainId !== null && r.chainId !== BASE_CHAIN_ID;
  if (wrongChain) warnings.push(`The provider serves chain ${r.chainId}, not Base (${BASE_CHAIN_ID}).`);
  if (r.simulateV1 === false)
    warnings.push(
      'The provider has no eth_simulateV1: trades are simulated with eth_call in one block (no later-block or later-date sells).',
    );
  return {
    checked: r.headTimestamp !== null || r.chainId !== null || r.simulateV1 !== null,
    headAgeSeconds,
    staleHead,
    chainId: r.chainId,
    wrongChain,
    simulateV1: r.simulateV1,
    warnings,
  };
}

/** Did an eth_simulateV1 error say the method does not exist (vs a transient failure)? */
export function isMissingMethod(e: unknown): boolean {
  const x = e as { code?: number; cause?: { code?: number }; message?: string; details?: string };
  const code = x?.code ?? x?.cause?.code;
  if (code === -32601) return true;
  return /method not found|does not exist|not supported|unsupported method|not available/i.test(
    `${x?.message ?? ''} ${x?.details ?? ''}`,
  );
}

async function readProvider(client: PublicClient): Promise<ProviderReading> {
  const [block, chainId, sim] = await Promise.allSettled([
    client.getBlock({ blockTag: 'latest' }),
    client.getChainId(),
    client.request({
      method: 'eth_simulateV1' as never,
      params: [{ blockStateCalls: [{ calls: [] }] }, 'latest'] as never,
    }),
  ]);
  return {
    headTimestamp: block.status === 'fulfilled' ? Number(block.value.timestamp) : null,
    chainId: chainId.status === 'fulfilled' ? chainId.value : null,
    simulateV1: sim.status === 'fulfilled' ? true : isMissingMethod(sim.reason) ? false : null,
  };
}

export type ProviderCheck = {
  /** The provider's status, read at most once per RECHECK_MS (concurrent callers share one read). */
  status(): Promise<ProviderStatus>;
  /** The last status without waiting (undefined before the first reading); starts a due read. */
  peek(): ProviderStatus | undefined;
};

export function createProviderCheck(
  client: PublicClient,
  mode: 'local' | 'base',
  opts: { now?: () => number; recheckMs?: number } = {},
): ProviderCheck {
  const now = opts.now ?? Date.now;
  const recheckMs = opts.recheckMs ?? RECHECK_MS;
  let last: { at: number; reading: ProviderReading } | undefined;
  let inFlight: Promise<ProviderReading> | undefined;
  const refresh = () => {
    inFlight ??= readProvider(client)
      .then((reading) => {
        last = { at: now(), reading };
        return reading;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  return {
    async status() {
      // The first caller waits for a reading; later ones get the last one while a new one is read.
      if (!last) return judgeProvider(await refresh(), now() / 1000, mode);
      if (now() - last.at >= recheckMs) void refresh();
      return judgeProvider(last.reading, now() / 1000, mode);
    },
    peek() {
      if (!last || now() - last.at >= recheckMs) void refresh().catch(() => {});
      return last ? judgeProvider(last.reading, now() / 1000, mode) : undefined;
    },
  };
}
