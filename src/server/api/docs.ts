/**
 * The API reference page at /api/docs: Scalar's renderer, served from its npm package (the plugin
 * ships the bundle and serves it itself; no CDN, and web fonts off), reading /api/openapi.json.
 */
import scalarReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH } from './openapi';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(scalarReference, {
    routePrefix: DOCS_PATH,
    configuration: {
      url: OPENAPI_PATH,
      title: 'FLAB Hub API',
      withDefaultFonts: false,
      hideClientButton: true,
    },
  });
}
