/**
 * The browser's one HTTP client for our API (spec §7, §8; every page and hook goes through it): cookies always travel, bodies are JSON, and
 * any non-OK answer becomes an Error whose message is '{status}: {body text or status text}'.
 * The server's error shape is `{ error: { code, message } }`; its message is the useful text.
 */

import { isQueuedBody } from '../../shared/queued';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The server's stable error code, when it sent one. */
    readonly code: string | undefined,
    text: string,
  ) {
    super(`${status}: ${text}`);
  }
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
  return new ApiError(res.status, code, text || res.statusText || 'Request failed');
}

/** How long to wait before asking again after a 202 (the server's Retry-After, 1–10 s). */
export function queuedDelayMs(retryAfter: string | null): number {
  const s = Number(retryAfter);
  return Math.min(10, Math.max(1, Number.isFinite(s) ? s : 1)) * 1000;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const res = await send(method, path, body, signal);
    // A new token's analysis waiting in the server's fair line (src/shared/queued.ts): not an
    // error and not data — the analysis goes on there, so ask again after Retry-After.
    if (res.status === 202 && method === 'GET') {
      const queued: unknown = await res.json().catch(() => null);
      if (isQueuedBody(queued)) {
        await pause(queuedDelayMs(res.headers.get('retry-after')), signal);
        continue;
      }
      return queued as T;
    }
    if (!res.ok) throw await toApiError(res);
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

export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, undefined, signal);
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
