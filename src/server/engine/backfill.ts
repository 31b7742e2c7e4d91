/**
 * Per-token backfill on Base. The local chain is indexed whole; on Base we index a token (and its
 * pools) the first time someone analyses it: from its creation block, found by binary search on
 * eth_getCode, up to the head, then the indexer keeps following it. Holder figures count only once
 * the stream has reached the head — a half-read history would give wrong balances.
 */
import type { Address, PublicClient } from 'viem';
import type { NetworkDescription } from '../chain/network';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import { createVenueRegistry } from '../venues/registry';

/** How long the first analysis of a token waits for its backfill before answering without it. */
export const BACKFILL_WAIT_MS = 20_000;

/**
 * First block where `address` has code. Needs historical state (an archive node); returns null when
 * the provider cannot answer for old blocks, so the caller reports holders as unknown.
 */
export async function findCreationBlock(
  client: PublicClient,
  address: Address,
  head: bigint,
): Promise<bigint | null> {
  const hasCode = async (block: bigint) => {
    const code = await client.getCode({ address, blockNumber: block });
    return !!code && code !== '0x';
  };
  try {
    if (!(await hasCode(head))) return null;
    let lo = 0n;
    let hi = head;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (await hasCode(mid)) hi = mid;
      else lo = mid + 1n;
    }
    return lo;
  } catch {
    return null;
  }
}

export type TokenBackfill = {
  /** Starts (once) and waits (bounded) for the token's backfill. */
  ensure(token: Address): Promise<void>;
  /** Whether the token's stream has reached `head`, i.e. its holder figures are complete. */
  complete(token: Address, head: bigint): boolean;
};

export function createTokenBackfill(opts: {
  client: PublicClient;
  network: NetworkDescription;
  indexer: Indexer;
  log: Logger;
  waitMs?: number;
}): TokenBackfill {
  const { client, network, indexer, log } = opts;
  const venues = createVenueRegistry(network);
  const started = new Map<string, Promise<void>>();
  const streamId = (t: string) => `token:${t.toLowerCase()}`;

  async function start(token: Address) {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const from = await findCreationBlock(client, token, head);
    if (from === null) {
      log.warn({ msg: 'cannot find the creation block (no historical state?); holders stay unknown', token });
      return;
    }
    const { weth, usd } = network.contracts;
    const pairs = (await venues.discoverPools(client, token, [weth, usd]).catch(() => [])).map((p) => p.pool);
    indexer.addStream({ id: streamId(token), addresses: [token.toLowerCase(), ...pairs], fromBlock: from });
    log.info({
      msg: 'backfilling token',
      token,
      from_block: from.toString(),
      blocks: (head - from).toString(),
    });
    await indexer.syncOnce();
  }

  return {
    async ensure(token) {
      let p = started.get(token.toLowerCase());
      if (!p) {
        p = start(token).catch((e) =>
          log.warn({ msg: 'token backfill failed', token, err: (e as Error).message }),
        );
        started.set(token.toLowerCase(), p);
      }
      await Promise.race([p, new Promise((r) => setTimeout(r, opts.waitMs ?? BACKFILL_WAIT_MS).unref())]);
    },
    complete(token, head) {
      const id = streamId(token);
      return indexer.hasStream(id) && indexer.streamBlock(id) >= head - 1n;
    },
  };
}
