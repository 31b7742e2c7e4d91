/**
 * The analysis page's five score cards and the evidence of the one opened (one evidence panel under
 * the row, shared by the cards through `evidenceId`), and their loading placeholder.
 */
import type { VerdictKind } from '@shared/analysis';
import { EvidenceList } from '../analysis/evidence-panel';
import { ScoreCard } from '../analysis/score-card';
import { ScoreCardSkeleton } from '../analysis/skeleton-card';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import type { CardSpec } from './score-cards';

export function ScoresPending() {
  return (
    <section aria-label="Loading scores" aria-busy="true">
      <p className="sr-only" role="status">
        Loading analysis…
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <ScoreCardSkeleton key={i} />
        ))}
      </div>
    </section>
  );
}

/** Which card is open lives with the page (`openCard`), so it survives the section re-rendering. */
export function ScoreSection({
  cards,
  verdict,
  openCard,
  setOpenCard,
  evidenceId,
}: {
  cards: CardSpec[];
  verdict: VerdictKind | undefined;
  openCard: string | null;
  setOpenCard: (key: string | null) => void;
  evidenceId: string;
}) {
  const selected = cards.find((c) => c.key === openCard);
  return (
    <>
      <section aria-label="Scores" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map((c) => (
          <ScoreCard
            key={c.key}
            testId={`score-${c.key}`}
            title={c.title}
            icon={c.icon}
            score={c.score}
            shown={c.shown}
            badge={c.badge}
            caption={c.caption}
            evidence={c.evidence}
            open={openCard === c.key}
            onOpenChange={(o) => setOpenCard(o ? c.key : null)}
            evidenceId={evidenceId}
            verdict={verdict}
            decidesVerdict={c.decidesVerdict}
          />
        ))}
      </section>
      <div id={evidenceId} hidden={!selected}>
        {selected ? <ScoreEvidence card={selected} onClose={() => setOpenCard(null)} /> : null}
      </div>
    </>
  );
}

function ScoreEvidence({ card, onClose }: { card: CardSpec; onClose: () => void }) {
  return (
    <Card data-testid="score-evidence" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-white">
          Why {card.title} scored {Math.round(card.score)}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-400">
        Each check, what it saw and the points it took off (score = 100 minus the deductions).
      </p>
      <EvidenceList evidence={card.evidence} className="mt-4 md:grid-cols-2" />
    </Card>
  );
}
