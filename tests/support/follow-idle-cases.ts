/**
 * Run inside tests/integration/replica.int.test.ts, on its replica (one replica build for both;
 * they were two files that built one each). Base mode keeps the set of followed tokens bounded
 * (FOLLOW_IDLE_MINUTES, jobs/follow-pruner.ts): against the Base replica, a token analysed once is followed; left idle it leaves the follower
 * (with its pools), a transfer made meanwhile is not indexed, the database says "history catching
 * up" for it (what an API replica reports), and the next report catches it up from the pause —
 * the transfer indexed once, the holders equal the chain's balances, and it is followed again.
 */
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Address, erc20Abi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalChainClients } from '../../src/server/chain/client';
import {
  balances,
  indexCheckpoints,
  swaps as swapsTable,
  tokenBackfills,
  transfers,
} from '../../src/server/db/schema';
import { FOLLOWER_STREAM, readBackfillProgress, tokenStreamId } from '../../src/server/engine/backfill-state';
import { createIndexer } from '../../src/server/indexer/indexer';
import { startFollowPruner } from '../../src/server/jobs/follow-pruner';
import type { Replica } from '../../src/server/replica';
import type { Runtime } from '../../src/server/runtime';
import { startBaseRuntime, transferFromATrader } from './base-replica';

/**
 * The follower cases, on the replica `replicaOf()` gives once its file's set-up ran: a runtime of
 * their own whose pruner stays off (FOLLOW_IDLE_MINUTES 0), so each test runs passes itself.
 */
export function describeFollowIdle(replicaOf: () => Replica, log: Logger): void {
  let replica: Replica;
  let runtime: Runtime;
  beforeAll(async () => {
    replica = replicaOf();
    // Round trips at no cost here, as when these cases had a replica of their own: what they test
    // is the follower, not the provider.
    replica.gateway.configure({ latencyMs: 0 });
    runtime = await startBaseRuntime(replica, log, { FOLLOW_IDLE_MINUTES: '0' });
  }, 180_000);
  afterAll(async () => {
    await runtime?.stop();
  });

  const followed = async (): Promise<string[]> => {
    const [cp] = await runtime.database.db
      .select()
      .from(indexCheckpoints)
      .where(eq(indexCheckpoints.stream, FOLLOWER_STREAM));
    return cp?.addresses ?? [];
  };

  describe('followed tokens in Base mode', () => {
    it('drops an idle token with its pools and catches it up from the pause when asked again', async () => {
      const db = runtime.database.db;
      const token = replica.manifest.tokens.clean.toLowerCase() as Address;
      const pool = replica.manifest.pairs.clean.toLowerCase();
      const first = await runtime.engine.report(token);
      expect(first.facts.holderIndex ?? { status: 'complete' }).toMatchObject({ status: 'complete' });
      expect(await followed()).toEqual(expect.arrayContaining([token, pool]));
      const holdersBefore = first.facts.holderCount as number;
      expect(holdersBefore).toBeGreaterThan(0);

      // Asked for a moment ago: a minute's idle time keeps it.
      const patient = startFollowPruner({
        db,
        indexer: runtime.indexer!,
        idleMs: 60_000,
        log,
        intervalMs: 3_600_000,
      });
      expect((await patient.runOnce()).unfollowed).toEqual([]);
      await patient.stop();

      // Idle past 1 ms: it leaves the follower, with its pool.
      await new Promise((r) => setTimeout(r, 20));
      const pruner = startFollowPruner({
        db,
        indexer: runtime.indexer!,
        idleMs: 1,
        log,
        intervalMs: 3_600_000,
      });
      expect((await pruner.runOnce()).unfollowed).toEqual([token]);
      const after = await followed();
      expect(after).not.toContain(token);
      expect(after).not.toContain(pool);
      const [row] = await db.select().from(tokenBackfills).where(eq(tokenBackfills.token, token));
      expect(row?.pausedAt).not.toBeNull();
      const pausedAt = row?.pausedAt as bigint;

      // A transfer while it is not followed: the follower's passes do not read it.
      const chain = createLocalChainClients({ rpcUrl: replica.anvil.rpcUrl });
      const receiver = '0x3333333333333333333333333333333333333333';
      const { receipt } = await transferFromATrader(replica, token, receiver, 3n);
      const head = await runtime.chain.public.getBlockNumber({ cacheTime: 0 });
      expect(await runtime.indexer?.waitForBlock(head, 20_000)).toBe(true);
      await runtime.indexer?.syncOnce();
      const moved = () =>
        db
          .select()
          .from(transfers)
          .where(and(eq(transfers.token, token), eq(transfers.to, receiver)));
      expect(await moved()).toHaveLength(0);

      // What an API replica reads from the database meanwhile: history catching up, from the pause.
      const progress = await readBackfillProgress(db, token, head + 1n);
      expect(progress.complete).toBe(false);
      expect(progress.state).toMatchObject({ status: 'indexing', catchingUp: true });

      // Asked again: the catch-up reads from the pause (not from the token's creation) to the head.
      runtime.engine.invalidate(token);
      const again = await runtime.engine.report(token);
      expect(again.facts.holderIndex ?? { status: 'complete' }).toMatchObject({ status: 'complete' });
      expect(again.facts.holderCount).toBe(holdersBefore + 1);
      const rows = await moved();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.blockNumber).toBe(receipt.blockNumber);
      expect(receipt.blockNumber).toBeGreaterThan(pausedAt);
      expect(await followed()).toEqual(expect.arrayContaining([token, pool]));
      const [own] = await db
        .select()
        .from(indexCheckpoints)
        .where(eq(indexCheckpoints.stream, tokenStreamId(token)));
      expect(own?.blockNumber).toBeGreaterThan(pausedAt);

      // Every holder's indexed balance is its balance on the chain.
      const held = await db.select().from(balances).where(eq(balances.token, token));
      for (const h of held.filter((x) => BigInt(x.balance) > 0n).slice(0, 40)) {
        const onChain = await chain.public.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [h.holder as Address],
        });
        expect(BigInt(h.balance), h.holder).toBe(onChain);
      }
      await pruner.stop();
    }, 120_000);

    it("announces a token whose pool's swaps were indexed, not only its transfers", async () => {
      const token = replica.manifest.tokens.clean.toLowerCase();
      const pool = replica.manifest.pairs.clean.toLowerCase();
      const announced = new Set<string>();
      // A stream of the pool alone: its Swap, Sync and Mint logs (and its LP transfers), none of the
      // token's own Transfer logs — the token must still be announced (its shared answers dropped).
      const ix = createIndexer({
        db: runtime.database.db,
        chain: runtime.chain,
        log,
        streams: [{ id: 'test:pool-only', addresses: [pool], fromBlock: 0n }],
        onTokensChanged: async (tokens) => {
          for (const t of tokens) announced.add(t);
        },
      });
      const head = await runtime.chain.public.getBlockNumber({ cacheTime: 0 });
      await ix.syncOnce({ head });
      await ix.stop();
      const swaps = await runtime.database.db.select().from(swapsTable).where(eq(swapsTable.pair, pool));
      expect(swaps.length).toBeGreaterThan(0);
      expect(announced.has(token)).toBe(true);
    }, 60_000);
  });
}
