/**
 * Aerodrome in the scenario, as on Base (issue 27): the AERO look-alike gets its main liquidity in
 * a volatile pool against WETH (deeper than its Uniswap V2 pair) and a Slipstream pool; USDC and a
 * USDbC look-alike share a stable pool; and four tokens trade only on Aerodrome — AEROC (classic
 * only; half its deployer's LP staked in a gauge, which is withdrawable and so not a lock), SLIPT
 * (Slipstream only; its position NFT staked in a CL gauge, withdrawable too), HONEYA (a honeypot
 * whose sells revert, classic only) and RUGA (its deployer pulls the liquidity). The pool and
 * trade operations are in aerodrome-market.ts; pools emit real Swap/Sync/Mint/Burn events.
 *
 * The order of the schedule calls in scheduleAerodrome is part of the scenario: events due in the
 * same block run in the order they were scheduled.
 */
import { type Address, parseAbi } from 'viem';
import type { ScenarioAerodrome } from '../../../shared/scenario';
import type { AerodromeAddresses } from '../aerodrome-deploy';
import { AerodromeRouter, AerodromeVoter, CLPositionManager } from '../artifacts/aerodrome';
import { Stablecoin } from '../artifacts/generated';
import {
  AERO_GAS,
  type AeroMarketPool,
  aeroTradeRound,
  classicPoolAddress,
  openClassic,
  openSlipstream,
  slipstreamPoolAddress,
  TICK_SPACING,
} from './aerodrome-market';
import { queueCall, queueDeploy } from './calls';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import { approve, DEADLINE, eth, GAS, type Market, readBalances, readMany, scale, units } from './market';
import { fund } from './tokens';
import { deployVenueOnlyToken, type VenueOnlyToken, venueOnlyPool } from './venue-only';

const ETH_USD = 3000;

/** One read of a multicall (readMany). */
type Read = Parameters<typeof readMany>[1][number];

/** What the scheduling steps share: the deployment, the manifest part and the traded pools. */
type AeroPlan = {
  ctx: ScenarioContext;
  a: AerodromeAddresses;
  out: ScenarioAerodrome;
  add(p: AeroMarketPool): void;
};

/** Schedules everything Aerodrome in the history; fills `ctx.out.aerodrome`; `pools` collects the traded pools. */
export function scheduleAerodrome(ctx: ScenarioContext, pools: AeroMarketPool[] = []): void {
  if (!ctx.core.aerodrome) return;
  const out: ScenarioAerodrome = {
    pools: [],
    only: {},
    stable: null,
    gaugeStake: null,
    clGaugeStake: null,
    rug: null,
  };
  ctx.out.aerodrome = out;
  const plan: AeroPlan = {
    ctx,
    a: ctx.core.aerodrome,
    out,
    add: (p) => {
      pools.push(p);
      out.pools.push({ symbol: p.symbol, token: p.token, pool: p.pool, kind: p.kind, factory: p.factory });
    },
  };
  scheduleAeroPools(plan);
  scheduleStablePool(plan);
  scheduleGaugedClassic(plan);
  scheduleGaugedSlipstream(plan);
  scheduleHoneypot(plan);
  scheduleRug(plan);
  scheduleAeroTrading(ctx, pools);
}

