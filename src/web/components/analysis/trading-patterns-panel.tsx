/**
 * Snipers, bundled buys and wash-traded volume (issue 39): each finding's headline, then the
 * evidence as tables — the early buyers with their first block, transaction, funder, share of
 * supply now and sells; the groups; the wallets whose volume is counted as wash and why. From the
 * token report's `tradingPatterns`. Every string from the chain is rendered as text.
 */

import { formatPct } from '@shared/format';
import type {
  LineageFinding,
  PatternStatus,
  SniperFinding,
  TradingPatterns,
  WashFinding,
} from '@shared/trading-patterns';
import { Crosshair } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReport } from '../../lib/queries';
import { Badge, type BadgeTone } from '../ui/badge';
import { Panel } from '../ui/panel';

const short = (a: string | null) => (a ? `${a.slice(0, 6)}…${a.slice(-4)}` : '—');
const share = (s: number | null) => (s === null ? 'N/A' : formatPct(s * 100, 2));
/** Rows listed per table; the rest are counted. */
const SHOWN = 10;

const REASON: Record<WashFinding['wallets'][number]['reason'], string> = {
  back_and_forth: 'Back and forth',
  cluster: 'Funded cluster',
  liquidity_provider: 'LP trading its pool',
};

export function statusBadge(status: PatternStatus, found: string): { label: string; tone: BadgeTone } {
  if (status === 'found') return { label: found, tone: 'danger' };
  if (status === 'none') return { label: 'None found', tone: 'success' };
  return { label: 'Unknown', tone: 'warning' };
}

