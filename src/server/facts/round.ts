/**
 * One JSON-RPC round shared by reads that become ready at different moments. A batch leaves a few
 * milliseconds after its first call (chain/client.ts), and the database reads each part needs first
 * take about that long, so parts started "together" used to leave in separate round trips, one each.
 * Here each part arrives when its inputs are ready and waits; when the last has arrived, all send
 * in the same tick and share one batch. A part that fails or has nothing to send arrives anyway,
 * and `maxWaitMs` after the first arrival the round opens regardless: a slow database read can cost
 * a round trip, never the report.
 *
 * Parts are released in the order they are named: a part that does synchronous work before its
 * first request (bytecode scanning) goes first, so the batch timer the others' requests start does
 * not run out while it works.
 */
export type Round = {
  /** Part `name` is ready to send: resolves when every part is (or the wait is over). */
  arrive(name: string): Promise<void>;
};

/** Parts not named here do not wait. */
export function createRound(parts: readonly string[], maxWaitMs = 1_000): Round {
  const waiting = new Set(parts);
  const release = new Map<string, () => void>();
  const released = new Map<string, Promise<void>>();
  for (const p of parts)
    released.set(
      p,
      new Promise<void>((resolve) => {
        release.set(p, resolve);
      }),
    );
  let timer: NodeJS.Timeout | undefined;
  let open = false;
  const openAll = () => {
    if (open) return;
    open = true;
    clearTimeout(timer);
    for (const p of parts) release.get(p)?.();
  };
  return {
    arrive(name) {
      const mine = released.get(name);
      if (!mine) return Promise.resolve();
      waiting.delete(name);
      // The wait runs from the first arrival: the parts' shared inputs (the token's basics, a round
      // trip of their own) are not counted against it.
      if (!timer && !open) {
        timer = setTimeout(openAll, maxWaitMs);
        timer.unref();
      }
      // Opened a microtask later, so the last part to arrive has attached its continuation too and
      // is released in its place in the order, not after the others.
      if (waiting.size === 0) queueMicrotask(openAll);
      return mine;
    },
  };
}
