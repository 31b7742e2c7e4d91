/**
 * Literal TokenReportFacts fixtures for the tests (analysers, engine, API, CLI rendering):
 * a safe blue-chip-like token, a honeypot, a high-tax token, a rugged token, a fresh token with
 * insiders, and a token with missing data. All times are relative to FIXTURE_NOW.
 */
import type { TokenReportFacts } from '../facts/types';
import {
  A,
  ADDR,
  basePool,
  DAY,
  E18,
  FIXTURE_NOW,
  H,
  power,
  simulatedPowers,
  swap,
  whale,
} from './fixture-builders';

export { ADDR, FIXTURE_NOW, power, simulatedPowers } from './fixture-builders';

// --- 1. Safe, blue-chip-like ---------------------------------------------------------------------

const BLUE_SUPPLY = 1_000_000_000n * E18;
const bluePool = basePool({
  pair: ADDR.bluePair,
  tokenReserve: 100_000_000n * E18,
  quoteReserve: 250n * E18,
  poolValueUsd: 1_500_000,
  priceUsd: 0.0075,
  priceEth: 0.0000025,
  lpTotalSupply: 158_113n * E18,
  lpBurnedShare: 0.6,
  lpLockedShare: 0.39,
  lockUnlockTime: FIXTURE_NOW + 305 * DAY,
  lpCreatorShare: 0.01,
  createdAt: FIXTURE_NOW - 200 * DAY,
  peakQuoteReserve: 300n * E18,
  volume24hUsd: 250_000,
  swaps24h: { buys: 120, sells: 100 },
  priceChange24hPct: 3.2,
  recentSwaps: [
    swap(1, A('a1'), 'buy', 2 * 3600, 4_000_000n * E18, 10n * E18, 30_000),
    swap(2, A('a2'), 'sell', 5 * 3600, 1_000_000n * E18, 25n * 10n ** 17n, 7_500),
    swap(3, A('c0ffee'), 'buy', 6 * 3600, 10_000n * E18, 25n * 10n ** 15n, 75),
  ],
  liquidityEvents: [
    {
      kind: 'add',
      txHash: H('b1a0'),
      timestamp: FIXTURE_NOW - 200 * DAY,
      provider: ADDR.blueDeployer,
      quoteAmount: 200n * E18,
      shareOfPool: null,
    },
  ],
});

export const safeToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.blue,
    name: 'Blue Chip',
    symbol: 'BLUE',
    decimals: 18,
    totalSupply: BLUE_SUPPLY,
    owner: ADDR.zero,
    ownerRenounced: true,
    deployer: ADDR.blueDeployer,
    createdAtBlock: 900_000n,
    createdAt: FIXTURE_NOW - 200 * DAY,
    codeSize: 4_200,
    verification: { status: 'verified', source: 'local-registry', contractName: 'BlueChip' },
    capabilities: {
      found: [{ capability: 'renounceOwnership', via: ['renounceOwnership()'] }],
      selectorCount: 14,
      basis: 'abi',
    },
    proxy: null,
  },
  pools: [bluePool],
  mainPool: bluePool,
  holders: {
    holderCount: 5_200,
    totalSupply: BLUE_SUPPLY,
    top: [
      { ...whale('b1ce0001', 10, BLUE_SUPPLY, 200), kind: 'pair' },
      { ...whale('dead', 5, BLUE_SUPPLY, 200), kind: 'burn' },
      whale('a1', 3, BLUE_SUPPLY, 180),
      whale('a2', 2.5, BLUE_SUPPLY, 150),
      whale('a3', 2, BLUE_SUPPLY, 400),
      whale('a4', 1.8, BLUE_SUPPLY, 90),
      whale('a5', 1.5, BLUE_SUPPLY, 120),
      whale('a6', 1.2, BLUE_SUPPLY, 60),
      { ...whale('b1ced0', 1, BLUE_SUPPLY, 365), kind: 'deployer' },
      whale('a7', 0.8, BLUE_SUPPLY, 30),
      whale('a8', 0.5, BLUE_SUPPLY, 20),
      { ...whale('c0', 0.4, BLUE_SUPPLY, 100), kind: 'contract' },
    ],
  },
  trade: {
    status: 'ok',
    pair: ADDR.bluePair,
    router: ADDR.router,
    buyTaxPct: 0,
    sellTaxPct: 0,
    transferTaxPct: 0,
    transferFailed: false,
    buyGas: 120_000n,
    sellGas: 140_000n,
    maxBuyEth: null,
  },
  holderSells: { sampled: 8, couldSell: 8, failed: 0, minTaxPct: 0, maxTaxPct: 0 },
  deployer: { address: ADDR.blueDeployer, tokensDeployed: 1, ruggedTokens: 0 },
  events: { ownershipTransfers: 2, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: { status: 'no_callers', reason: 'owner() is renounced and the deployer holds no power' },
  rugFeatures: {
    mint_count_per_week: 0.2,
    burn_count_per_week: 0.1,
    mint_ratio: 0.01,
    swap_ratio: 0.985,
    burn_ratio: 0.005,
    swap_in_per_week: 300,
    swap_out_per_week: 280,
    swap_rate: 1.07,
    lp_avg: 5,
    lp_std: 12,
    lp_creator_holding_ratio: 0.01,
    lp_lock_ratio: 0.99,
    token_burn_ratio: 0.05,
    token_creator_holding_ratio: 0.01,
    number_of_token_creation_of_creator: 1,
  },
};

