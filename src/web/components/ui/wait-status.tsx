/**
 * A read that waits, said in words (issue 38): "In line: 3 ahead, about 2 s" while a new token's
 * analysis waits its turn, "You can try again in 12 s" while this client's allowance refills — and
 * the page goes on by itself, so there is nothing to press. A polite status, never an alert: a wait
 * is not a failure. A countdown changes every second, so its visible number is hidden from screen
 * readers and they hear the wait once, when it starts (or its place changes).
 */
import { Hourglass } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type ApiWait, type RefusalWait, waitHeard, waitReason, waitWords } from '../../lib/api-wait';
import { cn } from '../../lib/cn';
import { useTokenWait } from '../../lib/queries';

/** Date.now(), re-read every second while `active` (a countdown), else read once. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

const counts = (wait: ApiWait) => wait.kind !== 'queued';

/** The status line for one wait at `now` (pure rendering; the live parts are the callers'). */
export function WaitStatusLine({ wait, now, className }: { wait: ApiWait; now: number; className?: string }) {
  const shown = waitWords(wait, now);
  // Screen readers hear the words as the wait began; the eye sees them count down.
  return (
    <div
      role="status"
      data-testid="wait-status"
      data-wait={wait.kind}
      className={cn(
        'flex items-start gap-2.5 rounded-xl border border-brand-400/30 bg-brand-500/10 px-4 py-3 text-left',
        className,
      )}
    >
      <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-white tabular-nums">
          <span aria-hidden={counts(wait) ? 'true' : undefined} data-testid="wait-words">
            {shown}
          </span>
          {counts(wait) ? <span className="sr-only">{waitHeard(wait)}</span> : null}
        </p>
        <p className="mt-0.5 text-xs text-slate-300">{waitReason(wait)}</p>
      </div>
    </div>
  );
}

/** The wait of any read of one token's page, or nothing when none waits. */
export function TokenWaitStatus({ address, className }: { address: string; className?: string }) {
  const wait = useTokenWait(address);
  const now = useNow(wait !== null && counts(wait));
  return wait ? <WaitStatusLine wait={wait} now={now} className={className} /> : null;
}

/**
 * A refusal that said when to come back, shown in place of an error card: the countdown, then the
 * retry by itself (`onRetry`, the card's Retry) when the time has come.
 */
export function WaitCountdown({
  wait,
  onRetry,
  className,
}: {
  wait: RefusalWait;
  onRetry?: () => void;
  className?: string;
}) {
  const now = useNow(true);
  // The latest handler, without restarting the timer each render (callers pass inline arrows).
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const t = setTimeout(() => retry.current?.(), Math.max(0, wait.retryAt - Date.now()));
    return () => clearTimeout(t);
  }, [wait.retryAt]);
  return <WaitStatusLine wait={wait} now={now} className={className} />;
}
