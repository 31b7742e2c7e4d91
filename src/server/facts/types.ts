/**
 * Typed fact records: what the gatherers (RPC, index, registry) hand to the pure analysers.
 * Amounts are bigint in base units; USD figures are plain numbers (display values, not accounting).
 * `null` always means "could not be determined" — analysers must report it, never guess.
 */

import type { PoolValueBasis } from '../../shared/pool-value';
import type { ProviderStatus } from '../../shared/provider';
import type { PoolHookFacts } from '../../shared/uniswap-v4-hook';
export type Address = `0x${string}`;

import type { HolderIndexState, HolderSellOutcome as SharedHolderSellOutcome } from '../../shared/analysis';
import type { PoolQuoteFacts } from '../../shared/price-path';
import type { OwnerPowerEffect } from '../../shared/vocabulary';
import type { VenueId } from '../venues/venue';
import type { PoolLiquidityFacts } from './liquidity/types';
import type { ClockJumpSell, SequentialExitFacts, TradeMoment } from './trade-schedule-types';
import type { WrappingFacts } from './wrapping';

/** Evidence lines are shared with the browser; one definition lives in shared/analysis.ts. */
export type { CheckOutcome, Evidence } from '../../shared/analysis';
export type { OwnerPowerEffect } from '../../shared/vocabulary';

export type TokenFacts = {
  address: Address;
  /** Attacker-written strings: the UI renders them as text only. */
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: bigint | null;
  /** owner() if the contract has one; null when no owner() or it reverted. */
  owner: Address | null;
  ownerRenounced: boolean | null;
  /** Deployer (creator) if known. */
  deployer: Address | null;
  createdAtBlock: bigint | null;
  createdAt: number | null; // unix seconds
  codeSize: number;
  verification: VerificationFacts;
  capabilities: CapabilityFacts;
  proxy: ProxyFacts | null;
};

export type VerificationFacts = {
  status: 'verified' | 'unverified' | 'unknown';
  /** Where the answer came from (local registry, sourcify, blockscout). */
  source: string | null;
  contractName: string | null;
};

export type Capability =
  | 'mint'
  | 'blacklist'
  | 'whitelist'
  | 'pause'
  | 'setFees'
  | 'maxTx'
  | 'maxWallet'
  | 'ownerTransferOthers'
  | 'selfDestruct'
  | 'delegateCall'
  | 'upgradeable'
  | 'renounceOwnership'
  | 'tradingToggle';

export type CapabilityFacts = {
  /** Detected capabilities with the selectors or ABI names that revealed them. */
  found: { capability: Capability; via: string[] }[];
  /** Number of function selectors found in the runtime bytecode. */
  selectorCount: number;
  /** Whether the ABI (verified) or only bytecode selectors were used. */
  basis: 'abi' | 'bytecode';
};

/**
 * How a proxy finds its code: an EIP-1167-style clone (the implementation fixed in its bytecode);
 * the EIP-1967 implementation slot with an admin (transparent) or with the upgrade in the
 * implementation (UUPS) or neither known ('slot'); the EIP-1967 beacon slot (the beacon's
 * implementation()); a pre-1967 slot (EIP-1822, zos); a delegating fallback whose target no
 * standard slot names, found by the code that answered the token's own call.
 */
export type ProxyForm = 'clone' | 'transparent' | 'uups' | 'slot' | 'beacon' | 'legacy' | 'fallback';

export type ProxyFacts = {
  kind: 'eip1967' | 'eip1167' | 'other';
  form: ProxyForm;
  implementation: Address | null;
  /** The EIP-1967 beacon the proxy asks for its implementation; null for every other form. */
  beacon: Address | null;
  admin: Address | null;
  upgradeCount: number;
  lastUpgradeAt: number | null;
};

export type { ClockJumpSell, SequentialExitFacts, TradeMoment } from './trade-schedule-types';

/** The simulated user's block context, and which later blocks a failed sell was tried again in. */
export type TradeContext = {
  /** Gas price the fresh user paid (base fee + tip) and the block's base fee, in gwei. */
  gasPriceGwei?: number;
  baseFeeGwei?: number;
  /** Blocks after the buy at which the sell was tried again; [] when the provider could not simulate later blocks. */
  laterBlocksProbed?: number[];
  /**
   * The fresh buy-and-sell now and at later moments (+20 s, +1 min, +30 min, +1 day); absent or
   * null when not simulated (no eth_simulateV1, no known start block, facts cached before it).
   */
  schedule?: TradeMoment[] | null;
};

