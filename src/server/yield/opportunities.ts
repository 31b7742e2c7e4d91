/**
 * Yield opportunities read from our chain (local mode): every WETH pool of the network's tokens
 * (risk tokens excluded), the staking pool and the lending pool. Figures come from contract state
 * and the engine's facts; risk from the engine's FLAB Scores of the tokens involved.
 *
 *   AMM pool  apy = 24 h volume × 0.3% × 365 ÷ pool value (the token's deepest V2 pair: volume24hUsd, poolValueUsd)
 *   staking   apy = rewardRate × reward price × seconds/year ÷ (totalSupply staked × stake price)
 *   lending   apy = supplyRatePerYear() (utilisation-based kinked model of the pool)
 *
 * Risk comes from the analysis of what the position holds (analyseYieldRisk: token scores incl. the
 * reward token, pool depth, age, APY); entry costs from recent enter/exit transactions on chain
 * (entry-costs.ts); break-even at the requested amount from both.
 */

import pLimit from 'p-limit';
import { type Address, parseAbi } from 'viem';
import { type VerdictHeadline, verdictHeadline } from '../../shared/analysis';
import type { ScenarioManifest } from '../../shared/scenario';
import {
  type AvoidedYield,
  breakEvenMonths,
  effectiveAnnualApy,
  entryCostUsd,
  projectedApy,
  type YieldOpportunity,
} from '../../shared/yield';
import { safetyVerdict } from '../analysis/safety-verdict';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Database } from '../db/client';
import type { TokenEngine } from '../engine/token-engine';
import { ChainUnavailableError } from '../errors';
import { erc20Abi } from '../facts/abis';
import type { TokenReportFacts } from '../facts/types';
import { hasVerifiedContract } from '../facts/verification/verified-store';
import type { Logger } from '../logger';
import { createGasMeter, ENTRY_EVENTS, entryCosts, type GasMeter } from './entry-costs';
import { AMM_FEE, ammFeeApr, analyseYieldRisk, lendingSupplyApy, stakingApr } from './yield-math';

