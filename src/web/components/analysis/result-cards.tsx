/**
 * The row of four cards at the top of a research result (whale tracker, liquidity scanner): the
 * result's own score first, then its figure cards (children). The lead card's band, evidence and
 * verdict are the result's (`bands.score`, `evidence`, `verdict`), so each page names only what
 * differs: the score, its title, icon, badge and caption.
 */
import type { Banded, Evidence, WithVerdict } from '@shared/analysis';
import type { ReactNode } from 'react';
import { ScoreCard, type ScoreCardProps } from './score-card';
import { verdictOf } from './score-style';

type Scored = Banded<{ evidence: Evidence[] }>;
type LeadScore = Pick<ScoreCardProps, 'testId' | 'title' | 'icon' | 'score' | 'badge' | 'caption'>;

export function ResultCards({
  label,
  data,
  lead,
  children,
}: {
  /** The section's aria-label ("Whale summary"). */
  label: string;
  data: Scored | WithVerdict<Scored>;
  lead: LeadScore;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <ScoreCard {...lead} shown={data.bands.score} evidence={data.evidence} verdict={verdictOf(data)} />
      {children}
    </section>
  );
}
