/**
 * The hook verdict: what a Uniswap V4 pool's hook can do and what it did to a real buy and sell,
 * judged from HookFacts (facts/hooks/uniswap-v4-hook.ts). Pure.
 *
 * - Honeypot: the hook keeps the input (a sell, or a buy, returns nothing — the "NoOp rug" or a
 *   100% fee), or lets buys through and reverts sells.
 * - Fees measured, not read: the buy's and the sell's loss against the pool's own price (the probe
 *   buy is small next to the pool, so price impact stays far below the fees that matter), graded
 *   with the token tax thresholds (TAX); a buy fee that is lower an hour ahead is a decaying launch
 *   fee, graded at its current value and said to be decaying.
 * - Sized to the pool (sell-sizes.ts): the buy and sell are the ladder's reference rung, the typical
 *   size when it passes, else the nearest that does; a sell that reverts only above the sizes that
 *   pass is "a large sell fails: the pool holds $X", never a honeypot.
 * - Owner powers, by simulation (facts/hooks/uniswap-v4-hook-powers.ts): each call the hook's owner could
 *   make, followed by a buy and a sell through the pool. One that blocks sells, keeps the input or
 *   raises the fee fails the owner-power check exactly as for a token: usable now, since we simulate
 *   it as the real owner. An owner we could not simulate is reported as unchecked, never as passed.
 * - Upgradeable: a hook behind an EIP-1967 proxy with a live admin can become any code at any time;
 *   that is a failed owner-power check too ("can replace the hook's code").
 */
import type { HookFacts, HookPowerEffect, HookPowerFacts } from '../../shared/uniswap-v4-hook';
import { HOOK_PERMISSIONS, TAX, VERDICT } from '../../shared/vocabulary';
import { judgeSellSizes, sellSizeWords } from './sell-sizes';

const EFFECT_WORDS: Record<HookPowerEffect, string> = {
  sells_blocked: 'makes every sell revert',
  sell_kept: 'makes the hook keep what sellers pay in',
  buys_blocked: 'makes every buy revert',
  buy_kept: 'makes the hook keep what buyers pay in (fee of 100%)',
  fee_raised: 'raises the fee of every trade',
};
const HONEYPOT_EFFECTS: ReadonlySet<HookPowerEffect> = new Set(['sells_blocked', 'sell_kept', 'buy_kept']);

export type HookVerdict = {
  hook: string;
  level: 'ok' | 'caution' | 'dangerous';
  honeypot: boolean;
  /** What stops or strips the trade, in words; null when trades pass. */
  honeypotReason: string | null;
  /** Measured buy / sell loss in percent of the trade at the pool price (includes the pool's LP fee). */
  buyFeePct: number | null;
  sellFeePct: number | null;
  /** Buy fee an hour from now, when lower than now: a fee that decays with time. */
  decayingTo: number | null;
  permissions: { name: string; words: string }[];
  upgradeable: { implementation: string; admin: string | null } | null;
  owner: string | null;
  /**
   * The owner-power check on the hook: failed when a simulated call of its owner (or its proxy's
   * admin: code replaced) can hurt trades; null when no one holds powers; 'unchecked' when not simulated.
   */
  ownerPowers: {
    status: 'failed' | 'passed' | 'unchecked';
    powers: string[];
    canMakeHoneypot: boolean;
  } | null;
  /** The size ladder's sentences (a large sell that fails, where impact reaches the mark). */
  sizeLines: string[];
  /** Evidence lines for the report and the page, in the order they matter. */
  evidence: string[];
};

const ZERO = '0x0000000000000000000000000000000000000000';

/** Loss in percent of `got` against `fair`, one decimal; null when either is unknown. */
function lossPct(got: bigint | null, fair: bigint | null): number | null {
  if (got === null || fair === null || fair === 0n) return null;
  if (got >= fair) return 0;
  return Math.round(Number(((fair - got) * 10_000n) / fair)) / 100;
}

/**
 * What the verdict knows of the hook's pool beside the hook's facts: the quote side its positions
 * hold (the position ledger's sum, raw; null when not gathered) and how to say a quote amount.
 */
export type HookPoolContext = { ledgerQuote: number | null; money: (raw: number) => string };

const rawWords: HookPoolContext = {
  ledgerQuote: null,
  money: (raw) => `${raw.toLocaleString('en-US', { maximumSignificantDigits: 4 })} quote base units`,
};

/** ", at every size tried (from … to …)" when the whole ladder was sold and none passed. */
function everySizeWords(f: HookFacts, pool: HookPoolContext): string {
  const tried = (f.ladder ?? []).filter((r) => r.sellIn > 0n);
  const first = tried[0];
  const last = tried[tried.length - 1];
  if (tried.length < 2 || !first || !last || tried.some((r) => r.sellOut !== null)) return '';
  return `, at every size tried (sells worth ${pool.money(Number(first.spotBack))} to ${pool.money(Number(last.spotBack))})`;
}

