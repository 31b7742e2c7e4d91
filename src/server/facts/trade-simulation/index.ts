/**
 * Honeypot / tax / max-buy / cooldown detection by simulation, on any venue. The TradeProbe
 * helper (contracts/probes/TradeProbe.sol, venue adapter in contracts/probes/ProbeVenue.sol) is placed by state
 * override at a throwaway address; a venue only says how to route a trade (`ProbeRoute`), and this
 * module runs the probe and is the ONE interpretation of its reports. Nothing is sent to the chain.
 *
 * One eth_simulateV1 request simulates a fresh user over several blocks, as a real user would trade:
 * a fresh EOA is tx.origin and pays an EIP-1559 gas price (the block's base fee plus a tip) from its
 * own balance; in the next block it buys and tries to sell at once, then tries again 1, 2, 3, 5, 10 and 20
 * blocks later (each try undone), which tells a sell cooldown or transfer delay from a honeypot and
 * counts its blocks. Real holders sell from their own address (tx.origin = the holder) in the same
 * request, before the fresh buy and again 20 blocks later. Last, the fresh buyer's sell is tried
 * once more with the clock moved 30 days ahead (a time bomb). Providers without eth_simulateV1 get
 * the same-block probe and the holder sells by eth_call; the later blocks are then reported as not
 * probed.
 */
import {
  type Address,
  BaseError,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  formatEther,
  formatGwei,
  type Hex,
  numberToHex,
  type PublicClient,
  parseEther,
  zeroAddress,
} from 'viem';
import { TradeProbe } from '../../probes/generated';
import type { ProbeRoute } from '../../venues/venue';
import { rejectAfter } from '../budget';
import type { ClockJumpSell, HolderSellSimulationFacts, TradeSimulationFacts } from '../types';
import {
  readWalletSell,
  WALLET_SELL_CALLS,
  type WalletCall,
  type WalletCallResult,
  type WalletSellResult,
  walletExplainCall,
  walletSellable,
  walletSellCalls,
} from '../wallet-sells/wallet-sell';

// Throwaway addresses nobody holds keys for; the probe code only exists inside the simulated call.
export const PROBE_ADDRESS = '0x00000000000000000000000000000000f1ab7e57' as const;
/** The fresh user (tx.origin): an EOA without code that pays for its gas. */
export const FRESH_USER = '0x00000000000000000000000000000000f1abca11' as const;
/** Receives the transfer-tax test transfer. */
const RECEIVER = '0x00000000000000000000000000000000f1ab0002' as const;
/**
 * The fresh user's priority fee (tip): 0.001 gwei, a common tip on Base. The price paid is the
 * block's base fee plus this tip (EIP-1559), under a cap far above any base fee.
 */
export const USER_TIP_WEI = 1_000_000n;
export const USER_MAX_FEE_WEI = 1_000_000_000_000n;
/** The fresh user's balance (override): enough for any ladder size and its gas at the cap. */
const USER_FUNDS = parseEther('10000000');
/** Gas each simulated transaction may use: the probe (ladder + trade), a later sell, a holder sell. */
const PROBE_GAS = 40_000_000n;
const SELL_GAS = 8_000_000n;
const HOLDER_GAS = 6_000_000n;
/** Block gas limit of the simulated blocks: room for the bounded calls above. */
const SIM_BLOCK_GAS = 400_000_000n;
/** Base produces a block every 2 seconds; simulated later blocks keep that pace. */
export const BLOCK_SECONDS = 2n;
/** Blocks after the buy at which a sell that failed in the buy's block is tried again. */
export const LATER_SELL_BLOCKS = [1, 2, 3, 5, 10, 20] as const;
const LAST_LATER = 20;
/**
 * After the later blocks, one more block with the clock moved this many days ahead: a token that
 * stops sells (or raises their tax) from some date on passes every test made today. In eth_simulateV1
 * the block number stays contiguous (a jump of 30 days of blocks would make the node build them all,
 * and geth refuses more than 256), so beside it, in the same JSON-RPC batch, one eth_call runs the
 * fresh user's buy and same-block sell with block overrides moving both the clock and the block
 * number 30 days ahead (JUMP_BLOCKS): a switch keyed to block numbers is seen there.
 */