export type TradeSimulationFacts =
  | ({
      status: 'ok';
      pair: Address;
      router: Address;
      buyTaxPct: number;
      sellTaxPct: number;
      /** null when no test transfer passed (a reverted transfer is never read as a 100% tax). */
      transferTaxPct: number | null;
      /** The test transfer in the buy's own block reverted. */
      transferFailed: boolean;
      /** Blocks after the buy before a sell passed: 0 = the same block (no cooldown). */
      sellDelayBlocks?: number;
      /**
       * Blocks after the buy from which the sell fails again although it had passed (a wallet lock
       * some blocks after the first buy); null when every later try passed.
       */
      sellBlockedAfterBlocks?: number | null;
      sellBlockedReason?: string | null;
      /**
       * The fresh buyer's sell tried again with the clock moved CLOCK_JUMP_DAYS ahead (a time bomb:
       * sells or their tax switched on a date); null when not probed (no eth_simulateV1, or no
       * known start block).
       */
      clockJump?: ClockJumpSell | null;
      /** Blocks after the buy before a wallet-to-wallet transfer passed; null when none did. */
      transferDelayBlocks?: number | null;
      buyGas: bigint;
      sellGas: bigint;
      /** Largest buy (in ETH) that succeeded among the probed sizes; null if none probed. */
      maxBuyEth: number | null;
    } & TradeContext)
  | ({
      status: 'sell_failed';
      pair: Address;
      router: Address;
      buyTaxPct: number;
      revertReason: string | null;
    } & TradeContext)
  | ({ status: 'buy_failed'; pair: Address; router: Address; revertReason: string | null } & TradeContext)
  | { status: 'no_pool' }
  | { status: 'error'; message: string };

/** One real holder's simulated sell (the shared report type, with a checked address). */
export type HolderSellOutcome = Omit<SharedHolderSellOutcome, 'address'> & { address: Address };

export type HolderSellSimulationFacts = {
  sampled: number;
  couldSell: number;
  failed: number;
  /** Sell tax spread among holders who could sell (percent). */
  minTaxPct: number | null;
  maxTaxPct: number | null;
  /** Each sampled holder (absent in facts cached before holders were sampled by age). */
  sellers?: HolderSellOutcome[];
  /** Holders whose sell probe returned no report (out of gas, broken by the token): inconclusive. */
  inconclusive?: number;
  /** The largest holders' exit one after another; absent or null when not simulated. */
  sequence?: SequentialExitFacts | null;
};

export type HolderKind = 'eoa' | 'contract' | 'pair' | 'locker' | 'burn' | 'deployer';

export type Holder = {
  address: Address;
  balance: bigint;
  /** share of total supply, 0..100 */
  percentage: number;
  kind: HolderKind;
  firstSeenAt: number | null; // unix seconds
  lastActiveAt: number | null; // unix seconds
  /** Tokens this wallet deployed or provided liquidity for that later lost most liquidity. */
  rugHistory: number;
  /** Funded by or received tokens from the deployer (insider). */
  fundedByDeployer: boolean;
};

export type HolderFacts = {
  holderCount: number;
  /** Base: where the token's holder index stands (absent on the local chain, indexed whole). */
  index?: HolderIndexState;
  /** Sorted by balance desc; at most 50. */
  top: Holder[];
  totalSupply: bigint;
};

export type SwapFact = {
  txHash: `0x${string}`;
  blockNumber: bigint;
  timestamp: number;
  trader: Address;
  side: 'buy' | 'sell';
  tokenAmount: bigint;
  ethAmount: bigint;
  usdValue: number | null;
};

export type LiquidityEventFact = {
  kind: 'add' | 'remove';
  txHash: `0x${string}`;
  timestamp: number;
  provider: Address | null;
  /** WETH (quote) side amount */
  quoteAmount: bigint;
  /** Share of the pool's quote reserve removed (0..1), removes only. */
  shareOfPool: number | null;
};