export function judgeHook(
  f: HookFacts,
  sim: HookPowerFacts | null = null,
  pool: HookPoolContext = rawWords,
): HookVerdict {
  const permissions = f.permissions.map((name) => ({
    name,
    words: HOOK_PERMISSIONS.find((p) => p.name === name)?.words ?? name,
  }));
  const evidence: string[] = [];
  const buyOut = f.buy.amountOut;
  const sellOut = f.sell?.amountOut ?? null;
  const buyFeePct = lossPct(buyOut, f.spotOut);
  const sellFeePct = f.sell ? lossPct(sellOut, f.spotBack) : null;
  // The later buy is the typical size, which need not be the reference rung: its spot scales.
  const laterSpot =
    f.buyLater && f.buy.amountIn > 0n ? (f.spotOut * f.buyLater.amountIn) / f.buy.amountIn : null;
  const laterFee = f.buyLater ? lossPct(f.buyLater.amountOut, laterSpot) : null;
  const decayingTo = buyFeePct !== null && laterFee !== null && laterFee < buyFeePct - 0.5 ? laterFee : null;

  let honeypotReason: string | null = null;
  if (!f.hasCode) honeypotReason = null;
  else if (buyOut === null) honeypotReason = 'the hook makes every buy revert';
  else if (buyOut === 0n)
    honeypotReason = 'a buy returns no tokens: the hook keeps what you pay (fee of 100% or a NoOp hook)';
  else if (f.sell && sellOut === null)
    honeypotReason = `buys go through but the hook makes every sell revert${everySizeWords(f, pool)}`;
  else if (f.sell && sellOut === 0n)
    honeypotReason = 'a sell returns nothing: the hook keeps the tokens you sell (NoOp hook)';
  const honeypot = honeypotReason !== null;

  if (honeypotReason) evidence.push(`Honeypot: ${honeypotReason}.`);
  if (buyFeePct !== null)
    evidence.push(
      `Measured buy through the hook: ${buyFeePct}% below the pool price${
        decayingTo !== null ? `, falling to ${decayingTo}% within the hour (a launch fee that decays)` : ''
      }.`,
    );
  if (sellFeePct !== null)
    evidence.push(`Measured sell through the hook: ${sellFeePct}% below the pool price.`);
  const sellSizes = judgeSellSizes(f, pool.ledgerQuote);
  const sizeLines = honeypot ? [] : sellSizeWords(sellSizes, pool.money);
  evidence.push(...sizeLines);
  if (permissions.length > 0) evidence.push(`The hook ${permissions.map((p) => p.words).join('; ')}.`);
  const upgradeable = f.proxy ? { implementation: f.proxy.implementation, admin: f.proxy.admin } : null;
  if (upgradeable)
    evidence.push(
      `Upgradeable: the hook is a proxy to ${upgradeable.implementation}; ${
        upgradeable.admin
          ? `${upgradeable.admin} can replace its code at any time`
          : 'its upgrader is not in the standard slot'
      }, so what it does today proves nothing about tomorrow.`,
    );
  const owner = f.owner && f.owner !== ZERO ? f.owner : null;
  const powerLines = (sim?.powers ?? []).map(
    (p) => `${p.signature ?? p.selector}${p.args ? ` (${p.args})` : ''} ${EFFECT_WORDS[p.effect]}`,
  );
  if (upgradeable?.admin) powerLines.push(`upgradeTo by ${upgradeable.admin} can replace the hook's code`);
  const canMakeHoneypot = (sim?.powers ?? []).some((p) => HONEYPOT_EFFECTS.has(p.effect));
  let ownerPowers: HookVerdict['ownerPowers'] = null;
  if (powerLines.length > 0) {
    ownerPowers = { status: 'failed', powers: powerLines, canMakeHoneypot };
    evidence.push(
      `Failed owner-power check (usable now): ${powerLines.join('; ')}${
        canMakeHoneypot ? ' — the owner can turn the pool into a honeypot' : ''
      }.`,
    );
  } else if (owner && !sim) {
    ownerPowers = { status: 'unchecked', powers: [], canMakeHoneypot: false };
    evidence.push(`The hook has an owner (${owner}) whose powers were not simulated: unchecked, not passed.`);
  } else if (owner && sim) {
    ownerPowers = { status: 'passed', powers: [], canMakeHoneypot: false };
    evidence.push(
      `The hook's owner (${owner}): none of ${sim.tried} simulated calls changed a buy or sell through the pool${
        sim.notTried > 0 ? ` (${sim.notTried} candidate calls not tried)` : ''
      }.`,
    );
  } else if (f.owner === ZERO) evidence.push('The hook has no owner (renounced).');

  const worstFee = Math.max(buyFeePct ?? 0, sellFeePct ?? 0);
  const level: HookVerdict['level'] =
    honeypot ||
    ownerPowers?.status === 'failed' ||
    (sellFeePct ?? 0) >= VERDICT.dangerousSellTaxPct ||
    worstFee >= TAX.failPct
      ? 'dangerous'
      : upgradeable ||
          ownerPowers?.status === 'unchecked' ||
          worstFee > TAX.warnPct ||
          (!honeypot && sellSizes.largeSellFails?.belowDepth)
        ? 'caution'
        : 'ok';
  return {
    hook: f.hook,
    level,
    honeypot,
    honeypotReason,
    buyFeePct,
    sellFeePct,
    decayingTo,
    permissions,
    upgradeable,
    owner,
    ownerPowers,
    sizeLines,
    evidence,
  };
}
