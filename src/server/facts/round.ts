/**
 * One JSON-RPC round shared by reads that become ready at different moments. A batch leaves a few
 * milliseconds after its first call (chain/client.ts), and the database reads each part needs first
 * take about that long, so parts started "together" used to leave in separate round trips, one each.
 * Here each part arrives when its inputs are ready and waits; when the last has arrived, all send
 * in the same tick and share one batch. A part that fails or has nothing to send arrives anyway
 * (`arrive` in a `finally`), and `maxWaitMs` after the first arrival the round opens regardless: a slow database read
 * can cost a round trip, never the report.
 */
export type Round = {
  /** Part `name` is ready to send: resolves when every part is (or the wait is over). */
  arrive(name: string): Promise<void>;
};

/** Parts not named here do not wait. */
export function createRound(parts: readonly string[], maxWaitMs = 250): Round {
  const waiting = new Set(parts);
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (waiting.size > 0) return;
    clearTimeout(timer);
    open();
  };
  check();
  return {
    arrive(name) {
      if (!waiting.has(name)) return Promise.resolve();
      waiting.delete(name);
      // The wait runs from the first arrival: the parts' shared inputs (the token's basics, a round
      // trip of their own) are not counted against it.
      if (!timer) {
        timer = setTimeout(() => open(), maxWaitMs);
        timer.unref();
      }
      check();
      return opened;
    },
  };
}
