/** Colours for scores and risk levels (spec §4), shared by the analysis components and pages. */
import { type RiskLevel, type ScoreBand, type Severity, scoreBand } from '@shared/analysis';
import type { BadgeTone } from '../ui/badge';

/** Spec §4 score colour bands: 80+ green, 60+ yellow, 40+ orange, else red. */
export const BAND_TEXT: Record<ScoreBand, string> = {
  green: 'text-emerald-400',
  yellow: 'text-yellow-400',
  orange: 'text-orange-400',
  red: 'text-red-400',
};

export const BAND_BAR: Record<ScoreBand, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

export const BAND_RING: Record<ScoreBand, string> = {
  green: 'border-emerald-500/30',
  yellow: 'border-yellow-500/30',
  orange: 'border-orange-500/30',
  red: 'border-red-500/30',
};

export const BAND_TONE: Record<ScoreBand, BadgeTone> = {
  green: 'success',
  yellow: 'warning',
  orange: 'caution',
  red: 'danger',
};

export const scoreTextClass = (score: number) => BAND_TEXT[scoreBand(score)];
export const scoreTone = (score: number): BadgeTone => BAND_TONE[scoreBand(score)];

/** Spec §4 severity colours: critical red, high orange, medium yellow, else green. */
export function severityTone(s: Severity | RiskLevel | string): BadgeTone {
  switch (s.toLowerCase()) {
    case 'critical':
      return 'danger';
    case 'high':
      return 'caution';
    case 'medium':
      return 'warning';
    case 'low':
      return 'success';
    default:
      return 'neutral';
  }
}
