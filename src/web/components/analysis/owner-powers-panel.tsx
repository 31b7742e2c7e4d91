/**
 * Owner powers measured by simulation (docs/detection-method.md): each line is a function of the
 * token, who can call it, the probe arguments, the effect the call had and whether it is still usable
 * (the call succeeds today from the power's current holder) — names only label.
 * Inconclusive probes are listed too, so a reader knows what was not measured.
 */
import type { OwnerPowersSummary, VerdictKind } from '@shared/analysis';
import { shortHash } from '@shared/format';
import { KeyRound } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Panel } from '../ui/panel';
import { greenAllowed } from './score-style';

const EFFECT_LABEL: Record<string, string> = {
  mint: 'Creates tokens',
  move_tokens: "Moves others' tokens",
  sells_blocked: 'Blocks sells',
  buys_blocked: 'Blocks buys',
  holder_blocked: 'Blocks a holder',
  tax_raised: 'Raises the tax',
  limit_shrunk: 'Shrinks the limit',
};

export function OwnerPowersPanel({
  powers,
  verdict,
}: {
  powers?: OwnerPowersSummary | undefined;
  /** "No power found" is not shown as good news (green) on a token that cannot be sold. */
  verdict?: VerdictKind | undefined;
}) {
  if (!powers) return null;
  const simulated = powers.status === 'simulated';
  return (
    <Panel title="Owner Powers (measured)" icon={KeyRound} testId="panel-owner-powers">
      {!simulated ? (
        <p className="text-sm text-slate-400">{powers.reason ?? 'Owner powers were not simulated.'}</p>
      ) : (
        <>
          <p className="text-xs text-slate-400">
            {powers.callsSimulated} simulated calls of {powers.functionsProbed} functions as{' '}
            {powers.callers.map((c) => `${c.role} ${shortHash(c.address)}`).join(', ') ||
              'no privileged address'}{' '}
            ({powers.rpcRequests} RPC requests).
          </p>
          {powers.powers.length === 0 ? (
            <p className={`mt-2 text-sm ${greenAllowed(verdict) ? 'text-emerald-300' : 'text-slate-300'}`}>
              No call by a privileged address changed balances or trading.
            </p>
          ) : (
            <ul className="mt-2 grid gap-2" data-testid="owner-powers-list">
              {powers.powers.map((p) => (
                <li
                  key={`${p.selector}:${p.effects.join(',')}`}
                  className="rounded-lg border border-white/5 bg-white/[0.03] p-3"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <code className="text-sm font-medium break-all text-white">{p.function}</code>
                    <span className="flex flex-wrap gap-1">
                      {p.effects.map((e) => (
                        <Badge key={e} tone={p.usable ? 'danger' : 'neutral'}>
                          {EFFECT_LABEL[e] ?? e}
                        </Badge>
                      ))}
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-slate-300">
                    Called by {p.callerRole} {shortHash(p.caller)} with {p.args}
                  </p>
                  <p className="mt-1 text-xs leading-relaxed wrap-anywhere text-slate-400">{p.effect}</p>
                  <p
                    className={`mt-1 text-xs leading-relaxed wrap-anywhere ${p.usable ? 'text-rose-300' : 'text-emerald-300'}`}
                    data-testid="owner-power-usable"
                  >
                    {p.usable ? 'Still usable: ' : 'Not usable now: '}
                    {p.usableNow.replace(/^(usable now by|not usable now:)\s*/, '')}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {powers.inconclusive.length > 0 && (
            <details className="mt-3 text-xs text-slate-400">
              <summary>{powers.inconclusive.length} inconclusive probe(s)</summary>
              <ul className="mt-1 grid gap-1">
                {powers.inconclusive.map((i) => (
                  <li key={`${i.function}:${i.reason}`}>
                    <code className="break-all">{i.function}</code>: {i.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </Panel>
  );
}
