/** Top-10 leaderboard (best score per wallet, from the server); names rendered as text. */
import { shortAddress } from '@shared/address';
import { GAME } from '@shared/trader-tools';
import { Trophy } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useLeaderboard } from '../../lib/trader-queries';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { AchievementBadges } from './achievements';
import { formatTokenBalance } from './format';

const RANK_STYLE = ['bg-yellow-400 text-ink-950', 'bg-slate-300 text-ink-950', 'bg-orange-400 text-ink-950'];

export function Leaderboard({ highlightWallet }: { highlightWallet?: string | null }) {
  const board = useLeaderboard();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy aria-hidden="true" className="size-5 text-yellow-300" />
          Leaderboard
        </CardTitle>
        <CardDescription>
          Top {GAME.leaderboardSize} verified FLAB holders, best score per wallet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={board}
          pending={
            <div className="grid gap-2">
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-14 w-full" />
            </div>
          }
          errorTitle="Failed to fetch leaderboard"
          compact
          isEmpty={(rows) => rows.length === 0}
          empty={
            <p className="py-6 text-center text-sm text-slate-400">
              No scores yet. Verify a FLAB wallet and play to claim the top spot.
            </p>
          }
        >
          {(rows) => (
            <ol className="grid gap-2" data-testid="leaderboard">
              {rows.slice(0, GAME.leaderboardSize).map((e, i) => {
                const mine =
                  highlightWallet && e.walletAddress.toLowerCase() === highlightWallet.toLowerCase();
                return (
                  <li
                    key={e.id}
                    data-testid="leaderboard-entry"
                    className={cn(
                      'flex items-start gap-3 rounded-xl border p-3',
                      mine ? 'border-brand-400/40 bg-brand-500/10' : 'border-white/10 bg-white/5',
                    )}
                  >
                    <span
                      className={cn(
                        'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                        RANK_STYLE[i] ?? 'bg-white/10 text-slate-300',
                      )}
                    >
                      {i + 1}
                    </span>
                    <div className="min-w-0 flex-1">
                      <div className="flex items-baseline justify-between gap-2">
                        <p className="truncate font-semibold text-white" title={e.playerName}>
                          {e.playerName}
                        </p>
                        <p
                          className="shrink-0 text-lg font-bold tabular-nums text-brand-300"
                          data-testid="entry-score"
                        >
                          {e.score.toLocaleString('en-US')}
                        </p>
                      </div>
                      <p className="text-xs text-slate-400">
                        <span className="font-mono">{shortAddress(e.walletAddress)}</span> · Level {e.level} ·{' '}
                        {formatTokenBalance(e.flabBalance)} FLAB
                      </p>
                      <div className="mt-1.5">
                        <AchievementBadges names={e.achievements} />
                      </div>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
