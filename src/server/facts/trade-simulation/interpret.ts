/**
 * The ONE interpretation of the trade probe's reports (pure): what a fresh user's buy and sells
 * measured (taxes, a cooldown, a lock after some blocks, a sell at a later date) and what the real
 * holders' sells did.
 */
import { type Address, decodeErrorResult, formatEther, formatGwei, type Hex } from 'viem';
import type {
  ClockJumpSell,
  HolderSellSimulationFacts,
  SequentialExitFacts,
  TradeMoment,
  TradeSimulationFacts,
} from '../types';
import type { WalletSellResult } from '../wallet-sells/wallet-sell';
import {
  CLOCK_JUMP_DAYS,
  JUMP_BLOCKS,
  LAST_LATER,
  type SellResult,
  type TradeReport,
  type TradingSimulationInput,
} from './probe';

export const STATUS = { ok: 0, noPool: 1, buyFailed: 2, sellFailed: 3, noRouter: 4 } as const;

/** Percent lost between what the pool quoted and what arrived, to 0.01 pp. */
export function lossPct(expected: bigint, received: bigint): number {
  if (expected <= 0n) return 0;
  // Clamped at 0: reflection tokens can deliver a hair more than quoted; that is not a negative tax.
  if (received >= expected) return 0;
  return Number(((expected - received) * 10_000n) / expected) / 100;
}

/** A revert payload as one readable sentence: Error(string) text, Panic code, or custom error id. */
export function decodeRevertReason(data: Hex | undefined): string | null {
  if (!data || data === '0x') return null;
  try {
    const err = decodeErrorResult({ abi: [], data });
    if (err.errorName === 'Error') return String(err.args?.[0] ?? '');
    if (err.errorName === 'Panic') return `Panic(0x${BigInt(err.args?.[0] as bigint).toString(16)})`;
  } catch {
    // not a standard error: fall through to the selector
  }
  return `custom error ${data.slice(0, 10)}`;
}

const gwei = (wei: bigint) => Number(formatGwei(wei));

/** A later block's sell attempt: how many blocks after the buy, and what happened. */
export type LaterSell = { blocks: number; sell: SellResult };

/**
 * The one interpretation of a fresh user's trade: the buy, the same-block sell and transfer, and
 * the later-block tries. A sell that fails in the buy's block but passes later is a cooldown
 * (`sellDelayBlocks`), not a honeypot; a reverted test transfer is never a tax.
 */
export function interpretTrade(
  r: TradeReport,
  later: LaterSell[] | null,
  where: { pair: Address; router: Address },
  afterClockJump: SellResult | null = null,
  /** The buy and same-block sell with clock and block number moved ahead (eth_call), if run. */
  laterDate: TradeReport | null = null,
): TradeSimulationFacts {
  const { pair, router } = where;
  const context = {
    gasPriceGwei: gwei(r.gasPrice),
    baseFeeGwei: gwei(r.baseFee),
    laterBlocksProbed: later ? later.map((l) => l.blocks) : [],
  };
  switch (r.status) {
    case STATUS.noPool:
      return { status: 'no_pool' };
    case STATUS.noRouter:
      return { status: 'error', message: `The router ${router} (or its quoter) has no code on this chain.` };
    case STATUS.buyFailed:
      return {
        status: 'buy_failed',
        pair,
        router,
        revertReason:
          decodeRevertReason(r.revertData) ??
          (r.buyReceived === 0n && r.revertData === '0x'
            ? 'The buy went through but delivered no tokens.'
            : null),
        ...context,
      };
  }
  const tries: LaterSell[] = [{ blocks: 0, sell: r.sell }, ...(later ?? [])];
  const sold = tries.find((x) => x.sell.tried && x.sell.ok);
  const buyTaxPct = lossPct(r.buyExpected, r.buyReceived);
  if (!sold)
    return {
      status: 'sell_failed',
      pair,
      router,
      buyTaxPct,
      revertReason: decodeRevertReason(r.sell.revertData),
      ...context,
    };
  const moved = tries.find((x) => x.sell.transferTried && x.sell.transferOk);
  // A sell that passed and then fails some blocks later: the wallet is locked after its buy.
  const locked = tries.find(
    (x) => x.blocks > sold.blocks && x.sell.tried && x.sell.amount > 0n && !x.sell.ok,
  );
  // The main buy succeeded too, so it counts towards the largest successful buy (bigint: no Math.max).
  let bought = r.maxBuy;
  if (r.buyAmount > bought) bought = r.buyAmount;
  const sameBlockTransfer = r.sell.transferTried;
  return {
    status: 'ok',
    pair,
    router,
    buyTaxPct,
    sellTaxPct: lossPct(sold.sell.expected, sold.sell.received),
    // A transfer that reverts is not a tax (it may be a transfer delay or a cooldown): null until
    // one passes, and `transferFailed` says the same-block one reverted.
    transferTaxPct: !sameBlockTransfer
      ? 0
      : moved
        ? lossPct(moved.sell.transferSent, moved.sell.transferReceived)
        : null,
    transferFailed: sameBlockTransfer && !r.sell.transferOk,
    sellDelayBlocks: sold.blocks,
    sellBlockedAfterBlocks: locked ? locked.blocks : null,
    sellBlockedReason: locked ? decodeRevertReason(locked.sell.revertData) : null,
    clockJump: laterDateSell(afterClockJump, r, laterDate),
    transferDelayBlocks: !sameBlockTransfer ? 0 : moved ? moved.blocks : null,
    buyGas: r.buyGas,
    sellGas: sold.sell.gasUsed,
    maxBuyEth: r.laddersTried === 0n && bought === 0n ? null : Number(formatEther(bought)),
    ...context,
  };
}

