/** Achievement badges and the legend (spec §9: at most 2 badges per row). */
import { ACHIEVEMENTS } from '@shared/trader-tools';
import { Award, Coins, Crown, type LucideIcon, Medal } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

const ICONS: Record<string, LucideIcon> = {
  'First Century': Medal,
  'High Scorer': Crown,
  'Level Master': Award,
  'FLAB Whale': Coins,
};

export function AchievementBadges({ names }: { names: readonly string[] }) {
  if (!names.length) return null;
  return (
    <ul className="grid max-w-xs grid-cols-2 gap-1" aria-label="Achievements">
      {names.map((n) => {
        const Icon = ICONS[n] ?? Award;
        return (
          <li
            key={n}
            className="inline-flex min-w-0 items-center gap-1 rounded-full border border-yellow-400/30 bg-yellow-500/10 px-2 py-0.5 text-[11px] font-medium text-yellow-200"
          >
            <Icon aria-hidden="true" className="size-3 shrink-0" />
            <span className="truncate">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function AchievementsLegend() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Achievements</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="achievements-legend">
          {ACHIEVEMENTS.map((a) => {
            const Icon = ICONS[a.name] ?? Award;
            return (
              <li
                key={a.name}
                className="flex items-start gap-3 rounded-xl border border-white/10 bg-white/5 p-3"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-yellow-500/10 text-yellow-300">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-semibold text-white">{a.name}</p>
                  <p className="text-xs text-slate-400">{a.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
