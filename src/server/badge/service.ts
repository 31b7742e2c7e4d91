/**
 * Badges served from the engine's report: the ETag follows the report's version (the ETag of its
 * serialised bytes), so a page that embeds a badge revalidates cheaply and sees a new verdict as
 * soon as the facts change. Unknown addresses and failed analyses get a badge that says so.
 */
import type { Address } from 'viem';
import type { TokenEngine } from '../engine/token-engine';
import { isAppError } from '../errors';
import type { Logger } from '../logger';
import { type BadgeFormat, type BadgeModel, badgeFromReport, renderBadgeSvg } from './badge';
import { svgToPng } from './png';

/** A badge of a computed report may be reused this long by browsers and caches. */
export const BADGE_MAX_AGE_S = 60;
/** An address that is not a token stays one for a while; caches may keep that answer longer. */
export const UNKNOWN_BADGE_MAX_AGE_S = 300;
const PNG_CACHE_ENTRIES = 128;

export type BadgeAnswer = {
  body: Buffer;
  contentType: string;
  etag: string | null;
  cacheControl: string;
  model: BadgeModel;
};

export type BadgeService = { badge(address: Address, format: BadgeFormat): Promise<BadgeAnswer> };

export function createBadgeService(deps: {
  engine: Pick<TokenEngine, 'report' | 'serialised'>;
  log: Logger;
}) {
  const pngs = new Map<string, Buffer>();
  const encode = (model: BadgeModel, format: BadgeFormat, etag: string | null): Buffer => {
    const svg = renderBadgeSvg(model);
    if (format === 'svg') return Buffer.from(svg, 'utf8');
    const hit = etag ? pngs.get(etag) : undefined;
    if (hit) return hit;
    const png = svgToPng(svg);
    if (etag) {
      pngs.set(etag, png);
      if (pngs.size > PNG_CACHE_ENTRIES) pngs.delete(pngs.keys().next().value as string);
    }
    return png;
  };
  const contentType = (f: BadgeFormat) => (f === 'svg' ? 'image/svg+xml; charset=utf-8' : 'image/png');

  return {
    async badge(address, format) {
      let model: BadgeModel;
      let etag: string | null = null;
      let cacheControl: string;
      try {
        const [bytes, report] = await Promise.all([
          deps.engine.serialised(address, 'report'),
          deps.engine.report(address),
        ]);
        if (report.facts.totalSupply === null) {
          model = { kind: 'unknown', address, reason: 'Not an ERC-20 token' };
          cacheControl = `public, max-age=${UNKNOWN_BADGE_MAX_AGE_S}`;
        } else {
          model = badgeFromReport(report);
          cacheControl = `public, max-age=${BADGE_MAX_AGE_S}`;
        }
        // The report's version, per format: same facts ⇔ same badge bytes.
        etag = `"badge-${format}-${bytes.etag.replace(/"/g, '')}"`;
      } catch (e) {
        if (isAppError(e) && (e.code === 'not_a_contract' || e.code === 'not_erc20')) {
          model = { kind: 'unknown', address, reason: 'Not a token contract' };
          cacheControl = `public, max-age=${UNKNOWN_BADGE_MAX_AGE_S}`;
        } else {
          deps.log.warn({ msg: 'badge analysis failed', token: address, err: (e as Error).message });
          model = { kind: 'failed', address, reason: 'Analysis unavailable' };
          cacheControl = 'no-store';
        }
      }
      return {
        body: encode(model, format, etag),
        contentType: contentType(format),
        etag,
        cacheControl,
        model,
      };
    },
  } satisfies BadgeService;
}