/** The quote's worth and path (shared/price-path.ts), then the pool's own facts. */
export type PoolFacts = PoolQuoteFacts & {
  /** The pool's address (a V2 pair or a V3 pool; named `pair` for history). */
  pair: Address;
  /** Which venue the pool is on, and its label for people ("Uniswap V3"). */
  venue: VenueId;
  venueLabel: string;
  /** A V4 pool's hook: its address and the permission names its address bits grant (ADR 0026). */
  hook?: { address: Address; permissions: string[] };
  /** Fee tier in hundredths of a basis point (3000 = 0.3%); null when the venue has none. */
  feeTier: number | null;
  quoteToken: Address;
  quoteSymbol: string;
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** USD value of what its liquidity holds now, the token side capped at the quote side (ADR 0047). */
  poolValueUsd: number | null;
  /** Where the valued amounts were read (null/absent: not valued), and why there is no value. */
  poolValueBasis?: PoolValueBasis | null;
  poolValueNote?: string | null;
  /** USD value of the quote-side liquidity within ±2% of the current price; null when unknown. */
  depthUsd2Pct: number | null;
  priceUsd: number | null;
  priceEth: number | null;
  /**
   * The pool's own time-weighted average price over PRICE_MANIPULATION.twapWindowSec (V3 observe),
   * in USD, and how far the current price is from it in percent (signed); null when there is none.
   */
  twapPriceUsd?: number | null;
  twapDeviationPct?: number | null;
  /** Why no average is given ("TWAP unavailable: …"); null when given or the venue keeps none (V2). */
  twapNote?: string | null;
  /** Why the price per token is unknown (the token does not answer decimals()); null when priced. */
  priceNote?: string | null;
  /**
   * The venue's own quote of a buy at the report's default amount, asked with the pool's other
   * reads (so the default report's price impact costs no extra round trip); null when not asked.
   */
  buyQuote?: { amountUsd: number; amountIn: bigint; amountOut: bigint | null } | null;
  lpTotalSupply: bigint;
  lpBurnedShare: number; // 0..1, excluding Uniswap's MINIMUM_LIQUIDITY
  lpLockedShare: number; // 0..1
  lockUnlockTime: number | null; // earliest unlock among active locks
  lpCreatorShare: number; // 0..1
  createdAt: number | null;
  peakQuoteReserve: bigint;
  volume24hUsd: number | null;
  swaps24h: { buys: number; sells: number };
  priceChange24hPct: number | null;
  /**
   * The pool's price (quote per token, decimals applied) over the 24 h window priceChange24hPct
   * measures, oldest first: the pool price a day ago, the median execution price of every 5-minute
   * bucket with swaps (all the day's swaps, not only recentSwaps), the pool price now. Trend and
   * returns read this one series, so they agree with the 24 h change. Absent: built before it existed.
   */
  priceSeries24h?: PricePoint[];
  recentSwaps: SwapFact[];
  liquidityEvents: LiquidityEventFact[];
  /**
   * The position ledger's facts (issue 35): every position with its holder and what simulating each
   * holder contract's calls did; judged in analysis/liquidity-ledger.ts. Absent: not gathered.
   */
  liquidity?: PoolLiquidityFacts;
};

export type PricePoint = { t: number; p: number };

export type DeployerFacts = {
  address: Address | null;
  tokensDeployed: number;
  ruggedTokens: number;
};

export type EventHistoryFacts = {
  ownershipTransfers: number;
  upgrades: number;
  pauses: number;
  /** Supply minted after the token's creation transaction (mints inside it are the initial supply). */
  mintsAfterLaunch: number;
};

