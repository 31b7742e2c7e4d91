/**
 * The report's time budget, as the fact gatherer sees it: a part that is not done by the deadline
 * is given up on and replaced by a plain "could not be checked in time" (never by a reassuring
 * default), and the part is named so the engine does not cache the incomplete facts.
 */

/** What a part not finished by the deadline says in the report. */
export function notInTime(what: string, budgetMs: number): string {
  return `${what} could not be checked in time (the report's ${(budgetMs / 1000).toFixed(1)} s budget ran out); it is tried again on the next request.`;
}

export type Deadline = {
  /** Epoch milliseconds by which the gatherer's optional parts must be done. */
  at: number;
  /** The whole report's budget, for the message. */
  budgetMs: number;
};

/**
 * `p`, or `late()` if `p` is not settled by `deadline.at` (`p` runs on; its result is dropped).
 * `incomplete` collects the names of parts given up on. Without a deadline, `p` as it is.
 */
export function byDeadline<T>(
  deadline: Deadline | undefined,
  incomplete: string[],
  part: string,
  p: Promise<T>,
  late: () => T,
): Promise<T> {
  if (!deadline) return p;
  const left = deadline.at - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(
      () => {
        incomplete.push(part);
        resolve(late());
      },
      Math.max(0, left),
    );
    timer.unref();
  });
  p.catch(() => {});
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** `p`, or a rejection with `message` once `ms` have passed (the timer is cleared when `p` settles). */
export function rejectAfter<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
