/**
 * Names the step of a token report that JSON-RPC requests are sent for, so a bench or a test can
 * say which stage each round trip belongs to (scripts/bench/report.ts prints them per token).
 * The name travels with the async context (AsyncLocalStorage): a batch leaves from a timer its
 * first call set, so a round trip shared by several stages is named for the stage that opened it.
 * Nothing reads it in the app itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const stage = new AsyncLocalStorage<string>();

/** Runs `fn` with its RPC requests (and those of the promises it starts) named `name`. */
export function inRpcStage<T>(name: string, fn: () => T): T {
  return stage.run(name, fn);
}

/** The stage the current code runs in, if one was named. */
export function currentRpcStage(): string | undefined {
  return stage.getStore();
}
