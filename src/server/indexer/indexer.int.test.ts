/**
 * The indexer against a real chain (anvil + the test scenario) and in-memory PGlite:
 * crash-and-restart and replays must give exactly the balances of one clean run.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import type { LocalChainClients } from '../chain/client';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { indexCheckpoints } from '../db/schema';
import type { ScenarioChain } from '../localchain/scenario-chain';
import { startSavedScenarioChain } from '../test-support/scenario-runtime';
import { createIndexer } from './indexer';

const log = pino({ level: 'silent' });
const STREAM = { id: 'local:all', addresses: null, fromBlock: 0n };

let scenario: ScenarioChain;
let chain: LocalChainClients;
let manifest: ScenarioManifest;

beforeAll(async () => {
  // The saved test scenario (a copy of its chain): the indexer's work is what is tested here.
  scenario = await startSavedScenarioChain({ log });
  ({ chain, manifest } = scenario);
});
afterAll(async () => {
  await scenario?.stop();
});

async function snapshot(db: Database) {
  const balances = rowsOf(
    await db.db.execute(
      sql`select token, holder, balance::text b from balances where balance <> 0 order by token, holder`,
    ),
  );
  const counts = rowsOf(
    await db.db.execute(sql`select (select count(*) from transfers)::int t, (select count(*) from swaps)::int s,
      (select count(*) from syncs)::int y, (select count(*) from liquidity_events)::int l, (select count(*) from pairs)::int p,
      (select count(*) from wallet_first_seen)::int w`),
  );
  return { balances, counts: counts[0] };
}

describe('indexer', () => {
  it('indexes the scenario and agrees with balanceOf on chain', async () => {
    const db = await openDatabase({ kind: 'memory' });
    const indexer = createIndexer({ db: db.db, chain, log, streams: [STREAM] });
    const head = await indexer.syncOnce();
    expect(indexer.indexedBlock()).toBe(head);
    const flab = manifest.tokens.FLAB!;
    const whale = manifest.wallets.flabWhales[0]!;
    const onChain = await chain.public.readContract({
      address: flab,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ],
      functionName: 'balanceOf',
      args: [whale],
    });
    const row = rowsOf(
      await db.db.execute(
        sql`select balance::text b from balances where token = ${flab} and holder = ${whale}`,
      ),
    )[0];
    expect(BigInt(String(row?.b))).toBe(onChain);
    const pairs = rowsOf(await db.db.execute(sql`select count(*)::int n from pairs`))[0];
    expect(Number(pairs?.n)).toBeGreaterThan(5);
    await db.close();
  });

  it('loses nothing and counts nothing twice across a crash, a restart and a replay', async () => {
    const clean = await openDatabase({ kind: 'memory' });
    await createIndexer({ db: clean.db, chain, log, streams: [STREAM] }).syncOnce();
    const expected = await snapshot(clean);
    await clean.close();

    const db = await openDatabase({ kind: 'memory' });
    // Crash after the second committed range (small ranges so there are many).
    let ranges = 0;
    const crashing = createIndexer({
      db: db.db,
      chain,
      log,
      streams: [STREAM],
      initialRangeBlocks: 20n,
      onRangeApplied: () => {
        if (++ranges === 2) throw new Error('simulated crash');
      },
    });
    await expect(crashing.syncOnce()).rejects.toThrow('simulated crash');
    const partial = await snapshot(db);
    expect(partial.counts).not.toEqual(expected.counts);

    // Restart: a new indexer over the same database resumes from the checkpoint.
    await createIndexer({ db: db.db, chain, log, streams: [STREAM] }).syncOnce();
    expect(await snapshot(db)).toEqual(expected);

    // Replay: move the checkpoint back (as after a crash between commit and bookkeeping).
    await db.db.update(indexCheckpoints).set({ blockNumber: 5n }).where(sql`stream = ${STREAM.id}`);
    const block5 = await chain.public.getBlock({ blockNumber: 5n });
    await db.db.update(indexCheckpoints).set({ blockHash: block5.hash }).where(sql`stream = ${STREAM.id}`);
    await createIndexer({ db: db.db, chain, log, streams: [STREAM] }).syncOnce();
    expect(await snapshot(db)).toEqual(expected);
    await db.close();
  });

  it('rolls back and re-reads when the checkpoint hash no longer matches (reorg)', async () => {
    const db = await openDatabase({ kind: 'memory' });
    const indexer = createIndexer({ db: db.db, chain, log, streams: [STREAM] });
    await indexer.syncOnce();
    const expected = await snapshot(db);
    await db.db
      .update(indexCheckpoints)
      .set({ blockHash: `0x${'00'.repeat(32)}` })
      .where(sql`stream = ${STREAM.id}`);
    await createIndexer({ db: db.db, chain, log, streams: [STREAM] }).syncOnce();
    expect(await snapshot(db)).toEqual(expected);
    await db.close();
  });

  it('rolls back to the last common block when the chain lost blocks or replaced them (a restarted local chain)', async () => {
    const flab = manifest.tokens.FLAB as `0x${string}`;
    const [alice, bob, carol] = manifest.wallets.traders as `0x${string}`[];
    if (!alice || !bob || !carol) throw new Error('the test scenario has too few traders');
    const erc20 = [
      {
        type: 'function',
        name: 'transfer',
        stateMutability: 'nonpayable',
        inputs: [{ type: 'address' }, { type: 'uint256' }],
        outputs: [{ type: 'bool' }],
      },
    ] as const;
    const send = async (from: `0x${string}`, to: `0x${string}`, amount: bigint) => {
      await chain.wallet.writeContract({
        account: from,
        chain: chain.chain,
        address: flab,
        abi: erc20,
        functionName: 'transfer',
        args: [to, amount],
      });
      await chain.test.mine({ blocks: 1 });
    };
    const indexAndCompare = async (db: Database) => {
      await createIndexer({ db: db.db, chain, log, streams: [STREAM], initialRangeBlocks: 2n }).syncOnce();
      const clean = await openDatabase({ kind: 'memory' });
      await createIndexer({ db: clean.db, chain, log, streams: [STREAM] }).syncOnce();
      expect(await snapshot(db)).toEqual(await snapshot(clean));
      await clean.close();
    };

    const db = await openDatabase({ kind: 'memory' });
    await createIndexer({ db: db.db, chain, log, streams: [STREAM] }).syncOnce();
    const saved = await chain.test.snapshot();
    for (let i = 0; i < 6; i++) await send(alice, carol, 10n ** 18n);
    await createIndexer({ db: db.db, chain, log, streams: [STREAM], initialRangeBlocks: 2n }).syncOnce();

    // The chain comes back from an older state: the index is ahead of the head.
    await chain.test.revert({ id: saved });
    const again = await chain.test.snapshot();
    await indexAndCompare(db);

    // The chain then mines other blocks past the old checkpoint: the hashes no longer match.
    await chain.test.revert({ id: again });
    for (let i = 0; i < 9; i++) await send(bob, carol, 3n * 10n ** 18n);
    await indexAndCompare(db);
    await db.close();
  });

  it('a token followed before a restart reads as followed at once, not re-read from its own checkpoint', async () => {
    const token = (Object.values(manifest.tokens)[0] as string).toLowerCase();
    const spec = { id: `token:${token}`, addresses: [token], fromBlock: 0n };
    const db = await openDatabase({ kind: 'memory' });
    // The first process backfills the token; caught up, the stream joins the follower.
    const first = createIndexer({ db: db.db, chain, log, streams: [], follower: 'test:follow' });
    first.addStream({ ...spec });
    await first.syncOnce();
    await first.syncOnce();
    const merged = (await chain.public.getBlockNumber({ cacheTime: 0 })) as bigint;
    const ownAt = async () =>
      (await db.db.select().from(indexCheckpoints).where(sql`stream = ${spec.id}`))[0]?.blockNumber;
    expect(await ownAt()).toBe(merged);
    // The follower goes on; the token's own checkpoint stays where it was merged.
    await chain.test.mine({ blocks: 5 });
    await first.syncOnce();
    const head = merged + 5n;

    // A restarted process: the token's next report adds its stream again.
    let ranges = 0;
    const second = createIndexer({
      db: db.db,
      chain,
      log,
      streams: [],
      follower: 'test:follow',
      onRangeApplied: () => void ranges++,
    });
    second.addStream({ ...spec });
    await second.syncOnce();
    // Nothing re-read: the follower was at the head and the token's stream reads as its.
    expect(ranges).toBe(0);
    expect(second.hasStream(spec.id)).toBe(true);
    expect(second.streamBlock(spec.id)).toBe(head);
    expect(await ownAt()).toBe(merged);
    await db.close();
  });
});