export const CLOCK_JUMP_DAYS = 30;
/** 30 days of Base's 2-second blocks. */
export const JUMP_BLOCKS = (BigInt(CLOCK_JUMP_DAYS) * 86_400n) / 2n;

/** Buy sizes for the max-buy ladder (1-2-5 steps); sizes above `maxLadderWei` are not tried. */
export const DEFAULT_LADDER_ETH = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500,
];

/** Wall-clock bound of the simulation request: a token that makes the node loop is reported, not waited on. */
const SIMULATION_TIMEOUT_MS = 12_000;

/** Share of each holder's balance sold in the holder simulation (10%): a sell, not a dump. */
const HOLDER_SELL_FRACTION_BPS = 1_000n;
/**
 * And all of it, from the same state: a guard that bites only above an amount (an "anti-whale" rule,
 * a rule that keeps a share of every bag) lets a tenth through and stops the holder's exit.
 */
const HOLDER_WHOLE_BPS = 10_000n;
/**
 * Holders who also sell from their own wallet (no code; see wallet-sells/wallet-sell.ts), a tenth of the balance
 * the index holds for them: the first ones sampled (pool buyers of different ages first).
 */
export const MAX_WALLET_SELLERS = 8;
export const MAX_HOLDERS = 25;

const STATUS = { ok: 0, noPool: 1, buyFailed: 2, sellFailed: 3, noRouter: 4 } as const;

/** The block the simulation starts from (read with the token's basics, no extra request). */
export type BlockContext = { number: bigint; timestamp: bigint };

export type TradingSimulationInput = {
  route: ProbeRoute;
  /** Size of the tax-measuring buy in wei of ETH (half a percent of the pool, in ETH). */
  buyWei: bigint;
  /** Ladder sizes above this are not tried (a bigger buy is not a trade anyone makes). */
  maxLadderWei: bigint;
  ladderEth?: number[];
  /**
   * Real holders to sell as (pool buyers of different ages first); [] for none. `balance` (the
   * index's) sizes the sell from the holder's own wallet; without it that sell is not made.
   */
  holders: { address: Address; role: string; boughtBlock: bigint | null; balance?: bigint }[];
  block: BlockContext | null;
};

export type TradingSimulation = {
  trade: TradeSimulationFacts;
  holderSells: HolderSellSimulationFacts | null;
  /** JSON-RPC calls it made (the simulation and its later-date eth_call leave together: one round trip). */
  requests: number;
};

export type TradeReport = ReturnType<typeof decodeFunctionResult<typeof TradeProbe.abi, 'probe'>>;
export type SellResult = TradeReport['sell'];

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

/** Error text without RPC URLs (they can carry API keys) or stack-like detail. */
export function safeMessage(e: unknown): string {
  const base =
    e instanceof BaseError
      ? `${e.shortMessage}${e.details && !e.shortMessage.includes(e.details) ? ` (${e.details})` : ''}`
      : e instanceof Error
        ? e.message
        : String(e);
  return base.replace(/\b(https?|wss?):\/\/[^\s"'<>)]+/gi, '<rpc>').slice(0, 300);
}

/**
 * Did the provider reject the method or its arguments (state overrides, eth_simulateV1 itself)
 * rather than fail? Only RPC errors count: a thrown plain Error is ours, not the node's refusal.
 */
export function rejectsStateOverride(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  const text = `${e.shortMessage} ${e.details ?? ''}`;
  if (/revert/i.test(text)) return false;
  const coded = e.walk((x) => typeof (x as { code?: unknown }).code === 'number') as { code?: number } | null;
  return (
    coded?.code === -32601 ||
    coded?.code === -32602 ||
    /override|too many|argument|param|unsupported|not supported|does not exist|not available|method not found/i.test(
      text,
    )
  );
}

// A fixed-notation format avoids both exponent notation (1e-7) and binary noise (0.1 → 0.1000…06).
// One formatter, made once: toLocaleString with options builds a new one per call (37 µs against
// 1 µs here, and the first ones in a process were a 13 ms block of the event loop).
const plainDecimal = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 18 });
export const toWei = (eth: number) => parseEther(plainDecimal.format(eth));

