/**
 * Checks on holders and the creator: creator history and share, concentration, holder count,
 * insiders, fresh wallets, holders with rug history. Used by the scanner, rug detector, whale
 * tracker and token health.
 */
import type { CheckOutcome } from '../../shared/analysis';
import { round } from '../../shared/analysis';
import { circulatingHolders, isPoolKind, sameAddress, sharePct, walletAgeDays } from './derived-facts';
import { type Check, gradeAbove, gradeBelow, judged, pct } from './evidence-lines';

/** Creator/owner share of supply (percent). */
export const CREATOR_SHARE_WARN_PCT = 5;
export const CREATOR_SHARE_FAIL_PCT = 20;
/** Top-10 circulating holders' share of supply (percent). */
export const TOP10_WARN_PCT = 30;
export const TOP10_FAIL_PCT = 50;
/** Holder count. */
export const HOLDERS_FAIL_BELOW = 25;
export const HOLDERS_WARN_BELOW = 100;
/** Insider (funded by the deployer) share of supply (percent). */
export const INSIDERS_WARN_PCT = 3;
export const INSIDERS_FAIL_PCT = 10;
/** A wallet younger than this is "fresh". */
export const FRESH_WALLET_DAYS = 7;
export const FRESH_WARN_PCT = 10;
export const FRESH_FAIL_PCT = 25;

/**
 * Why the holder figures cannot be judged yet, or null when they can: on Base a token's holder index
 * is built by a backfill, and a backfill that failed or has not reached the head is not an empty
 * history (issue 40): every holder check says so instead of passing on a partial list.
 */
export function holdersNotRead(f: Parameters<Check>[0]): string | null {
  const i = f.holders.index;
  // The index said complete, but its reads for this report failed (the holder count is not known):
  // its pool history may be missing too (a fault-injection run found a drained pool read as intact).
  if (i?.status === 'complete' && !Number.isFinite(f.holders.holderCount))
    return "The token's indexed history could not be read for this report, so this can't be checked.";
  if (!i || i.status === 'complete') return null;
  if (i.status === 'indexing')
    return `The holder index has not reached the head yet${i.progressPct === null ? '' : ` (${Math.round(i.progressPct)}% indexed)`}, so this can't be checked.`;
  return `The holders could not be read (${('reason' in i ? i.reason : 'the holder index is not available').replace(/\.$/, '')}), so this can't be checked.`;
}

/** A holder check that answers unknown while the holder index is incomplete (holdersNotRead). */
const onHolders =
  (check: string, label: string, judge: Check): Check =>
  (f, w) => {
    const why = holdersNotRead(f);
    return why ? judged({ check, label, weight: w }, 'unknown', null, why) : judge(f, w);
  };

export const checkCreatorHistory: Check = (f, w) => {
  const spec = { check: 'creator_history', label: "Creator's earlier rugs", weight: w };
  const d = f.deployer;
  if (!d.address) return judged(spec, 'unknown', null, 'The creator of the token is not known.');
  if (d.ruggedTokens > 0)
    return judged(
      spec,
      'fail',
      d.ruggedTokens,
      `The creator has ${d.ruggedTokens} earlier token(s) whose liquidity was pulled.`,
    );
  if (d.tokensDeployed >= 10)
    return judged(
      spec,
      'warn',
      0,
      `The creator has launched ${d.tokensDeployed} tokens (a serial launcher).`,
    );
  return judged(spec, 'pass', 0, 'The creator has no earlier tokens that lost their liquidity.');
};

export const checkCreatorShare: Check = onHolders('creator_share', 'Creator / owner share', (f, w) => {
  const spec = { check: 'creator_share', label: 'Creator / owner share', weight: w };
  const who = [f.token.deployer, f.deployer.address, f.token.ownerRenounced ? null : f.token.owner].filter(
    (a): a is NonNullable<typeof a> => !!a,
  );
  const hs = f.holders.top.filter(
    (h) => !isPoolKind(h.kind) && (h.kind === 'deployer' || who.some((a) => sameAddress(a, h.address))),
  );
  if (who.length === 0 && hs.length === 0)
    return judged(
      spec,
      'unknown',
      null,
      "Neither the creator nor the owner is known, so their share can't be checked.",
    );
  const share = round(sharePct(hs), 2);
  const o = gradeAbove(share, CREATOR_SHARE_WARN_PCT, CREATOR_SHARE_FAIL_PCT);
  // An empty list is no list: "not among the top holders" needs holders to be among.
  if (f.holders.top.length === 0)
    return judged(
      spec,
      'unknown',
      null,
      "The holder list is not available, so the creator's share can't be checked.",
    );
  if (hs.length === 0) return judged(spec, 'pass', 0, 'The creator and owner are not among the top holders.');
  return judged(
    spec,
    o,
    share,
    o === 'pass'
      ? `The creator/owner holds ${pct(share)} of the supply.`
      : `The creator/owner holds ${pct(share)} of the supply (above ${o === 'fail' ? CREATOR_SHARE_FAIL_PCT : CREATOR_SHARE_WARN_PCT}%).`,
  );
});

