/**
 * The fair line for cold analyses (issue 38). A launch rush is when traders paste new tokens, and a
 * cold analysis takes ~0.2–1.2 s: refusing the fifth one with a 503 turned 9 of 10 askers away while
 * the slots could have served them all in seconds. So a cold analysis joins a bounded line instead:
 *
 * - one entry per token: later askers of the same token share its gather (they wait for it, then
 *   read their own part from the facts it left);
 * - served by the concurrency slots, clients round-robin: each client has its own first-in-first-out
 *   list and the line takes one entry from each client in turn, so one client's 100 tokens never hold
 *   back another's one;
 * - the asker waits up to `waitMs`; past that it gets QueuedError (202 with its place and an
 *   estimate) and the analysis goes on, so asking again finds the report ready or the line shorter;
 * - only a full line (`maxQueued` waiting) refuses, with a 503.
 *
 * The slots come from the caller (this process's, or leased in Postgres across API processes): with
 * shared slots a full cap is polled every `pollMs`, since another process's release does not wake us.
 * The line itself (order and waiting) is this process's.
 */
import { BusyError, QueuedError } from '../errors';

/** A slot's release, or undefined when every slot is taken. */
export type TakeSlot = () => Promise<(() => void | Promise<void>) | undefined>;

export type ColdLineOptions = {
  takeSlot: TakeSlot;
  /** Slots in all (for the estimate). */
  concurrency: number;
  /** Entries waiting at most; one more is a 503. */
  maxQueued: number;
  /** How long an asker waits before a 202. */
  waitMs: number;
  /** Shared slots: how often a full cap is asked again. */
  pollMs: number;
  onError?: (e: unknown) => void;
};

type Entry = {
  token: string;
  client: string;
  run: () => Promise<unknown>;
  done: Promise<unknown>;
  settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void };
  started: boolean;
};

/** Where an entry stands, for the 202. */
export type LinePlace = { position: number; ahead: number; etaSeconds: number };

/**
 * Entries ahead of `client`'s `index`-th entry when one entry is taken from each client in turn, in
 * `order` (the clients with entries, next to be served first): pure, for the 202's position.
 */
export function aheadInRoundRobin(
  order: { client: string; waiting: number }[],
  client: string,
  index: number,
) {
  let ahead = 0;
  let before = true;
  for (const c of order) {
    if (c.client === client) {
      before = false;
      ahead += index;
      continue;
    }
    // Clients before this one in the round are served `index + 1` times first; after it, `index`.
    ahead += Math.min(c.waiting, before ? index + 1 : index);
  }
  return ahead;
}

export function createColdLine(opts: ColdLineOptions) {
  const entries = new Map<string, Entry>();
  /** Waiting entries per client; Map order is the round-robin order (served client moves to the end). */
  const waiting = new Map<string, Entry[]>();
  let queued = 0;
  let running = 0;
  /** Moving average of an analysis's duration, for the estimate (a cold report is ~1 s). */
  let avgMs = 1_000;
  let pumping = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  const next = (): Entry | undefined => {
    for (const [client, list] of waiting) {
      const e = list.shift();
      waiting.delete(client);
      if (list.length > 0) waiting.set(client, list);
      if (e) return e;
    }
    return undefined;
  };

  const start = (e: Entry, release: () => void | Promise<void>) => {
    e.started = true;
    queued--;
    running++;
    const t0 = Date.now();
    void e
      .run()
      .then(e.settle.resolve, e.settle.reject)
      .finally(async () => {
        avgMs = avgMs * 0.8 + (Date.now() - t0) * 0.2;
        running--;
        entries.delete(e.token);
        await Promise.resolve(release()).catch((err) => opts.onError?.(err));
        void pump();
      });
  };

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (queued > 0) {
        const release = await opts.takeSlot().catch((err) => {
          opts.onError?.(err);
          return undefined;
        });
        if (!release) {
          // Every slot taken: a local release pumps again; a shared cap (another process) is polled.
          pollTimer ??= setTimeout(() => {
            pollTimer = undefined;
            void pump();
          }, opts.pollMs);
          pollTimer.unref?.();
          return;
        }
        const e = next();
        if (!e) {
          await release();
          return;
        }
        start(e, release);
      }
    } finally {
      pumping = false;
    }
  }

  const placeOf = (e: Entry): LinePlace => {
    let ahead = 0;
    if (!e.started) {
      const list = waiting.get(e.client) ?? [];
      const order = [...waiting].map(([client, l]) => ({ client, waiting: l.length }));
      ahead = aheadInRoundRobin(order, e.client, Math.max(0, list.indexOf(e)));
    }
    const rounds = e.started ? 0.5 : ahead / Math.max(1, opts.concurrency) + 1;
    return { position: ahead + 1, ahead, etaSeconds: Math.max(1, Math.ceil((rounds * avgMs) / 1000)) };
  };

  /** Resolves with the entry's result, or throws QueuedError once `waitMs` has passed. */
  const waitFor = async (e: Entry): Promise<unknown> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.waitMs);
    });
    const won = await Promise.race([e.done.then(() => 'done' as const), late]).finally(() =>
      clearTimeout(timer),
    );
    if (won === 'late') {
      const p = placeOf(e);
      throw new QueuedError(p.position, p.ahead, p.etaSeconds);
    }
    return e.done;
  };

  return {
    /** The token's entry (waiting or running), if it is in the line. */
    has: (token: string) => entries.has(token),
    /**
     * Waits for `token`'s entry (another asker's) and resolves when it settled — with no value: the
     * caller reads its own part then. Undefined when the token is not in the line.
     */
    join(token: string): Promise<void> | undefined {
      const e = entries.get(token);
      if (!e) return undefined;
      return waitFor(e).then(() => undefined);
    },
    /** Puts `run` in the line for `client` and waits for it (bounded); a full line is a 503. */
    add<T>(client: string, token: string, run: () => Promise<T>): Promise<T> {
      if (queued >= opts.maxQueued) {
        throw new BusyError(
          `The line for new analyses is full (${opts.maxQueued} waiting). Try again in a few seconds; tokens already analysed still answer at once.`,
          Math.max(1, Math.ceil(((opts.maxQueued / Math.max(1, opts.concurrency)) * avgMs) / 1000)),
        );
      }
      let settle!: Entry['settle'];
      const done = new Promise<unknown>((resolve, reject) => {
        settle = { resolve, reject };
      });
      // Nobody may be listening once the asker has had its 202: a failure is then only logged there.
      done.catch(() => undefined);
      const e: Entry = { token, client, run, done, settle, started: false };
      entries.set(token, e);
      const list = waiting.get(client) ?? [];
      list.push(e);
      if (!waiting.has(client)) waiting.set(client, list);
      queued++;
      void pump();
      return waitFor(e) as Promise<T>;
    },
    queued: () => queued,
    running: () => running,
  };
}

export type ColdLine = ReturnType<typeof createColdLine>;