// --- 2. Honeypot: buys work, sells revert ----------------------------------------------------------

const HONEY_SUPPLY = 1_000_000n * E18;
const honeyPool = basePool({
  pair: ADDR.honeyPair,
  tokenReserve: 600_000n * E18,
  quoteReserve: 8n * E18,
  poolValueUsd: 48_000,
  priceUsd: 0.04,
  priceEth: 0.0000133,
  lpTotalSupply: 69_282n * E18,
  lpCreatorShare: 1,
  createdAt: FIXTURE_NOW - 2 * DAY,
  peakQuoteReserve: 8n * E18,
  volume24hUsd: 12_000,
  swaps24h: { buys: 60, sells: 0 },
  priceChange24hPct: 140,
  recentSwaps: [swap(10, A('bb1'), 'buy', 3600, 2_000n * E18, 3n * 10n ** 16n, 90)],
  liquidityEvents: [
    {
      kind: 'add',
      txHash: H('40e7a0'),
      timestamp: FIXTURE_NOW - 2 * DAY,
      provider: ADDR.honeyDeployer,
      quoteAmount: 5n * E18,
      shareOfPool: null,
    },
  ],
});

export const honeypotToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.honey,
    name: 'Sweet Honey',
    symbol: 'HONEY',
    decimals: 18,
    totalSupply: HONEY_SUPPLY,
    owner: ADDR.honeyDeployer,
    ownerRenounced: false,
    deployer: ADDR.honeyDeployer,
    createdAtBlock: 1_000_000n,
    createdAt: FIXTURE_NOW - 2 * DAY,
    codeSize: 6_100,
    verification: { status: 'unverified', source: 'local-registry', contractName: null },
    capabilities: {
      found: [{ capability: 'blacklist', via: ['0x44337ea1'] }],
      selectorCount: 31,
      basis: 'bytecode',
    },
    proxy: null,
  },
  pools: [honeyPool],
  mainPool: honeyPool,
  holders: {
    holderCount: 310,
    totalSupply: HONEY_SUPPLY,
    top: [
      { ...whale('40e70001', 60, HONEY_SUPPLY, 2), kind: 'pair' },
      { ...whale('40e7d0', 8, HONEY_SUPPLY, 30), kind: 'deployer' },
      whale('bb1', 2, HONEY_SUPPLY, 40),
      whale('bb2', 1.5, HONEY_SUPPLY, 50),
    ],
  },
  trade: {
    status: 'sell_failed',
    pair: ADDR.honeyPair,
    router: ADDR.router,
    buyTaxPct: 0,
    revertReason: 'TRANSFER_FAILED',
  },
  holderSells: { sampled: 3, couldSell: 1, failed: 2, minTaxPct: 0, maxTaxPct: 0 },
  deployer: { address: ADDR.honeyDeployer, tokensDeployed: 3, ruggedTokens: 0 },
  events: { ownershipTransfers: 1, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: simulatedPowers([
    power('0x44337ea1', null, ADDR.honeyDeployer, ['holder_blocked'], '(victim, true)', null),
  ]),
  rugFeatures: {
    lp_creator_holding_ratio: 1,
    token_creator_holding_ratio: 0.08,
    number_of_token_creation_of_creator: 3,
    swap_rate: 60,
  },
};

