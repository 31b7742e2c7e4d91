/** The API schema of what a pool's value rests on (shared/pool-value.ts, ADR 0047). */
import { z } from 'zod';
import { POOL_VALUE_BASES } from '../pool-value';

const d = (description: string) => ({ description });

export const poolValueFields = {
  poolValueBasis: z
    .enum(POOL_VALUE_BASES)
    .nullable()
    .meta(
      d(
        "Where the valued amounts were read: reserves (V2), positions (each at the current price), balances (the pool contract's) or index (a V4 pool's indexed balance); null: not valued.",
      ),
    ),
  poolValueNote: z.string().nullable().meta(d('Why the pool has no value; null when it has one.')),
};