/** AERO's look-alike: a volatile pool twice as deep as its V2 pair, and a Slipstream pool. */
function scheduleAeroPools({ ctx, a, add }: AeroPlan): void {
  ctx.schedule(ctx.times.lookalikesAt + 4 * HOUR, 'Aerodrome pools for AERO', async () => {
    const aero = ctx.tokens.get('AERO');
    if (!aero) return;
    const [wethReserve, tokenReserve] = (await readBalances(ctx, [
      [ctx.core.weth, aero.pair],
      [aero.address, aero.pair],
    ])) as [bigint, bigint];
    if (wethReserve === 0n || tokenReserve === 0n) return;
    await fund(ctx, [[aero.owner, scale(wethReserve, 3.5) + eth(20)]]);
    const live = { liveFrom: ctx.now + HOUR, liveUntil: Number.POSITIVE_INFINITY };
    openClassic(
      ctx,
      aero.owner,
      aero.address,
      scale(tokenReserve, 2),
      scale(wethReserve, 2),
      'AERO/WETH volatile pool',
    );
    add({
      symbol: 'AERO/vAMM',
      token: aero.address,
      pool: classicPoolAddress(a, aero.address, ctx.core.weth, false),
      kind: 'classic',
      buyScale: 1.5,
      ...live,
    });
    openSlipstream(
      ctx,
      1,
      aero.owner,
      aero.address,
      scale(tokenReserve, 1),
      scale(wethReserve, 1),
      'AERO/WETH Slipstream pool',
    );
    add({
      symbol: 'AERO/CL100',
      token: aero.address,
      pool: slipstreamPoolAddress(a, 1, aero.address, ctx.core.weth, TICK_SPACING),
      kind: 'slipstream',
      factory: 1,
      buyScale: 1,
      ...live,
    });
  });
}

/** USDC and a USDbC look-alike on a stable pool (x³y + y³x), as on Base. */
function scheduleStablePool({ ctx, a, out }: AeroPlan): void {
  ctx.schedule(ctx.times.lookalikesAt + 5 * HOUR, 'USDC/USDbC stable pool', async () => {
    const usdc = ctx.tokens.get('USDC');
    if (!usdc) return;
    const infra = ctx.wallets.infra;
    const usdbc = await queueDeploy(
      ctx,
      infra,
      Stablecoin,
      ['USD Base Coin', 'USDbC', 6, infra],
      'deploy USDbC',
    );
    const amount = units(ctx.cfg.full ? 2_000_000 : 800_000, 6);
    queueCall(ctx, infra, usdc.address, Stablecoin.abi, 'mint', [infra, amount], {
      label: 'mint USDC for the stable pool',
    });
    queueCall(ctx, infra, usdbc, Stablecoin.abi, 'mint', [infra, amount], { label: 'mint USDbC' });
    approve(ctx, infra, usdc.address, a.router, 'stable pool');
    approve(ctx, infra, usdbc, a.router, 'stable pool');
    const args = [usdc.address, usdbc, true, amount, amount, 0n, 0n, infra, DEADLINE];
    queueCall(ctx, infra, a.router, AerodromeRouter.abi, 'addLiquidity', args, {
      gas: AERO_GAS.add,
      label: 'USDC/USDbC stable pool',
    });
    ctx.out.tokens.USDbC = usdbc;
    out.stable = { usdc: usdc.address, usdbc, pool: classicPoolAddress(a, usdc.address, usdbc, true) };
  });
}

/** A token that trades only on Aerodrome (Slipstream: factory #1). Price: 1B supply at a market cap of `mcapUsd`. */
async function launchOnly(
  { ctx, a, add }: AeroPlan,
  o: VenueOnlyToken & { kind: 'classic' | 'slipstream'; mcapUsd: number },
) {
  const { owner, token, pool, ethAmount } = await deployVenueOnlyToken(ctx, {
    ...o,
    poolOf: (t) =>
      o.kind === 'classic'
        ? classicPoolAddress(a, t, ctx.core.weth, false)
        : slipstreamPoolAddress(a, 1, t, ctx.core.weth, TICK_SPACING),
    setPairGas: GAS.call,
  });
  const tokenAmount = BigInt(Math.floor((Number(ethAmount) * ETH_USD * 1e9) / o.mcapUsd));
  if (o.kind === 'classic')
    openClassic(ctx, owner, token, tokenAmount, ethAmount, `${o.symbol}/WETH volatile pool`);
  else openSlipstream(ctx, 1, owner, token, tokenAmount, ethAmount, `${o.symbol}/WETH Slipstream pool`);
  const p: AeroMarketPool = {
    ...venueOnlyPool(ctx, o, token, pool),
    kind: o.kind,
    factory: o.kind === 'slipstream' ? 1 : undefined,
  };
  add(p);
  return { owner, token, pool: p };
}