export const stakingAbi = parseAbi([
  'function stakingToken() view returns (address)',
  'function rewardsToken() view returns (address)',
  'function rewardRate() view returns (uint256)',
  'function periodFinish() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
export const lendingAbi = parseAbi([
  'function asset() view returns (address)',
  'function supplyRatePerYear() view returns (uint256)',
  'function totalSupplied() view returns (uint256)',
  'function totalBorrowed() view returns (uint256)',
  'function utilization() view returns (uint256)',
]);

/** Pools with less liquidity than this (USD) are not offered. */
export const MIN_POOL_TVL_USD = 1_000;

/** What this domain tool needs: the engine, the database and the chain — never the API layer. */
export type YieldDeps = {
  database: Database;
  chain: ChainClients;
  network: NetworkDescription;
  engine: TokenEngine;
  log: Logger;
  /** Kept across passes so each pool's history is read once (entry-costs.ts); else one per call. */
  gasMeter?: GasMeter;
};

/**
 * `stablecoin`: the engine's trusted-asset test found it behaves as an issued stablecoin (never its
 * name) — its peg and stability are measured, whether or not it is established yet; how risky the
 * position is stays the risk analysis's job.
 */
type TokenInfo = {
  facts: TokenReportFacts;
  score: number | null;
  stablecoin: boolean;
  /** The token's verdict headline when it fails it (not recommendable): its pools go under Avoid. */
  fails: VerdictHeadline | null;
};

async function tokenInfo(deps: YieldDeps, token: Address): Promise<TokenInfo | null> {
  try {
    const [facts, report] = await Promise.all([deps.engine.facts(token), deps.engine.report(token)]);
    const trusted = report.rug.evidence.find((e) => e.check === 'trusted_asset');
    const safety = safetyVerdict(report);
    return {
      fails: safety.safe ? null : verdictHeadline(safety.verdict),
      facts,
      score: report.flabScore.flabScore,
      stablecoin: trusted?.value === 'stablecoin' || trusted?.value === 'unestablished_stablecoin',
    };
  } catch (e) {
    deps.log.debug({ msg: 'yield: token facts unavailable', token, err: (e as Error).message });
    return null;
  }
}

/** What every opportunity's cost and risk figures need from the chain once per request. */
/** What one pass reads once and every opportunity shares. */
type Market = { head: bigint; now: number; gasPriceWei: bigint; ethUsd: number | null; meter: GasMeter };

const ageDaysAt = (now: number, ts: number | null | undefined) =>
  ts === null || ts === undefined ? null : Math.max(0, (now - ts) / 86_400);

/**
 * Break-even of `amountUsd` in this opportunity at the APY it would pay once the amount has joined it
 * (projectedApy; daily compounding: rewards accrue per block).
 */
export function withBreakEven(o: YieldOpportunity, amountUsd: number | undefined): YieldOpportunity {
  if (amountUsd === undefined || !o.entryCosts) return o;
  const costs = entryCostUsd(o.entryCosts, amountUsd).totalUsd;
  // An unknown APY gives no break-even (the costs are still stated).
  const apy = o.apy === null ? null : projectedApy(o.apy, o.tvl, amountUsd);
  return {
    ...o,
    breakEven: {
      amountUsd,
      costsUsd: costs,
      months: apy === null ? null : breakEvenMonths(amountUsd, effectiveAnnualApy(apy, 365), costs),
    },
  };
}

/** A pool or contract left out because `bad`'s token fails the verdict, with the verdict as the reason. */
function avoided(
  x: Pick<AvoidedYield, 'id' | 'protocol' | 'name' | 'tokenPair' | 'address'>,
  bad: TokenInfo & { fails: VerdictHeadline },
): AvoidedYield {
  const token = bad.facts.token.address.toLowerCase();
  return {
    ...x,
    token,
    verdictKind: bad.fails.kind,
    verdictLabel: bad.fails.label,
    reason: bad.fails.reason,
    url: `/token-analysis?address=${token}`,
  };
}

const failing = (...infos: (TokenInfo | null)[]) =>
  infos.find((i): i is TokenInfo & { fails: VerdictHeadline } => !!i?.fails) ?? null;

const symOf = (f: TokenReportFacts) => f.token.symbol ?? f.token.address.slice(0, 8);
const isVerified = (f: TokenReportFacts) => f.token.verification.status === 'verified';

/**
 * Every token whose pools may pay a yield, WETH aside. The scenario's risk tokens are read too: their
 * verdict, not their place in a list, keeps their pools out of the opportunities (under Avoid).
 */
function yieldTokens(network: NetworkDescription): Address[] {
  const weth = network.contracts.weth.toLowerCase();
  const all = [...Object.values(network.tokens), ...Object.values(network.riskTokens ?? {})];
  return [...new Set(all.map((a) => a.toLowerCase()))].filter((a) => a !== weth) as Address[];
}

/** ETH's USD price from any priced pool (priceUsd ÷ priceEth: the engine's token→WETH→USD path). */
function ethUsdOf(infos: Map<string, TokenInfo | null>): number | null {
  for (const i of infos.values()) {
    const p = i?.facts.mainPool;
    if (p?.priceUsd && p.priceEth) return p.priceUsd / p.priceEth;
  }
  return null;
}

export async function chainOpportunities(
  deps: YieldDeps,
  manifest: Pick<ScenarioManifest, 'contracts'> | undefined,
  amountUsd?: number,
): Promise<{ now: number; opportunities: YieldOpportunity[]; avoid: AvoidedYield[] }> {
  const client = deps.chain.public;
  const [head, gasPriceWei] = await Promise.all([client.getBlock(), client.getGasPrice()]).catch((cause) => {
    throw new ChainUnavailableError('The chain RPC did not answer for the latest block.', cause);
  });
  const now = Number(head.timestamp);
  const tokens = yieldTokens(deps.network);

  const infos = new Map<string, TokenInfo | null>();
  await pLimit(4).map(tokens, async (t) => infos.set(t, await tokenInfo(deps, t)));
  const ethUsd = ethUsdOf(infos);
  const market: Market = {
    head: head.number ?? 0n,
    now,
    gasPriceWei,
    ethUsd,
    meter: deps.gasMeter ?? createGasMeter(deps.chain),
  };
  const opps: YieldOpportunity[] = [];
  const avoid: AvoidedYield[] = [];

  // ---- AMM pools ----
  // Full-range positions whose fee and Mint/Burn gas we can state: the token's deepest Uniswap V2
  // pair (0.3%) and its deepest Aerodrome classic pool (the fee its factory sets), never its main
  // pool as such (a V3 or Slipstream range is another product). Aerodrome gauge emissions are not
  // read, so they are left out of the APY rather than guessed.
  const AMM_VENUES = [
    { venue: 'uniswap-v2', protocol: 'Uniswap V2', events: ENTRY_EVENTS.pair },
    { venue: 'aerodrome', protocol: 'Aerodrome', events: ENTRY_EVENTS.aerodrome },
  ] as const;
  for (const t of tokens) {
    const info = infos.get(t);
    if (!info) continue;
    for (const v of AMM_VENUES) {
      const pool = info.facts.pools.find((p) => p.venue === v.venue);
      if (!pool || pool.poolValueUsd === null || pool.poolValueUsd < MIN_POOL_TVL_USD) continue;
      // The pool's own fee (Uniswap units: hundredths of a basis point); V2 is always 0.3%.
      const fee =
        v.venue === 'uniswap-v2' ? AMM_FEE : pool.feeTier !== null ? pool.feeTier / 1_000_000 : null;
      if (fee === null) continue;
      const feePct = `${+(fee * 100).toFixed(4)}%`;
      // An unpriced 24 h volume gives no fee APY: the pool is listed with its APY unknown (null, and
      // apySource says why), never at "0%"; rankings and strategies skip it and count it.
      const volume = pool.volume24hUsd;
      const apy = volume === null ? null : ammFeeApr(volume, pool.poolValueUsd, fee);
      const sym = symOf(info.facts);
      // A stablecoin pool holds stablecoins on both sides: USDC/WETH moves with ETH, so it is not one.
      const quote = await infoFor(deps, infos, pool.quoteToken);
      // WETH is the chain's wrapped ether, the quote of most pools: not a token judged by the scanner
      // (its own "sell" simulation is not a trade) — only the other side's verdict decides.
      const quoteIsWeth = pool.quoteToken.toLowerCase() === deps.network.contracts.weth.toLowerCase();
      const bad = failing(info, quoteIsWeth ? null : quote);
      if (bad) {
        const id = `pool-${pool.pair.toLowerCase()}`;
        const pair = `${sym}/${pool.quoteSymbol}`;
        avoid.push(
          avoided(
            {
              id,
              protocol: v.protocol,
              name: `${pair} liquidity`,
              tokenPair: pair,
              address: pool.pair.toLowerCase(),
            },
            bad,
          ),
        );
        continue;
      }
      const tags = ['liquidity', 'flexible', 'impermanent-loss', v.venue];
      if (isStablecoinPool(info, quote)) tags.push('stablecoin');
      const analysis = analyseYieldRisk({
        minScore: info.score,
        tvlUsd: pool.poolValueUsd,
        ageDays: ageDaysAt(now, pool.createdAt),
        apy,
        impermanentLoss: true,
      });
      const gas = await market.meter.measure(pool.pair, v.events, market.head);
      const trade = info.facts.trade;
      opps.push({
        id: `pool-${pool.pair.toLowerCase()}`,
        protocol: v.protocol,
        name: `${sym}/${pool.quoteSymbol} liquidity`,
        type: 'liquidity',
        risk: analysis.risk,
        riskReasons: analysis.reasons,
        apy,
        tvl: pool.poolValueUsd,
        minDeposit: 0,
        lockPeriod: 0,
        flabScore: info.score,
        tags,
        description:
          `Provide ${sym} and ${pool.quoteSymbol} to the pool and earn the ${feePct} swap fee: ` +
          (volume === null
            ? `its 24 h volume has no USD price, against $${pool.poolValueUsd.toFixed(0)} of liquidity.`
            : `$${volume.toFixed(0)} traded in 24 h against $${pool.poolValueUsd.toFixed(0)} of liquidity.`) +
          (v.venue === 'aerodrome' ? ' Gauge emissions are not included (not read).' : ''),
        verified: isVerified(info.facts),
        tokenPair: `${sym}/${pool.quoteSymbol}`,
        url: `/liquidity-scanner?address=${t}`,
        address: pool.pair.toLowerCase(),
        apySource:
          volume === null
            ? `APY unknown: the pool's 24 h volume could not be priced in USD (no priced route for its swaps), so the ${feePct} fee income cannot be stated.`
            : `24h volume ${volume.toFixed(2)} USD × ${feePct} × 365 ÷ TVL ${pool.poolValueUsd.toFixed(2)} USD`,
        entryCosts: entryCosts({
          gas,
          swapGas: trade.status === 'ok' ? { buy: Number(trade.buyGas), sell: Number(trade.sellGas) } : null,
          gasPriceWei,
          ethUsd,
          twoSided: true,
          sideReserveUsd: pool.poolValueUsd / 2,
          swapFeePct: fee * 100,
          what: 'addLiquidity/removeLiquidity',
        }),
        breakEven: null,
      });
    }
  }

  // ---- staking and lending (local scenario contracts) ----
  const staking = manifest?.contracts.staking;
  const lending = manifest?.contracts.lending;
  if (staking) {
    const o = await stakingOpportunity(deps, staking, market, infos, (a) => avoid.push(a)).catch((e) => {
      deps.log.warn({ msg: 'yield: staking pool unreadable', err: (e as Error).message });
      return null;
    });
    if (o) opps.push(o);
  }
  if (lending) {
    const o = await lendingOpportunity(deps, lending, market, infos, (a) => avoid.push(a)).catch((e) => {
      deps.log.warn({ msg: 'yield: lending pool unreadable', err: (e as Error).message });
      return null;
    });
    if (o) opps.push(o);
  }
  return { now, opportunities: opps.map((o) => withBreakEven(o, amountUsd)), avoid };
}

async function singleSidedCosts(deps: YieldDeps, address: Address, m: Market, kind: 'staking' | 'lending') {
  const gas = await m.meter.measure(address, ENTRY_EVENTS[kind], m.head);
  let firstAt: number | null = null;
  if (gas.firstBlock !== null) {
    const b = await deps.chain.public.getBlock({ blockNumber: gas.firstBlock }).catch(() => null);
    firstAt = b ? Number(b.timestamp) : null;
  }
  const costs = entryCosts({
    gas,
    swapGas: null,
    gasPriceWei: m.gasPriceWei,
    ethUsd: m.ethUsd,
    twoSided: false,
    sideReserveUsd: null,
    swapFeePct: 0,
    what: kind === 'staking' ? 'stake/withdraw' : 'supply/withdraw',
  });
  return { costs, ageDays: ageDaysAt(m.now, firstAt) };
}

/** Both sides of a pool behave as issued stablecoins (the trusted-asset test), so its value holds still. */
export function isStablecoinPool(
  token: Pick<TokenInfo, 'stablecoin'> | null,
  quote: Pick<TokenInfo, 'stablecoin'> | null,
): boolean {
  return !!token?.stablecoin && !!quote?.stablecoin;
}

async function infoFor(deps: YieldDeps, infos: Map<string, TokenInfo | null>, token: string) {
  const t = token.toLowerCase();
  if (!infos.has(t)) infos.set(t, await tokenInfo(deps, t as Address));
  return infos.get(t) ?? null;
}

export async function stakingOpportunity(
  deps: YieldDeps,
  staking: Address,
  market: Market,
  infos: Map<string, TokenInfo | null> = new Map(),
  onAvoid: (a: AvoidedYield) => void = () => {},
): Promise<YieldOpportunity | null> {
  const c = { address: staking, abi: stakingAbi } as const;
  const [stakingToken, rewardsToken, rewardRate, periodFinish, totalStaked] =
    await deps.chain.public.multicall({
      contracts: [
        { ...c, functionName: 'stakingToken' },
        { ...c, functionName: 'rewardsToken' },
        { ...c, functionName: 'rewardRate' },
        { ...c, functionName: 'periodFinish' },
        { ...c, functionName: 'totalSupply' },
      ],
      allowFailure: false,
    });
  const [stakeInfo, rewardInfo] = await Promise.all([
    infoFor(deps, infos, stakingToken),
    infoFor(deps, infos, rewardsToken),
  ]);
  const stakePrice = stakeInfo?.facts.mainPool?.priceUsd ?? null;
  const rewardPrice = rewardInfo?.facts.mainPool?.priceUsd ?? null;
  // Without the staked token's price the pool's value is unknown too: nothing to list. An unpriced
  // reward token leaves only the APY unknown: listed with apy null, never 0%.
  if (!stakeInfo || !rewardInfo || stakePrice === null) return null;
  // Unknown decimals: the staked value and the reward rate are unknown, so the APY is too.
  const sDec = stakeInfo.facts.token.decimals;
  const rDec = rewardInfo.facts.token.decimals;
  if (sDec === null || rDec === null) return null;
  const stakedValueUsd = (Number(totalStaked) / 10 ** sDec) * stakePrice;
  const ratePerSecond = Number(rewardRate) / 10 ** rDec;
  const finish = Number(periodFinish);
  const apy =
    rewardPrice === null
      ? null
      : stakingApr({
          rewardRatePerSecond: ratePerSecond,
          rewardPriceUsd: rewardPrice,
          stakedValueUsd,
          periodFinish: finish,
          now: market.now,
        });
  const now = market.now;
  const sSym = symOf(stakeInfo.facts);
  const rSym = symOf(rewardInfo.facts);
  const bad = failing(stakeInfo, rewardInfo);
  if (bad) {
    const pair = sSym === rSym ? sSym : `${sSym}/${rSym}`;
    const id = `staking-${staking.toLowerCase()}`;
    onAvoid(
      avoided(
        {
          id,
          protocol: `${sSym} Staking`,
          name: `Stake ${sSym}, earn ${rSym}`,
          tokenPair: pair,
          address: staking.toLowerCase(),
        },
        bad,
      ),
    );
    return null;
  }
  // The reward token's score counts: a high APY paid in a weak token is a weak APY.
  const minScore =
    stakeInfo.score === null || rewardInfo.score === null
      ? null
      : Math.min(stakeInfo.score, rewardInfo.score);
  const { costs, ageDays } = await singleSidedCosts(deps, staking, market, 'staking');
  const analysis = analyseYieldRisk({ minScore, tvlUsd: stakedValueUsd, ageDays, apy });
  const ended = now >= finish;
  const tags = ['staking', 'flexible', 'single-asset'];
  if (ended) tags.push('rewards-ended');
  const daysLeft = Math.max(0, (finish - now) / 86_400);
  return {
    id: `staking-${staking.toLowerCase()}`,
    protocol: `${sSym} Staking`,
    name: `Stake ${sSym}, earn ${rSym}`,
    type: 'staking',
    risk: analysis.risk,
    riskReasons: analysis.reasons,
    apy,
    tvl: stakedValueUsd,
    minDeposit: 0,
    lockPeriod: 0,
    flabScore: minScore,
    tags,
    description: ended
      ? `Synthetix-style staking pool; the reward period ended, so stakers earn nothing until it is refunded.`
      : `Synthetix-style staking pool paying ${ratePerSecond.toFixed(4)} ${rSym}/s for ${daysLeft.toFixed(1)} more days; withdraw any time.`,
    verified:
      isVerified(stakeInfo.facts) &&
      isVerified(rewardInfo.facts) &&
      (await hasVerifiedContract(deps.database.db, staking).catch(() => false)),
    tokenPair: sSym === rSym ? sSym : `${sSym}/${rSym}`,
    url: `/token-analysis?address=${stakingToken.toLowerCase()}`,
    address: staking.toLowerCase(),
    apySource:
      rewardPrice === null
        ? `APY unknown: the reward token ${rSym} has no USD price (no priced pool), so ${ratePerSecond} ${rSym}/s cannot be stated as a yield.`
        : `rewardRate ${ratePerSecond} ${rSym}/s × $${rewardPrice} × 31536000 s ÷ staked $${stakedValueUsd.toFixed(2)}`,
    entryCosts: costs,
    breakEven: null,
  };
}

export async function lendingOpportunity(
  deps: YieldDeps,
  lending: Address,
  market: Market,
  infos: Map<string, TokenInfo | null> = new Map(),
  onAvoid: (a: AvoidedYield) => void = () => {},
): Promise<YieldOpportunity | null> {
  const c = { address: lending, abi: lendingAbi } as const;
  const [asset, supplyRate, totalSupplied, utilization] = await deps.chain.public.multicall({
    contracts: [
      { ...c, functionName: 'asset' },
      { ...c, functionName: 'supplyRatePerYear' },
      { ...c, functionName: 'totalSupplied' },
      { ...c, functionName: 'utilization' },
    ],
    allowFailure: false,
  });
  const info = await infoFor(deps, infos, asset);
  const price = info?.facts.mainPool?.priceUsd ?? null;
  if (!info || price === null) return null;
  const dec =
    info.facts.token.decimals ??
    Number(await deps.chain.public.readContract({ address: asset, abi: erc20Abi, functionName: 'decimals' }));
  const tvl = (Number(totalSupplied) / 10 ** dec) * price;
  const apy = lendingSupplyApy(supplyRate);
  const sym = symOf(info.facts);
  const bad = failing(info);
  if (bad) {
    const id = `lending-${lending.toLowerCase()}`;
    onAvoid(
      avoided(
        { id, protocol: 'FLAB Lend', name: `Supply ${sym}`, tokenPair: sym, address: lending.toLowerCase() },
        bad,
      ),
    );
    return null;
  }
  const tags = ['lending', 'flexible', 'single-asset'];
  if (info.stablecoin) tags.push('stablecoin');
  const u = (Number(utilization) / 1e18) * 100;
  const { costs, ageDays } = await singleSidedCosts(deps, lending, market, 'lending');
  const analysis = analyseYieldRisk({ minScore: info.score, tvlUsd: tvl, ageDays, apy });
  return {
    id: `lending-${lending.toLowerCase()}`,
    protocol: 'FLAB Lend',
    name: `Supply ${sym}`,
    type: 'lending',
    risk: analysis.risk,
    riskReasons: analysis.reasons,
    apy,
    tvl,
    minDeposit: 0,
    lockPeriod: 0,
    flabScore: info.score,
    tags,
    description: `Supply ${sym} to borrowers who post WETH collateral; ${u.toFixed(1)}% of the pool is lent out, and the rate moves with that utilisation.`,
    verified:
      isVerified(info.facts) && (await hasVerifiedContract(deps.database.db, lending).catch(() => false)),
    tokenPair: sym,
    url: `/token-analysis?address=${asset.toLowerCase()}`,
    address: lending.toLowerCase(),
    apySource: `supplyRatePerYear() = borrow rate × utilisation ${u.toFixed(2)}% × (1 − 10% reserve factor)`,
    entryCosts: costs,
    breakEven: null,
  };
}
