/** GET /badge/:address.svg and .png — the embeddable safety badge (domain: src/server/badge). */
import type { FastifyInstance } from 'fastify';
import type { BadgeService } from '../../badge/service';
import { etagMatches } from '../../engine/serialised';
import { BadRequestError } from '../../errors';
import type { ColdGuard } from '../cold-gate';
import { addressParam } from '../params';

export function registerBadgeRoutes(app: FastifyInstance, badges: BadgeService, cold: ColdGuard) {
  app.get<{ Params: { file: string } }>('/badge/:file', async (req, reply) => {
    const m = /^(.*)\.(svg|png)$/.exec(req.params.file);
    if (!m)
      throw new BadRequestError('The badge is /badge/{address}.svg or /badge/{address}.png.', {
        field: 'format',
        reason: 'must be svg or png',
      });
    const address = addressParam(m[1]);
    // An embeddable URL is as open as the API: a never-seen token's badge is a cold analysis.
    const b = await cold(req.ip, address, () => badges.badge(address, m[2] as 'svg' | 'png'));
    reply.header('cache-control', b.cacheControl).header('x-content-type-options', 'nosniff');
    // An SVG opened directly must not run anything, whatever a token's name says.
    if (m[2] === 'svg')
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    if (b.etag) {
      reply.header('etag', b.etag);
      if (etagMatches(req.headers['if-none-match'], b.etag)) return reply.code(304).send();
    }
    return reply.type(b.contentType).send(b.body);
  });
}