const gwei = (wei: bigint) => Number(formatGwei(wei));

const routeArg = (r: ProbeRoute) => ({
  venue: r.venue,
  router: r.router,
  quoter: r.quoter,
  pool: r.pool,
  path: r.path,
  fees: r.fees,
  minQuote: r.minQuote,
  v4Key: r.v4Key,
});

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

type SimCall = { status: Hex; returnData: Hex; error?: { message?: string } };
type SimBlock = { number: Hex; calls: SimCall[] };

function decodeSell(call: SimCall | undefined, fn: 'sellLater' | 'holderSell'): SellResult | null {
  if (call?.status !== '0x1' || !call.returnData || call.returnData === '0x') return null;
  try {
    return decodeFunctionResult({ abi: TradeProbe.abi, functionName: fn, data: call.returnData });
  } catch {
    return null;
  }
}

/**
 * The fresh user's trade and the holders' sells, in one eth_simulateV1 request (fallback: two
 * eth_calls, same block only). Never throws: an RPC failure is an `error` trade and null holders.
 */
export async function simulateTrading(
  client: PublicClient,
  input: TradingSimulationInput,
): Promise<TradingSimulation> {
  const route = routeArg(input.route);
  const where = { pair: input.route.pool, router: input.route.router };
  const holders = dedupeHolders(input.holders);
  const ladder = (input.ladderEth ?? DEFAULT_LADDER_ETH).filter((x) => x > 0).map(toWei);
  const probeData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'probe',
    args: [route, RECEIVER, input.buyWei, input.maxLadderWei, ladder],
  });
  const code = TradeProbe.deployedBytecode as Hex;
  try {
    return await bounded(simulateOverBlocks(client, input, holders, probeData, where));
  } catch (e) {
    if (!rejectsStateOverride(e))
      return {
        trade: { status: 'error', message: `Trade simulation failed: ${safeMessage(e)}` },
        holderSells: null,
        requests: 1,
      };
  }
  // Fallback: eth_call (one block; later-block sells not probed). Holders sell through the probe.
  const fee = { maxFeePerGas: USER_MAX_FEE_WEI, maxPriorityFeePerGas: USER_TIP_WEI };
  const call = (data: Hex, extra: { address: Address; code: Hex }[]) =>
    client.call({
      account: FRESH_USER,
      to: PROBE_ADDRESS,
      data,
      gas: PROBE_GAS,
      ...fee,
      stateOverride: [
        { address: PROBE_ADDRESS, code, balance: USER_FUNDS },
        { address: FRESH_USER, balance: USER_FUNDS },
        ...extra,
      ],
    });
  const holderData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'holderSells',
    args: [route, holders.map((h) => h.address), HOLDER_SELL_FRACTION_BPS],
  });
  const [tradeRes, holderRes] = await Promise.allSettled([
    call(probeData, []),
    holders.length
      ? call(
          holderData,
          holders.map((h) => ({ address: h.address, code })),
        )
      : null,
  ]);
  let trade: TradeSimulationFacts;
  if (tradeRes.status === 'rejected' || !tradeRes.value.data || tradeRes.value.data === '0x')
    trade = {
      status: 'error',
      message: `Trade simulation failed: ${tradeRes.status === 'rejected' ? safeMessage(tradeRes.reason) : 'the node ignored the state overrides'}`,
    };
  else
    try {
      const r = decodeFunctionResult({
        abi: TradeProbe.abi,
        functionName: 'probe',
        data: tradeRes.value.data,
      });
      trade = interpretTrade(r, null, where);
    } catch (e) {
      trade = { status: 'error', message: `Trade simulation failed: ${safeMessage(e)}` };
    }
  let holderSells: HolderSellSimulationFacts | null = null;
  if (holderRes.status === 'fulfilled' && holderRes.value?.data && holderRes.value.data !== '0x') {
    try {
      const [pooled, outs] = decodeFunctionResult({
        abi: TradeProbe.abi,
        functionName: 'holderSells',
        data: holderRes.value.data,
      });
      if (pooled) holderSells = interpretHolderSells(holders, [...outs], null);
    } catch {
      holderSells = null;
    }
  }
  return { trade, holderSells, requests: 1 + (holders.length ? 2 : 1) };
}

