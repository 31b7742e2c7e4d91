/** Shared building blocks for the token research pages (analysis, whale, liquidity, health). */

export { Panel, StatRow } from '../ui/panel';
export { LiquidityPanel, RecommendationCard, SecurityPanel, WhalePanel } from './analysis-panels';
export { ErrorState } from './error-state';
export { EvidenceList, EvidencePanel, evidenceImpact, evidenceValue } from './evidence-panel';
export { OwnerPowersPanel } from './owner-powers-panel';
export { ScoreCard, type ScoreCardProps } from './score-card';
export { BAND_BAR, BAND_TEXT, BAND_TONE, bandTextClass, severityTone } from './score-style';
export { ScoreCardSkeleton } from './skeleton-card';
