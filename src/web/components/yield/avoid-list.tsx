/**
 * Pools whose token fails the verdict (honeypot, rugged, dangerous…): never shown as opportunities,
 * listed here with the verdict's headline as the reason, so a high APY on them reads as a warning.
 */
import type { AvoidedYield } from '@shared/yield';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

export function AvoidList({ avoid }: { avoid: readonly AvoidedYield[] }) {
  if (avoid.length === 0) return null;
  return (
    <Card className="mt-6 border-red-400/30" data-testid="yield-avoid">
      <CardHeader>
        <CardTitle>Avoid</CardTitle>
        <p className="text-sm text-slate-400">
          {avoid.length === 1 ? 'This pool is' : `These ${avoid.length} pools are`} not opportunities: a token
          in {avoid.length === 1 ? 'it' : 'them'} fails the safety verdict.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {avoid.map((a) => (
            <li key={a.id} className="rounded-md border border-white/10 p-3" data-testid="yield-avoided">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words text-white">{a.name}</span>
                <span className="text-xs text-slate-400">{a.protocol}</span>
                <Badge tone="danger">{a.verdictLabel}</Badge>
              </div>
              <p className="mt-1 text-sm text-red-200" data-testid="yield-avoid-reason">
                {a.reason}
              </p>
              <a href={a.url} className="mt-1 inline-block text-sm text-brand-300 hover:text-brand-200">
                Open the token's analysis
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
