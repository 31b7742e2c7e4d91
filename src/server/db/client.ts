/**
 * Opens the database: PGlite (embedded Postgres in WASM) under DATA_DIR by default, in memory for
 * tests, or a real Postgres server when DATABASE_URL is set. Migrations are applied on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { redactUrl, StartupError } from '../errors';
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
 * PGlite runs each query synchronously on this thread, and queued queries start from one another's
 * promise callbacks: ten concurrent fact gathers ran back to back as one 1–3 s stretch in which no
 * HTTP request was even read. Starting a query from a macrotask (setImmediate) is not enough on its
 * own — Node runs every immediate queued before a turn in that one turn, so ten queries queued at
 * once still ran back to back. So queries go one at a time, and once the queries run since the last
 * yield have held the loop for QUERY_SLICE_MS the next one waits for the next turn of the event
 * loop: a stretch lasts about one slice (or one long query), and short queries still run several
 * per turn. PGlite has a single connection and runs one query at a time anyway.
 */
function yieldBetweenQueries(client: PGlite, onSlowQuery?: SlowQueryListener): { answeredAt: () => number } {
  const query = client.query.bind(client);
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let previous: Promise<unknown> = Promise.resolve();
  let sliceStart = -Infinity;
  let answeredAt = -Infinity;
  const run = async (args: Parameters<typeof query>) => {
    if (performance.now() - sliceStart >= QUERY_SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    const started = performance.now();
    const result = await query(...args);
    answeredAt = performance.now();
    const ms = answeredAt - started;
    if (onSlowQuery && ms >= SLOW_QUERY_MS) onSlowQuery(String(args[0]), ms);
    return result;
  };
  client.query = ((...args: Parameters<typeof query>) => {
    const result = previous.then(() => run(args));
    previous = result.catch(() => undefined);
    return result;
  }) as typeof client.query;
  return { answeredAt: () => answeredAt };
}

/**
 * A ping is answered by any query that succeeded this recently: under load a health check would
 * otherwise wait behind the whole query queue to learn what the last query already showed.
 */
const PING_FRESH_MS = 500;

/** How long queries may hold the event loop before the next one waits for the loop's next turn. */
const QUERY_SLICE_MS = 8;

/** Queries at least this long are reported (on PGlite they hold the event loop that long). */
const SLOW_QUERY_MS = 50;
export type SlowQueryListener = (sql: string, ms: number) => void;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = migrationsDir();
  if (opts.kind === 'postgres') return openPostgres(opts.url, migrationsFolder);

  let client: PGlite;
  try {
    client = opts.kind === 'memory' ? new PGlite() : new PGlite(opts.dataDir);
    await client.waitReady;
  } catch (cause) {
    const where = opts.kind === 'memory' ? 'in memory' : `at ${opts.dataDir}`;
    throw new StartupError(
      `The embedded database ${where} could not be opened (${(cause as Error).message}).`,
      cause,
    );
  }
  const queue = yieldBetweenQueries(client, opts.onSlowQuery);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      if (performance.now() - queue.answeredAt() < PING_FRESH_MS) return true;
      await client.query('select 1');
      return true;
    },
    close: () => client.close(),
  };
}

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
  await migrateNodePg(db, { migrationsFolder });
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
