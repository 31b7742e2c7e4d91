/**
 * One error module. Every error we raise on purpose carries a stable `code`, the HTTP status the
 * API answers with, and whether retrying can help. Anything else is an internal error: logged in
 * full, answered as a bare 500 without details.
 */
export type ErrorCode =
  | 'bad_request'
  | 'invalid_address'
  | 'not_found'
  | 'forbidden'
  | 'unauthorized'
  | 'conflict'
  | 'not_a_contract'
  | 'not_erc20'
  | 'not_a_wallet'
  | 'verification_failed'
  | 'rate_limited'
  | 'chain_unavailable'
  | 'busy'
  | 'queued'
  | 'rpc_error'
  | 'config_error'
  | 'startup_error'
  | 'internal';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  /** Seconds the client should wait before trying again (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      status?: number;
      retryable?: boolean;
      cause?: unknown;
      details?: Record<string, unknown>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? 500;
    this.retryable = opts.retryable ?? false;
    this.details = opts.details;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('bad_request', message, { status: 400, details });
  }
}

export class InvalidAddressError extends AppError {
  constructor(value: string, field = 'address', reason = 'must be 0x followed by 40 hex characters') {
    super(
      'invalid_address',
      `${field} "${truncateForMessage(value)}" is not a valid address: it ${reason}.`,
      {
        status: 400,
        details: { field, reason },
      },
    );
  }
}

/** 401: no valid wallet session, or a sign-in message/signature that does not prove the wallet. */
export class UnauthorizedError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('unauthorized', message, { status: 401, details });
  }
}

/** 403: the record belongs to another wallet, or a write needs a token the caller does not hold. */
export class ForbiddenError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('forbidden', message, { status: 403, details });
  }
}

/** 409: the request repeats something that may happen only once (a game's score). */
export class ConflictError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('conflict', message, { status: 409, details });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('not_found', message, { status: 404 });
  }
}

export class ChainUnavailableError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('chain_unavailable', message, { status: 503, retryable: true, cause });
  }
}

/** 429: this client asked for more than its share of an expensive operation (e.g. cold analyses). */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message, { status: 429, retryable: true, retryAfterSeconds });
  }
}

/** 503: the server is at its cap for an expensive operation; answered at once, never queued. */
export class BusyError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('busy', message, { status: 503, retryable: true, retryAfterSeconds });
  }
}

/**
 * 202: a cold analysis waits in the fair line (api/cold-line.ts) longer than a request waits; it
 * goes on, and asking again after Retry-After finds it done or nearer. Not a failure: the error
 * handler answers it with `{ queued: { position, ahead, etaSeconds }, message }`.
 */
export class QueuedError extends AppError {
  readonly position: number;
  readonly ahead: number;
  readonly etaSeconds: number;
  constructor(position: number, ahead: number, etaSeconds: number) {
    super(
      'queued',
      `In line for analysis: ${ahead === 0 ? 'next' : `${ahead} ahead`}, about ${etaSeconds} s.`,
      { status: 202, retryable: true, retryAfterSeconds: Math.min(10, Math.max(1, etaSeconds)) },
    );
    this.position = position;
    this.ahead = ahead;
    this.etaSeconds = etaSeconds;
  }
}

/** Boot-time problems: the process prints the message as one sentence and exits non-zero. */
export class ConfigError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('config_error', message, { status: 500, cause });
  }
}

export class StartupError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('startup_error', message, { status: 500, cause });
  }
}

/** Keep hostile input (huge strings, control characters) out of messages and logs. */
export function truncateForMessage(value: string, max = 60): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Strip credentials and key-like path segments from RPC URLs before they reach a message. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    // Providers put keys in the path (/v2/<key>) or query (?apikey=): keep only the host.
    if (u.pathname.length > 1 || u.search) return `${u.protocol}//${u.host}/…`;
    return `${u.protocol}//${u.host}`;
  } catch {
    return '<invalid url>';
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
