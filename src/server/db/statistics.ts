/**
 * Planner statistics for the embedded database. Postgres servers gather them by autovacuum; PGlite
 * has no autovacuum, so without this the planner guesses every selectivity and picks plans such as
 * a bitmap AND over two 2,500-row index scans per swap instead of the tx-hash index: a 7 s query
 * instead of 0.2 s, on the event loop. Run once the index holds data (start-up, after the indexer
 * caught up); statistics persist in the data directory, so later starts skip it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/** The index tables the fact queries filter and join on. */
const TABLES = ['transfers', 'swaps', 'syncs', 'balances', 'liquidity_events', 'contract_events', 'pairs'];

/** Returns the tables analysed (none when statistics exist already or there is nothing to analyse). */
export async function ensurePlannerStatistics(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite') return [];
  const db = database.db;
  const have = rowsOf(await db.execute(sql`select 1 from pg_stats where tablename = 'transfers' limit 1`));
  if (have.length > 0) return [];
  const any = rowsOf(await db.execute(sql`select 1 from transfers limit 1`));
  if (any.length === 0) return [];
  // A small sample is plenty for these tables' shapes and keeps each ANALYZE short.
  await db.execute(sql`set default_statistics_target = 20`);
  for (const t of TABLES) await db.execute(sql.raw(`analyze ${t}`));
  await db.execute(sql`reset default_statistics_target`);
  return TABLES;
}
