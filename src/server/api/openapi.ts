/**
 * The OpenAPI 3.1 document, generated from the API contract's zod schemas (src/shared/api) with
 * zod-openapi (ADR 0024), served at /api/openapi.json; and the reference page at /api/docs, drawn
 * by Scalar from the npm package's own bundle (no CDN, no web fonts: it works offline).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import {
  API,
  type ApiOperation,
  ERROR_STATUS_TEXT,
  errorBodySchema,
  queuedBodySchema,
} from '../../shared/api/contract';
import { type Serialised, serialise } from '../engine/serialised';
import { sendSerialised } from './send-serialised';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const rateLimitHeaders = z.object({
  'x-ratelimit-limit': z.string().meta({ description: 'Requests allowed per window.' }),
  'x-ratelimit-remaining': z.string().meta({ description: 'Requests left in this window.' }),
  'x-ratelimit-reset': z.string().meta({ description: 'Seconds until the window resets.' }),
});
const retryAfter = z.object({
  'retry-after': z.string().meta({ description: 'Seconds to wait before trying again.' }),
});
const etagHeader = z.object({
  etag: z.string().meta({ description: 'Strong validator of this answer; send it back in If-None-Match.' }),
});

function operationObject(id: string, o: ApiOperation): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const okHeaders = o.etag ? etagHeader : undefined;
  responses[String(o.ok.status)] = {
    description: o.ok.description ?? 'Success.',
    ...(okHeaders ? { headers: o.rateLimit ? okHeaders.extend(rateLimitHeaders.shape) : okHeaders } : {}),
    ...(!okHeaders && o.rateLimit ? { headers: rateLimitHeaders } : {}),
    content: o.ok.schema
      ? { 'application/json': { schema: o.ok.schema } }
      : Object.fromEntries(
          (o.ok.contentTypes ?? ['application/octet-stream']).map((t) => [
            t,
            { schema: z.string().meta({ format: 'binary' }) },
          ]),
        ),
  };
  if (o.queued)
    responses['202'] = {
      description:
        'A token with no facts at hand waits in the fair line for analysis longer than a request waits: its place and an estimate; the analysis goes on, ask again after Retry-After.',
      headers: retryAfter,
      content: { 'application/json': { schema: queuedBodySchema } },
    };
  if (o.etag) responses['304'] = { description: 'Not modified: If-None-Match matched the current ETag.' };
  for (const s of o.errors) {
    responses[String(s)] = {
      description: ERROR_STATUS_TEXT[s],
      ...(s === 429 ? { headers: rateLimitHeaders.extend(retryAfter.shape) } : {}),
      content: { 'application/json': { schema: errorBodySchema } },
    };
  }
  const notes = [
    o.description,
    o.rateLimit
      ? `Rate limit: ${o.rateLimit.max} requests per ${o.rateLimit.windowSeconds} s per client IP.`
      : null,
    o.localOnly ? 'Only on the embedded local chain (absent in Base mode).' : null,
  ].filter(Boolean);
  return {
    operationId: id,
    tags: [o.tag],
    summary: o.summary,
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    ...(o.params || o.query || o.headers
      ? {
          requestParams: {
            ...(o.params ? { path: o.params } : {}),
            ...(o.query ? { query: o.query } : {}),
            ...(o.headers ? { header: o.headers } : {}),
          },
        }
      : {}),
    ...(o.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: o.body } } } }
      : {}),
    ...(o.session ? { security: [{ walletSession: [] }, { walletBearer: [] }] } : {}),
    ...(o.rateLimit
      ? { 'x-rate-limit': { max: o.rateLimit.max, windowSeconds: o.rateLimit.windowSeconds } }
      : {}),
    responses,
  };
}

/** The document as a plain object. */
export function buildOpenApiDocument(opts: { operations?: Record<string, ApiOperation> } = {}) {
  const paths: ZodOpenApiPathsObject = {};
  for (const [id, o] of Object.entries(opts.operations ?? API)) {
    const item = paths[o.path] ?? {};
    item[o.method] = operationObject(id, o);
    paths[o.path] = item;
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'FLAB Hub API',
      version: '1',
      description: [
        'Token-safety research for ERC-20 tokens on Base: every figure is computed from the chain and our index, with the evidence behind it.',
        'Every answer is JSON except the badge, the journal CSV and this reference. Errors are `{ "error": { "code", "message", "details" } }`: 4xx for mistakes in the request (the field at fault in `details.field`), 503 `chain_unavailable` when the chain RPC does not answer.',
        'Limits, per client IP: every write is rate-limited (see each operation and the `x-rate-limit` extension). A read of a token never analysed before starts a cold analysis: those are allowed a few per minute (COLD_RATE_PER_MIN, 20 by default; past it 429 `rate_limited` with Retry-After) and wait in a fair line served round-robin (past a short wait, 202 `queued` with the place in line and Retry-After; only a full line answers 503 `busy`). Reads of analysed tokens are not limited. Cached reads carry an ETag; send it back in If-None-Match for a 304.',
        '[Back to FLAB Hub](/)',
      ].join('\n\n'),
      license: { name: 'Open API, free to use' },
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        walletSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'flab_wallet_session',
          description: 'Set by POST /api/auth/verify (Sign-In with Ethereum).',
        },
        walletBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The same session token, for scripts.',
        },
      },
    },
    paths,
  });
}

export function registerOpenApiRoutes(app: FastifyInstance) {
  let doc: Serialised | undefined;
  app.get(OPENAPI_PATH, async (req, reply) => {
    doc ??= serialise(buildOpenApiDocument());
    reply.header('access-control-allow-origin', '*');
    return sendSerialised(req, reply, doc);
  });
}
