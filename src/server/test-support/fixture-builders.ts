/**
 * The pieces the report fixtures (fixtures.ts) are built from: fixed addresses and hashes, a
 * holder, a swap, a pool, and simulated owner powers. Test support only.
 */
import type {
  Address,
  Holder,
  OwnerPowerFacts,
  OwnerPowerFinding,
  PoolFacts,
  SwapFact,
} from '../facts/types';

export const FIXTURE_NOW = 1_750_000_000; // unix seconds
export const DAY = 86_400;
export const E18 = 10n ** 18n;

/** A readable fixed address: 0x + the tag left-padded with zeros to 40 hex digits. */
export const A = (tag: string): Address => `0x${tag.padStart(40, '0')}` as Address;
export const H = (tag: string): `0x${string}` => `0x${tag.padStart(64, '0')}` as `0x${string}`;

export const ADDR = {
  weth: A('4200000000000000000000000000000000000006'),
  router: A('beef00000000000000000000000000000000cafe'),
  locker: A('10c4e4'),
  dead: A('dead'),
  zero: A('0'),
  blue: A('b1ce'),
  bluePair: A('b1ce0001'),
  blueDeployer: A('b1ced0'),
  honey: A('40e7'),
  honeyPair: A('40e70001'),
  honeyDeployer: A('40e7d0'),
  tax: A('7a8'),
  taxPair: A('7a80001'),
  taxDeployer: A('7a8d0'),
  rug: A('20960'),
  rugPair: A('209600001'),
  rugDeployer: A('20960d0'),
  fresh: A('f2e54'),
  freshPair: A('f2e540001'),
  freshDeployer: A('f2e54d0'),
  miss: A('3155'),
  missPair: A('31550001'),
} as const;

export const whale = (
  tag: string,
  pct: number,
  supply: bigint,
  ageDays: number,
  extra: Partial<Holder> = {},
): Holder => ({
  address: A(tag),
  balance: (supply * BigInt(Math.round(pct * 10_000))) / 1_000_000n,
  percentage: pct,
  kind: 'eoa',
  firstSeenAt: FIXTURE_NOW - ageDays * DAY,
  lastActiveAt: FIXTURE_NOW - 3_600,
  rugHistory: 0,
  fundedByDeployer: false,
  ...extra,
});

export const swap = (
  n: number,
  trader: Address,
  side: 'buy' | 'sell',
  agoS: number,
  tokens: bigint,
  eth: bigint,
  usd: number,
): SwapFact => ({
  txHash: H(`5a${n}`),
  blockNumber: 1_000_000n + BigInt(n),
  timestamp: FIXTURE_NOW - agoS,
  trader,
  side,
  tokenAmount: tokens,
  ethAmount: eth,
  usdValue: usd,
});

export const basePool = (over: Partial<PoolFacts> & Pick<PoolFacts, 'pair'>): PoolFacts => ({
  venue: 'uniswap-v2',
  venueLabel: 'Uniswap V2',
  feeTier: 3000,
  depthUsd2Pct: null,
  quoteToken: ADDR.weth,
  quoteSymbol: 'WETH',
  tokenReserve: 0n,
  quoteReserve: 0n,
  poolValueUsd: null,
  priceUsd: null,
  priceEth: null,
  lpTotalSupply: 0n,
  lpBurnedShare: 0,
  lpLockedShare: 0,
  lockUnlockTime: null,
  lpCreatorShare: 0,
  createdAt: null,
  peakQuoteReserve: 0n,
  volume24hUsd: null,
  swaps24h: { buys: 0, sells: 0 },
  priceChange24hPct: null,
  recentSwaps: [],
  liquidityEvents: [],
  ...over,
});
/** A simulated owner-power result with the given findings (fixture helper). */
export function simulatedPowers(findings: OwnerPowerFinding[]): OwnerPowerFacts {
  return {
    status: 'simulated',
    callers: findings.length
      ? [{ address: findings[0]?.caller as Address, role: 'owner()', current: true }]
      : [],
    functionsProbed: 20,
    callsSimulated: 240,
    baseline: { buyOk: true, sellOk: true, buyTaxPct: 0, sellTaxPct: 0, holderSellOk: true },
    findings,
    inconclusive: [],
    rpcRequests: 4,
  };
}

export function power(
  selector: `0x${string}`,
  signature: string | null,
  caller: Address,
  effects: OwnerPowerFinding['effects'],
  args: string,
  sellTaxAfterPct: number | null,
): OwnerPowerFinding {
  return {
    selector,
    signature,
    caller,
    callerRole: 'owner()',
    args,
    effects,
    detail: `measured ${effects.join(', ')}.`,
    usable: true,
    buyTaxAfterPct: null,
    sellTaxAfterPct,
  };
}