/** One owner power found by simulation: what the call did, not what the function is called. */
export type OwnerPowerFinding = {
  selector: `0x${string}`;
  /** Label from the verified ABI or the bundled signature list; null when unknown. Never a verdict. */
  signature: string | null;
  caller: Address;
  /** Why this address was tried: 'owner()', 'deployer', 'marketingWallet()', … */
  callerRole: string;
  /** The probe arguments, readable. */
  args: string;
  effects: OwnerPowerEffect[];
  /** The measured effect in one sentence. */
  detail: string;
  /**
   * True when the call succeeds from the address that holds the power today. False for a power
   * measured as the deployer at the token's creation block whose same call reverts today (owner
   * renounced, role revoked, ownership handed on).
   */
  usable: boolean;
  /** Who can use it now, or why nobody can, in words ("owner() 0x…, a contract stating a 2-day delay"). */
  usableNow?: string;
  /** The current holder is a contract that states a minimum delay (a timelock), in seconds. */
  timelockDelaySeconds?: number | null;
  /** Taxes measured after the call (percent), when a round trip could be made. */
  buyTaxAfterPct: number | null;
  sellTaxAfterPct: number | null;
  /** A real holder's sell tax after the call (percent), for a tax set for chosen holders. */
  holderTaxAfterPct?: number | null;
  /** Measured on the token as its trading switch leaves it (trading opened first; see onceOpen). */
  onceOpen?: boolean;
  /** Measured after the caller took a renounced ownership back with this call (two steps). */
  afterReclaim?: string;
  /**
   * The function is not the token's: it belongs to this contract, which the token calls during a
   * transfer (a guard, a fee handler); its effect was measured on the token's trades and balances.
   */
  calledContract?: Address;
  /** Two steps: measured after the caller granted itself something with this call first (a role). */
  afterGrant?: string;
  /**
   * Two steps through another address: the caller's `afterGrant` calls named this fresh address
   * instead (a role, an allowance, an exemption granted to someone else), then this address made the
   * call; the effect was measured like every other power.
   */
  grantee?: Address;
  /**
   * Owner-drain: each balance the call lowered although the caller had no allowance for it — whose
   * (a real holder, the pool, the token contract), by how much in base units, moved away or burned.
   */
  drained?: OwnerPowerDrain[];
};

/** One balance a privileged call lowered without an allowance (an owner-drain's victim). */
export type OwnerPowerDrain = {
  address: Address;
  role: 'victim' | 'holder' | 'pair' | 'token' | 'caller' | 'other';
  amount: bigint;
  how: 'moved' | 'burned';
};

/**
 * Closed trading: buys fail today and a privileged call (the switch) makes them pass. The token is
 * measured again as the switch leaves it: the round trip once open and the powers then (findings
 * with `onceOpen`).
 */
export type OnceOpenFacts = {
  selector: `0x${string}`;
  signature: string | null;
  caller: Address;
  callerRole: string;
  args: string;
  /** The open-state round trip was measured (false: the budget ran out; figures from the switch's own run). */
  measured: boolean;
  buyOk: boolean;
  sellOk: boolean;
  buyTaxPct: number | null;
  sellTaxPct: number | null;
  holderSellOk: boolean | null;
  /** The switch (another call of the same function) can close trading again: a pause power. */
  canClose: boolean;
};

/**
 * Closed trading (the probe's own buy failed before any call): the search for the switch among every
 * privileged call, whatever its name (issue 40 item 5). `tried`: calls that succeeded and changed
 * state, each re-run with a buy after it; `functions`: the functions they cover; `unjudged`:
 * functions some of whose calls were never judged (request budget spent, gas ran out). "No call
 * opens trading" is evidence only when `unjudged` is 0.
 */
export type SwitchSearchFacts = { tried: number; functions: number; unjudged: number };

export type OwnerPowerFacts =
  | {
      status: 'simulated';
      callers: { address: Address; role: string; current: boolean }[];
      /** State-changing functions (selectors) probed, and simulated calls made. */
      functionsProbed: number;
      callsSimulated: number;
      /** Round trip and victim sell before any power call (the baseline the effects compare to). */
      baseline: {
        buyOk: boolean;
        sellOk: boolean;
        buyTaxPct: number | null;
        sellTaxPct: number | null;
        holderSellOk: boolean | null;
      };
      findings: OwnerPowerFinding[];
      /** Probes whose effect could not be judged (out of gas, sells already failing, …). */
      inconclusive: { selector: `0x${string}`; signature: string | null; reason: string }[];
      rpcRequests: number;
      /** Trading is closed today and a privileged call opens it (absent: trading is open, or no switch found). */
      onceOpen?: OnceOpenFacts;
      /** Trading is closed today (the probe's buy failed): how the search for its switch went. */
      switchSearch?: SwitchSearchFacts;
    }
  | { status: 'no_callers' | 'no_pool'; reason: string }
  | { status: 'error'; message: string };

/** The token carries the name or symbol of a well-known Base token at another address. */
export type ImpersonationFacts = {
  symbol: string;
  name: string;
  matched: 'symbol' | 'name' | 'name and symbol';
  /** The real token's address on this network (null: this network has none; see baseAddress). */
  canonical: Address | null;
  baseAddress: Address;
};

