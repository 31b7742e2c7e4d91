/**
 * OpenAPI schema of the liquidity ledger (issue 35; the type is src/shared/liquidity-ledger.ts):
 * who can pull each pool's liquidity, judged by simulating the holders' own calls.
 */
import { z } from 'zod';
import { LIQUIDITY_HOLDER_KINDS, LIQUIDITY_SIDES } from '../liquidity-ledger';

const d = (description: string) => ({ description });

export const liquidityPositionSchema = z
  .object({
    holder: z.string(),
    holderIsContract: z.boolean(),
    positionId: z.string().nullable(),
    share: z.number().meta(d("Share (0..1) of all the pool's liquidity.")),
    activeShare: z.number().meta(d('Share (0..1) of the liquidity in range at the current price.')),
    tokenAmount: z.number().nullable(),
    quoteAmount: z.number().nullable(),
    valueUsd: z
      .number()
      .nullable()
      .meta(d('Quote side at its price, token side at what selling it returns.')),
    kind: z.enum(LIQUIDITY_HOLDER_KINDS),
    side: z.enum(LIQUIDITY_SIDES),
    unlockTime: z.number().nullable().meta(d('Unix seconds a locked_until position can first be withdrawn.')),
    withdrawer: z.string().nullable(),
    withdrawCall: z.string().nullable(),
    feeCollector: z.string().nullable(),
    label: z.string().nullable(),
    evidence: z.string(),
  })
  .meta({
    id: 'LiquidityPosition',
    description: 'One pool position: its holder, and who can withdraw it, by effect.',
  });

export const liquidityLedgerSchema = z
  .object({
    positions: z.array(liquidityPositionSchema),
    creatorPullableShare: z
      .number()
      .nullable()
      .meta(d("Share (0..1) of active liquidity the creator's side can pull now.")),
    creatorPullableUsd: z.number().nullable(),
    independentShare: z.number().nullable(),
    lockedForeverShare: z.number().nullable(),
    unlockSchedule: z.array(z.object({ time: z.number(), activeShare: z.number() })),
    unknownShare: z.number(),
    complete: z.boolean(),
    note: z.string().nullable(),
  })
  .meta({ id: 'LiquidityLedger', description: "Who can pull a pool's liquidity, when and how." });

/** The trader summary's reading of the main pool's ledger (absent: no ledger gathered). */
export const creatorPullableFields = {
  creatorPullableShare: z
    .number()
    .nullable()
    .optional()
    .meta(
      d("Share (0..1) of the main pool's active liquidity the creator's side can pull now (the ledger)."),
    ),
  creatorPullableUsd: z.number().nullable().optional(),
  unlockNote: z.string().nullable().optional().meta(d('The unlock schedule in words.')),
};
