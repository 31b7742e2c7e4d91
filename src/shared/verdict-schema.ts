/**
 * The verdict's headline as list responses carry it (portfolio rows, trading calls), and the band a
 * score is shown in under that verdict, as schemas.
 */
import { z } from 'zod';
import type { SubScoreBand } from './vocabulary';

export const VERDICT_KINDS = [
  'honeypot',
  'rugged',
  'dangerous',
  'caution',
  'no_major_risk',
  'unknown',
] as const;

export const verdictHeadlineSchema = z.object({
  kind: z.enum(VERDICT_KINDS),
  label: z.string(),
  reason: z.string(),
});

/**
 * The band a score is shown in under the token's verdict, as the server decided it
 * (shared/vocabulary.ts `shownBand`, called once per score by the server). Every result that shows a
 * score as a card or a coloured figure carries one per score in `bands: { <score>: ShownBand }`, so
 * the page and the CLI colour by it and re-derive nothing from the number (issue 21).
 */
export const shownBandSchema = z
  .object({
    band: z.enum(['muted', 'green', 'yellow', 'orange', 'red'] as const satisfies readonly SubScoreBand[]),
    capped: z.boolean().meta({ description: "The verdict changed the score's own band (greyed or capped)." }),
  })
  .meta({ id: 'ShownBand' });
