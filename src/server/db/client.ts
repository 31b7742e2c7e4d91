/**
 * Opens the database: PGlite (embedded Postgres in WASM) under DATA_DIR by default, in memory for
 * tests, or a real Postgres server when DATABASE_URL is set. Migrations are applied on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redactUrl, StartupError } from '../errors';
import { createFreshReading } from '../fresh-reading';
import { openPGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = (
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string }
) & { onSlowQuery?: SlowQueryListener };

/** Migrations sit beside this module in the source tree and beside the bundle in dist/. */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')]) {
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new StartupError(`Database migrations are missing next to ${here}; run "npm run build" again.`);
}

/**
 * A ping is answered by any query that succeeded this recently (and past PING_REFRESH_MS starts a
 * `select 1` in the background): under load a health check would otherwise wait behind the whole
 * query queue to learn what the last query already showed (fresh-reading.ts).
 */
const PING_REFRESH_MS = 250;
const PING_TRUST_MS = 1_000;

/** Queries at least this long are reported. */
const SLOW_QUERY_MS = 50;
export type SlowQueryListener = (sql: string, ms: number) => void;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = migrationsDir();
  if (opts.kind === 'postgres') return openPostgres(opts.url, migrationsFolder);

  const where = opts.kind === 'memory' ? 'in memory' : `at ${opts.dataDir}`;
  try {
    if (opts.kind === 'pglite') await createOnce(opts.dataDir, migrationsFolder);
  } catch (cause) {
    throw new StartupError(
      `The embedded database ${where} could not be created (${(cause as Error).message}).`,
      cause,
    );
  }
  const { client, db } = await openPglite(
    opts.kind === 'memory' ? undefined : opts.dataDir,
    migrationsFolder,
    opts.onSlowQuery,
  ).catch((cause) => {
    throw new StartupError(
      `The embedded database ${where} could not be opened (${(cause as Error).message}).`,
      cause,
    );
  });
  const ping = createFreshReading<true>({
    read: () => client.query('select 1').then(() => true as const),
    refreshAfterMs: PING_REFRESH_MS,
    trustMs: PING_TRUST_MS,
    known: () => ({ value: true, at: client.answeredAt() }),
  });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => (await ping.get()) === true,
    close: () => client.close(),
  };
}

/** PGlite in a worker thread (pglite-thread.ts: its queries never hold the event loop), migrated. */
async function openPglite(
  dataDir: string | undefined,
  migrationsFolder: string,
  onSlowQuery?: SlowQueryListener,
) {
  const client = openPGliteThread({ dataDir, onSlowQuery, slowMs: SLOW_QUERY_MS });
  try {
    await client.waitReady;
    // drizzle's PGlite driver needs only query, exec and transaction of its client.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder });
    return { client, db };
  } catch (cause) {
    await client.close().catch(() => {});
    throw cause;
  }
}

/**
 * A new database is created beside its place and moved there once whole: PGlite's initdb writes
 * hundreds of files, and a start killed in the middle left a directory no later start could open
 * ("Aborted()"). Now the directory at `dataDir` is either absent or a complete, migrated database;
 * leftovers of interrupted creations are removed.
 */
async function createOnce(dataDir: string, migrationsFolder: string): Promise<void> {
  const parent = path.dirname(dataDir);
  const base = path.basename(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  for (const f of fs.readdirSync(parent))
    if (f.startsWith(`${base}.creating-`)) fs.rmSync(path.join(parent, f), { recursive: true, force: true });
  if (fs.existsSync(dataDir)) return;
  const tmp = path.join(parent, `${base}.creating-${process.pid}`);
  const { client } = await openPglite(tmp, migrationsFolder);
  await client.close();
  fs.renameSync(tmp, dataDir);
  try {
    const fd = fs.openSync(parent, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Directory fsync is not supported everywhere; the rename itself is atomic.
  }
}

/** Advisory lock key serialising migrations across processes ("FLABMIGR" in ASCII). */
const MIGRATION_LOCK_KEY = '5065495433905260370';

async function openPostgres(url: string, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // The pool emits 'error' for idle clients whose server went away; without a listener it crashes.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (cause) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `The Postgres server at ${redactUrl(url)} could not be reached (${(cause as Error).message}).`,
      cause,
    );
  }
  const db = drizzleNodePg(pool, { schema });
  // Several processes (api and worker roles) may start at once against one server: one migrates
  // while the others wait on this lock, then find nothing left to do.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(db, { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lock.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: () => pool.end(),
  };
}
