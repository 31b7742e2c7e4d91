/**
 * Maps every failure to `{ error: { code, message } }`. User mistakes are 4xx with a readable
 * message; anything unexpected is logged in full and answered as a bare 500 — never a stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { QueuedBody } from '../../shared/queued';
import { ROUTES } from '../../shared/routes';
import { isAppError, QueuedError } from '../errors';

const PAGE_PATHS: ReadonlySet<string> = new Set(ROUTES.map((r) => r.path));

export type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (isAppError(err)) {
      if (err.status >= 500) req.log.warn({ msg: 'request failed', code: err.code, err: err.message });
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err instanceof QueuedError) {
        const queued = { position: err.position, ahead: err.ahead, etaSeconds: err.etaSeconds };
        return reply.status(202).send({ queued, message: err.message } satisfies QueuedBody);
      }
      const body: ErrorBody = {
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      };
      return reply.status(err.status).send(body);
    }
    // Fastify's own client errors: bad JSON, body too large, schema validation, rate limit.
    if (err.validation) {
      return reply
        .status(400)
        .send({ error: { code: 'bad_request', message: err.message } } satisfies ErrorBody);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 429
          ? 'rate_limited'
          : status === 413
            ? 'payload_too_large'
            : status === 404
              ? 'not_found'
              : 'bad_request';
      return reply.status(status).send({ error: { code, message: err.message } } satisfies ErrorBody);
    }
    req.log.error({ msg: 'unhandled error', err });
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Internal server error.' } } satisfies ErrorBody);
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({
        error: { code: 'not_found', message: `No API route for ${req.method} ${path.slice(0, 200)}.` },
      });
    }
    // The spec's pages are served by the single-page app; any other path gets the same app with
    // HTTP 404, and the browser router renders the spec's 404 page (DESIGN §7).
    if ((req.method === 'GET' || req.method === 'HEAD') && typeof reply.sendFile === 'function') {
      const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      if (!PAGE_PATHS.has(page)) reply.status(404);
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
  });
}
