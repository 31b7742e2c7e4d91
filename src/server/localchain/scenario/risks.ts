/**
 * One token per real-world risk, each with a WETH pool, trading and the owner action that makes
 * the risk visible on chain: a honeypot whose sells revert, a sell tax raised mid-history, an owner
 * mint, blacklisted holders, a pause window, max-transaction limits, a proxy upgraded to an
 * implementation that lets the owner move anyone's tokens, a completed rug (LP pulled), a token
 * held by fresh wallets and insiders the deployer funded, and a deployer with two earlier rugs.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import {
  BlacklistToken,
  ERC1967Proxy,
  HoneypotToken,
  MaxTxToken,
  MintableToken,
  PausableToken,
  TaxToken,
  UpgradeableTokenV1,
  UpgradeableTokenV2,
} from '../artifacts/generated';
import { HOUR } from './config';
import type { ScenarioContext } from './context';
import { buy, eth, GAS, type MarketToken, readBalances, removeLiquidity, sell, units } from './market';
import { deployPlain, fund, launch } from './tokens';

const SUPPLY = units(1_000_000_000, 18);
const share = (pct: number) => (SUPPLY * BigInt(Math.round(pct * 100))) / 10_000n;

/** Owner call on a token, encoded against the token's own ABI. */
function ownerCall(
  ctx: ScenarioContext,
  from: Address,
  to: Address,
  data: Hex,
  label: string,
  gas: bigint = GAS.call,
) {
  ctx.q.add({ from, to, data, gas, label });
}

function poolEth(ctx: ScenarioContext, full: number): bigint {
  return eth(ctx.cfg.full ? full : full / 2);
}

async function dev(ctx: ScenarioContext, symbol: string, ethAmount = 60): Promise<Address> {
  const owner = ctx.wallets.dev(symbol);
  await fund(ctx, [[owner, eth(ethAmount)]]);
  return owner;
}