/**
 * The sell at a later date: the held tokens' sell with the clock moved (eth_simulateV1) and the
 * same-block round trip with clock and block number moved (eth_call), worst of the two. The moved
 * round trip counts only when today's same-block sell passed (a same-block cooldown would otherwise
 * read as a time bomb) and its buy passed too.
 */
function laterDateSell(
  held: SellResult | null,
  today: TradeReport,
  moved: TradeReport | null,
): ClockJumpSell | null {
  const a =
    held?.tried && held.amount > 0n
      ? {
          ok: held.ok,
          tax: held.ok ? lossPct(held.expected, held.received) : null,
          reason: held.ok ? null : decodeRevertReason(held.revertData),
        }
      : null;
  const comparable =
    moved !== null &&
    today.sell.tried &&
    today.sell.ok &&
    moved.sell.tried &&
    moved.sell.amount > 0n &&
    (moved.status === STATUS.ok || moved.status === STATUS.sellFailed);
  const b = comparable
    ? {
        ok: moved.sell.ok,
        tax: moved.sell.ok ? lossPct(moved.sell.expected, moved.sell.received) : null,
        reason: moved.sell.ok ? null : decodeRevertReason(moved.sell.revertData),
      }
    : null;
  if (!a && !b) return null;
  const worst = [a, b]
    .filter((x) => x !== null)
    .sort((x, y) => {
      if (x.ok !== y.ok) return x.ok ? 1 : -1;
      return (y.tax ?? 0) - (x.tax ?? 0);
    })[0] as { ok: boolean; tax: number | null; reason: string | null };
  return {
    days: CLOCK_JUMP_DAYS,
    ...(b ? { blocks: Number(JUMP_BLOCKS) } : {}),
    sellOk: worst.ok,
    sellTaxPct: worst.ok ? worst.tax : null,
    revertReason: worst.reason,
  };
}

/** A sell try in words for the facts: passed, its tax, or why it reverted. */
function sellTry(s: { ok: boolean; expected: bigint; received: bigint; revertData: Hex }) {
  return {
    ok: s.ok,
    taxPct: s.ok ? lossPct(s.expected, s.received) : null,
    revertReason: s.ok ? null : decodeRevertReason(s.revertData),
  };
}

/**
 * Holder sells: a holder could sell if its sell passed now or 20 blocks later. `whole` (the whole
 * balance at once, same state as the tenth) is recorded beside; `wallet` (the holder's own codeless
 * wallet through the router) decides with the probe's sell: a real holder sells from its wallet,
 * so a wallet sell that reverts — or pays a higher tax — is the holder's outcome, whatever the probe
 * contract at its address could do.
 */
