/**
 * Who can pull the main pool's liquidity (issue 35): each position's holder, what it is by effect
 * (burned, locked until a date, locked for good, withdrawable by a named address, an independent
 * provider, not judged) and the evidence line the simulation gave. From the token report's facts.
 */
import type { FactsSummary } from '@shared/analysis';
import { formatPct, formatUsd } from '@shared/format';
import type { LiquidityHolderKind, LiquidityLedger, LiquidityPosition } from '@shared/liquidity-ledger';
import { Lock } from 'lucide-react';
import { useReport } from '../../lib/queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { Panel } from '../ui/panel';

const day = (t: number) => new Date(t * 1000).toUTCString().slice(5, 16);

/** The words and tone of each kind; an independent provider's own liquidity is no warning. */
export function kindBadge(p: Pick<LiquidityPosition, 'kind' | 'side'> & { unlockTime?: number | null }): {
  label: string;
  tone: BadgeTone;
} {
  const KIND: Record<LiquidityHolderKind, { label: string; tone: BadgeTone }> = {
    burned: { label: 'Burned', tone: 'success' },
    locked_forever: { label: 'Locked for good', tone: 'success' },
    locked_until: { label: 'Locked until a date', tone: 'neutral' },
    withdrawable: { label: 'Withdrawable', tone: 'danger' },
    staked: { label: 'Staked', tone: 'caution' },
    unknown: { label: 'Not judged', tone: 'warning' },
  };
  if (p.kind === 'locked_until' && p.unlockTime)
    return { label: `Locked until ${day(p.unlockTime)}`, tone: 'neutral' };
  if (p.kind === 'withdrawable' && p.side === 'independent')
    return { label: 'Independent provider', tone: 'neutral' };
  return KIND[p.kind];
}

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
/** Positions listed; the rest are summed in one line. */
const SHOWN = 8;

export function LiquidityLedgerView({ ledger, pair }: { ledger: LiquidityLedger; pair: string }) {
  const shown = ledger.positions.filter((p) => p.activeShare > 0 || p.share > 0).slice(0, SHOWN);
  const rest = ledger.positions.length - shown.length;
  const pull = ledger.creatorPullableShare;
  return (
    <Panel title="Who can pull the liquidity" icon={Lock} testId="panel-liquidity-ledger">
      <p className="text-sm text-slate-300" data-testid="ledger-headline">
        {pull === null
          ? 'Who holds this pool’s liquidity could not be read.'
          : `The creator’s side can pull ${formatPct(pull * 100, 1)}${
              ledger.creatorPullableUsd !== null && pull > 0
                ? ` (${formatUsd(ledger.creatorPullableUsd)})`
                : ''
            } of the active liquidity now.`}
        {ledger.unlockSchedule.map((u) => (
          <span key={u.time}>
            {' '}
            {formatPct(u.activeShare * 100, 0)} unlocks on {day(u.time)}.
          </span>
        ))}
      </p>
      <p className="mt-1 text-xs text-slate-400">
        Pool <code className="break-all">{short(pair)}</code>; each holder contract’s own functions were
        simulated as its owner, depositors, the creator and a stranger, now and at later dates.
        {ledger.note ? ` ${ledger.note}` : ''}
      </p>
      <ul className="mt-3 grid gap-2" data-testid="ledger-positions">
        {shown.map((p) => {
          const b = kindBadge(p);
          return (
            <li
              key={`${p.holder}-${p.positionId ?? 'lp'}`}
              className="rounded-lg border border-white/5 bg-white/[0.03] p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-white">
                  <code>{short(p.holder)}</code>
                  {p.label ? <span className="text-xs text-slate-400"> · {p.label}</span> : null}
                </span>
                <span className="flex items-center gap-2 text-xs text-slate-400">
                  {formatPct(p.activeShare * 100, 1)} active
                  {p.valueUsd !== null ? ` · ${formatUsd(p.valueUsd)}` : ''}
                  <Badge tone={b.tone}>{b.label}</Badge>
                </span>
              </div>
              <p className="mt-1 text-xs leading-relaxed wrap-anywhere text-slate-400">{p.evidence}</p>
            </li>
          );
        })}
      </ul>
      {rest > 0 ? <p className="mt-2 text-xs text-slate-400">…and {rest} more positions.</p> : null}
    </Panel>
  );
}

/** The main pool's ledger (the report's first pool), when the report gathered one. */
export function mainLedger(
  facts: FactsSummary | undefined,
): { ledger: LiquidityLedger; pair: string } | null {
  const p = facts?.pools[0];
  return p?.liquidityLedger ? { ledger: p.liquidityLedger, pair: p.pair } : null;
}

export function LiquidityLedgerPanel({ address }: { address: string }) {
  const report = useReport(address);
  const main = mainLedger(report.data?.facts);
  return main ? <LiquidityLedgerView ledger={main.ledger} pair={main.pair} /> : null;
}