const bounded = <T>(p: Promise<T>) =>
  rejectAfter(p, SIMULATION_TIMEOUT_MS, `the simulation took longer than ${SIMULATION_TIMEOUT_MS / 1000} s`);

function dedupeHolders(all: TradingSimulationInput['holders']): TradingSimulationInput['holders'] {
  const seen = new Set<string>();
  const out: TradingSimulationInput['holders'] = [];
  for (const h of all) {
    const a = h.address.toLowerCase() as Address;
    if (a === zeroAddress || a === PROBE_ADDRESS || a === FRESH_USER || seen.has(a)) continue;
    seen.add(a);
    out.push({ ...h, address: a });
  }
  return out.slice(0, MAX_HOLDERS);
}

async function simulateOverBlocks(
  client: PublicClient,
  input: TradingSimulationInput,
  holders: TradingSimulationInput['holders'],
  probeData: Hex,
  where: { pair: Address; router: Address },
): Promise<TradingSimulation> {
  const route = routeArg(input.route);
  const code = TradeProbe.deployedBytecode as Hex;
  const fee = {
    maxFeePerGas: numberToHex(USER_MAX_FEE_WEI),
    maxPriorityFeePerGas: numberToHex(USER_TIP_WEI),
  };
  const user = (data: Hex, gas: bigint) => ({
    from: FRESH_USER,
    to: PROBE_ADDRESS,
    data,
    gas: numberToHex(gas),
    ...fee,
  });
  const holderCallsOf = (bps: bigint) =>
    holders.map((h) => ({
      from: h.address,
      to: h.address,
      data: encodeFunctionData({ abi: TradeProbe.abi, functionName: 'holderSell', args: [route, bps] }),
      gas: numberToHex(HOLDER_GAS),
      ...fee,
    }));
  const holderCalls = holderCallsOf(HOLDER_SELL_FRACTION_BPS);
  const wholeCalls = holderCallsOf(HOLDER_WHOLE_BPS);
  const laterData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'sellLater',
    args: [route, RECEIVER],
  });
  // Block k after the buy's block (k = 0 is the buy's). With a known start block the later blocks
  // are numbered and timed at Base's pace; otherwise empty blocks fill the gaps.
  const jumpSeconds = BigInt(CLOCK_JUMP_DAYS * 86_400);
  const at = (k: number, jump = 0n) =>
    input.block
      ? {
          number: numberToHex(input.block.number + 1n + BigInt(k)),
          time: numberToHex(input.block.timestamp + BLOCK_SECONDS * (1n + BigInt(k)) + jump),
          gasLimit: numberToHex(SIM_BLOCK_GAS),
        }
      : { gasLimit: numberToHex(SIM_BLOCK_GAS) };
  type Planned = { k: number; calls: ReturnType<typeof user>[] | typeof holderCalls; jump?: bigint };
  const planned: Planned[] = [
    // Holders first (today's pool: a tenth, then all of it, each undone), then the fresh user's buy
    // in the same block.
    { k: 0, calls: [...holderCalls, ...wholeCalls, user(probeData, PROBE_GAS)] },
    ...LATER_SELL_BLOCKS.map((k) => ({
      k,
      calls: k === LAST_LATER ? [user(laterData, SELL_GAS), ...holderCalls] : [user(laterData, SELL_GAS)],
    })),
    // The time bomb: the next block, with the clock moved ahead. Needs a known start block to time it.
    ...(input.block ? [{ k: LAST_LATER + 1, calls: [user(laterData, SELL_GAS)], jump: jumpSeconds }] : []),
  ];
  const blockStateCalls: unknown[] = [];
  let prev = -1;
  for (const p of planned) {
    if (!input.block)
      for (let gap = prev + 1; gap < p.k; gap++) blockStateCalls.push({ blockOverrides: at(gap), calls: [] });
    blockStateCalls.push({
      blockOverrides: at(p.k, p.jump),
      calls: p.calls,
      ...(p.k === 0
        ? {
            stateOverrides: Object.fromEntries([
              [PROBE_ADDRESS, { code, balance: numberToHex(USER_FUNDS) }],
              [FRESH_USER, { balance: numberToHex(USER_FUNDS) }],
              // Holders pay their gas too: their own address carries the probe code and a balance.
              ...holders.map((h) => [h.address, { code, balance: numberToHex(USER_FUNDS) }]),
            ]),
          }
        : {}),
    });
    prev = p.k;
  }
  // The later date with the block number moved too (see CLOCK_JUMP_DAYS): one eth_call, sent with
  // the simulation so that both leave in the same JSON-RPC batch. Its failure only drops it.
  const laterDateP: Promise<TradeReport | null> = input.block
    ? client
        .call({
          account: FRESH_USER,
          to: PROBE_ADDRESS,
          data: probeData,
          gas: PROBE_GAS,
          maxFeePerGas: USER_MAX_FEE_WEI,
          maxPriorityFeePerGas: USER_TIP_WEI,
          stateOverride: [
            { address: PROBE_ADDRESS, code, balance: USER_FUNDS },
            { address: FRESH_USER, balance: USER_FUNDS },
          ],
          blockNumber: input.block.number,
          blockOverrides: {
            number: input.block.number + 1n + JUMP_BLOCKS,
            time: input.block.timestamp + BLOCK_SECONDS + jumpSeconds,
          },
        })
        .then((res) =>
          res.data && res.data !== '0x'
            ? decodeFunctionResult({ abi: TradeProbe.abi, functionName: 'probe', data: res.data })
            : null,
        )
        .catch(() => null)
    : Promise.resolve(null);
  const walletP = sellFromWallets(client, input, holders, fee);
  const blocks = (await client.request({
    method: 'eth_simulateV1' as never,
    params: [
      { blockStateCalls, validation: true, traceTransfers: false },
      input.block ? numberToHex(input.block.number) : 'latest',
    ] as never,
  })) as unknown as SimBlock[];
  const withCalls = (blocks ?? []).filter((b) => b.calls?.length > 0);
  if (withCalls.length !== planned.length)
    throw new Error('eth_simulateV1 returned an unexpected number of blocks');
  const first = withCalls[0] as SimBlock;
  const probeCall = first.calls[2 * holders.length];
  if (probeCall?.status !== '0x1' || probeCall.returnData === '0x')
    return {
      trade: {
        status: 'error',
        message: `Trade simulation failed: ${probeCall?.error?.message?.slice(0, 200) ?? 'the probe returned nothing'}`,
      },
      holderSells: null,
      requests: 2 + (walletP.sent ? 1 : 0),
    };
  const report = decodeFunctionResult({
    abi: TradeProbe.abi,
    functionName: 'probe',
    data: probeCall.returnData,
  });
  const later: LaterSell[] = [];
  LATER_SELL_BLOCKS.forEach((k, i) => {
    const s = decodeSell(withCalls[i + 1]?.calls[0], 'sellLater');
    if (s) later.push({ blocks: k, sell: s });
  });
  const jumped = input.block
    ? decodeSell(withCalls[LATER_SELL_BLOCKS.length + 1]?.calls[0], 'sellLater')
    : null;
  const trade = interpretTrade(report, later, where, jumped, await laterDateP);
  // The block 20 blocks after the buy, where the holders sell again.
  const lastBlock = withCalls[LATER_SELL_BLOCKS.length] as SimBlock;
  const wallet = await walletP.results;
  const holderSells =
    holders.length === 0 || trade.status === 'no_pool' || trade.status === 'error'
      ? null
      : interpretHolderSells(
          holders,
          holders.map((_, i) => decodeSell(first.calls[i], 'holderSell')),
          holders.map((_, i) => decodeSell(lastBlock.calls[i + 1], 'holderSell')),
          {
            whole: holders.map((_, i) => decodeSell(first.calls[holders.length + i], 'holderSell')),
            wallet,
          },
        );
  return { trade, holderSells, requests: (input.block ? 2 : 1) + (walletP.sent ? 1 : 0) };
}