function SniperTables({ s }: { s: SniperFinding }) {
  const rows = s.wallets.slice(0, SHOWN);
  return (
    <>
      {rows.length ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-xs" data-testid="sniper-wallets">
            <caption className="sr-only">
              Early buyers, their first buy, funder and share of supply now
            </caption>
            <thead>
              <tr className="text-slate-400">
                <th className="py-1">Wallet</th>
                <th>First buy (block · tx)</th>
                <th>Funded by</th>
                <th>Share now</th>
                <th>Sold</th>
              </tr>
            </thead>
            <tbody className="text-slate-300">
              {rows.map((w) => (
                <tr key={w.address}>
                  <td className="py-1">
                    <code>{short(w.address)}</code>
                    {w.sniper ? <span className="text-slate-400"> · sniper</span> : null}
                  </td>
                  <td>
                    {w.firstBuyBlock} · <code>{short(w.firstBuyTx)}</code>
                  </td>
                  <td>
                    <code>{short(w.fundedBy)}</code>
                  </td>
                  <td>{share(w.shareNow)}</td>
                  <td>{w.sold ? `yes (${w.sells})` : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {s.wallets.length > rows.length ? (
        <p className="text-xs text-slate-400">…and {s.wallets.length - rows.length} more wallets.</p>
      ) : null}
      {s.groups.length ? (
        <ul className="grid gap-1 text-xs text-slate-400" data-testid="buyer-groups">
          {s.groups.map((g) => (
            <li key={`${g.kind}-${g.block ?? g.funder}`} className="wrap-anywhere">
              {g.evidence}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function WashTable({ w }: { w: WashFinding }) {
  const rows = w.wallets.slice(0, SHOWN);
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[560px] text-left text-xs" data-testid="wash-wallets">
        <caption className="sr-only">Wallets whose 24-hour volume is counted as wash, and why</caption>
        <thead>
          <tr className="text-slate-400">
            <th className="py-1">Wallet</th>
            <th>Why</th>
            <th>Buys · sells</th>
            <th>Volume</th>
            <th>Transactions</th>
          </tr>
        </thead>
        <tbody className="text-slate-300">
          {rows.map((x) => (
            <tr key={x.address} title={x.evidence}>
              <td className="py-1">
                <code>{short(x.address)}</code>
              </td>
              <td>{REASON[x.reason]}</td>
              <td>
                {x.buys} · {x.sells}
              </td>
              <td>
                {x.volume.toLocaleString('en-US', { maximumFractionDigits: 4 })} {w.quoteSymbol ?? ''}
              </td>
              <td>
                {x.txs.map((t) => (
                  <code key={t} className="mr-1">
                    {short(t)}
                  </code>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Finding({
  title,
  status,
  found,
  headline,
  note,
  children,
  testId,
}: {
  title: string;
  status: PatternStatus;
  found: string;
  headline: string;
  note: string | null;
  children: ReactNode;
  testId: string;
}) {
  const b = statusBadge(status, found);
  return (
    <section className="grid gap-2" data-testid={testId}>
      <h3 className="flex items-center justify-between gap-2 text-sm font-medium text-white">
        {title} <Badge tone={b.tone}>{b.label}</Badge>
      </h3>
      <p className="text-sm text-slate-300 wrap-anywhere">{headline}</p>
      {children}
      {note ? <p className="text-xs text-slate-400">{note}</p> : null}
    </section>
  );
}

const RELATION: Record<LineageFinding['tokens'][number]['relations'][number], string> = {
  deployer: 'same deployer',
  funder: "deployer's funder",
  twin: 'code twin',
};
const FATE: Record<LineageFinding['tokens'][number]['fate'], string> = {
  rugged: 'Rugged',
  honeypot: 'Honeypot',
  alive: 'Alive',
  not_analysed: 'Not analysed',
};

function LineageTable({ l }: { l: LineageFinding }) {
  const rows = l.tokens.slice(0, SHOWN);
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[560px] text-left text-xs" data-testid="lineage-tokens">
        <caption className="sr-only">
          Earlier tokens of the same deployer, its funder or the same code
        </caption>
        <thead>
          <tr className="text-slate-400">
            <th className="py-1">Token</th>
            <th>Linked by</th>
            <th>Fate</th>
            <th>Created in block</th>
          </tr>
        </thead>
        <tbody className="text-slate-300">
          {rows.map((x) => (
            <tr key={x.address} title={x.evidence}>
              <td className="py-1">
                <code>{short(x.address)}</code>
              </td>
              <td>
                {x.relations
                  .map((r) =>
                    r === 'twin' && x.twin === 'near'
                      ? `nearly the same code (${Math.round((x.similarity ?? 0) * 100)}%)`
                      : RELATION[r],
                  )
                  .join(', ')}
              </td>
              <td>{FATE[x.fate]}</td>
              <td>{x.createdBlock ?? 'unknown'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TradingPatternsView({ patterns }: { patterns: TradingPatterns }) {
  const { snipers: s, wash: w } = patterns;
  return (
    <Panel title="Snipers, bundles, wash volume and lineage" icon={Crosshair} testId="panel-trading-patterns">
      <p className="text-xs text-slate-400">
        From our index of the main pool <code>{short(patterns.pool)}</code>: every swap, transfer and
        liquidity event, each finding with its wallets, blocks and transactions.
      </p>
      <Finding
        title="Snipers and bundled buys"
        status={s.status}
        found={s.clusterSelling ? 'Cluster selling' : 'Found'}
        headline={s.headline}
        note={s.note}
        testId="patterns-snipers"
      >
        <SniperTables s={s} />
      </Finding>
      <Finding
        title="Wash-traded volume (24 h)"
        status={w.status}
        found={w.organicShare === null ? 'Found' : `${formatPct(w.organicShare * 100, 0)} organic`}
        headline={w.headline}
        note={w.note}
        testId="patterns-wash"
      >
        <WashTable w={w} />
      </Finding>
      {patterns.lineage ? (
        <Finding
          title="Serial deployer and look-alike code"
          status={patterns.lineage.status}
          found={patterns.lineage.twinOfHoneypot ? 'Honeypot twin' : 'Found'}
          headline={patterns.lineage.headline}
          note={patterns.lineage.note}
          testId="patterns-lineage"
        >
          <LineageTable l={patterns.lineage} />
        </Finding>
      ) : null}
    </Panel>
  );
}

export function TradingPatternsPanel({ address }: { address: string }) {
  const report = useReport(address);
  const p = report.data?.tradingPatterns;
  return p ? <TradingPatternsView patterns={p} /> : null;
}
