/**
 * Gaming Arena (spec §2, §4, §5, §7, §8, §9): wallet verification by signature (ADR 0003), the
 * verified banner, 'Target Hunter' (scores submitted for a signed-in FLAB holder; anyone else who
 * signed in plays without leaderboard access, as the spec's no-FLAB message promises — DESIGN §7),
 * the top-10 leaderboard and the achievements legend.
 */
import { shortAddress } from '@shared/address';
import { BadgeCheck, Gamepad2 } from 'lucide-react';
import { useState } from 'react';
import { AchievementsLegend } from '../components/gaming/achievements';
import { formatTokenBalance } from '../components/gaming/format';
import { Leaderboard } from '../components/gaming/leaderboard';
import { TargetHunter } from '../components/gaming/target-hunter';
import { type VerifiedPlayer, VerifyCard } from '../components/gaming/verify-card';
import { ToolPage } from '../components/page/tool-page';
import { Card } from '../components/ui/card';

function VerifiedBanner({ player }: { player: VerifiedPlayer }) {
  return (
    <Card
      role="status"
      data-testid="verified-banner"
      className="flex items-center gap-3 border-emerald-400/30 bg-emerald-500/10 p-4"
    >
      <BadgeCheck aria-hidden="true" className="size-8 shrink-0 text-emerald-300" />
      <div className="min-w-0">
        <p className="font-semibold text-emerald-100">
          Verified FLAB Holder: <span className="wrap-anywhere">{player.playerName}</span>
        </p>
        <p className="text-sm text-emerald-200/80">
          <span className="font-mono">{shortAddress(player.walletAddress)}</span> ·{' '}
          {formatTokenBalance(player.flabBalance)} FLAB · Leaderboard access granted
        </p>
      </div>
    </Card>
  );
}

export default function GamingPage() {
  const [player, setPlayer] = useState<VerifiedPlayer | null>(null);
  return (
    <ToolPage
      path="/gaming"
      icon={Gamepad2}
      subtitle="Verify a FLAB-holding wallet, play Target Hunter and climb the top-10 leaderboard."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-3">
          <VerifyCard onResult={setPlayer} />
          {player ? (
            <>
              {player.holder ? <VerifiedBanner player={player} /> : null}
              {/* Keyed by wallet: a different verified wallet starts a fresh game. */}
              <TargetHunter key={player.walletAddress} player={player} />
            </>
          ) : null}
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <Leaderboard highlightWallet={player?.walletAddress} />
          <AchievementsLegend />
        </div>
      </div>
    </ToolPage>
  );
}