const gaugeOf = (a: AerodromeAddresses, pool: Address): Read => ({
  address: a.voter,
  abi: parseAbi(['function gauges(address) view returns (address)']),
  functionName: 'gauges',
  args: [pool],
});

/**
 * An hour after the launch the Voter's governor (its deployer) creates a gauge for the pool (any
 * pool of an approved factory may have one), and ten minutes later `stake` stakes in it, given the
 * gauge's address and the answers to `reads` (read in the same multicall).
 */
function scheduleGaugeStake(
  { ctx, a }: AeroPlan,
  o: {
    factory: Address;
    pool: Address;
    names: { gauge: string; gaugeTx: string; stake: string };
    reads: Read[];
    stake(gauge: Address, read: unknown[]): Promise<void> | void;
  },
): void {
  ctx.schedule(ctx.now + HOUR, o.names.gauge, async () => {
    queueCall(ctx, ctx.wallets.infra, a.voter, AerodromeVoter.abi, 'createGauge', [o.factory, o.pool], {
      gas: 8_000_000n,
      label: o.names.gaugeTx,
    });
    ctx.schedule(ctx.now + 10 * 60, o.names.stake, async () => {
      const [gauge, ...read] = await readMany(ctx, [gaugeOf(a, o.pool), ...o.reads]);
      await o.stake(gauge as Address, read);
    });
  });
}

const depositAbi = parseAbi(['function deposit(uint256)']);

function scheduleGaugedClassic(plan: AeroPlan): void {
  const { ctx, out } = plan;
  ctx.schedule(
    ctx.times.start + DAY + 2 * HOUR,
    'AEROC (Aerodrome classic only, LP staked in a gauge)',
    async () => {
      const { owner, token, pool } = await launchOnly(plan, {
        symbol: 'AEROC',
        name: 'Aero Classic',
        kind: 'classic',
        mcapUsd: 1_500_000,
        poolEth: 30,
      });
      out.only.classic = token;
      scheduleGaugeStake(plan, {
        factory: plan.a.poolFactory,
        pool: pool.pool,
        names: { gauge: 'AEROC: gauge and stake', gaugeTx: 'AEROC gauge', stake: 'AEROC: stake LP' },
        reads: [],
        stake: async (gauge) => {
          const [lp] = (await readBalances(ctx, [[pool.pool, owner]])) as [bigint];
          const amount = lp / 2n;
          approve(ctx, owner, pool.pool, gauge, 'AEROC stake');
          queueCall(ctx, owner, gauge, depositAbi, 'deposit', [amount], {
            gas: 500_000n,
            label: 'AEROC: stake LP in gauge',
          });
          out.gaugeStake = {
            pool: pool.pool,
            gauge: gauge.toLowerCase() as Address,
            staker: owner,
            amount: amount.toString(),
          };
        },
      });
    },
  );
}

