/**
 * Is the chain answering? One answer for /api/health, /api/network and the chain guard of
 * chain-bound routes, from the last head anyone read (fresh-reading.ts) instead of a round trip
 * per request.
 *
 * The embedded chain stops answering for 1–3 s whenever its state is saved (anvil_dumpState holds
 * anvil's locks while it serialises ~100 MB; measured 1.0 s for eth_blockNumber on a quiet machine,
 * longer under load), and a remote RPC has slow moments too. A liveness answer that waits behind
 * that measures the save, not the chain: under 200 connections it put /api/health at 265 ms and
 * made chain-bound pages wait up to 0.6 s. So:
 *
 * - a head younger than REFRESH_AFTER_MS is answered as is; older, it is answered and a read starts
 *   in the background (one at a time);
 * - while the last head is younger than TRUST_MS the chain counts as up, even if that read is
 *   still pending — a chain that is busy is not down;
 * - a read that fails, or gets no answer within DEADLINE_MS, forgets the head at once: the next
 *   caller waits for a new read and sees the failure (503). A frozen chain is therefore 503 within
 *   REFRESH_AFTER_MS + DEADLINE_MS of its last answer;
 * - a dead embedded chain process is 503 at once (`processUp`).
 */
import { ChainUnavailableError } from '../errors';
import { createFreshReading } from '../fresh-reading';
import { type ChainClients, forgetHead, lastHeadRead, readHead } from './client';

export const REFRESH_AFTER_MS = 250;
export const TRUST_MS = 5_000;
export const DEADLINE_MS = 3_000;

export type ChainLiveness = {
  /** The chain's head as last read (see above); undefined while the chain counts as down. */
  head(): Promise<bigint | undefined>;
  /** The head, or ChainUnavailableError (503) while the chain counts as down. */
  require(): Promise<bigint>;
};

export function createChainLiveness(
  chain: Pick<ChainClients, 'public'> & Partial<Pick<ChainClients, 'headCacheMs'>>,
  opts: {
    /** The embedded chain's process is running (local mode): false the moment it dies. */
    processUp?: () => boolean;
    refreshAfterMs?: number;
    trustMs?: number;
    deadlineMs?: number;
  } = {},
): ChainLiveness {
  const deadlineMs = opts.deadlineMs ?? DEADLINE_MS;
  const read = async (): Promise<bigint> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        readHead(chain, chain.headCacheMs ?? 0),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
        }),
      ]);
    } catch (e) {
      forgetHead(chain);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  };
  const reading = createFreshReading({
    read,
    refreshAfterMs: opts.refreshAfterMs ?? REFRESH_AFTER_MS,
    trustMs: opts.trustMs ?? TRUST_MS,
    known: () => lastHeadRead(chain),
  });
  const head = async () => {
    if (opts.processUp && !opts.processUp()) return undefined;
    return reading.get();
  };
  return {
    head,
    async require() {
      const h = await head();
      if (h === undefined)
        throw new ChainUnavailableError('The chain is not answering; this figure cannot be computed now.');
      return h;
    },
  };
}
