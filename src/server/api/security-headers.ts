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
import { createHash } from 'node:crypto';
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
 * The API reference: Scalar's page boots from one inline script (allowed by its hash, computed from
 * the page served) and its components write <style> elements at run time. Its bundled zod probes
 * `new Function` the way ours did (see src/web/lib/strict-csp.ts), and that copy cannot be told
 * not to, so this page alone allows eval. Still no other origin, no framing, no plugins.
 */
export function docsCsp(html: string | undefined): string {
  const hashes = html ? inlineScriptHashes(html) : [];
  const scripts = hashes.length ? hashes.join(' ') : "'unsafe-inline'";
  return [...BASE, `script-src 'self' ${scripts} 'unsafe-eval'`, "style-src 'self' 'unsafe-inline'"].join(
    '; ',
  );
}

/** CSP hash sources of the page's inline scripts (those without src). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', REFERRER_POLICY);
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) {
      const path = req.url.split('?')[0] ?? '';
      const docs = path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);
      const html =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined;
      reply.header('content-security-policy', docs ? docsCsp(html) : APP_CSP);
    }
    return payload;
  });
}
