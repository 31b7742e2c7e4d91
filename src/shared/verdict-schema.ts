/** The verdict's headline as list responses carry it (portfolio rows, trading calls), as a schema. */
import { z } from 'zod';

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
