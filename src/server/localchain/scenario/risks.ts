/**
 * One token per real-world risk, each with a WETH pool, trading and the owner action that makes
 * the risk visible on chain: a honeypot whose sells revert, a sell tax raised mid-history, an owner
 * mint, blacklisted holders, a pause window, max-transaction limits, a proxy upgraded to an
 * implementation that lets the owner move anyone's tokens — and, in rugs.ts, a completed rug (LP
 * pulled), a token held by fresh wallets and insiders the deployer funded, and a deployer with two
 * earlier rugs.
 *
 * The order of the schedule calls below is part of the scenario: events due in the same block run
 * in the order they were scheduled, so moving one would change the chain.
 */
import { type Address, encodeFunctionData } from 'viem';
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
import { type ContractArtifact, queueCall, queueDeploy } from './calls';
import { HOUR } from './config';
import type { ScenarioContext } from './context';
import { eth, type MarketToken, readBalances, sell } from './market';
import { poolEth, RISK_SUPPLY, share } from './risk-sizes';
import { scheduleFreshToken, scheduleRug, scheduleSerialRugger } from './rugs';
import { fund, type LaunchSpec, launch } from './tokens';

/** The token's own deployer (one per symbol), given ETH for the pool and the owner actions. */
async function dev(ctx: ScenarioContext, symbol: string, ethAmount = 60): Promise<Address> {
  const owner = ctx.wallets.dev(symbol);
  await fund(ctx, [[owner, eth(ethAmount)]]);
  return owner;
}

type RiskLaunch = Pick<
  LaunchSpec,
  'symbol' | 'weight' | 'buyScale' | 'sellsRevert' | 'maxTx' | 'maxHolding'
> & {
  name: string;
  /** Its constructor takes (name, symbol, supply, owner, ...extraArgs). */
  contract: ContractArtifact;
  extraArgs?: readonly unknown[];
  /** Registers the pair before the pool opens (taxes and limits apply from the first trade). */
  setPair?: boolean;
  /** Share of the supply in the pool, in percent. */
  poolPct: number;
  /** The pool's ETH in the full scenario. */
  poolEthFull: number;
};

/** Funds the token's deployer, deploys the token and opens its WETH pool. */
async function launchRiskToken(
  ctx: ScenarioContext,
  o: RiskLaunch,
): Promise<{ owner: Address; token: MarketToken }> {
  const { name, contract, extraArgs = [], setPair, poolPct, poolEthFull, ...market } = o;
  const owner = await dev(ctx, o.symbol);
  const token = await launch(ctx, {
    ...market,
    owner,
    deploy: () =>
      queueDeploy(
        ctx,
        owner,
        contract,
        [name, o.symbol, RISK_SUPPLY, owner, ...extraArgs],
        `deploy ${o.symbol}`,
      ),
    beforePool: setPair
      ? (addr, pair) =>
          queueCall(ctx, owner, addr, contract.abi, 'setPair', [pair, true], { label: `${o.symbol} setPair` })
      : undefined,
    supply: RISK_SUPPLY,
    poolTokens: share(poolPct),
    poolEth: poolEth(ctx, poolEthFull),
  });
  return { owner, token };
}

export function scheduleRiskTokens(ctx: ScenarioContext): void {
  scheduleHoneypot(ctx);
  scheduleTaxToken(ctx);
  scheduleMintable(ctx);
  scheduleBlacklist(ctx);
  schedulePausable(ctx);
  scheduleMaxTx(ctx);
  scheduleUpgradeable(ctx);
  scheduleRug(ctx);
  scheduleFreshToken(ctx);
  scheduleSerialRugger(ctx);
}

function scheduleHoneypot(ctx: ScenarioContext): void {
  ctx.schedule(ctx.times.honeypotAt, 'launch honeypot', async () => {
    const { token } = await launchRiskToken(ctx, {
      symbol: 'GCAT',
      name: 'Golden Cat',
      contract: HoneypotToken,
      setPair: true,
      poolPct: 80,
      poolEthFull: 6,
      weight: 6,
      buyScale: 0.6,
      sellsRevert: true,
    });
    ctx.out.risks.honeypot = token.address;
  });
}

function scheduleTaxToken(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.taxAt, 'launch tax token', async () => {
    const [buy0, sell0, buy1, sell1] = [300, 500, 500, 2500];
    const { owner, token } = await launchRiskToken(ctx, {
      symbol: 'RPULSE',
      name: 'Reward Pulse',
      contract: TaxToken,
      extraArgs: [buy0, sell0],
      setPair: true,
      poolPct: 75,
      poolEthFull: 10,
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.highTax = token.address;
    ctx.schedule(t.taxChangeAt, 'raise RPULSE sell tax', () => {
      queueCall(ctx, owner, token.address, TaxToken.abi, 'setTaxes', [buy1, sell1], {
        label: 'RPULSE setTaxes',
      });
    });
    ctx.out.riskDetails.highTax = {
      initialBuyBps: buy0,
      initialSellBps: sell0,
      buyBps: buy1,
      sellBps: sell1,
      changedAt: t.taxChangeAt,
    };
  });
}

function scheduleMintable(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.mintAt, 'launch mintable token', async () => {
    const { owner, token } = await launchRiskToken(ctx, {
      symbol: 'BGOLD',
      name: 'Base Gold',
      contract: MintableToken,
      poolPct: 70,
      poolEthFull: 12,
      weight: 4,
      buyScale: 0.7,
    });
    ctx.out.risks.mint = token.address;
    const minted = share(50);
    ctx.schedule(t.mintEventAt, 'BGOLD owner mints', () => {
      queueCall(ctx, owner, token.address, MintableToken.abi, 'mint', [owner, minted], {
        label: 'BGOLD mint',
      });
    });
    // …and sells part of the fresh supply into the pool.
    ctx.schedule(t.mintEventAt + 2 * HOUR, 'BGOLD owner dumps', () =>
      sell(ctx, owner, token, minted / 8n, { label: 'BGOLD owner sells minted tokens' }),
    );
    ctx.out.riskDetails.mint = { mintedAmount: minted.toString(), mintedAt: t.mintEventAt };
  });
}

