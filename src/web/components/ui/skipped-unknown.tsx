/**
 * One line under a ranking or an average that left unknown figures out (issue 21, "unknown is a
 * value"): how many were skipped and why, so a short list or a high average is not mistaken for
 * the whole picture. Renders nothing when nothing was skipped.
 */
export function SkippedUnknown({
  count,
  noun,
  why,
  className,
}: {
  count: number;
  /** Singular and plural of what was skipped: ['pool', 'pools']. */
  noun: readonly [string, string];
  /** Why they were skipped, as a clause: 'their APY is unknown (unpriced)'. */
  why: string;
  className?: string;
}) {
  if (!(count > 0)) return null;
  return (
    <p data-testid="skipped-unknown" className={className ?? 'text-xs text-slate-400'}>
      {count} {count === 1 ? noun[0] : noun[1]} skipped: {why}.
    </p>
  );
}
