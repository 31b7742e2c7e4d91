/**
 * What the local-chain scenario deployed: written once after the build, read at every start and
 * sent to the browser. Pure types (no server imports). Addresses are lowercase; amounts that can
 * outgrow JS numbers are decimal strings; times are unix seconds.
 */
import type { Address, UniswapV4Contracts } from './network';

export type ScenarioVariant = 'full' | 'test';

/** One token per real-world risk; each has a WETH pool and some trading history. */
export type ScenarioRiskKind =
  | 'honeypot'
  | 'highTax'
  | 'mint'
  | 'blacklist'
  | 'pausable'
  | 'maxTx'
  | 'proxy'
  | 'rugged'
  | 'freshWallets'
  | 'serialRugger';

export type ScenarioLaunch = {
  symbol: string;
  token: Address;
  pair: Address;
  deployer: Address;
  launchedAt: number;
};

/** What the scenario put on Uniswap V3 (absent in chains built before V3 was added). */
export type ScenarioUniswapV3 = {
  /** Every V3 pool the scenario opened; `symbol` is the token's, plus "/fee" for tokens also on V2. */
  pools: { symbol: string; token: Address; pool: Address; fee: number }[];
  /** Tokens that trade only on V3. */
  onlyV3: { locked: Address; burned: Address; honeypot: Address; rugged: Address };
  /** CLANK's position NFT, held by the V3PositionLocker until `unlockTime`. */
  lockedPosition: { tokenId: string; pool: Address; unlockTime: number } | null;
  /** BASED's position NFT, sent to 0x…dEaD. */
  burnedPosition: { tokenId: string; pool: Address } | null;
  /** RUG3's deployer removed its whole position (decreaseLiquidity + collect). */
  rug: { pool: Address; deployer: Address; pulledAt: number } | null;
};

/** What the scenario put on Aerodrome (issue 27), for tests and for explaining the demo. */
export type ScenarioAerodrome = {
  /** `factory`: a Slipstream pool's factory, as an index into contracts.aerodrome.slipstream. */
  pools: {
    symbol: string;
    token: Address;
    pool: Address;
    kind: 'classic' | 'slipstream';
    factory?: number;
  }[];
  /** Tokens that trade only on Aerodrome: classic, Slipstream, a honeypot, a rug. */
  only: Partial<Record<'classic' | 'slipstream' | 'honeypot' | 'rug', Address>>;
  /** USDC and the USDbC look-alike on a stable pool. */
  stable: { usdc: Address; usdbc: Address; pool: Address } | null;
  /** LP staked in a gauge: withdrawable, not a lock. Amount in LP base units (decimal string). */
  gaugeStake: { pool: Address; gauge: Address; staker: Address; amount: string } | null;
  /** A Slipstream position NFT staked in a CL gauge (SLIPT's): withdrawable, not a lock. */
  clGaugeStake: { pool: Address; gauge: Address; staker: Address; tokenId: string } | null;
  /** RUGA's deployer removed all its liquidity. */
  rug: { pool: Address; deployer: Address; pulledAt: number } | null;
};

export type ScenarioManifest = {
  version: 1;
  seed: number;
  variant: ScenarioVariant;
  /** Head block when the build finished (decimal string). */
  builtAtBlock: string;
  /** The "now" the history ends at (unix seconds). */
  builtAt: number;
  /** Timestamp of the first scenario block. */
  historyStart: number;
  contracts: {
    weth: Address;
    factory: Address;
    router: Address;
    multicall3: Address;
    locker: Address;
    /** StakingRewards: stake FLAB, earn FLAB. */
    staking: Address;
    /** LendingPool: borrow USDC against WETH. */
    lending: Address;
    /** The USDC look-alike USD prices go through (token→WETH→USD). */
    usd: Address;
    /** Uniswap V3 (absent in chains built before V3 was added). */
    uniswapV3?: {
      factory: Address;
      positionManager: Address;
      swapRouter02: Address;
      quoterV2: Address;
      /** V3PositionLocker: time-locks position NFTs. */
      positionLocker: Address;
    };
    /** Uniswap V4 (absent in chains built before V4 was added): as /api/network lists it. */
    uniswapV4?: UniswapV4Contracts;
    /** Aerodrome classic and Slipstream (absent in chains built before Aerodrome was added). */
    aerodrome?: {
      poolFactory: Address;
      router: Address;
      voter: Address;
      factoryRegistry: Address;
      /** Oldest first: each Slipstream factory with its position manager, SwapRouter and QuoterV2. */
      slipstream: { factory: Address; positionManager: Address; swapRouter: Address; quoterV2: Address }[];
    };
  };
  /** Tokens by symbol: FLAB, DEGEN, BRETT, TOSHI, AERO, USDC, the risk tokens and the new launches. */
  tokens: Record<string, Address>;
  /** The token carrying each risk (also listed in `tokens`). */
  risks: Record<ScenarioRiskKind, Address>;
  /** WETH pair of each token in `tokens`, by symbol (USDC: the WETH/USDC pair). */
  pairs: Record<string, Address>;
  /** What the chain shows about each risk token, for tests and for explaining the demo. */
  riskDetails: {
    highTax: {
      initialBuyBps: number;
      initialSellBps: number;
      buyBps: number;
      sellBps: number;
      changedAt: number;
    };
    mint: { mintedAmount: string; mintedAt: number };
    blacklist: { blacklisted: Address[]; blacklistedAt: number };
    pausable: { pausedAt: number; unpausedAt: number };
    maxTx: { maxTxAmount: string; maxWalletAmount: string };
    proxy: { implementationV1: Address; implementationV2: Address; upgradedAt: number };
    rugged: { deployer: Address; launchedAt: number; pulledAt: number };
    freshWallets: { deployer: Address; insiders: Address[]; freshHolders: Address[]; launchedAt: number };
    serialRugger: {
      deployer: Address;
      earlierTokens: Address[];
      earlierPairs: Address[];
      launchedAt: number;
    };
  };
  uniswapV3?: ScenarioUniswapV3;
  /** The V4-only tokens by symbol (ETH-paired V4 pools, hooks; absent before V4 was added). */
  uniswapV4Tokens?: Record<string, Address>;
  aerodrome?: ScenarioAerodrome;
  /** Tokens launched in the last 24 hours of the history (the serial rugger's newest included). */
  launches: ScenarioLaunch[];
  wallets: {
    /** FLAB's deployer (owner of FLAB and of the staking pool). */
    deployer: Address;
    /** The six FLAB holders above the whale threshold, largest first. */
    flabWhales: Address[];
    /** A wallet holding several tokens including FLAB, for the portfolio demo. */
    demo: Address;
    serialRuggerDeployer: Address;
    /** A funded wallet that never held FLAB. */
    noFlab: Address;
    /** The ordinary traders the simulator keeps trading with (whales excluded). */
    traders: Address[];
  };
  flab: {
    /** Total supply in base units (18 decimals). */
    supply: string;
    decimals: 18;
    pair: Address;
    launchedAt: number;
    /** unlockTime of the LP lock in the LpLocker. */
    lockUnlockTime: number;
    /**
     * A whale holds at least this share of supply (basis points), not counting the pair, the
     * locker, the burn address 0x…dEaD and the zero address.
     */
    whaleThresholdBps: 100;
    /** The whales' shares of supply at the end of the build, in basis points, largest first. */
    whaleSharesBps: number[];
  };
};
