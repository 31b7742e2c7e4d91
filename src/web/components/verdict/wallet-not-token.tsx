/**
 * An address with no contract code is a wallet: the analysis says so in one sentence instead of
 * "N/A N/A" and a spinner (issue 24), and points to the tool that reads wallets.
 */
import { Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api';
import { buttonClasses } from '../ui/button';

/** The API's answer for an address without code (422 not_a_contract). */
export const isWalletError = (e: unknown): boolean => e instanceof ApiError && e.code === 'not_a_contract';

export function WalletNotToken({ address }: { address: string }) {
  return (
    <section
      role="alert"
      data-testid="verdict-banner"
      data-verdict="wallet"
      className="rounded-2xl border-2 border-slate-500/50 bg-slate-800/60 px-4 py-3 sm:px-5 sm:py-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Wallet aria-hidden="true" className="mt-1 size-7 shrink-0 text-slate-200" />
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Verdict</p>
          <h2 data-testid="verdict-label" className="text-xl font-bold text-white sm:text-2xl">
            This is a wallet, not a token
          </h2>
          <p className="mt-1 text-sm break-all text-slate-300">
            No contract is deployed at {address}, so there is no token to analyse.
          </p>
          {/* A short label: a button does not wrap, and a longer one was wider than a phone. */}
          <Link href="/portfolio" className={`${buttonClasses('secondary', 'sm')} mt-3 max-w-full`}>
            Open the Portfolio Tracker
          </Link>
        </div>
      </div>
    </section>
  );
}
