/**
 * Postgres LISTEN/NOTIFY between processes (ADR 0030): the worker says "token X has new indexed
 * events", an API replica says "I published a new answer for X", and every other process drops its
 * in-process copy. One dedicated connection per process listens; it reconnects after a failure and
 * then tells the caller (`onReconnect`) so caches that may have missed messages can be dropped.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';

export const CHANNELS = {
  /** Payload: a lower-case token address whose indexed events changed (the worker, after a range). */
  tokenIndexed: 'flab_token_indexed',
  /** Payload: `<token>` whose shared answers were replaced (an API replica, after publishing). */
  answerPublished: 'flab_answer_published',
  /** Payload: `<process id> <result name>\t<key>`: a replica published a refreshed result. */
  resultPublished: 'flab_result_published',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export async function notify(db: Db, channel: Channel, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type Listener = { close(): Promise<void> };

export function listen(opts: {
  url: string;
  channels: Channel[];
  onMessage: (channel: Channel, payload: string) => void;
  /** After a reconnect: messages sent while the connection was down were lost. */
  onReconnect?: () => void;
  retryMs?: number;
}): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;
  const retryMs = opts.retryMs ?? 1_000;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true, application_name: 'flab-listen' });
    client = c;
    const retry = () => {
      if (client !== c || closed) return;
      client = undefined;
      c.end().catch(() => {});
      timer = setTimeout(() => void connect(), retryMs);
    };
    c.on('error', retry);
    c.on('end', retry);
    c.on('notification', (m) => opts.onMessage(m.channel as Channel, m.payload ?? ''));
    try {
      await c.connect();
      for (const ch of opts.channels) await c.query(`listen ${ch}`);
      if (connectedOnce) opts.onReconnect?.();
      connectedOnce = true;
    } catch {
      retry();
    }
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
