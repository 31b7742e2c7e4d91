/**
 * PGlite in a worker thread. PGlite is Postgres compiled to WASM and runs every query
 * synchronously on the thread that owns it: on the main thread, ten concurrent fact gathers were
 * one 1–3 s stretch in which no HTTP request was even read, and under 200 connections the health
 * probe waited behind every query in the queue. Here the worker owns the database; the main thread
 * sends SQL and receives rows by message, and only the structured clone of the rows costs it time.
 *
 * The client below offers what drizzle's PGlite driver calls (`query`, `exec`, `transaction`,
 * `waitReady`, `close`), so the rest of the server keeps using drizzle unchanged. Type parsers cannot
 * cross threads (they are functions): a query names the type OIDs it wants left as text, which is
 * what drizzle's parsers do (timestamps, dates, intervals and their arrays; drizzle maps them).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export type ThreadQueryResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

export type ThreadTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadQueryResult>;
  exec(sql: string): Promise<ThreadQueryResult[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
};

export type PGliteThread = {
  waitReady: Promise<void>;
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadQueryResult>;
  exec(sql: string): Promise<ThreadQueryResult[]>;
  transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** performance.now() of the last query answered without error. */
  answeredAt(): number;
  close(): Promise<void>;
};

/** An error from the database, with the Postgres fields (code, detail, constraint…) kept. */
export class PGliteThreadError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      raw: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

type RequestBody = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

type Reply =
  | { id: number; ok: true; value: unknown; ms: number }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { ready: true }
  | { ready: false; error: string };

/**
 * The worker, as source text so it survives bundling (dist/server/main.js is one file; packages
 * stay in node_modules and are imported by URL).
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  let pg;
  try {
    const { PGlite } = await import(workerData.moduleUrl);
    pg = workerData.dataDir ? new PGlite(workerData.dataDir) : new PGlite();
    await pg.waitReady;
  } catch (e) {
    parentPort.postMessage({ ready: false, error: String((e && e.message) || e) });
    return;
  }
  const identity = (v) => v;
  const txs = new Map();
  let nextTx = 1;
  const errorFields = (e) => {
    const out = { message: String((e && e.message) || e) };
    for (const k of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'hint', 'position'])
      if (e && e[k] !== undefined) out[k] = e[k];
    return out;
  };
  const target = (tx) => {
    if (tx === undefined) return pg;
    const t = txs.get(tx);
    if (!t) throw new Error('the transaction has ended');
    return t.tx;
  };
  const handle = async (m) => {
    if (m.op === 'query') {
      const parsers = {};
      for (const oid of m.raw) parsers[oid] = identity;
      const r = await target(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers });
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    if (m.op === 'exec') {
      const rs = await target(m.tx).exec(m.sql);
      return rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    if (m.op === 'begin') {
      const id = nextTx++;
      return await new Promise((opened, failed) => {
        const finished = pg.transaction(async (tx) => {
          const commit = await new Promise((end) => {
            txs.set(id, { tx, end, finished });
            opened(id);
          });
          txs.delete(id);
          if (!commit) await tx.rollback();
        });
        finished.catch(failed);
      });
    }
    if (m.op === 'end') {
      const t = txs.get(m.tx);
      if (!t) return null;
      t.end(m.commit);
      // Settles once PGlite has committed or rolled back; a failed COMMIT reaches the caller.
      await t.finished;
      return null;
    }
    if (m.op === 'close') {
      await pg.close();
      return null;
    }
    throw new Error('unknown operation ' + m.op);
  };
  parentPort.on('message', (m) => {
    const t0 = performance.now();
    handle(m).then(
      (value) => {
        parentPort.postMessage({ id: m.id, ok: true, value, ms: performance.now() - t0 });
        if (m.op === 'close') parentPort.close();
      },
      (e) => parentPort.postMessage({ id: m.id, ok: false, error: errorFields(e) }),
    );
  });
  parentPort.postMessage({ ready: true });
})();
`;

export type OpenPGliteThreadOptions = {
  /** Directory of the database; undefined = in memory. */
  dataDir?: string;
  /** Told of every query that took at least `slowMs` in the worker. */
  onSlowQuery?: (sql: string, ms: number) => void;
  slowMs?: number;
};

export function openPGliteThread(opts: OpenPGliteThreadOptions = {}): PGliteThread {
  // Resolved here, where node_modules is known; the worker's eval'd code has no location of its own.
  const moduleUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, dataDir: opts.dataDir } });
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; sql?: string }
  >();
  let nextId = 1;
  let answeredAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  let fatal: Error | undefined;
  let readyResolve: () => void = () => {};
  let readyReject: (e: Error) => void = () => {};
  const waitReady = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  waitReady.catch(() => {});

  const failAll = (e: Error) => {
    fatal ??= e;
    readyReject(e);
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('message', (m: Reply) => {
    if ('ready' in m) {
      if (m.ready) readyResolve();
      else failAll(new Error(m.error));
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) {
      answeredAt = performance.now();
      if (p.sql !== undefined && opts.onSlowQuery && m.ms >= (opts.slowMs ?? 50))
        opts.onSlowQuery(p.sql, m.ms);
      p.resolve(m.value);
    } else {
      const e = new PGliteThreadError(String(m.error.message));
      Object.assign(e, m.error);
      p.reject(e);
    }
  });
  worker.on('error', (e) => failAll(e));
  worker.on('exit', (code) => {
    if (!closed) failAll(new Error(`the database thread exited (${code})`));
  });

  const send = <T>(req: RequestBody, sql?: string): Promise<T> => {
    if (fatal) return Promise.reject(fatal);
    if (closed) return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, sql });
      worker.postMessage({ ...req, id });
    });
  };

  const query =
    (tx: number | undefined) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      send<ThreadQueryResult>(
        {
          op: 'query',
          sql,
          params,
          rowMode: options.rowMode ?? 'object',
          raw: Object.keys(options.parsers ?? {}).map(Number),
          tx,
        },
        sql,
      );
  const exec = (tx: number | undefined) => (sql: string) =>
    send<ThreadQueryResult[]>({ op: 'exec', sql, tx }, sql);

  return {
    waitReady: waitReady.then(() => undefined),
    query: query(undefined),
    exec: exec(undefined),
    async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
      const id = await send<number>({ op: 'begin' });
      let ended = false;
      const end = (commit: boolean) => {
        ended = true;
        return send({ op: 'end', tx: id, commit });
      };
      const tx: ThreadTransaction = {
        query: query(id),
        exec: exec(id),
        rollback: async () => {
          if (!ended) await end(false);
        },
        get closed() {
          return ended;
        },
      };
      try {
        const result = await fn(tx);
        if (!ended) await end(true);
        return result;
      } catch (e) {
        if (!ended) await end(false).catch(() => {});
        throw e;
      }
    },
    answeredAt: () => answeredAt,
    async close() {
      if (closed) return;
      if (!fatal) await send({ op: 'close' }).catch(() => {});
      closed = true;
      await worker.terminate();
    },
  };
}
