/**
 * A helper process for background work: run at a lower CPU priority, and never outliving the app.
 *
 * Why a process and not a worker thread: a worker shares the app's process. Its nice value can be
 * lowered alone (per thread, on Linux), but its garbage collection runs on V8's platform threads,
 * which serve every isolate in the process at normal priority, and its hundreds of megabytes of
 * allocation contend with the event loop's own heap. Measured with the chain state save in a nice-10
 * worker (a 160 MB dump gunzipped, parsed and rewritten): under the mixed load the event loop
 * stalled 45–87 ms while the worker wrote, and every slow `/api/health` answer fell in a write.
 * A process of its own, niced whole (all of its threads), takes that off the app (ADR 0019).
 *
 * Tied to our life as anvil is (anvil.ts): on POSIX it is started by a tiny `sh` watchdog whose
 * stdin is a pipe from this process; at EOF (this process died, however) it SIGKILLs the helper.
 * The helper's stdout and stderr are the child's. On Windows there is no watchdog; the helper is
 * lowered with os.setPriority once spawned.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';

const WATCHDOG = [
  'level=$1; shift',
  'exec 3<&0 </dev/null',
  // `nice` is POSIX; where it is missing the helper runs at normal priority rather than not at all.
  'if command -v nice >/dev/null 2>&1; then nice -n "$level" "$@" 3<&- & else "$@" 3<&- & fi',
  'pid=$!',
  '( cat <&3 >/dev/null 2>&1; kill -9 "$pid" ) >/dev/null 2>&1 &',
  'exec 3<&-',
  'wait "$pid"',
  'exit $?',
].join('\n');

export type TiedProcess = {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once stdout and stderr are drained. */
  closed: Promise<number | null>;
};

/** Spawn `command args…` at nice `niceLevel`, killed when this process dies. */
export function spawnTied(command: string, args: string[], niceLevel: number): TiedProcess {
  const posix = process.platform !== 'win32';
  const child = posix
    ? spawn('/bin/sh', ['-c', WATCHDOG, 'flab-helper', String(niceLevel), command, ...args], {
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  if (posix) {
    // EPIPE on a watchdog that already exited must never become an uncaught error.
    child.stdin?.on('error', () => {});
  } else if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, niceLevel);
    } catch {
      // Not allowed: it runs at normal priority.
    }
  }
  const closed = new Promise<number | null>((resolve) => {
    child.once('close', (code) => resolve(code));
    child.once('error', () => resolve(-1));
  });
  // The helper is done: closing the pipe lets the watchdog's reader end.
  void closed.then(() => child.stdin?.destroy());
  return { child, closed };
}