/**
 * The holders' sells from their own wallets (wallet-sell.ts): one more eth_simulateV1, one block at
 * the buy's block, started before the main simulation so both leave in the same JSON-RPC batch (no
 * round trip of its own). Each holder sells a tenth of the balance the index holds for it; no code
 * is placed anywhere, only ETH for gas. Its failure only drops it (`results` all null).
 */
function sellFromWallets(
  client: PublicClient,
  input: TradingSimulationInput,
  holders: TradingSimulationInput['holders'],
  fee: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex },
): { sent: boolean; results: Promise<(WalletSellResult | null)[]> } {
  const sellers = holders
    .map((h, i) => ({ h, i, amount: (h.balance ?? 0n) / 10n }))
    .filter((x) => x.amount > 0n)
    .slice(0, MAX_WALLET_SELLERS);
  const none = holders.map(() => null);
  if (sellers.length === 0 || !walletSellable(input.route))
    return { sent: false, results: Promise.resolve(none) };
  const hexed = (c: WalletCall) => ({ ...c, gas: numberToHex(c.gas), ...fee });
  const calls = [
    ...sellers.flatMap(({ h, amount }) => walletSellCalls(input.route, h.address, amount).map(hexed)),
    ...sellers.map(({ h, amount }) => hexed(walletExplainCall(input.route, h.address, amount))),
  ];
  const block = input.block
    ? {
        number: numberToHex(input.block.number + 1n),
        time: numberToHex(input.block.timestamp + BLOCK_SECONDS),
        gasLimit: numberToHex(SIM_BLOCK_GAS),
      }
    : { gasLimit: numberToHex(SIM_BLOCK_GAS) };
  const results = (
    client.request({
      method: 'eth_simulateV1' as never,
      params: [
        {
          blockStateCalls: [
            {
              blockOverrides: block,
              // ETH for gas only: the wallet keeps no code, as a real holder's.
              stateOverrides: Object.fromEntries(
                sellers.map(({ h }) => [h.address, { balance: numberToHex(USER_FUNDS) }]),
              ),
              calls,
            },
          ],
          validation: true,
          traceTransfers: false,
        },
        input.block ? numberToHex(input.block.number) : 'latest',
      ] as never,
    }) as unknown as Promise<SimBlock[]>
  )
    .then((blocks) => {
      const got = (blocks ?? []).find((b) => b.calls?.length > 0)?.calls ?? [];
      const out: (WalletSellResult | null)[] = [...none];
      sellers.forEach(({ i, amount }, j) => {
        const slice = got.slice(j * WALLET_SELL_CALLS, (j + 1) * WALLET_SELL_CALLS) as WalletCallResult[];
        const explain = got[sellers.length * WALLET_SELL_CALLS + j] as WalletCallResult;
        out[i] =
          slice.length === WALLET_SELL_CALLS ? readWalletSell(input.route, amount, slice, explain) : null;
      });
      return out;
    })
    .catch(() => none);
  return { sent: true, results };
}
