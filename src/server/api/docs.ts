/**
 * The API reference page at /api/docs: Scalar's renderer, served from its npm package (the plugin
 * ships the bundle and serves it itself; no CDN, and web fonts off), reading /api/openapi.json. Its
 * description states the real limits and links back to the app.
 */
import scalarReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH } from './openapi';

/** The site's icon (the web app's own, from index.html), for pages without one (the reference). */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0052ff"/><path d="M10 8h13v4h-8.5v3.5H21v4h-6.5V24H10z" fill="white"/></svg>';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // Browsers ask for /favicon.ico on pages that name no icon (the reference page): answer it
  // instead of a 404 in the console.
  app.get('/favicon.ico', async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(ICON_SVG),
  );
  await app.register(scalarReference, {
    routePrefix: DOCS_PATH,
    configuration: {
      url: OPENAPI_PATH,
      title: 'FLAB Hub API',
      withDefaultFonts: false,
      hideClientButton: true,
      // Self-hosted and quiet: no vendor toolbar (its "Deploy" upsell), no AI chat or MCP that would
      // send our API description to a third party, no telemetry.
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
      telemetry: false,
    },
  });
}
