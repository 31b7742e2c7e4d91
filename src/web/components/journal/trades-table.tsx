/**
 * The trades table (spec §2): Token, Type, Quantity, Entry Price, Current/Exit, P&L, Status, Date,
 * Actions (edit / delete). A closed trade shows its exit price, an open one the current pool price.
 * Every name is rendered as text.
 */
import { formatUsd } from '@shared/format';
import type { Trade } from '@shared/trader-tools';
import { Pencil, Trash2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { formatDay, formatQuantity, formatSignedPercent, formatSignedUsd, pnlClass } from './format';

type Props = {
  trades: Trade[];
  onEdit: (t: Trade) => void;
  onDelete: (t: Trade) => void;
  /** Accessible name of the table. */
  caption: string;
};

function markPrice(t: Trade): { value: string; note?: string } {
  if (t.status === 'closed') return { value: formatUsd(t.exitPrice) };
  if (t.currentPrice !== null) return { value: formatUsd(t.currentPrice) };
  return { value: 'N/A', note: 'no pool price' };
}

function RowActions({
  t,
  onEdit,
  onDelete,
}: {
  t: Trade;
  onEdit: Props['onEdit'];
  onDelete: Props['onDelete'];
}) {
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        onClick={() => onEdit(t)}
        aria-label={`Update ${t.tokenSymbol} trade`}
        title="Update / close trade"
        className="rounded-md p-2 text-slate-400 hover:bg-white/5 hover:text-white"
      >
        <Pencil aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        onClick={() => onDelete(t)}
        aria-label={`Delete ${t.tokenSymbol} trade`}
        title="Delete trade"
        className="rounded-md p-2 text-slate-400 hover:bg-red-500/10 hover:text-red-300"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Phones: one card per trade with the same facts as the table's columns. */
function TradeCards({ trades, onEdit, onDelete }: Omit<Props, 'caption'>) {
  return (
    <ul className="grid gap-3 sm:hidden">
      {trades.map((t) => {
        const mark = markPrice(t);
        return (
          <li
            key={t.id}
            data-testid="trade-card"
            className="rounded-xl border border-white/10 bg-white/5 p-3"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-white">{t.tokenSymbol}</span>
                  <Badge tone={t.tradeType === 'buy' ? 'success' : 'danger'}>
                    {t.tradeType.toUpperCase()}
                  </Badge>
                  <Badge tone={t.status === 'open' ? 'brand' : 'neutral'}>
                    {t.status === 'open' ? 'Open' : 'Closed'}
                  </Badge>
                </div>
                <p className="truncate text-xs text-slate-400">{t.tokenName}</p>
              </div>
              <div className={cn('text-right tabular-nums', pnlClass(t.netPnL))}>
                <div className="font-semibold">{formatSignedUsd(t.netPnL)}</div>
                <div className="text-xs opacity-80">{formatSignedPercent(t.pnlPercentage)}</div>
              </div>
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-slate-400">Quantity</dt>
                <dd className="tabular-nums text-slate-200">{formatQuantity(t.quantity)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Entry Price</dt>
                <dd className="tabular-nums text-slate-200">{formatUsd(t.entryPrice)}</dd>
              </div>
              <div>
                <dt className="text-slate-400">Current/Exit</dt>
                <dd className="tabular-nums text-slate-200">{mark.value}</dd>
              </div>
            </dl>
            <div className="mt-1 flex items-center justify-between">
              <span className="text-xs text-slate-400">{formatDay(t.entryDate)}</span>
              <RowActions t={t} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function TradesTable({ trades, onEdit, onDelete, caption }: Props) {
  return (
    <>
      <TradeCards trades={trades} onEdit={onEdit} onDelete={onDelete} />
      <div className="-mx-1 hidden overflow-x-auto px-1 sm:block">
        <table className="w-full min-w-[860px] text-left text-sm" data-testid="trades-table">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-white/10 text-xs tracking-wide text-slate-400 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Token
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Quantity
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Entry Price
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Current/Exit
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                P&amp;L
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {trades.map((t) => {
              const mark = markPrice(t);
              return (
                <tr key={t.id} data-testid="trade-row" data-trade-id={t.id}>
                  <td className="py-3 pr-3">
                    <div className="font-semibold text-white">{t.tokenSymbol}</div>
                    <div className="max-w-40 truncate text-xs text-slate-400" title={t.tokenName}>
                      {t.tokenName}
                    </div>
                  </td>
                  <td className="px-3 py-3">
                    <Badge tone={t.tradeType === 'buy' ? 'success' : 'danger'}>
                      {t.tradeType.toUpperCase()}
                    </Badge>
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-200">
                    {formatQuantity(t.quantity)}
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-200">
                    {formatUsd(t.entryPrice)}
                  </td>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-200">
                    {mark.value}
                    {mark.note ? <div className="text-xs text-slate-400">{mark.note}</div> : null}
                  </td>
                  <td className={cn('px-3 py-3 text-right tabular-nums', pnlClass(t.netPnL))}>
                    <div className="font-medium">{formatSignedUsd(t.netPnL)}</div>
                    <div className="text-xs opacity-80">{formatSignedPercent(t.pnlPercentage)}</div>
                  </td>
                  <td className="px-3 py-3">
                    <Badge tone={t.status === 'open' ? 'brand' : 'neutral'}>
                      {t.status === 'open' ? 'Open' : 'Closed'}
                    </Badge>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-400">{formatDay(t.entryDate)}</td>
                  <td className="py-3 pl-3">
                    <RowActions t={t} onEdit={onEdit} onDelete={onDelete} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
