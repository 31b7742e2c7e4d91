/**
 * The main pool's Uniswap V4 hook (ADR 0026): its address, what its permission bits let it do (in
 * words), the trades measured through it and the verdict. Shown only when the main pool has a hook;
 * its own query of the token report (the report carries the hook summary in its facts).
 */
import type { FactsSummary } from '@shared/analysis';
import { Anchor } from 'lucide-react';
import { useReport } from '../../lib/queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { Panel } from '../ui/panel';

type HookSummary = NonNullable<FactsSummary['hook']>;

const LEVEL: Record<NonNullable<HookSummary['level']>, { label: string; tone: BadgeTone }> = {
  ok: { label: 'No hook risk found', tone: 'neutral' },
  caution: { label: 'Caution', tone: 'caution' },
  dangerous: { label: 'Dangerous', tone: 'danger' },
};

export function HookPanelView({ hook }: { hook: HookSummary }) {
  const level = hook.level ? LEVEL[hook.level] : null;
  return (
    <Panel title="Hook (Uniswap V4)" icon={Anchor} testId="panel-hook">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <code className="text-sm break-all text-white" data-testid="hook-address">
          {hook.hook}
        </code>
        {hook.honeypot ? (
          <Badge tone="danger">Honeypot</Badge>
        ) : level ? (
          <Badge tone={level.tone}>{level.label}</Badge>
        ) : (
          <Badge>Not measured</Badge>
        )}
      </div>
      {hook.permissions.length > 0 ? (
        <ul className="mt-3 grid gap-1 text-sm text-slate-300" data-testid="hook-permissions">
          {hook.permissions.map((p) => (
            <li key={p.name}>
              The hook {p.words} <span className="text-xs text-slate-400">({p.name})</span>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-3 grid gap-1 text-sm text-slate-300" data-testid="hook-evidence">
        {hook.evidence.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Panel>
  );
}

export function HookPanel({ address }: { address: string }) {
  const report = useReport(address);
  const hook = report.data?.facts.hook;
  return hook ? <HookPanelView hook={hook} /> : null;
}