export function scheduleRiskTokens(ctx: ScenarioContext): void {
  const t = ctx.times;
  const details = ctx.out.riskDetails;

  ctx.schedule(t.honeypotAt, 'launch honeypot', async () => {
    const owner = await dev(ctx, 'GCAT');
    const token = await launch(ctx, {
      symbol: 'GCAT',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: HoneypotToken.abi,
            bytecode: HoneypotToken.bytecode as Hex,
            args: ['Golden Cat', 'GCAT', SUPPLY, owner],
          }),
          'deploy GCAT',
        ),
      beforePool: (addr, pair) =>
        ownerCall(
          ctx,
          owner,
          addr,
          encodeFunctionData({ abi: HoneypotToken.abi, functionName: 'setPair', args: [pair, true] }),
          'GCAT setPair',
        ),
      supply: SUPPLY,
      poolTokens: share(80),
      poolEth: poolEth(ctx, 6),
      weight: 6,
      buyScale: 0.6,
      sellsRevert: true,
    });
    ctx.out.risks.honeypot = token.address;
  });

  ctx.schedule(t.taxAt, 'launch tax token', async () => {
    const owner = await dev(ctx, 'RPULSE');
    const [buy0, sell0, buy1, sell1] = [300, 500, 500, 2500];
    const token = await launch(ctx, {
      symbol: 'RPULSE',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: TaxToken.abi,
            bytecode: TaxToken.bytecode as Hex,
            args: ['Reward Pulse', 'RPULSE', SUPPLY, owner, buy0, sell0],
          }),
          'deploy RPULSE',
        ),
      beforePool: (addr, pair) =>
        ownerCall(
          ctx,
          owner,
          addr,
          encodeFunctionData({ abi: TaxToken.abi, functionName: 'setPair', args: [pair, true] }),
          'RPULSE setPair',
        ),
      supply: SUPPLY,
      poolTokens: share(75),
      poolEth: poolEth(ctx, 10),
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.highTax = token.address;
    ctx.schedule(t.taxChangeAt, 'raise RPULSE sell tax', () => {
      ownerCall(
        ctx,
        owner,
        token.address,
        encodeFunctionData({ abi: TaxToken.abi, functionName: 'setTaxes', args: [buy1, sell1] }),
        'RPULSE setTaxes',
      );
    });
    details.highTax = {
      initialBuyBps: buy0,
      initialSellBps: sell0,
      buyBps: buy1,
      sellBps: sell1,
      changedAt: t.taxChangeAt,
    };
  });

  ctx.schedule(t.mintAt, 'launch mintable token', async () => {
    const owner = await dev(ctx, 'BGOLD');
    const token = await launch(ctx, {
      symbol: 'BGOLD',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: MintableToken.abi,
            bytecode: MintableToken.bytecode as Hex,
            args: ['Base Gold', 'BGOLD', SUPPLY, owner],
          }),
          'deploy BGOLD',
        ),
      supply: SUPPLY,
      poolTokens: share(70),
      poolEth: poolEth(ctx, 12),
      weight: 4,
      buyScale: 0.7,
    });
    ctx.out.risks.mint = token.address;
    const minted = share(50);
    ctx.schedule(t.mintEventAt, 'BGOLD owner mints', () => {
      ownerCall(
        ctx,
        owner,
        token.address,
        encodeFunctionData({ abi: MintableToken.abi, functionName: 'mint', args: [owner, minted] }),
        'BGOLD mint',
      );
    });
    // …and sells part of the fresh supply into the pool.
    ctx.schedule(t.mintEventAt + 2 * HOUR, 'BGOLD owner dumps', () =>
      sell(ctx, owner, token, minted / 8n, { label: 'BGOLD owner sells minted tokens' }),
    );
    details.mint = { mintedAmount: minted.toString(), mintedAt: t.mintEventAt };
  });

  ctx.schedule(t.blacklistAt, 'launch blacklist token', async () => {
    const owner = await dev(ctx, 'SHLD');
    const token = await launch(ctx, {
      symbol: 'SHLD',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: BlacklistToken.abi,
            bytecode: BlacklistToken.bytecode as Hex,
            args: ['Shield Inu', 'SHLD', SUPPLY, owner],
          }),
          'deploy SHLD',
        ),
      supply: SUPPLY,
      poolTokens: share(75),
      poolEth: poolEth(ctx, 8),
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.blacklist = token.address;
    ctx.schedule(t.blacklistEventAt, 'SHLD blacklists holders', async () => {
      const holders = [...ctx.holdings.entries()].filter(([, s]) => s.has('SHLD')).map(([w]) => w);
      const balances = await readBalances(
        ctx,
        holders.map((h) => [token.address, h] as const),
      );
      const victims = ctx.rng.fork('blacklist').sample(
        holders.filter((_, i) => (balances[i] ?? 0n) > 0n),
        3,
      );
      for (const v of victims) {
        ownerCall(
          ctx,
          owner,
          token.address,
          encodeFunctionData({ abi: BlacklistToken.abi, functionName: 'setBlacklist', args: [v, true] }),
          'SHLD blacklist',
        );
        token.excluded.add(v);
      }
      details.blacklist = { blacklisted: victims, blacklistedAt: ctx.now };
    });
  });

  ctx.schedule(t.pausableAt, 'launch pausable token', async () => {
    const owner = await dev(ctx, 'ZZZ');
    const token = await launch(ctx, {
      symbol: 'ZZZ',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: PausableToken.abi,
            bytecode: PausableToken.bytecode as Hex,
            args: ['Sleepy Finance', 'ZZZ', SUPPLY, owner],
          }),
          'deploy ZZZ',
        ),
      supply: SUPPLY,
      poolTokens: share(75),
      poolEth: poolEth(ctx, 8),
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.pausable = token.address;
    // No routine trade lands between the pause and the block after the unpause.
    token.paused.push([t.pauseAt, t.unpauseAt + 10 * 60]);
    ctx.schedule(t.pauseAt, 'ZZZ paused', () =>
      ownerCall(
        ctx,
        owner,
        token.address,
        encodeFunctionData({ abi: PausableToken.abi, functionName: 'pause' }),
        'ZZZ pause',
      ),
    );
    ctx.schedule(t.unpauseAt, 'ZZZ unpaused', () =>
      ownerCall(
        ctx,
        owner,
        token.address,
        encodeFunctionData({ abi: PausableToken.abi, functionName: 'unpause' }),
        'ZZZ unpause',
      ),
    );
    details.pausable = { pausedAt: t.pauseAt, unpausedAt: t.unpauseAt };
  });

  ctx.schedule(t.maxTxAt, 'launch max-tx token', async () => {
    const owner = await dev(ctx, 'LINU');
    const maxTx = share(1);
    const maxWallet = share(2);
    const token = await launch(ctx, {
      symbol: 'LINU',
      owner,
      deploy: () =>
        ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: MaxTxToken.abi,
            bytecode: MaxTxToken.bytecode as Hex,
            args: ['Limit Inu', 'LINU', SUPPLY, owner, maxTx, maxWallet],
          }),
          'deploy LINU',
        ),
      beforePool: (addr, pair) =>
        ownerCall(
          ctx,
          owner,
          addr,
          encodeFunctionData({ abi: MaxTxToken.abi, functionName: 'setPair', args: [pair, true] }),
          'LINU setPair',
        ),
      supply: SUPPLY,
      poolTokens: share(80),
      poolEth: poolEth(ctx, 10),
      weight: 4,
      buyScale: 0.6,
      maxTx,
      maxHolding: (maxWallet * 3n) / 4n,
    });
    ctx.out.risks.maxTx = token.address;
    details.maxTx = { maxTxAmount: maxTx.toString(), maxWalletAmount: maxWallet.toString() };
  });

  ctx.schedule(t.proxyAt, 'launch upgradeable token', async () => {
    const owner = await dev(ctx, 'MORPH');
    let v1: Address = '0x';
    const token = await launch(ctx, {
      symbol: 'MORPH',
      owner,
      deploy: async () => {
        v1 = await ctx.q.deploy(
          owner,
          encodeDeployData({ abi: UpgradeableTokenV1.abi, bytecode: UpgradeableTokenV1.bytecode as Hex }),
          'deploy MORPH implementation V1',
        );
        const init = encodeFunctionData({
          abi: UpgradeableTokenV1.abi,
          functionName: 'initialize',
          args: ['Morph Protocol', 'MORPH', SUPPLY, owner],
        });
        return ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: ERC1967Proxy.abi,
            bytecode: ERC1967Proxy.bytecode as Hex,
            args: [v1, init],
          }),
          'deploy MORPH proxy',
        );
      },
      supply: SUPPLY,
      poolTokens: share(75),
      poolEth: poolEth(ctx, 10),
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.proxy = token.address;
    ctx.schedule(t.upgradeAt, 'MORPH upgraded to V2', async () => {
      const v2 = await ctx.q.deploy(
        owner,
        encodeDeployData({ abi: UpgradeableTokenV2.abi, bytecode: UpgradeableTokenV2.bytecode as Hex }),
        'deploy MORPH implementation V2',
      );
      ownerCall(
        ctx,
        owner,
        token.address,
        encodeFunctionData({
          abi: UpgradeableTokenV1.abi,
          functionName: 'upgradeToAndCall',
          args: [v2, '0x'],
        }),
        'MORPH upgradeToAndCall',
      );
      details.proxy = { implementationV1: v1, implementationV2: v2, upgradedAt: ctx.now };
    });
  });

  // A completed rug: unlocked LP, inflows for weeks, then the deployer pulls all of it in one go.
  ctx.schedule(t.rugAt, 'launch rug token', async () => {
    const owner = ctx.wallets.rugger;
    await fund(ctx, [[owner, eth(60)]]);
    const token = await launch(ctx, {
      symbol: 'SYLD',
      owner,
      deploy: deployPlain(ctx, owner, 'SafeYield', 'SYLD', SUPPLY),
      supply: SUPPLY,
      poolTokens: share(85),
      poolEth: poolEth(ctx, 20),
      weight: 7,
      buyScale: 1,
      liveUntil: t.rugPullAt,
    });
    ctx.out.risks.rugged = token.address;
    schedulePull(ctx, token, t.rugPullAt);
    details.rugged = { deployer: owner, launchedAt: ctx.now, pulledAt: t.rugPullAt };
  });

  scheduleFreshToken(ctx);
  scheduleSerialRugger(ctx);
}

