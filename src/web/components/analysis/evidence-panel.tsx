/**
 * "Why this score?": the evidence lines behind a score (DESIGN §1.2), worst first. Each line shows
 * its outcome icon, the check's label, the value seen, the sentence that explains it and how many
 * points it deducted out of its weight. A disclosure button (aria-expanded/aria-controls) opens the
 * list; everything is plain text, so values that came from the chain cannot inject markup.
 */
import type { CheckOutcome, Evidence } from '@shared/analysis';
import { sortEvidenceWorstFirst } from '@shared/analysis';
import {
  ChevronDown,
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  type LucideIcon,
  TriangleExclamationPoint,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { useDisclosure } from '../../lib/use-disclosure';

const OUTCOMES: Record<CheckOutcome, { icon: LucideIcon; label: string; className: string }> = {
  pass: { icon: CircleCheck, label: 'Passed', className: 'text-emerald-400' },
  warn: { icon: TriangleExclamationPoint, label: 'Warning', className: 'text-yellow-400' },
  fail: { icon: CircleX, label: 'Failed', className: 'text-red-400' },
  unknown: { icon: CircleQuestionMark, label: 'Unknown', className: 'text-slate-400' },
};

/** An evidence value as text: booleans Yes/No, null 'Unknown', numbers with at most 2 decimals. */
export function evidenceValue(value: Evidence['value']): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2).replace(/\.?0+$/, '');
  }
  return value;
}

/** 'Deducted 5 of 15 points', or 'Informational' for weight-0 lines. */
export function evidenceImpact(e: Evidence): string {
  if (e.weight === 0) return 'Informational';
  const n = (x: number) => String(Math.round(x * 100) / 100);
  return e.impact > 0 ? `−${n(e.impact)} of ${n(e.weight)} pts` : `0 of ${n(e.weight)} pts`;
}

export function EvidenceList({ evidence, className }: { evidence: readonly Evidence[]; className?: string }) {
  if (evidence.length === 0) {
    return (
      <p className={cn('text-sm text-slate-400', className)}>No evidence was returned for this score.</p>
    );
  }
  return (
    <ul className={cn('grid gap-2', className)}>
      {sortEvidenceWorstFirst(evidence).map((e) => {
        const o = OUTCOMES[e.outcome];
        const Icon = o.icon;
        return (
          <li
            key={e.check}
            data-outcome={e.outcome}
            className="flex gap-3 rounded-lg border border-white/5 bg-white/[0.03] p-3 text-left"
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', o.className)} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="text-sm font-medium text-white">
                  <span className="sr-only">{o.label}: </span>
                  {e.label}
                  <span className="ml-2 font-mono text-xs font-normal break-all text-slate-300">
                    {evidenceValue(e.value)}
                  </span>
                </p>
                <span
                  className={cn(
                    'shrink-0 text-xs tabular-nums',
                    e.impact > 0 ? 'text-orange-300' : 'text-slate-400',
                  )}
                >
                  {evidenceImpact(e)}
                </span>
              </div>
              <p className="mt-1 text-xs leading-relaxed wrap-anywhere text-slate-400">{e.detail}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

type EvidencePanelProps = {
  evidence: readonly Evidence[];
  /** Toggle text; 'Why this score?' by default. */
  label?: string;
  defaultOpen?: boolean;
  /** Controlled open state (e.g. a score card that opens its evidence when clicked). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
  /** 'sm': the toggle in the small caption style of a figure card (StatCard). */
  size?: 'sm' | 'md';
};

/** A 'Why this score?' disclosure over an evidence list. Controlled or uncontrolled. */
export function EvidencePanel({
  evidence,
  label = 'Why this score?',
  defaultOpen = false,
  open: openProp,
  onOpenChange,
  className,
  size = 'md',
}: EvidencePanelProps) {
  const { open, id, button } = useDisclosure({ defaultOpen, open: openProp, onOpenChange });
  const sm = size === 'sm';
  return (
    <div className={className}>
      <button
        {...button}
        className={cn(
          'inline-flex items-center',
          sm ? 'gap-1' : 'gap-1.5',
          'rounded-md',
          sm ? 'text-xs' : 'text-sm',
          'font-medium text-brand-300 transition-colors hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
        )}
      >
        <ChevronDown
          aria-hidden="true"
          className={cn(sm ? 'size-3.5' : 'size-4', 'transition-transform', open && 'rotate-180')}
        />
        {label}
      </button>
      <div id={id} hidden={!open} className="mt-3">
        {open ? <EvidenceList evidence={evidence} /> : null}
      </div>
    </div>
  );
}
