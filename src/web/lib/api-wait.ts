/**
 * A wait the server asked for on a read, told apart from a failure (issue 38): a cold analysis in
 * the fair line (202 with its place), this client's allowance of new analyses spent (429) or the line
 * full (503 busy), each with Retry-After. The page shows the wait in words and asks again by itself;
 * it never shows these as an error or a status code. Pure: the client and the page share the words.
 */
import type { QueuedBody } from '@shared/queued';

export type ApiWait =
  | ({ kind: 'queued' } & QueuedBody['queued'])
  | {
      /** 429: too many new tokens from this client; `busy` (503): the line for new analyses is full. */
      kind: 'limited' | 'busy';
      /** When the next try is allowed (ms since the epoch). */
      retryAt: number;
      /** The server's Retry-After as it said it, in seconds (what a screen reader hears once). */
      seconds: number;
    };

/** A refusal that says when to come back (429, 503 busy). */
export type RefusalWait = Extract<ApiWait, { retryAt: number }>;

/** A wait past this is not waited for silently: the page shows it with a countdown instead. */
export const MAX_AUTO_WAIT_SECONDS = 120;

/** Retry-After in whole seconds (the server sends delta-seconds), or undefined when absent or odd. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const s = Number(header);
  return Number.isFinite(s) && s >= 0 ? Math.ceil(s) : undefined;
}

/**
 * Which refusal is a wait: the server's stable codes (src/server/errors.ts), not the status alone —
 * a 503 from a chain outage is a failure, a 503 `busy` says when to come back.
 */
export function refusalWaitKind(status: number, code: string | undefined): 'limited' | 'busy' | undefined {
  if (status === 429 && (code === 'rate_limited' || code === undefined)) return 'limited';
  if (status === 503 && code === 'busy') return 'busy';
  return undefined;
}

/** Whole seconds left until `retryAt` (never below 0). */
export const secondsLeft = (retryAt: number, now: number): number =>
  Math.max(0, Math.ceil((retryAt - now) / 1000));

/** The status line for a wait, as the page shows it at `now`. */
export function waitWords(wait: ApiWait, now: number): string {
  if (wait.kind === 'queued') return queuedWords(wait);
  const left = secondsLeft(wait.retryAt, now);
  return left > 0 ? `You can try again in ${left} s` : 'Trying again now';
}

/** The words of a wait as it began (no countdown): what a screen reader hears once. */
export function waitHeard(wait: ApiWait): string {
  return wait.kind === 'queued' ? queuedWords(wait) : `You can try again in ${wait.seconds} s`;
}

function queuedWords(wait: Extract<ApiWait, { kind: 'queued' }>): string {
  const place = wait.ahead === 0 ? 'next' : `${wait.ahead} ahead`;
  return `In line: ${place}, about ${Math.max(1, wait.etaSeconds)} s`;
}

/** Why the page waits, under the status line (the words that do not change each second). */
export function waitReason(wait: ApiWait): string {
  switch (wait.kind) {
    case 'queued':
      return 'This token is new to us: its analysis waits its turn and this page continues by itself.';
    case 'limited':
      return 'This address asked for many new tokens in the last minute. This page asks again by itself; tokens already analysed answer at once.';
    case 'busy':
      return 'The line for new analyses is full. This page asks again by itself; tokens already analysed answer at once.';
  }
}
