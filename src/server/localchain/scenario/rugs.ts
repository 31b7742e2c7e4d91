/**
 * The rug stories among the risk tokens (risks.ts schedules them, in this order): a completed rug
 * (unlocked LP, inflows for weeks, then the deployer pulls all of it in one go), a token held by
 * fresh wallets and insiders its deployer funded, and a serial rugger whose third token follows
 * two earlier rugs.
 */
import type { Address } from 'viem';
import { HOUR } from './config';
import type { ScenarioContext } from './context';
import { buy, eth, GAS, type MarketToken, readBalances, removeLiquidity } from './market';
import { poolEth, RISK_SUPPLY, share } from './risk-sizes';
import { deployPlain, fund, type LaunchSpec, launch } from './tokens';

/** The deployer removes all its liquidity in one transaction. */
export function schedulePull(ctx: ScenarioContext, token: MarketToken, at: number): void {
  ctx.schedule(at, `${token.symbol} liquidity pulled`, async () => {
    const [lp] = await readBalances(ctx, [[token.pair, token.owner]]);
    if (!lp) throw new Error(`${token.symbol}: the deployer holds no LP to pull`);
    removeLiquidity(ctx, token.owner, token, lp, `${token.symbol}: deployer removes all liquidity`);
  });
}

/** A plain token (ScenarioToken) and its WETH pool, the shape every rug here launches with. */
function launchPlain(
  ctx: ScenarioContext,
  o: Omit<LaunchSpec, 'deploy' | 'supply' | 'poolTokens' | 'poolEth'> & {
    name: string;
    poolPct: number;
    poolEthFull: number;
  },
): Promise<MarketToken> {
  const { name, poolPct, poolEthFull, ...spec } = o;
  return launch(ctx, {
    ...spec,
    deploy: deployPlain(ctx, o.owner, name, o.symbol, RISK_SUPPLY),
    supply: RISK_SUPPLY,
    poolTokens: share(poolPct),
    poolEth: poolEth(ctx, poolEthFull),
  });
}

export function scheduleRug(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.rugAt, 'launch rug token', async () => {
    const owner = ctx.wallets.rugger;
    await fund(ctx, [[owner, eth(60)]]);
    const token = await launchPlain(ctx, {
      symbol: 'SYLD',
      name: 'SafeYield',
      owner,
      poolPct: 85,
      poolEthFull: 20,
      weight: 7,
      buyScale: 1,
      liveUntil: t.rugPullAt,
    });
    ctx.out.risks.rugged = token.address;
    schedulePull(ctx, token, t.rugPullAt);
    ctx.out.riskDetails.rugged = { deployer: owner, launchedAt: ctx.now, pulledAt: t.rugPullAt };
  });
}

export function scheduleFreshToken(ctx: ScenarioContext): void {
  const t = ctx.times;
  const { insiders, fresh } = ctx.wallets;
  const r = ctx.rng.fork('fresh');
  const owner = ctx.wallets.dev('RKTB');
  // The deployer funds the insiders (a visible ETH trail) shortly before the launch.
  ctx.schedule(t.freshAt - 2 * HOUR, 'RKTB deployer funds insiders', async () => {
    await fund(ctx, [[owner, eth(80)]]);
    for (const w of insiders) {
      ctx.q.add({
        from: owner,
        to: w,
        value: eth(r.range(3, 6)),
        gas: GAS.ethTransfer,
        label: 'fund insider',
      });
    }
  });
  ctx.schedule(t.freshAt, 'launch fresh-wallet token', async () => {
    const holders = new Set<Address>([...insiders, ...fresh.map((f) => f.address)]);
    const token = await launchPlain(ctx, {
      symbol: 'RKTB',
      name: 'Rocket Base',
      owner,
      poolPct: 70,
      poolEthFull: 8,
      weight: 40,
      buyScale: 0.8,
      only: holders,
    });
    ctx.out.risks.freshWallets = token.address;
    ctx.schedule(t.freshAt + 10 * 60, 'RKTB insiders buy', () => {
      for (const w of insiders) buy(ctx, w, token, eth(r.range(1.5, 2.8)), { label: 'insider buys RKTB' });
    });
    ctx.out.riskDetails.freshWallets = {
      deployer: owner,
      insiders,
      freshHolders: fresh.map((f) => f.address),
      launchedAt: ctx.now,
    };
  });
}

export function scheduleSerialRugger(ctx: ScenarioContext): void {
  const t = ctx.times;
  const owner = ctx.wallets.serialRugger;
  const earlier: MarketToken[] = [];
  const rugs = [
    { symbol: 'MPEPE', name: 'Moon Pepe', at: t.serial1At, pullAt: t.serial1PullAt, eth: 12 },
    { symbol: 'BSHIB', name: 'Based Shiba', at: t.serial2At, pullAt: t.serial2PullAt, eth: 15 },
  ];
  for (const rug of rugs) {
    ctx.schedule(rug.at, `serial rugger launches ${rug.symbol}`, async () => {
      await fund(ctx, [[owner, eth(80)]]);
      const token = await launchPlain(ctx, {
        symbol: rug.symbol,
        name: rug.name,
        owner,
        poolPct: 88,
        poolEthFull: rug.eth,
        weight: 7,
        buyScale: 1,
        liveUntil: rug.pullAt,
      });
      earlier.push(token);
      schedulePull(ctx, token, rug.pullAt);
    });
  }
  ctx.schedule(t.serial3At, 'serial rugger launches again', async () => {
    await fund(ctx, [[owner, eth(80)]]);
    const token = await launchPlain(ctx, {
      symbol: 'PEPEB',
      name: 'Pepe Base',
      owner,
      poolPct: 88,
      poolEthFull: 6,
      weight: 8,
      buyScale: 0.7,
      liveDelay: 10 * 60,
    });
    ctx.out.risks.serialRugger = token.address;
    ctx.out.launches.push({
      symbol: 'PEPEB',
      token: token.address,
      pair: token.pair,
      deployer: owner,
      launchedAt: ctx.now,
    });
    ctx.out.riskDetails.serialRugger = {
      deployer: owner,
      earlierTokens: earlier.map((e) => e.address),
      earlierPairs: earlier.map((e) => e.pair),
      launchedAt: ctx.now,
    };
  });
}