// --- 3. High sell tax (35%), changeable by the owner ------------------------------------------------

const TAX_SUPPLY = 100_000_000n * E18;
const taxPool = basePool({
  pair: ADDR.taxPair,
  tokenReserve: 40_000_000n * E18,
  quoteReserve: 30n * E18,
  poolValueUsd: 180_000,
  priceUsd: 0.00225,
  priceEth: 0.00000075,
  lpTotalSupply: 34_641n * E18,
  lpLockedShare: 0.97,
  lockUnlockTime: FIXTURE_NOW + 90 * DAY,
  lpCreatorShare: 0.02,
  createdAt: FIXTURE_NOW - 40 * DAY,
  peakQuoteReserve: 35n * E18,
  volume24hUsd: 20_000,
  swaps24h: { buys: 40, sells: 35 },
  priceChange24hPct: -4,
});

export const highTaxToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.tax,
    name: 'Taxman',
    symbol: 'TAXX',
    decimals: 18,
    totalSupply: TAX_SUPPLY,
    owner: ADDR.taxDeployer,
    ownerRenounced: false,
    deployer: ADDR.taxDeployer,
    createdAtBlock: 950_000n,
    createdAt: FIXTURE_NOW - 40 * DAY,
    codeSize: 7_300,
    verification: { status: 'verified', source: 'sourcify', contractName: 'Taxman' },
    capabilities: {
      found: [
        { capability: 'setFees', via: ['setFees(uint256,uint256)'] },
        { capability: 'maxTx', via: ['setMaxTxAmount(uint256)'] },
        { capability: 'renounceOwnership', via: ['renounceOwnership()'] },
      ],
      selectorCount: 28,
      basis: 'abi',
    },
    proxy: null,
  },
  pools: [taxPool],
  mainPool: taxPool,
  holders: {
    holderCount: 1_450,
    totalSupply: TAX_SUPPLY,
    top: [
      { ...whale('7a80001', 40, TAX_SUPPLY, 40), kind: 'pair' },
      { ...whale('7a8d0', 3, TAX_SUPPLY, 300), kind: 'deployer' },
      whale('cc1', 2.2, TAX_SUPPLY, 60),
      whale('cc2', 1.9, TAX_SUPPLY, 80),
      whale('cc3', 1.1, TAX_SUPPLY, 45),
    ],
  },
  trade: {
    status: 'ok',
    pair: ADDR.taxPair,
    router: ADDR.router,
    buyTaxPct: 5,
    sellTaxPct: 35,
    transferTaxPct: 0,
    transferFailed: false,
    buyGas: 150_000n,
    sellGas: 180_000n,
    maxBuyEth: 1.5,
  },
  holderSells: { sampled: 5, couldSell: 5, failed: 0, minTaxPct: 35, maxTaxPct: 35 },
  deployer: { address: ADDR.taxDeployer, tokensDeployed: 2, ruggedTokens: 0 },
  events: { ownershipTransfers: 1, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: simulatedPowers([
    power('0x0b78f9c0', 'setFees(uint256,uint256)', ADDR.taxDeployer, ['tax_raised'], '(100, 100)', 99),
  ]),
  rugFeatures: {
    lp_creator_holding_ratio: 0.02,
    token_creator_holding_ratio: 0.03,
    number_of_token_creation_of_creator: 2,
  },
};

// --- 4. Rugged: the deployer pulled 99.9% of the WETH three hours ago -------------------------------

const RUG_SUPPLY = 1_000_000_000n * E18;
export const RUG_DRAIN_TX = H('2096de');
const rugPool = basePool({
  pair: ADDR.rugPair,
  tokenReserve: 900_000_000n * E18,
  quoteReserve: 5n * 10n ** 16n, // 0.05 WETH left
  poolValueUsd: 300,
  priceUsd: 0.00000017,
  priceEth: 0.000000000055,
  lpTotalSupply: 1_000n,
  lpCreatorShare: 0,
  createdAt: FIXTURE_NOW - 3 * DAY,
  peakQuoteReserve: 40n * E18,
  volume24hUsd: 90_000,
  swaps24h: { buys: 150, sells: 40 },
  priceChange24hPct: -99.8,
  recentSwaps: [
    swap(20, A('dd1'), 'buy', 5 * 3600, 20_000_000n * E18, 2n * E18, 6_000),
    swap(21, ADDR.rugDeployer, 'sell', 4 * 3600, 50_000_000n * E18, 5n * E18, 15_000),
  ],
  liquidityEvents: [
    {
      kind: 'remove',
      txHash: RUG_DRAIN_TX,
      timestamp: FIXTURE_NOW - 3 * 3600,
      provider: ADDR.rugDeployer,
      quoteAmount: 3995n * 10n ** 16n,
      shareOfPool: 0.9987,
    },
    {
      kind: 'add',
      txHash: H('2096a0'),
      timestamp: FIXTURE_NOW - 3 * DAY,
      provider: ADDR.rugDeployer,
      quoteAmount: 10n * E18,
      shareOfPool: null,
    },
  ],
});