function scheduleGaugedSlipstream(plan: AeroPlan): void {
  const { ctx, a, out } = plan;
  ctx.schedule(
    ctx.times.start + 2 * DAY + 2 * HOUR,
    'SLIPT (Slipstream only, its position staked in a CL gauge)',
    async () => {
      const { owner, token, pool } = await launchOnly(plan, {
        symbol: 'SLIPT',
        name: 'Slip Token',
        kind: 'slipstream',
        mcapUsd: 900_000,
        poolEth: 25,
      });
      out.only.slipstream = token;
      const s = a.slipstream[1];
      if (!s) return;
      // On the newer factory, whose CL gauge factory is approved (localchain/aerodrome-deploy.ts).
      scheduleGaugeStake(plan, {
        factory: s.factory,
        pool: pool.pool,
        names: {
          gauge: 'SLIPT: CL gauge',
          gaugeTx: 'SLIPT CL gauge',
          stake: 'SLIPT: stake the position NFT',
        },
        reads: [
          {
            address: s.positionManager,
            abi: parseAbi(['function tokenOfOwnerByIndex(address, uint256) view returns (uint256)']),
            functionName: 'tokenOfOwnerByIndex',
            args: [owner, 0n],
          },
        ],
        stake: (gauge, [id]) => {
          const tokenId = id as bigint;
          queueCall(ctx, owner, s.positionManager, CLPositionManager.abi, 'approve', [gauge, tokenId], {
            gas: 200_000n,
            label: 'SLIPT: approve the gauge',
          });
          queueCall(ctx, owner, gauge, depositAbi, 'deposit', [tokenId], {
            gas: 1_500_000n,
            label: 'SLIPT: stake position in CL gauge',
          });
          out.clGaugeStake = {
            pool: pool.pool,
            gauge: gauge.toLowerCase() as Address,
            staker: owner,
            tokenId: tokenId.toString(),
          };
        },
      });
    },
  );
}

function scheduleHoneypot(plan: AeroPlan): void {
  plan.ctx.schedule(plan.ctx.times.honeypotAt + 7 * HOUR, 'HONEYA (Aerodrome-only honeypot)', async () => {
    const { token } = await launchOnly(plan, {
      symbol: 'HONEYA',
      name: 'Honey Aero',
      kind: 'classic',
      mcapUsd: 300_000,
      poolEth: 8,
      honeypot: true,
    });
    plan.out.only.honeypot = token;
  });
}

function scheduleRug(plan: AeroPlan): void {
  const { ctx, a, out } = plan;
  const t = ctx.times;
  ctx.schedule(t.rugAt + 4 * HOUR, 'RUGA (Aerodrome-only rug)', async () => {
    const { owner, token, pool } = await launchOnly(plan, {
      symbol: 'RUGA',
      name: 'Rug Aero',
      kind: 'classic',
      mcapUsd: 400_000,
      poolEth: 12,
    });
    out.only.rug = token;
    const pullAt = Math.min(ctx.now + 2 * DAY, t.end - 6 * HOUR);
    ctx.schedule(pullAt, 'RUGA: remove liquidity', async () => {
      const [lp] = (await readBalances(ctx, [[pool.pool, owner]])) as [bigint];
      approve(ctx, owner, pool.pool, a.router, 'RUGA pull');
      const args = [token, false, lp, 0n, 0n, owner, DEADLINE];
      queueCall(ctx, owner, a.router, AerodromeRouter.abi, 'removeLiquidityETH', args, {
        gas: 1_000_000n,
        label: 'RUGA: remove all liquidity',
      });
      pool.liveUntil = ctx.now;
      out.rug = { pool: pool.pool, deployer: owner, pulledAt: ctx.now };
    });
  });
}

/**
 * Routine Aerodrome trading in every regular trading block, by wallets of its own funded once
 * (as V3's): their ETH is not planned by the V2 trading in the same blocks, so nothing runs dry.
 */
function scheduleAeroTrading(ctx: ScenarioContext, pools: readonly AeroMarketPool[]): void {
  const m: Market = { ...ctx, rng: ctx.rng.fork('aerodrome') };
  const traders = Array.from({ length: ctx.cfg.full ? 24 : 12 }, (_, i) =>
    ctx.wallets.dev(`aero-trader/${i}`),
  );
  ctx.schedule(ctx.times.lookalikesAt + 4 * HOUR, 'fund Aerodrome traders', () =>
    fund(
      ctx,
      traders.map((w) => [w, eth(ctx.cfg.full ? 200 : 100)] as const),
    ),
  );
  ctx.everyTradingBlock('Aerodrome trades', async () => {
    m.now = ctx.now;
    await aeroTradeRound(m, pools, traders);
  });
}
