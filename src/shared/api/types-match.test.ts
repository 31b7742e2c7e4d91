/**
 * The market tools' response types (src/shared/market-tools.ts) are written out by hand, because
 * their schemas (api/market-schemas.ts) import that module's constants and an import back would be a
 * circle. This type-level test holds each type equal to its schema's, so neither can drift: a
 * change on one side alone fails `npm run typecheck`.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as T from '../market-tools';
import type * as Search from '../search';
import type * as S from './market-schemas';

describe('market tool types equal their API schemas', () => {
  it('holds at compile time', () => {
    expectTypeOf<T.AlertDetails>().toEqualTypeOf<z.infer<typeof S.alertDetailsSchema>>();
    expectTypeOf<T.SecurityAlert>().toEqualTypeOf<z.infer<typeof S.securityAlertSchema>>();
    expectTypeOf<T.SecurityStats>().toEqualTypeOf<z.infer<typeof S.securityStatsSchema>>();
    expectTypeOf<T.MonitoredToken>().toEqualTypeOf<z.infer<typeof S.monitoredTokenSchema>>();
    expectTypeOf<T.MonitorTokenResponse>().toEqualTypeOf<z.infer<typeof S.monitorTokenResponseSchema>>();
    expectTypeOf<T.PumpSignal>().toEqualTypeOf<z.infer<typeof S.pumpSignalSchema>>();
    expectTypeOf<T.PumpOpportunity>().toEqualTypeOf<z.infer<typeof S.pumpOpportunitySchema>>();
    expectTypeOf<T.PumpAvoid>().toEqualTypeOf<z.infer<typeof S.pumpAvoidSchema>>();
    expectTypeOf<T.PumpResponse>().toEqualTypeOf<z.infer<typeof S.pumpResponseSchema>>();
    expectTypeOf<T.Airdrop>().toEqualTypeOf<z.infer<typeof S.airdropSchema>>();
    expectTypeOf<T.AirdropSummary>().toEqualTypeOf<z.infer<typeof S.airdropSummarySchema>>();
    expectTypeOf<T.RequirementResult>().toEqualTypeOf<z.infer<typeof S.requirementResultSchema>>();
    expectTypeOf<T.EligibilityResult>().toEqualTypeOf<z.infer<typeof S.eligibilityResultSchema>>();
  });
});

describe('search types equal their API schemas', () => {
  it('holds at compile time', () => {
    expectTypeOf<Search.TokenSearchResponse>().toEqualTypeOf<z.infer<typeof S.tokenSearchResponseSchema>>();
  });
});