export function interpretHolderSells(
  holders: TradingSimulationInput['holders'],
  now: (SellResult | null)[],
  later: (SellResult | null)[] | null,
  extra: { whole?: (SellResult | null)[]; wallet?: (WalletSellResult | null)[] } = {},
): HolderSellSimulationFacts {
  const sellers: NonNullable<HolderSellSimulationFacts['sellers']> = [];
  let inconclusive = 0;
  holders.forEach((h, i) => {
    const a = now[i] ?? null;
    const b = later?.[i] ?? null;
    // No report back (out of gas, or the token broke the call): not a verdict on the holder.
    if (!a?.tried) {
      inconclusive++;
      return;
    }
    if (a.amount === 0n) return;
    const passed = a.ok ? a : b?.ok ? b : null;
    const w = extra.whole?.[i];
    const whole = w?.tried && w.amount > 0n ? sellTry(w) : null;
    const ws = extra.wallet?.[i];
    const wallet = ws ? sellTry(ws) : null;
    const probeTax = passed ? lossPct(passed.expected, passed.received) : null;
    // The wallet sells in the probe's first block (N+1) only: it decides when the probe's sell
    // passed in that same block. A probe sell that passed only 20 blocks later is a cooldown, and
    // the wallet's failure at N+1 then says nothing about wallets (recorded, not counted).
    const comparable = wallet !== null && a.ok;
    // A wallet's tax counts only against a quote (a venue that could not quote gives none).
    const walletTax = comparable && wallet?.ok && ws && ws.expected > 0n ? wallet.taxPct : null;
    const ok = passed !== null && !(comparable && wallet?.ok === false);
    sellers.push({
      address: h.address,
      role: h.role,
      boughtBlock: h.boughtBlock === null ? null : Number(h.boughtBlock),
      ok,
      afterBlocks: !ok ? null : a.ok ? 1 : 1 + LAST_LATER,
      taxPct: !ok ? null : Math.max(probeTax ?? 0, walletTax ?? 0),
      revertReason: ok ? null : passed ? (wallet?.revertReason ?? null) : decodeRevertReason(a.revertData),
      ...(whole ? { whole } : {}),
      ...(wallet ? { wallet } : {}),
    });
  });
  const taxes = sellers.filter((s) => s.taxPct !== null).map((s) => s.taxPct as number);
  return {
    sampled: sellers.length,
    couldSell: sellers.filter((s) => s.ok).length,
    failed: sellers.filter((s) => !s.ok).length,
    minTaxPct: taxes.length ? Math.min(...taxes) : null,
    maxTaxPct: taxes.length ? Math.max(...taxes) : null,
    sellers,
    inconclusive,
  };
}

/**
 * One moment of the trade schedule from its probe report; null when the probe could not trade
 * there at all (no pool, no router: not a fact about the token at that time).
 */
export function interpretMoment(
  r: TradeReport,
  when: { secondsAfter: number; blocksAfter: number; at: number },
): TradeMoment | null {
  if (r.status === STATUS.noPool || r.status === STATUS.noRouter) return null;
  const bought = r.status !== STATUS.buyFailed;
  const sold = bought && r.sell.tried && r.sell.amount > 0n ? r.sell.ok : null;
  return {
    ...when,
    buyOk: bought,
    sellOk: sold,
    buyTaxPct: bought ? lossPct(r.buyExpected, r.buyReceived) : null,
    sellTaxPct: sold ? lossPct(r.sell.expected, r.sell.received) : null,
    revertReason: !bought
      ? decodeRevertReason(r.revertData)
      : sold === false
        ? decodeRevertReason(r.sell.revertData)
        : null,
  };
}

/**
 * The sequential exit: each holder's whole-balance sell in turn, beside the same holder's sell
 * alone (same state, undone). A refusal counts as a trap only when that holder could leave alone
 * and someone before it in the line did leave: the first sellers used up the way out.
 */
/**
 * Reverts of the pools and routers themselves when a sell asks more than the pool can pay: V3 and
 * Slipstream's price limit (SPL), V2's output and liquidity checks, a router's too-little-received. A token could revert with one of these strings too;
 * the alone-sell comparison and the holders' own sells still judge it.
 */
const POOL_DRY_REASONS =
  /^(SPL|Too little received|UniswapV2: (INSUFFICIENT_OUTPUT_AMOUNT|INSUFFICIENT_LIQUIDITY)|UniswapV2Library: INSUFFICIENT_(LIQUIDITY|OUTPUT_AMOUNT)|Pool: INSUFFICIENT_(LIQUIDITY|OUTPUT_AMOUNT)|InsufficientOutputAmount|InsufficientLiquidity)$/;

export function interpretSequence(
  holders: { address: Address }[],
  inLine: (SellResult | null)[],
  alone: (SellResult | null)[],
): SequentialExitFacts {
  const sellers = holders.map((h, i) => {
    const s = inLine[i] ?? null;
    const tried = !!s?.tried && s.amount > 0n;
    return {
      address: h.address,
      ok: tried && !!s?.ok,
      taxPct: tried && s?.ok ? lossPct(s.expected, s.received) : null,
      revertReason: !s?.tried
        ? 'no report (out of gas, or the token broke the call)'
        : s.ok
          ? null
          : decodeRevertReason(s.revertData),
      tried,
    };
  });
  let trappedFrom: number | null = null;
  for (let i = 1; i < sellers.length && trappedFrom === null; i++) {
    const a = alone[i];
    const s = sellers[i];
    // Whole balances one after another can empty the pool's range: a refusal that is the pool
    // running out of what it can pay is depth (shown as the large-sell finding), not a trap.
    if (s?.revertReason && POOL_DRY_REASONS.test(s.revertReason)) continue;
    if (s?.tried && !s.ok && a?.tried && a.amount > 0n && a.ok && sellers.slice(0, i).some((x) => x.ok))
      trappedFrom = i + 1;
  }
  return { sellers: sellers.map(({ tried: _, ...x }) => x), trappedFrom };
}