export const ruggedToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.rug,
    name: 'Moon Rocket',
    symbol: 'RUGD',
    decimals: 18,
    totalSupply: RUG_SUPPLY,
    owner: ADDR.rugDeployer,
    ownerRenounced: false,
    deployer: ADDR.rugDeployer,
    createdAtBlock: 1_100_000n,
    createdAt: FIXTURE_NOW - 3 * DAY,
    codeSize: 5_000,
    verification: { status: 'verified', source: 'local-registry', contractName: 'MoonRocket' },
    capabilities: { found: [], selectorCount: 12, basis: 'abi' },
    proxy: null,
  },
  pools: [rugPool],
  mainPool: rugPool,
  holders: {
    holderCount: 420,
    totalSupply: RUG_SUPPLY,
    top: [
      { ...whale('209600001', 90, RUG_SUPPLY, 3), kind: 'pair' },
      whale('dd1', 2, RUG_SUPPLY, 10, { lastActiveAt: FIXTURE_NOW - 5 * 3600 }),
      whale('dd2', 1.2, RUG_SUPPLY, 12),
    ],
  },
  trade: {
    status: 'ok',
    pair: ADDR.rugPair,
    router: ADDR.router,
    buyTaxPct: 0,
    sellTaxPct: 0,
    transferTaxPct: 0,
    transferFailed: false,
    buyGas: 110_000n,
    sellGas: 130_000n,
    maxBuyEth: null,
  },
  holderSells: { sampled: 2, couldSell: 2, failed: 0, minTaxPct: 0, maxTaxPct: 0 },
  deployer: { address: ADDR.rugDeployer, tokensDeployed: 6, ruggedTokens: 2 },
  events: { ownershipTransfers: 1, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: simulatedPowers([]),
  rugFeatures: {
    lp_creator_holding_ratio: 0,
    lp_lock_ratio: 0,
    token_creator_holding_ratio: 0,
    number_of_token_creation_of_creator: 6,
    burn_count_per_week: 0.5,
  },
};

// --- 5. Fresh launch (6 h old) with insiders funded by the deployer ----------------------------------

const FRESH_SUPPLY = 1_000_000_000n * E18;
const freshPool = basePool({
  pair: ADDR.freshPair,
  tokenReserve: 400_000_000n * E18,
  quoteReserve: 3n * E18,
  poolValueUsd: 18_000,
  priceUsd: 0.0000225,
  priceEth: 0.0000000075,
  lpTotalSupply: 34_641n * E18,
  lpCreatorShare: 1,
  createdAt: FIXTURE_NOW - 6 * 3600,
  peakQuoteReserve: 3n * E18,
  volume24hUsd: 30_000,
  swaps24h: { buys: 80, sells: 12 },
  priceChange24hPct: null,
  recentSwaps: [
    swap(30, A('ee1'), 'buy', 5 * 3600, 40_000_000n * E18, 3n * 10n ** 17n, 900),
    swap(31, A('ee2'), 'buy', 4 * 3600, 40_000_000n * E18, 3n * 10n ** 17n, 900),
  ],
  liquidityEvents: [
    {
      kind: 'add',
      txHash: H('f2e5a0'),
      timestamp: FIXTURE_NOW - 6 * 3600,
      provider: ADDR.freshDeployer,
      quoteAmount: 2n * E18,
      shareOfPool: null,
    },
  ],
});

