/** The analysed token's name, symbol and address (click to copy), and when the analysis last updated. */
import { formatClock } from '@shared/format';
import { copyAddress } from '../../lib/clipboard';
import { Card } from '../ui/card';

export function TokenHeader({
  address,
  name,
  symbol,
  loading,
  updatedAt,
  failed = false,
  wallet = false,
}: {
  address: string;
  name: string | null | undefined;
  symbol: string | null | undefined;
  loading: boolean;
  updatedAt: number;
  /** Every analysis failed: nothing is updating. */
  failed?: boolean;
  /** The address has no code: a wallet has no name or symbol to show (not "N/A N/A"). */
  wallet?: boolean;
}) {
  // Names and symbols come from the token contract: rendered as text only, never as markup.
  const shownName = wallet ? 'Wallet' : loading ? 'Loading...' : name || 'N/A';
  const shownSymbol = wallet ? null : loading ? 'Loading...' : symbol || 'N/A';
  const copyLabel = wallet ? 'Copy address' : 'Copy contract address';
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span data-testid="token-name" className="text-xl font-semibold break-all text-white">
            {shownName}
          </span>
          {shownSymbol === null ? null : (
            <span
              data-testid="token-symbol"
              className="rounded-md bg-white/5 px-2 py-0.5 font-mono text-sm break-all text-brand-300"
            >
              {shownSymbol}
            </span>
          )}
        </p>
        {/* Clicking the address copies it too (spec §2). */}
        <button
          type="button"
          onClick={() => copyAddress(address)}
          title={copyLabel}
          aria-label={`${copyLabel} ${address}`}
          className="mt-1 max-w-full rounded text-left font-mono text-xs break-all text-slate-400 hover:text-white sm:text-sm"
        >
          {address}
        </button>
      </div>
      <UpdatedAt updatedAt={updatedAt} failed={failed} />
    </Card>
  );
}

function UpdatedAt({ updatedAt, failed }: { updatedAt: number; failed: boolean }) {
  return (
    <p className="flex shrink-0 items-center gap-2 text-xs text-slate-400" aria-live="off">
      <span
        aria-hidden="true"
        className={
          failed ? 'size-2 rounded-full bg-slate-500' : 'size-2 animate-pulse rounded-full bg-brand-400'
        }
      />
      <span data-testid="updated-at">
        {updatedAt > 0 ? `Updated ${formatClock(updatedAt)}` : failed ? 'Not analysed' : 'Updating...'}
      </span>
      <span className="hidden sm:inline">· refreshes every 30 s</span>
    </p>
  );
}