function scheduleBlacklist(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.blacklistAt, 'launch blacklist token', async () => {
    const { owner, token } = await launchRiskToken(ctx, {
      symbol: 'SHLD',
      name: 'Shield Inu',
      contract: BlacklistToken,
      poolPct: 75,
      poolEthFull: 8,
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.blacklist = token.address;
    ctx.schedule(t.blacklistEventAt, 'SHLD blacklists holders', async () => {
      // Three wallets that really hold SHLD at that moment.
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
        queueCall(ctx, owner, token.address, BlacklistToken.abi, 'setBlacklist', [v, true], {
          label: 'SHLD blacklist',
        });
        token.excluded.add(v);
      }
      ctx.out.riskDetails.blacklist = { blacklisted: victims, blacklistedAt: ctx.now };
    });
  });
}

function schedulePausable(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.pausableAt, 'launch pausable token', async () => {
    const { owner, token } = await launchRiskToken(ctx, {
      symbol: 'ZZZ',
      name: 'Sleepy Finance',
      contract: PausableToken,
      poolPct: 75,
      poolEthFull: 8,
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.pausable = token.address;
    // No routine trade lands between the pause and the block after the unpause.
    token.paused.push([t.pauseAt, t.unpauseAt + 10 * 60]);
    ctx.schedule(t.pauseAt, 'ZZZ paused', () =>
      queueCall(ctx, owner, token.address, PausableToken.abi, 'pause', [], { label: 'ZZZ pause' }),
    );
    ctx.schedule(t.unpauseAt, 'ZZZ unpaused', () =>
      queueCall(ctx, owner, token.address, PausableToken.abi, 'unpause', [], { label: 'ZZZ unpause' }),
    );
    ctx.out.riskDetails.pausable = { pausedAt: t.pauseAt, unpausedAt: t.unpauseAt };
  });
}

function scheduleMaxTx(ctx: ScenarioContext): void {
  ctx.schedule(ctx.times.maxTxAt, 'launch max-tx token', async () => {
    const maxTx = share(1);
    const maxWallet = share(2);
    const { token } = await launchRiskToken(ctx, {
      symbol: 'LINU',
      name: 'Limit Inu',
      contract: MaxTxToken,
      extraArgs: [maxTx, maxWallet],
      setPair: true,
      poolPct: 80,
      poolEthFull: 10,
      weight: 4,
      buyScale: 0.6,
      maxTx,
      maxHolding: (maxWallet * 3n) / 4n,
    });
    ctx.out.risks.maxTx = token.address;
    ctx.out.riskDetails.maxTx = { maxTxAmount: maxTx.toString(), maxWalletAmount: maxWallet.toString() };
  });
}

/** MORPH: an ERC-1967 proxy over V1, upgraded mid-history to a V2 that lets the owner move anyone's tokens. */
function scheduleUpgradeable(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.proxyAt, 'launch upgradeable token', async () => {
    const owner = await dev(ctx, 'MORPH');
    let v1: Address = '0x';
    const token = await launch(ctx, {
      symbol: 'MORPH',
      owner,
      deploy: async () => {
        v1 = await queueDeploy(ctx, owner, UpgradeableTokenV1, undefined, 'deploy MORPH implementation V1');
        const init = encodeFunctionData({
          abi: UpgradeableTokenV1.abi,
          functionName: 'initialize',
          args: ['Morph Protocol', 'MORPH', RISK_SUPPLY, owner],
        });
        return queueDeploy(ctx, owner, ERC1967Proxy, [v1, init], 'deploy MORPH proxy');
      },
      supply: RISK_SUPPLY,
      poolTokens: share(75),
      poolEth: poolEth(ctx, 10),
      weight: 4,
      buyScale: 0.6,
    });
    ctx.out.risks.proxy = token.address;
    ctx.schedule(t.upgradeAt, 'MORPH upgraded to V2', async () => {
      const v2 = await queueDeploy(
        ctx,
        owner,
        UpgradeableTokenV2,
        undefined,
        'deploy MORPH implementation V2',
      );
      queueCall(ctx, owner, token.address, UpgradeableTokenV1.abi, 'upgradeToAndCall', [v2, '0x'], {
        label: 'MORPH upgradeToAndCall',
      });
      ctx.out.riskDetails.proxy = { implementationV1: v1, implementationV2: v2, upgradedAt: ctx.now };
    });
  });
}
