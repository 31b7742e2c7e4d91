/** The five score cards of the analysis page, built from whichever analyses have answered. */
import type { Evidence } from '@shared/analysis';
import type { ShownBand } from '@shared/vocabulary';
import { Droplets, Fish, Gauge, type LucideIcon, Radar, ShieldCheck } from 'lucide-react';
import type { TokenAnalysis } from './use-token-analysis';

export type CardSpec = {
  key: string;
  title: string;
  icon: LucideIcon;
  score: number;
  /** The score's band under the verdict, as the server sent it (`bands.score`). */
  shown: ShownBand;
  /** The score is the verdict's own measure (the scanner's safety, the rug detector's). */
  decidesVerdict?: boolean;
  badge: string;
  caption?: string;
  evidence: Evidence[];
};

/** Spec §2: each card shows only when its score exists. */
export function scoreCards({ scanner, rug, whales, liquidity, flab }: TokenAnalysis): CardSpec[] {
  const cards: CardSpec[] = [];
  if (scanner.data)
    cards.push({
      key: 'scanner',
      title: 'FLAB Scanner',
      icon: ShieldCheck,
      score: scanner.data.score,
      shown: scanner.data.bands.score,
      decidesVerdict: true,
      badge: scanner.data.status,
      evidence: scanner.data.evidence,
    });
  if (rug.data)
    cards.push({
      key: 'rug',
      title: 'Rug Detector AI',
      icon: Radar,
      score: rug.data.score,
      shown: rug.data.bands.score,
      decidesVerdict: true,
      badge: `${rug.data.riskLevel} Risk`,
      caption: 'Safety: 100 minus the rug score',
      evidence: rug.data.evidence,
    });
  if (whales.data)
    cards.push({
      key: 'whales',
      title: 'Whale Tracker',
      icon: Fish,
      score: whales.data.whaleScore,
      shown: whales.data.bands.score,
      badge: `${whales.data.whaleCount} Whales`,
      evidence: whales.data.evidence,
    });
  if (liquidity.data)
    cards.push({
      key: 'liquidity',
      title: 'Liquidity Analyzer',
      icon: Droplets,
      score: liquidity.data.liquidityScore,
      shown: liquidity.data.bands.score,
      badge: 'Liquidity Health',
      caption: liquidity.data.liquidityData.liquidityHealth,
      evidence: liquidity.data.evidence,
    });
  if (flab.data)
    cards.push({
      key: 'flab',
      title: 'FLAB Score',
      icon: Gauge,
      score: flab.data.flabScore,
      shown: flab.data.bands.score,
      badge: 'Overall Rating',
      caption: `Grade ${flab.data.grade}`,
      evidence: flab.data.evidence,
    });
  return cards;
}
