/**
 * The hook evidence group: the main pool's Uniswap V4 hook judged (hook-verdict.ts) as two scanner
 * lines, present only when the main pool has a hook (ADR 0026).
 * - hook_honeypot: the hook keeps the input (NoOp, a 100% fee) or reverts sells → fail, which the
 *   verdict reads as a honeypot exactly like a failed sell simulation; a fee above the tax bands
 *   warns or fails like a token tax (a decaying launch fee graded at its current value).
 *   Sized to the pool: a sell that fails only above what the pool can pay adds "a large sell
 *   fails: the pool holds $X" to the passing line, never a honeypot (sell-sizes.ts).
 * - hook_owner_powers: a simulated call of the hook's owner (or the proxy admin's upgrade) that hurts
 *   trades through the pool → fail, a failed owner-power check like a token's (DANGER_CHECKS).
 * Pure.
 */

import type { Evidence } from '../../shared/analysis';
import { quoteDecimalsOf } from '../../shared/price-path';
import { TAX } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { judged } from './evidence-lines';
import { type HookPoolContext, judgeHook } from './hook-verdict';
import { quoteWords } from './sell-sizes';

export const HOOK_HONEYPOT_WEIGHT = 90;
export const HOOK_OWNER_POWERS_WEIGHT = 25;

/**
 * The hook's pool as the ladder's words need it: what its positions hold on the quote side (the
 * position ledger, when it was gathered in time) and quote amounts in dollars when the pool is
 * priced (the ledger's quote price, else the token's price through the reference sell's rate).
 */
export function hookPoolContext(f: TokenReportFacts): HookPoolContext {
  const h = f.hook;
  const pool = f.pools.find((p) => p.pair === h?.pool) ?? null;
  const ledger = pool?.liquidity ?? null;
  const sum = ledger?.positions.reduce((a, p) => a + (p.quoteRaw ?? 0), 0) ?? 0;
  const ledgerQuote = ledger?.positions.some((p) => p.quoteRaw !== null) ? sum : null;
  const sell = h?.facts?.sell;
  const back = h?.facts?.spotBack ?? null;
  const dec = f.token.decimals;
  const viaToken =
    pool?.priceUsd != null && dec !== null && sell && back !== null && back > 0n
      ? ((pool.priceUsd / 10 ** dec) * Number(sell.amountIn)) / Number(back)
      : null;
  const usdPerRaw = ledger?.quoteUsdPerRaw ?? viaToken;
  // The quote's decimals as the facts read them (WETH 18, the USD coin 6, any other from chain).
  const quoteDecimals = ledger ? ledger.quoteDecimals : pool ? (quoteDecimalsOf(pool) ?? 0) : 18;
  const symbol = pool?.quoteSymbol ?? 'quote';
  return { ledgerQuote, money: (raw) => quoteWords(raw, usdPerRaw, quoteDecimals, symbol) };
}

export function hookEvidence(f: TokenReportFacts): Evidence[] {
  const h = f.hook;
  if (!h) return [];
  const trade = {
    check: 'hook_honeypot',
    label: 'V4 hook: trades through the hook',
    weight: HOOK_HONEYPOT_WEIGHT,
  };
  const owner = {
    check: 'hook_owner_powers',
    label: 'V4 hook: owner powers',
    weight: HOOK_OWNER_POWERS_WEIGHT,
  };
  if (!h.facts)
    return [
      judged(
        trade,
        'unknown',
        null,
        `The pool's hook ${h.hook} could not be measured (no liquidity to quote, or the RPC failed).`,
      ),
      judged(owner, 'unknown', null, `The powers of whoever controls the hook ${h.hook} were not checked.`),
    ];
  const v = judgeHook(h.facts, h.powers, hookPoolContext(f));
  const words = v.permissions.map((p) => p.words).join('; ');
  const about = `Hook ${v.hook}${words ? ` (it ${words})` : ''}`;
  const worstFee = Math.max(v.buyFeePct ?? 0, v.sellFeePct ?? 0);
  const feeWords = `buy ${v.buyFeePct ?? 'unknown'}%, sell ${v.sellFeePct ?? 'unknown'}% below the pool price${
    v.decayingTo !== null
      ? `; a launch fee that decays, ${v.decayingTo}% within the hour (graded at its current value)`
      : ''
  }`;
  const tradeLine = v.honeypot
    ? judged(trade, 'fail', 'honeypot', `Honeypot: ${v.honeypotReason}. ${about}.`)
    : judged(
        trade,
        worstFee >= TAX.failPct ? 'fail' : worstFee > TAX.warnPct ? 'warn' : 'pass',
        worstFee,
        `${about}: a measured buy and sell through it work (${feeWords}).${v.sizeLines.map((l) => ` ${l}`).join('')}`,
      );
  const op = v.ownerPowers;
  const ownerLine =
    op?.status === 'failed'
      ? judged(
          owner,
          'fail',
          op.canMakeHoneypot ? 'can make a honeypot' : 'can hurt trades',
          `Failed owner-power check (usable now): ${op.powers.join('; ')}${
            op.canMakeHoneypot ? ' — the owner can turn the pool into a honeypot' : ''
          }.`,
        )
      : op?.status === 'unchecked'
        ? judged(
            owner,
            'unknown',
            null,
            `The hook has an owner (${v.owner}) whose powers were not simulated.`,
          )
        : judged(
            owner,
            'pass',
            op?.status === 'passed' ? 'none found' : 'no owner',
            v.evidence.find(
              (e) => e.startsWith("The hook's owner") || e.startsWith('The hook has no owner'),
            ) ?? 'Nobody holds powers over the hook (no owner, no proxy admin).',
          );
  return [tradeLine, ownerLine];
}
