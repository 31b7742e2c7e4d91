/**
 * One active worker among several: a session-level Postgres advisory lock held on a dedicated
 * connection (ADR 0030). The lock lives exactly as long as that connection's session, so a leader
 * that dies (kill -9 included) frees it as soon as Postgres sees the socket close; a leader whose
 * connection goes silent (host gone, cable cut) is dropped by TCP keepalives set short on both
 * ends. Standbys try the lock every `checkMs`; the leader checks its connection as often and gives
 * up leadership (`onLost`) the moment the check fails, since it can no longer know it still holds
 * the lock. The caller treats a loss as fatal (the process exits and is restarted as a standby):
 * a half-stopped indexer that might still write is worse than a restart.
 */
import pg from 'pg';
import { redactUrl } from '../errors';

/** The lock's key (pg_advisory_lock's bigint): "FLABLEAD" in ASCII. */
export const LEADER_LOCK_KEY = 0x464c41424c454144n;

export type LeaderState = { leader: boolean; workerId: string };

export type LeaderElection = {
  /** Resolves once this process holds the lock (tries every checkMs until then). */
  acquire(): Promise<void>;
  isLeader(): boolean;
  /** Releases the lock (its connection closes) and stops checking. */
  stop(): Promise<void>;
};

export function createLeaderElection(opts: {
  url: string;
  workerId: string;
  checkMs: number;
  /** Called once when a held lock can no longer be vouched for (connection error or check timeout). */
  onLost: (reason: string) => void;
  onRetry?: (err: string) => void;
  key?: bigint;
}): LeaderElection {
  const key = (opts.key ?? LEADER_LOCK_KEY).toString();
  let client: pg.Client | undefined;
  let leader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({
      connectionString: opts.url,
      application_name: `flab-worker ${opts.workerId}`.slice(0, 63),
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
      connectionTimeoutMillis: Math.max(2_000, opts.checkMs * 3),
      // Server side: a session whose client vanished without closing the socket is ended within
      // ~5 s (2 s idle + 3 × 1 s probes), which frees the lock for a standby.
      options: '-c tcp_keepalives_idle=2 -c tcp_keepalives_interval=1 -c tcp_keepalives_count=3',
    });
    c.on('error', (e) => lose(`leader connection failed: ${e.message}`));
    await c.connect();
    return c;
  };

  const lose = (reason: string) => {
    const was = leader;
    leader = false;
    const c = client;
    client = undefined;
    c?.end().catch(() => {});
    if (was && !stopped) opts.onLost(reason);
  };

  /** The leader's check: a round trip on the lock's own connection within the interval × 3. */
  const check = async () => {
    const c = client;
    if (!c || !leader || stopped) return;
    let t: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        c.query('select 1'),
        new Promise((_, reject) => {
          t = setTimeout(() => reject(new Error('leader check timed out')), opts.checkMs * 3);
        }),
      ]);
    } catch (e) {
      lose((e as Error).message);
      return;
    } finally {
      clearTimeout(t);
    }
    if (!stopped) timer = setTimeout(check, opts.checkMs);
  };

  return {
    async acquire() {
      while (!stopped) {
        try {
          client ??= await connect();
          const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
            key,
          ]);
          if (r.rows[0]?.ok) {
            leader = true;
            timer = setTimeout(check, opts.checkMs);
            return;
          }
        } catch (e) {
          opts.onRetry?.(`${(e as Error).message} (${redactUrl(opts.url)})`);
          const c = client;
          client = undefined;
          await c?.end().catch(() => {});
        }
        await new Promise((r) => setTimeout(r, opts.checkMs));
      }
      throw new Error('leader election stopped');
    },
    isLeader: () => leader,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      leader = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
