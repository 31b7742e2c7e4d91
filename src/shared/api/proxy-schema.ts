/**
 * A report's proxy facts: how the token finds the code it runs (issue 36 item 4). `kind` is the
 * standard (eip1167, eip1967, other); `form` says which pattern of it (clone, transparent, uups,
 * slot, beacon, legacy, fallback); `beacon` is set for a beacon proxy only. `form` and `beacon`
 * are optional so answers cached before they existed still parse.
 */
import { z } from 'zod';

export const proxyFactsSchema = z.object({
  kind: z.string(),
  form: z.string().optional(),
  implementation: z.string().nullable(),
  beacon: z.string().nullable().optional(),
  admin: z.string().nullable(),
  upgradeCount: z.number(),
  lastUpgradeAt: z.number().nullable(),
});
