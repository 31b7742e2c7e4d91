/**
 * A score with its badge and colour band (spec §4: 80+ green, 60+ yellow, 40+ orange, else red, under
 * the token's verdict) that opens the evidence behind it. The band is the server's (`shown`, from the
 * result's `bands`): the card never works a band out from the number (issue 21). The whole card header is one button (aria-expanded), so the evidence
 * is reachable by keyboard and by a click anywhere on the score.
 */
import type { Evidence, VerdictKind } from '@shared/analysis';
import { type ShownBand, subScoreNote, VERDICTS } from '@shared/vocabulary';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useDisclosure } from '../../lib/use-disclosure';
import { Badge, type BadgeTone } from '../ui/badge';
import { Card } from '../ui/card';
import { EvidenceList } from './evidence-panel';
import { BAND_BAR, BAND_RING, BAND_TEXT, BAND_TONE } from './score-style';

export type ScoreCardProps = {
  title: string;
  /** 0–100. */
  score: number;
  /** Badge text, e.g. 'Good', 'LOW Risk', '6 Whales'. */
  badge?: ReactNode;
  /** Badge colour; follows the score band when omitted. */
  badgeTone?: BadgeTone;
  icon?: LucideIcon;
  evidence: readonly Evidence[];
  /** Extra text under the score. */
  caption?: ReactNode;
  defaultOpen?: boolean;
  /** Controlled open state; with `evidenceId` the evidence is rendered elsewhere (e.g. below a row of cards). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Id of an evidence region rendered by the caller; the card then renders no list itself. */
  evidenceId?: string;
  className?: string;
  /** data-testid for tests; 'score-card' by default. */
  testId?: string;
  /** The token's verdict: words the note under a greyed or capped score. */
  verdict?: VerdictKind | null;
  /** The score is the verdict's own measure (the scanner's safety, the rug score): its note says so. */
  decidesVerdict?: boolean;
  /**
   * The band the server decided for this score under the verdict (each result's `bands`); the card
   * reads it and derives nothing from the number.
   */
  shown: ShownBand;
};

export function ScoreCard({
  title,
  score,
  badge,
  badgeTone,
  icon: Icon,
  evidence,
  caption,
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  evidenceId,
  className,
  testId = 'score-card',
  verdict,
  decidesVerdict = false,
  shown,
}: ScoreCardProps) {
  const {
    open,
    id: panelId,
    button,
  } = useDisclosure({
    defaultOpen,
    open: openProp,
    onOpenChange,
    controls: evidenceId,
  });
  // The server banded the score under the verdict (shownBand): a score the verdict is built from
  // stays in colour (red reads red) but is never green under a verdict that caps sub-scores.
  const { band, capped: changed } = shown;
  const muted = band === 'muted';
  const note = !verdict
    ? null
    : decidesVerdict
      ? changed
        ? `capped: the verdict is ${VERDICTS[verdict].label}`
        : null
      : muted || changed
        ? subScoreNote(verdict)
        : null;
  const rounded = Math.round(score);
  return (
    <Card
      data-testid={testId}
      data-band={band}
      className={cn('flex flex-col overflow-hidden border', BAND_RING[band], className)}
    >
      <button
        {...button}
        className="flex w-full flex-1 flex-col gap-3 p-5 text-left transition-colors hover:bg-white/[0.03] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-400"
      >
        <span className="flex items-start gap-2 text-sm font-medium text-slate-300">
          {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" /> : null}
          <span>{title}</span>
        </span>
        <span className="flex w-full flex-wrap items-center justify-between gap-2">
          <span className="flex items-baseline gap-1">
            <span
              data-testid="score-value"
              className={cn('text-4xl font-bold tabular-nums', BAND_TEXT[band])}
            >
              {rounded}
            </span>
            <span className="text-sm text-slate-400">/100</span>
          </span>
          {badge !== undefined ? (
            <Badge tone={muted ? 'neutral' : (badgeTone ?? BAND_TONE[band])}>{badge}</Badge>
          ) : null}
        </span>
        <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-white/10">
          <span
            className={cn('block h-full rounded-full', BAND_BAR[band])}
            style={{ width: `${Math.min(100, Math.max(0, rounded))}%` }}
          />
        </span>
        {note ? (
          <span data-testid="score-note" className="text-xs font-medium text-slate-300">
            {note}
          </span>
        ) : null}
        {caption ? <span className="text-xs text-slate-400">{caption}</span> : null}
        <span className="mt-auto inline-flex items-center gap-1 text-xs font-medium text-brand-300">
          <ChevronDown
            aria-hidden="true"
            className={cn('size-3.5 transition-transform', open && 'rotate-180')}
          />
          Why this score?
        </span>
      </button>
      {evidenceId ? null : (
        <div id={panelId} hidden={!open} className="border-t border-white/5 p-4">
          {open ? <EvidenceList evidence={evidence} /> : null}
        </div>
      )}
    </Card>
  );
}
