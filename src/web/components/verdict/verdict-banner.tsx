/**
 * The token's one verdict (issue 24), said plainly at the top of every view of a token: the label in
 * large type, its one-line reason and the findings that decided it. Colours come from the verdict's
 * tone (shared/vocabulary.ts VERDICTS). `compact` is the one-line form for cards and list rows.
 */
import type { TokenVerdict, VerdictHeadline, VerdictKind } from '@shared/analysis';
import { VERDICTS, type VerdictTone } from '@shared/vocabulary';
import { CircleCheck, CircleHelp, OctagonX, ShieldAlert, TriangleExclamationPoint } from 'lucide-react';
import { cn } from '../../lib/cn';

const TONE_CLASSES: Record<VerdictTone, string> = {
  critical: 'border-red-500/60 bg-red-950/70 text-red-100',
  high: 'border-orange-500/60 bg-orange-950/60 text-orange-100',
  medium: 'border-yellow-500/50 bg-yellow-950/50 text-yellow-100',
  low: 'border-emerald-500/40 bg-emerald-950/40 text-emerald-100',
  unknown: 'border-slate-500/50 bg-slate-800/60 text-slate-100',
};

const TONE_LABEL: Record<VerdictTone, string> = {
  critical: 'text-red-300',
  high: 'text-orange-300',
  medium: 'text-yellow-300',
  low: 'text-emerald-300',
  unknown: 'text-slate-200',
};

const ICONS: Record<VerdictKind, typeof OctagonX> = {
  honeypot: OctagonX,
  rugged: OctagonX,
  dangerous: ShieldAlert,
  caution: TriangleExclamationPoint,
  no_major_risk: CircleCheck,
  unknown: CircleHelp,
};

export const verdictTone = (kind: VerdictKind): VerdictTone => VERDICTS[kind].tone;
export const verdictLabelClass = (kind: VerdictKind) => TONE_LABEL[verdictTone(kind)];

export function VerdictBanner({
  verdict,
  compact = false,
  className,
}: {
  verdict: TokenVerdict | VerdictHeadline;
  compact?: boolean;
  className?: string;
}) {
  const tone = verdictTone(verdict.kind);
  const Icon = ICONS[verdict.kind];
  // The finding the reason was taken from is not repeated under it.
  const head = verdict.reason.slice(0, 50);
  const findings = ('findings' in verdict ? verdict.findings : []).filter(
    (f) => !f.detail.startsWith(head) && !verdict.reason.includes(f.detail.replace(/\.$/, '').slice(0, 50)),
  );
  if (compact)
    return (
      <div
        data-testid="verdict-banner"
        data-verdict={verdict.kind}
        className={cn(
          'flex min-w-0 items-start gap-2 rounded-lg border px-3 py-2 text-xs',
          TONE_CLASSES[tone],
          className,
        )}
      >
        <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', TONE_LABEL[tone])} />
        <p className="min-w-0 wrap-anywhere">
          <span className={cn('font-semibold', TONE_LABEL[tone])}>{verdict.label}</span>
          <span className="text-slate-300"> · {verdict.reason}</span>
        </p>
      </div>
    );
  return (
    <section
      aria-label="Verdict"
      data-testid="verdict-banner"
      data-verdict={verdict.kind}
      className={cn('rounded-2xl border-2 px-4 py-3 sm:px-5 sm:py-4', TONE_CLASSES[tone], className)}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className={cn('mt-1 size-7 shrink-0', TONE_LABEL[tone])} />
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Verdict</p>
          <h2 data-testid="verdict-label" className={cn('text-xl font-bold sm:text-2xl', TONE_LABEL[tone])}>
            {verdict.label}
          </h2>
          <p data-testid="verdict-reason" className="mt-1 text-sm wrap-anywhere text-slate-200">
            {verdict.reason}
          </p>
          {findings.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-xs text-slate-300">
              {findings.map((f) => (
                <li key={f.check} className="wrap-anywhere">
                  <span className="font-semibold text-slate-100">{f.label}</span>
                  {f.outcome === 'fail' ? ' ✗ ' : f.outcome === 'unknown' ? ' ? ' : ' ! '}
                  {f.detail}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