/** The deployer removes all its liquidity in one transaction. */
export function schedulePull(ctx: ScenarioContext, token: MarketToken, at: number): void {
  ctx.schedule(at, `${token.symbol} liquidity pulled`, async () => {
    const [lp] = await readBalances(ctx, [[token.pair, token.owner]]);
    if (!lp) throw new Error(`${token.symbol}: the deployer holds no LP to pull`);
    removeLiquidity(ctx, token.owner, token, lp, `${token.symbol}: deployer removes all liquidity`);
  });
}

function scheduleFreshToken(ctx: ScenarioContext): void {
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
    const token = await launch(ctx, {
      symbol: 'RKTB',
      owner,
      deploy: deployPlain(ctx, owner, 'Rocket Base', 'RKTB', SUPPLY),
      supply: SUPPLY,
      poolTokens: share(70),
      poolEth: poolEth(ctx, 8),
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

function scheduleSerialRugger(ctx: ScenarioContext): void {
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
      const token = await launch(ctx, {
        symbol: rug.symbol,
        owner,
        deploy: deployPlain(ctx, owner, rug.name, rug.symbol, SUPPLY),
        supply: SUPPLY,
        poolTokens: share(88),
        poolEth: poolEth(ctx, rug.eth),
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
    const token = await launch(ctx, {
      symbol: 'PEPEB',
      owner,
      deploy: deployPlain(ctx, owner, 'Pepe Base', 'PEPEB', SUPPLY),
      supply: SUPPLY,
      poolTokens: share(88),
      poolEth: poolEth(ctx, 6),
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