export const checkTopHolders: Check = onHolders('top_holders', 'Top 10 holders', (f, w) => {
  const spec = { check: 'top_holders', label: 'Top 10 holders', weight: w };
  if (f.holders.top.length === 0 || f.holders.totalSupply <= 0n)
    return judged(spec, 'unknown', null, 'The holder list is not available.');
  const top10 = circulatingHolders(f).slice(0, 10);
  const share = round(sharePct(top10), 2);
  const o = gradeAbove(share, TOP10_WARN_PCT, TOP10_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    `The 10 largest holders (not counting pools, lockers and burn addresses) own ${pct(share)} of the supply.`,
  );
});

export const checkHolderCount: Check = onHolders('holder_count', 'Holder count', (f, w) => {
  const spec = { check: 'holder_count', label: 'Holder count', weight: w };
  const n = f.holders.holderCount;
  if (!Number.isFinite(n) || n < 0 || (n === 0 && f.holders.totalSupply <= 0n))
    return judged(spec, 'unknown', null, 'The number of holders is not known.');
  const o = gradeBelow(n, HOLDERS_FAIL_BELOW, HOLDERS_WARN_BELOW);
  return judged(
    spec,
    o,
    n,
    o === 'pass' ? `${n} wallets hold the token.` : `Only ${n} wallets hold the token.`,
  );
});

export const checkInsiders: Check = onHolders('insiders', 'Insider wallets', (f, w) => {
  const spec = { check: 'insiders', label: 'Insider wallets', weight: w };
  if (!f.deployer.address && !f.token.deployer)
    return judged(spec, 'unknown', null, "Insiders can't be traced because the creator is not known.");
  if (f.holders.top.length === 0) return judged(spec, 'unknown', null, 'The holder list is not available.');
  const ins = f.holders.top.filter((h) => h.fundedByDeployer && !isPoolKind(h.kind) && h.kind !== 'deployer');
  const share = round(sharePct(ins), 2);
  const o = gradeAbove(share, INSIDERS_WARN_PCT, INSIDERS_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    ins.length === 0
      ? 'No top holder was funded by the creator.'
      : `${ins.length} top holder(s) funded by the creator hold ${pct(share)} of the supply.`,
  );
});

export const checkFreshWallets: Check = onHolders('fresh_wallets', 'Fresh wallets', (f, w) => {
  const spec = { check: 'fresh_wallets', label: 'Fresh wallets', weight: w };
  const hs = circulatingHolders(f).filter((h) => h.kind === 'eoa' && walletAgeDays(h, f.now) !== null);
  if (hs.length === 0) return judged(spec, 'unknown', null, 'Wallet ages of the top holders are not known.');
  const fresh = hs.filter((h) => (walletAgeDays(h, f.now) ?? Infinity) < FRESH_WALLET_DAYS);
  const share = round(sharePct(fresh), 2);
  const o = gradeAbove(share, FRESH_WARN_PCT, FRESH_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    fresh.length === 0
      ? `No top holder wallet is younger than ${FRESH_WALLET_DAYS} days.`
      : `${fresh.length} top holder wallet(s) younger than ${FRESH_WALLET_DAYS} days hold ${pct(share)} of the supply.`,
  );
});

export const checkHolderRugHistory: Check = onHolders(
  'holder_rug_history',
  'Holders with rug history',
  (f, w) => {
    const spec = { check: 'holder_rug_history', label: 'Holders with rug history', weight: w };
    if (f.holders.top.length === 0) return judged(spec, 'unknown', null, 'The holder list is not available.');
    const n = circulatingHolders(f).filter((h) => h.rugHistory > 0).length;
    const o: CheckOutcome = n >= 3 ? 'fail' : n >= 1 ? 'warn' : 'pass';
    return judged(
      spec,
      o,
      n,
      n === 0
        ? 'No top holder was involved in earlier rugs.'
        : `${n} top holder(s) were involved in earlier rugs.`,
    );
  },
);