/** Everything one token report is computed from. */
export type TokenReportFacts = {
  now: number; // unix seconds
  /** Base mode: what the provider was found to be when the facts were gathered (head age, chain, eth_simulateV1). */
  provider?: ProviderStatus;
  token: TokenFacts;
  pools: PoolFacts[];
  /** The deepest pool, if any. */
  mainPool: PoolFacts | null;
  /** The main pool's Uniswap V4 hook, measured; absent when the main pool has none (ADR 0026). */
  hook?: PoolHookFacts | null;
  /** Pools of the token on venues we do not read yet (their factory has no venue module). */
  unreadPools?: Address[];
  /**
   * Pools of the token against neither WETH nor the USD reference (USDC/USDbC): not priced, but
   * counted as pools, never as holders. Absent when there is none.
   */
  unpricedPools?: Address[];
  holders: HolderFacts;
  trade: TradeSimulationFacts;
  holderSells: HolderSellSimulationFacts | null;
  deployer: DeployerFacts;
  events: EventHistoryFacts;
  /** Owner powers measured by simulation. */
  ownerPowers: OwnerPowerFacts;
  /** Behavioural features for the fitted rug model, computed from the index. */
  rugFeatures: Record<string, number>;
  /**
   * Wrapped-asset measurement (supply vs own coin balance, simulated wrap/unwrap); absent when the
   * bytecode has no unwrap function to try.
   */
  wrapping?: WrappingFacts;
  /** The token is the network's configured USD reference (the unit every USD figure is in). */
  isUsdReference?: boolean;
  /** A well-known token's name or symbol at another address (absent/null: none). */
  impersonates?: ImpersonationFacts | null;
  /**
   * Parts given up on when the report's time budget ran out (each says so in its own place, e.g.
   * the trade simulation's status is 'error'). Facts with any are never cached.
   */
  incomplete?: string[];
  /** The main pool's trading patterns from the index (issue 39); absent: not gathered. */
  tradingPatterns?: TradingPatternFacts;
  /** Serial deployers and look-alike code (issue 39 item 3). */
  lineage?: import('../../shared/lineage-facts').LineageFacts;
};

// ---- The liquidity ledger's facts: facts/liquidity/types.ts (issue 35)
export type {
  HolderSimulation,
  HolderWithdrawal,
  LedgerPositionFact,
  PoolLiquidityFacts,
} from './liquidity/types';

// ---- Trading patterns (issue 39; gathered by facts/patterns, judged by analysis/trading-patterns.ts)

/** One swap of the main pool with its real trader (holders/index-reads readSwaps). */
export type PatternSwap = {
  txHash: `0x${string}`;
  blockNumber: bigint;
  ts: number;
  trader: Address;
  side: 'buy' | 'sell';
  tokenAmount: bigint;
  quoteAmount: bigint;
};

/** ETH (`asset` 'eth', from the chain's blocks) or a token (the index) sent from one address to a buyer. */
export type PatternFunding = {
  from: Address;
  to: Address;
  asset: Address | 'eth';
  amount: bigint;
  blockNumber: bigint;
  txHash: `0x${string}`;
};

export type TradingPatternFacts =
  | {
      status: 'read';
      token: Address;
      pool: Address;
      quoteSymbol: string;
      quoteDecimals: number | null;
      /** Block liquidity was first added in (else the first swap's); null: neither indexed. */
      launchBlock: bigint | null;
      /** Swaps in the first PATTERNS.bundleWindowBlocks blocks from the launch, oldest first. */
      earlySwaps: PatternSwap[];
      /** Swaps of the last PATTERNS.windowSec, oldest first; `dayTruncated`: more than were read. */
      daySwaps: PatternSwap[];
      dayTruncated: boolean;
      /** The token balance now and the sells (into any of the token's pools) of each buyer read. */
      balances: Record<string, bigint>;
      sells: Record<string, number>;
      fundings: PatternFunding[];
      /** Blocks read from the chain for ETH sent to the first blocks' buyers; null: not read. */
      ethScan: { fromBlock: bigint; toBlock: bigint; failed: string | null } | null;
      /** Addresses that added liquidity to the pool or hold ≥ PATTERNS.lpShareMin of its LP token. */
      lpProviders: Address[];
      /** Routers, pools and other contracts of the network: never read as a trader or funder. */
      infrastructure: Address[];
      deployer: Address | null;
      totalSupply: bigint | null;
      decimals: number | null;
    }
  | { status: 'indexing'; reason: string }
  | { status: 'no_pool' }
  | { status: 'error'; message: string };
