/**
 * A failed analysis (DESIGN §7): the error as the API gave it, and a Retry button. Never a sample
 * result. `role="alert"` so screen readers announce it. A refusal that said when to come back (the
 * allowance of new analyses, a full line: issue 38) is no failure: it shows the countdown and
 * retries by itself, without the error's status code.
 */
import { RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { waitOfError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/queries';
import { Button } from '../ui/button';
import { WaitCountdown } from '../ui/wait-status';

type ErrorStateProps = {
  /** Heading, e.g. 'Failed to analyze whale activity'. */
  title?: ReactNode;
  error: unknown;
  onRetry?: () => void;
  /** True while the retry is in flight (the button shows a spinner and is disabled). */
  retrying?: boolean;
  compact?: boolean;
  className?: string;
};

export function ErrorState({
  title = 'Analysis failed',
  error,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: ErrorStateProps) {
  const wait = waitOfError(error);
  if (wait) return <WaitCountdown wait={wait} onRetry={onRetry} className={className} />;
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-red-500/30 bg-red-950/30 text-left',
        compact ? 'p-3' : 'p-5',
        className,
      )}
    >
      <div className="flex items-start gap-2.5">
        <TriangleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-300" />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-red-100">{title}</p>
          <p className="mt-1 text-xs wrap-anywhere text-red-200/80">{errorMessage(error)}</p>
        </div>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="self-start">
          <RefreshCw aria-hidden="true" className={cn('size-3.5', retrying && 'animate-spin')} />
          Retry
        </Button>
      ) : null}
    </div>
  );
}
