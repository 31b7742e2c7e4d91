/**
 * The indexer against a real chain (anvil + the test scenario) and in-memory PGlite:
 * crash-and-restart and replays must give exactly the balances of one clean run.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import { createLocalChainClients, type LocalChainClients } from '../chain/client';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { indexCheckpoints } from '../db/schema';
import { type AnvilProcess, startAnvil } from '../localchain/anvil';
import { buildScenario } from '../localchain/scenario';
import { createIndexer } from './indexer';

const log = pino({ level: 'silent' });
const STREAM = { id: 'local:all', addresses: null, fromBlock: 0n };

let anvil: AnvilProcess;
let chain: LocalChainClients;
let manifest: ScenarioManifest;

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  manifest = await buildScenario({ chain, variant: 'test', seed: 7, log });
});
afterAll(async () => {
  await anvil?.stop({ save: false });
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
});
