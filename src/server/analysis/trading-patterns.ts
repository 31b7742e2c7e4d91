/**
 * The trading-pattern findings of one token (issue 39): snipers and bundled buys
 * (pattern-snipers.ts), wash-traded volume (pattern-wash.ts) and serial deployers and look-alike
 * code (pattern-lineage.ts), from the main pool's history in our
 * index, each with its wallets, blocks and transactions. While the index has not reached the head
 * each says "unknown: indexing" (with the backfill's progress when known), never "none found".
 * `momentumBlock` is what the pump finder and token health read: a token with mostly wash volume or
 * a linked group of early buyers that is selling never reads as strong momentum. Pure.
 */
import type { TradingPatterns } from '../../shared/trading-patterns';
import { PATTERNS_INDEXING } from '../../shared/trading-patterns';
import { PATTERNS } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { judgeLineage, lineageFindings } from './pattern-lineage';
import { judgeSnipers, pctText } from './pattern-snipers';
import { judgeWash } from './pattern-wash';

/** "unknown: indexing" with the backfill's progress when known, and why this part is waiting. */
function indexingNote(
  facts: TokenReportFacts,
  part: { status: string; reason?: string } | undefined,
): string {
  const i = facts.holders.index;
  const why = part?.status === 'indexing' && part.reason ? ` — ${part.reason}` : '';
  if (i?.status === 'indexing' && i.progressPct !== null)
    return `${PATTERNS_INDEXING}, ${Math.round(i.progressPct)}% done${why}`;
  return `${PATTERNS_INDEXING}${why}`;
}

export function analyseTradingPatterns(facts: TokenReportFacts): TradingPatterns {
  const note = indexingNote(facts, facts.tradingPatterns);
  const snipers = judgeSnipers(facts.tradingPatterns, note);
  const wash = judgeWash(facts.tradingPatterns, note);
  const lineage = judgeLineage(facts.lineage, indexingNote(facts, facts.lineage));
  const p = facts.tradingPatterns;
  return {
    pool: p?.status === 'read' ? p.pool : (facts.mainPool?.pair ?? null),
    snipers,
    wash,
    lineage,
    findings: [...findingLines(snipers, wash), ...lineageFindings(lineage)],
  };
}

function findingLines(s: TradingPatterns['snipers'], w: TradingPatterns['wash']): string[] {
  const out: string[] = [];
  if (w.status === 'found' && w.organicShare !== null)
    out.push(
      `Wash volume: only ${pctText(w.organicShare)} of 24 h volume is organic (${w.organicTraders} organic ${w.organicTraders === 1 ? 'trader' : 'traders'}).`,
    );
  if (s.clusterSelling) {
    const n = s.clusterSellers;
    out.push(`Sniper cluster selling: ${n} linked early ${n === 1 ? 'buyer has' : 'buyers have'} sold.`);
  } else if (s.status === 'found' && s.sniperShareNow !== null && s.snipers > 0) {
    const [n, sold] = [s.snipers, s.snipersSold];
    out.push(
      `Snipers hold ${pctText(s.sniperShareNow)} of supply in ${n} ${n === 1 ? 'wallet' : 'wallets'}; ${sold} ${sold === 1 ? 'has' : 'have'} sold.`,
    );
  }
  return out;
}

/**
 * Why the token's momentum may not read strong: mostly wash volume (organic share under
 * PATTERNS.organicShareMin) or a selling cluster of linked early buyers; null when neither.
 */
export function momentumBlock(p: TradingPatterns | undefined): string | null {
  if (!p) return null;
  const w = p.wash;
  if (w.status === 'found' && w.organicShare !== null && w.organicShare < PATTERNS.organicShareMin)
    return `Mostly wash volume: only ${pctText(w.organicShare)} of 24 h volume is organic.`;
  if (p.snipers.clusterSelling)
    return `A sniper cluster is selling (${p.snipers.clusterSellers} linked early buyers sold).`;
  return null;
}

/** The organic share (0..1) of 24 h volume to scale volume figures by; 1 when not measured. */
export function organicShareOf(p: TradingPatterns | undefined): number {
  const s = p?.wash.organicShare;
  return s === null || s === undefined ? 1 : s;
}
