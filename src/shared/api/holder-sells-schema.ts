/**
 * The holders' sells in the report's facts: each sampled holder's sell (a tenth, the whole
 * balance, from its own wallet) and the largest holders' exit one after another.
 */
import { z } from 'zod';

const d = (description: string) => ({ description });

const sellTrySchema = z.object({
  ok: z.boolean(),
  taxPct: z.number().nullable(),
  revertReason: z.string().nullable(),
});

export const holderSellOutcomeSchema = z
  .object({
    address: z.string(),
    role: z.string().meta(d("Why it was sampled: 'oldest buyer', 'median buyer', 'largest holder', …")),
    boughtBlock: z.number().nullable(),
    ok: z.boolean(),
    afterBlocks: z.number().nullable(),
    taxPct: z.number().nullable(),
    revertReason: z.string().nullable(),
    /**
     * The holder's whole balance sold at once (the sell above is a tenth); absent or null when not
     * tried or inconclusive.
     */
    whole: sellTrySchema
      .nullable()
      .optional()
      .meta(d('A sell of the holder’s whole balance at once (the main outcome sells a tenth).')),
    /**
     * A sell from the holder's own wallet (no contract code, straight to the router); absent or
     * null when not tried (Uniswap V4, no eth_simulateV1) or inconclusive. Folded into `ok` and
     * `taxPct` above: a wallet is what a real holder sells from.
     */
    wallet: sellTrySchema
      .nullable()
      .optional()
      .meta(
        d('A sell from the holder’s own wallet (no code) through the router, as a real holder makes it.'),
      ),
  })
  .meta({ id: 'HolderSellOutcome' });

export const holderSellsSchema = z
  .object({
    sampled: z.number(),
    couldSell: z.number(),
    failed: z.number(),
    minTaxPct: z.number().nullable(),
    maxTaxPct: z.number().nullable(),
    sellers: z.array(holderSellOutcomeSchema).optional(),
    inconclusive: z.number().optional(),
    sequence: z
      .object({
        sellers: z.array(
          z.object({
            address: z.string(),
            ok: z.boolean(),
            taxPct: z.number().nullable(),
            revertReason: z.string().nullable(),
          }),
        ),
        trappedFrom: z.number().nullable(),
      })
      .nullable()
      .optional()
      .meta(
        d(
          'The largest holders selling their whole balance one after another; trappedFrom: the first refused although it could sell alone.',
        ),
      ),
  })
  .nullable();
