/**
 * The trade probe's set-up, shared by the simulation's request builders: the throwaway accounts
 * (PROBE_ADDRESS, FRESH_USER), gas, the simulated blocks' pace and the ladder, and the probe's
 * input and report types.
 */
import { type Address, type decodeFunctionResult, type Hex, parseEther } from 'viem';
import type { TradeProbe } from '../../probes/generated';
import type { ProbeRoute } from '../../venues/venue';
import type { HolderSellSimulationFacts, TradeSimulationFacts } from '../types';

// Throwaway addresses nobody holds keys for; the probe code only exists inside the simulated call.
export const PROBE_ADDRESS = '0x00000000000000000000000000000000f1ab7e57' as const;
/** The fresh user (tx.origin): an EOA without code that pays for its gas. */
export const FRESH_USER = '0x00000000000000000000000000000000f1abca11' as const;
/** Receives the transfer-tax test transfer. */
export const RECEIVER = '0x00000000000000000000000000000000f1ab0002' as const;
/**
 * The fresh user's priority fee (tip): 0.001 gwei, a common tip on Base. The price paid is the
 * block's base fee plus this tip (EIP-1559), under a cap far above any base fee.
 */
export const USER_TIP_WEI = 1_000_000n;
export const USER_MAX_FEE_WEI = 1_000_000_000_000n;
/** The fresh user's balance (override): enough for any ladder size and its gas at the cap. */
export const USER_FUNDS = parseEther('10000000');
/** Gas each simulated transaction may use: the probe (ladder + trade), a later sell, a holder sell. */
export const PROBE_GAS = 40_000_000n;
export const SELL_GAS = 8_000_000n;
export const HOLDER_GAS = 6_000_000n;
/** Block gas limit of the simulated blocks: room for the bounded calls above. */
export const SIM_BLOCK_GAS = 400_000_000n;
/** Base produces a block every 2 seconds; simulated later blocks keep that pace. */
export const BLOCK_SECONDS = 2n;
/** Blocks after the buy at which a sell that failed in the buy's block is tried again. */
export const LATER_SELL_BLOCKS = [1, 2, 3, 5, 10, 20] as const;
export const LAST_LATER = 20;
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

/**
 * The trade schedule: a fresh wallet buys and sells again this many seconds after the first buy
 * (a launch fee that falls in seconds, a fair-launch window, a fee that rises later). Each moment
 * has its own wallet and probe address, so no moment inherits another's cooldown or wallet limit.
 */
export const TRADE_SCHEDULE_SECONDS = [20, 60, 1_800, 86_400] as const;
/**
 * Blocks a moment may move the block number with its clock: eth_simulateV1 builds every block of
 * a gap (geth refuses more than 256 in all), so later moments move the clock only and take the next
 * block number (their facts record the blocks actually moved).
 */
export const TRADE_SCHEDULE_MAX_BLOCKS = 30;
/** A moment's wallet and probe address: throwaway, one per moment. */
export const momentUser = (i: number) =>
  `0x00000000000000000000000000000000f1ab5c${(0x10 + i).toString(16)}` as Address;
export const momentProbe = (i: number) =>
  `0x00000000000000000000000000000000f1ab5e${(0x10 + i).toString(16)}` as Address;
/** The largest sampled holders who exit one after another (one block each, after the time bomb). */
export const MAX_SEQUENCE_HOLDERS = 6;

/** Buy sizes for the max-buy ladder (1-2-5 steps); sizes above `maxLadderWei` are not tried. */
export const DEFAULT_LADDER_ETH = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500,
];

/** Wall-clock bound of the simulation request: a token that makes the node loop is reported, not waited on. */
export const SIMULATION_TIMEOUT_MS = 12_000;

/** Share of each holder's balance sold in the holder simulation (10%): a sell, not a dump. */
export const HOLDER_SELL_FRACTION_BPS = 1_000n;
/**
 * And all of it, from the same state: a guard that bites only above an amount (an "anti-whale" rule,
 * a rule that keeps a share of every bag) lets a tenth through and stops the holder's exit.
 */
export const HOLDER_WHOLE_BPS = 10_000n;
/**
 * Holders who also sell from their own wallet (no code; see wallet-sells/wallet-sell.ts), a tenth of the balance
 * the index holds for them: the first ones sampled (pool buyers of different ages first).
 */
export const MAX_WALLET_SELLERS = 8;
export const MAX_HOLDERS = 25;

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

// A fixed-notation format avoids both exponent notation (1e-7) and binary noise (0.1 → 0.1000…06).
// One formatter, made once: toLocaleString with options builds a new one per call (37 µs against
// 1 µs here, and the first ones in a process were a 13 ms block of the event loop).
const plainDecimal = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 18 });
export const toWei = (eth: number) => parseEther(plainDecimal.format(eth));

export const routeArg = (r: ProbeRoute) => ({
  venue: r.venue,
  router: r.router,
  quoter: r.quoter,
  pool: r.pool,
  path: r.path,
  fees: r.fees,
  minQuote: r.minQuote,
  v4Key: r.v4Key,
});

export type SimCall = { status: Hex; returnData: Hex; error?: { message?: string } };
export type SimBlock = { number: Hex; calls: SimCall[] };