export const freshInsiderToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.fresh,
    name: 'Fresh Launch',
    symbol: 'FRSH',
    decimals: 18,
    totalSupply: FRESH_SUPPLY,
    owner: ADDR.freshDeployer,
    ownerRenounced: false,
    deployer: ADDR.freshDeployer,
    createdAtBlock: 1_200_000n,
    createdAt: FIXTURE_NOW - 6 * 3600,
    codeSize: 5_400,
    verification: { status: 'verified', source: 'local-registry', contractName: 'FreshLaunch' },
    capabilities: {
      found: [
        { capability: 'mint', via: ['mint(address,uint256)'] },
        { capability: 'renounceOwnership', via: ['renounceOwnership()'] },
      ],
      selectorCount: 16,
      basis: 'abi',
    },
    proxy: null,
  },
  pools: [freshPool],
  mainPool: freshPool,
  holders: {
    holderCount: 40,
    totalSupply: FRESH_SUPPLY,
    top: [
      { ...whale('f2e540001', 40, FRESH_SUPPLY, 0), kind: 'pair' },
      { ...whale('f2e54d0', 15, FRESH_SUPPLY, 20), kind: 'deployer' },
      whale('ee1', 4, FRESH_SUPPLY, 1, { fundedByDeployer: true }),
      whale('ee2', 4, FRESH_SUPPLY, 1, { fundedByDeployer: true }),
      whale('ee3', 4, FRESH_SUPPLY, 1, { fundedByDeployer: true }),
      whale('ee4', 4, FRESH_SUPPLY, 0, { fundedByDeployer: true }),
      whale('ee5', 4, FRESH_SUPPLY, 2, { fundedByDeployer: true, rugHistory: 1 }),
      whale('ef1', 0.5, FRESH_SUPPLY, 200),
    ],
  },
  trade: {
    status: 'ok',
    pair: ADDR.freshPair,
    router: ADDR.router,
    buyTaxPct: 3,
    sellTaxPct: 3,
    transferTaxPct: 0,
    transferFailed: false,
    buyGas: 120_000n,
    sellGas: 140_000n,
    maxBuyEth: null,
  },
  holderSells: { sampled: 6, couldSell: 6, failed: 0, minTaxPct: 3, maxTaxPct: 3 },
  deployer: { address: ADDR.freshDeployer, tokensDeployed: 3, ruggedTokens: 0 },
  events: { ownershipTransfers: 1, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: simulatedPowers([
    power('0x40c10f19', 'mint(address,uint256)', ADDR.freshDeployer, ['mint'], '(caller, 10^30)', null),
  ]),
  rugFeatures: {
    mint_count_per_week: 1,
    burn_count_per_week: 0,
    mint_ratio: 0.011,
    swap_ratio: 0.989,
    burn_ratio: 0,
    swap_rate: 6.2,
    lp_avg: 100,
    lp_std: 0,
    lp_creator_holding_ratio: 1,
    lp_lock_ratio: 0,
    token_burn_ratio: 0,
    token_creator_holding_ratio: 0.15,
    number_of_token_creation_of_creator: 3,
  },
};

// --- 6. Missing data: the chain answered little, the index knows nothing ----------------------------

const missPool = basePool({
  pair: ADDR.missPair,
  tokenReserve: 1_000n * E18,
  quoteReserve: E18,
  lpTotalSupply: 31n * E18,
});

export const missingDataToken: TokenReportFacts = {
  now: FIXTURE_NOW,
  token: {
    address: ADDR.miss,
    name: null,
    symbol: null,
    decimals: null,
    totalSupply: null,
    owner: null,
    ownerRenounced: null,
    deployer: null,
    createdAtBlock: null,
    createdAt: null,
    codeSize: 2_000,
    verification: { status: 'unknown', source: null, contractName: null },
    capabilities: { found: [], selectorCount: 0, basis: 'bytecode' },
    proxy: null,
  },
  pools: [missPool],
  mainPool: missPool,
  holders: { holderCount: 0, top: [], totalSupply: 0n },
  trade: { status: 'error', message: 'execution timeout' },
  holderSells: null,
  deployer: { address: null, tokensDeployed: 0, ruggedTokens: 0 },
  events: { ownershipTransfers: 0, upgrades: 0, pauses: 0, mintsAfterLaunch: 0 },
  ownerPowers: { status: 'error', message: 'Owner-power simulation failed: the chain did not answer' },
  rugFeatures: {},
};

export const FIXTURES = {
  safeToken,
  honeypotToken,
  highTaxToken,
  ruggedToken,
  freshInsiderToken,
  missingDataToken,
} as const;
