/**
 * HTTP plumbing every route shares: zod → 400 naming the field, ids from the path, cookies,
 * client identity, the write rate limit.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CLIENT_ID_COOKIE, CLIENT_ID_HEADER, CLIENT_ID_RE } from '../../shared/trader-tools';
import { BadRequestError } from '../errors';

/** Parse with a zod schema; the first problem becomes a 400 `{ field, reason }`. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.output<S> {
  if (value === undefined || value === null || typeof value !== 'object') {
    throw new BadRequestError(`The request ${what} must be a JSON object.`, {
      field: what,
      reason: 'missing',
    });
  }
  const r = schema.safeParse(value);
  if (r.success) {
    // Postgres text and jsonb cannot hold U+0000: refuse it here, naming the field, not as a 500.
    const nul = nulPath(r.data, []);
    if (nul)
      throw new BadRequestError(`${nul} must not contain NUL (U+0000) characters.`, {
        field: nul,
        reason: 'must not contain NUL (U+0000) characters',
      });
    return r.data;
  }
  const issue = r.error.issues[0];
  if (!issue) throw new BadRequestError(`Invalid request ${what}.`, { field: what });
  const keys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [];
  const field = issue.path.length ? issue.path.map(String).join('.') : (keys[0] ?? what);
  const reason = issue.code === 'unrecognized_keys' ? 'is not a known field' : issue.message;
  throw new BadRequestError(`${field} ${reason}.`, {
    field,
    reason,
    ...(r.error.issues.length > 1
      ? {
          issues: r.error.issues.slice(0, 10).map((i) => ({
            field: i.path.map(String).join('.') || what,
            reason: i.message,
          })),
        }
      : {}),
  });
}

/** Path of the first string (key or value) holding U+0000, or null. */
function nulPath(v: unknown, path: string[]): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path.join('.') || 'body' : null;
  if (path.length > 20 || v === null || typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v)) {
    if (k.includes('\u0000')) return [...path, k.split('\u0000').join('?')].join('.');
    const found = nulPath(x, [...path, k]);
    if (found) return found;
  }
  return null;
}

/** A positive integer id from the path. */
export function idParam(value: unknown, field = 'id'): number {
  const s = typeof value === 'string' ? value : '';
  const n = /^[1-9]\d{0,9}$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > 2_147_483_647)
    throw new BadRequestError(`${field} must be a positive whole number.`, {
      field,
      reason: 'must be a positive whole number',
    });
  return n;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The client's id from the x-client-id header or our cookie, if either is well-formed. */
export function clientIdOf(req: FastifyRequest): string | undefined {
  const h = req.headers[CLIENT_ID_HEADER];
  const header = Array.isArray(h) ? h[0] : h;
  if (header && CLIENT_ID_RE.test(header)) return header;
  const c = cookieValue(req.headers.cookie, CLIENT_ID_COOKIE);
  return c && CLIENT_ID_RE.test(c) ? c : undefined;
}

/** The client's id, minting one (and setting the cookie) when it has none. */
export function ensureClientId(req: FastifyRequest, reply: FastifyReply): string {
  const existing = clientIdOf(req);
  if (existing) return existing;
  const id = randomUUID();
  reply.header('set-cookie', `${CLIENT_ID_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`);
  return id;
}

/** Write routes: per-client (IP) rate limit. */
export const WRITE_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } } as const;
