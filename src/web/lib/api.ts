/**
 * The browser's one HTTP client for our API (spec §7, §8; every page and hook goes through it): cookies always travel, bodies are JSON, and
 * any non-OK answer becomes an Error whose message is '{status}: {body text or status text}'.
 * The server's error shape is `{ error: { code, message } }`; its message is the useful text.
 * A read the server asks to wait (a 202 from the fair line; with `onWait`, also a 429 or a 503 busy
 * with Retry-After) is no error: it waits and asks again, telling `onWait` so the page can say so.
 */

import { isQueuedBody } from '../../shared/queued';
import {
  type ApiWait,
  MAX_AUTO_WAIT_SECONDS,
  type RefusalWait,
  refusalWaitKind,
  retryAfterSeconds,
} from './api-wait';

export type { ApiWait } from './api-wait';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** When the server said to try again (Retry-After), as ms since the epoch; undefined without one. */
  readonly retryAt: number | undefined;
  constructor(
    readonly status: number,
    /** The server's stable error code, when it sent one. */
    readonly code: string | undefined,
    text: string,
    /** The server's Retry-After, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${text}`);
    this.retryAt = retryAfterSeconds === undefined ? undefined : Date.now() + retryAfterSeconds * 1000;
  }
}

/**
 * The wait an error stands for (429 allowance, 503 line full, with Retry-After), or undefined for a
 * real failure: what the error card shows as a countdown instead of the error text.
 */
export function waitOfError(e: unknown): RefusalWait | undefined {
  if (!(e instanceof ApiError) || e.retryAt === undefined) return undefined;
  const kind = refusalWaitKind(e.status, e.code);
  return kind ? { kind, retryAt: e.retryAt, seconds: e.retryAfterSeconds ?? 0 } : undefined;
}

type ErrorBody = { error?: { code?: unknown; message?: unknown } };

async function toApiError(res: Response): Promise<ApiError> {
  const raw = await res.text().catch(() => '');
  let code: string | undefined;
  let text = raw.trim();
  try {
    const body = JSON.parse(raw) as ErrorBody;
    if (typeof body?.error?.message === 'string') text = body.error.message;
    if (typeof body?.error?.code === 'string') code = body.error.code;
  } catch {
    // Not JSON (a proxy's HTML page, plain text): the raw text is the best we have.
  }
  return new ApiError(
    res.status,
    code,
    text || res.statusText || 'Request failed',
    retryAfterSeconds(res.headers.get('retry-after')),
  );
}

/** How long to wait before asking again after a 202 (the server's Retry-After, 1–10 s). */
export function queuedDelayMs(retryAfter: string | null): number {
  const s = Number(retryAfter);
  return Math.min(10, Math.max(1, Number.isFinite(s) ? s : 1)) * 1000;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Told of each wait a read goes through (the latest replaces the one before), so a page can show it. */
export type OnWait = (wait: ApiWait) => void;

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  onWait?: OnWait,
): Promise<T> {
  for (;;) {
    const res = await send(method, path, body, signal);
    // A new token's analysis waiting in the server's fair line (src/shared/queued.ts): not an
    // error and not data — the analysis goes on there, so ask again after Retry-After.
    if (res.status === 202 && method === 'GET') {
      const queued: unknown = await res.json().catch(() => null);
      if (isQueuedBody(queued)) {
        onWait?.({ kind: 'queued', ...queued.queued });
        await pause(queuedDelayMs(res.headers.get('retry-after')), signal);
        continue;
      }
      return queued as T;
    }
    if (!res.ok) {
      const err = await toApiError(res);
      // A refusal that says when to come back is a wait: a caller that shows waits (onWait) gets
      // it and the read asks again then; a long one, or a caller that shows none, gets the error
      // (the error card counts it down: waitOfError).
      const wait = method === 'GET' && onWait ? waitOfError(err) : undefined;
      if (wait && (err.retryAfterSeconds ?? Infinity) <= MAX_AUTO_WAIT_SECONDS) {
        onWait?.(wait);
        await pause(Math.max(1_000, wait.retryAt - Date.now()), signal);
        continue;
      }
      throw err;
    }
    // 204 and empty bodies carry no JSON.
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

function send(method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** A read; with `onWait`, the server's waits (fair line, allowance, full line) are waited out and reported. */
export function apiGet<T>(path: string, signal?: AbortSignal, onWait?: OnWait): Promise<T> {
  return request<T>('GET', path, undefined, signal, onWait);
}

export function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>('POST', path, body, signal);
}

export function apiPut<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>('PUT', path, body, signal);
}

export function apiPatch<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>('PATCH', path, body, signal);
}

export function apiDelete<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('DELETE', path, undefined, signal);
}
