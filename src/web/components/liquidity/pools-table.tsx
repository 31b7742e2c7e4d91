/**
 * The token's pools on every venue we read (issue 14): venue, pair, fee tier, liquidity, share of
 * the token's liquidity and the share locked or burned. The first row is the main pool, the one
 * prices, impact and the chart come from.
 */
import { shortAddress } from '@shared/address';
import type { LiquidityResult } from '@shared/analysis';
import { formatPercent, formatPoolValue, formatRatioPercent, formatUsd } from '@shared/format';
import { Layers } from 'lucide-react';
import { Panel } from '../ui/stat-card';

const HOOK_VERDICT_WORDS = {
  ok: 'no hook risk found',
  caution: 'caution',
  dangerous: 'dangerous',
  honeypot: 'honeypot',
} as const;

export function PoolsPanel({ data }: { data: Pick<LiquidityResult, 'pools' | 'unreadPoolCount'> }) {
  const pools = data.pools ?? [];
  return (
    <Panel title="Pools" icon={Layers} testId="pools-panel">
      {pools.length === 0 ? (
        <p className="text-sm text-slate-400">
          {data.unreadPoolCount > 0
            ? 'This token trades only on a venue we do not read yet.'
            : 'No liquidity pool found for this token.'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="pools-table">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Venue</th>
                <th className="py-1 pr-3 font-medium">Pair</th>
                <th className="py-1 pr-3 font-medium">Fee</th>
                <th className="py-1 pr-3 text-right font-medium">Liquidity</th>
                <th
                  className="py-1 pr-3 text-right font-medium"
                  title="Quote-side liquidity within ±2% of the price"
                >
                  ±2% depth
                </th>
                <th className="py-1 pr-3 text-right font-medium">Share</th>
                <th className="py-1 text-right font-medium">Locked</th>
              </tr>
            </thead>
            <tbody>
              {pools.map((p, i) => (
                <tr key={p.pool} className="border-t border-slate-800" data-testid="pool-row">
                  <td className="py-1 pr-3">
                    {p.venue}
                    {i === 0 ? <span className="ml-1 text-xs text-brand-300">main</span> : null}
                    {p.hook ? (
                      <span
                        className="block text-xs text-slate-400"
                        title={p.hook.permissions.join('; ') || 'no permissions'}
                        data-testid="pool-hook"
                      >
                        hook {shortAddress(p.hook.address)}
                        {p.hook.permissions.length > 0 ? `: ${p.hook.permissions.join('; ')}` : ''}
                        {p.hook.verdict ? ` (${HOOK_VERDICT_WORDS[p.hook.verdict]})` : ''}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1 pr-3" title={p.pool}>
                    {p.pair} <span className="text-xs text-slate-400">{shortAddress(p.pool)}</span>
                  </td>
                  <td className="py-1 pr-3">{p.feePct === null ? '—' : `${p.feePct}%`}</td>
                  <td className="py-1 pr-3 text-right">{formatPoolValue(p.liquidityUsd)}</td>
                  <td className="py-1 pr-3 text-right">{formatPoolValue(p.depthUsd2Pct)}</td>
                  <td className="py-1 pr-3 text-right">{formatRatioPercent(p.share, 1)}</td>
                  <td className="py-1 text-right">{formatRatioPercent(p.lockedShare, 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MainPoolPrice pool={pools[0]} />
          {data.unreadPoolCount > 0 ? (
            <p className="mt-2 text-xs text-slate-400">
              Plus {data.unreadPoolCount} pool(s) on a venue we do not read yet.
            </p>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

/** The main pool's price beside its 30-minute average (V3), or why there is no average. */
function MainPoolPrice({ pool }: { pool: LiquidityResult['pools'][number] | undefined }) {
  if (!pool) return null;
  if (pool.twapNote)
    return (
      <p className="mt-2 text-xs text-slate-400" data-testid="pool-twap">
        {pool.twapNote}
      </p>
    );
  if (pool.twapPriceUsd === null || pool.twapDeviationPct === null) return null;
  return (
    <p
      className={`mt-2 text-xs ${pool.priceManipulated ? 'text-red-300' : 'text-slate-400'}`}
      data-testid="pool-twap"
    >
      Price {formatUsd(pool.priceUsd)} · 30-minute average (TWAP) {formatUsd(pool.twapPriceUsd)} (
      {pool.twapDeviationPct > 0 ? '+' : ''}
      {formatPercent(pool.twapDeviationPct, 1)})
      {pool.priceManipulated ? ' — the price looks manipulated: trust the average.' : ''}
    </p>
  );
}
