/**
 * A figure the server could not measure: the word "unknown" and, when given, why — never a 0 or a
 * made-up default standing in for it (issue 21, "unknown is a value").
 */
export function Unknown({ reason, className }: { reason?: string | null; className?: string }) {
  return (
    <span data-unknown="" className={className ?? 'text-slate-400'} title={reason ?? undefined}>
      unknown
      {reason ? <span className="sr-only"> ({reason})</span> : null}
    </span>
  );
}
