/**
 * Security headers on every answer (ADR 0034): a Content-Security-Policy that allows only our own
 * origin (the built app loads nothing from elsewhere and runs no inline script), no framing by
 * anyone (`frame-ancestors 'none'`, and X-Frame-Options for older browsers), no MIME sniffing, and
 * a referrer policy that sends other sites our origin at most.
 *
 * Two answers set their own policy and keep it: the badge (an SVG opened directly runs nothing)
 * and the API reference page, whose renderer (Scalar) starts from an inline script and injects its
 * styles at run time.
 */
import type { FastifyInstance } from 'fastify';
import { DOCS_PATH } from './openapi';

const BASE = [
  "default-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The web app and every API answer. */
export const APP_CSP = [...BASE, "script-src 'self'", "style-src 'self'"].join('; ');

/**
 * The API reference: Scalar's page boots from an inline script and its components write <style>
 * elements (both same-origin bundle code from the npm package, no user content); still no other
 * origin, no framing, no plugins.
 */
export const DOCS_CSP = [
  ...BASE,
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', REFERRER_POLICY);
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) {
      const path = req.url.split('?')[0] ?? '';
      const docs = path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
      reply.header('content-security-policy', docs ? DOCS_CSP : APP_CSP);
    }
    return payload;
  });
}
