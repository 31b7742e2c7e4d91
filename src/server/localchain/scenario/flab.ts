/**
 * FLAB, with the facts the About page states: 1,000,000,000 supply, 0% tax, LP locked with ~305
 * days left, exactly 6 whales (≥ 1% of supply, not counting the pair, the locker, the burn and zero
 * addresses) and the top 5 holding 44%. Whales get part of their position at launch and buy the rest
 * over the weeks; one hour before the end each is brought to its exact target with an exact-output
 * swap, so the shares are exact whatever the random trading did. Ordinary traders are capped at
 * 0.8% of supply and the staking pool stays below 1%, so nobody else crosses the threshold.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { StakingRewards } from '../artifacts/generated';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import {
  amountIn,
  approve,
  buy,
  buyExact,
  eth,
  GAS,
  type MarketToken,
  readBalances,
  readReserves,
  scale,
  sell,
  transferToken,
  units,
} from './market';
import { deployPlain, ensureEth, fund, launch, lockLp } from './tokens';

export const FLAB_SUPPLY = 10n ** 27n;
export const WHALE_THRESHOLD_BPS = 100;
/** Whales' final shares, basis points: top 5 = 44%, the sixth 3%. */
export const WHALE_TARGET_BPS = [1200, 1000, 900, 700, 600, 300] as const;
/** Ordinary wallets stay below 0.8%: well clear of the 1% whale threshold. */
export const FLAB_MAX_SMALL_HOLDING = (FLAB_SUPPLY * 80n) / 10_000n;
export const LOCK_DAYS_LEFT = 305;
const WHALE_INITIAL_SHARE = 0.4;
const STAKING_REWARD = units(2_000_000, 18);
/** Total stake the scenario lets in: stake + unpaid rewards stay below 1% of supply. */
export const STAKING_CAP = units(4_000_000, 18);
const DEPLOYER_KEEP = units(4_000_000, 18);

const bps = (b: number) => (FLAB_SUPPLY * BigInt(b)) / 10_000n;

export async function launchFlab(ctx: ScenarioContext): Promise<MarketToken> {
  const { deployer, flabWhales, noFlab } = ctx.wallets;
  const poolEth = ctx.cfg.full ? 120 : 60;
  await fund(ctx, [[deployer, eth(poolEth + 20)]]);
  await fund(
    ctx,
    flabWhales.map((w) => [w, eth(600)] as const),
  );
  const whaleInitial = WHALE_TARGET_BPS.map((b) => scale(bps(b), WHALE_INITIAL_SHARE));
  const poolTokens =
    FLAB_SUPPLY - whaleInitial.reduce((a, b) => a + b, 0n) - 2n * STAKING_REWARD - DEPLOYER_KEEP;

  const flab = await launch(ctx, {
    symbol: 'FLAB',
    owner: deployer,
    deploy: deployPlain(ctx, deployer, 'FLAB Hub', 'FLAB', FLAB_SUPPLY),
    supply: FLAB_SUPPLY,
    poolTokens,
    poolEth: eth(poolEth),
    weight: 22,
    buyScale: 1,
    liveDelay: HOUR,
    maxHolding: FLAB_MAX_SMALL_HOLDING,
    excluded: new Set<Address>([...flabWhales, noFlab, deployer, ctx.wallets.demo]),
  });
  // Early allocations (team / private round) to the future whales.
  whaleInitial.forEach((amount, i) => {
    transferToken(ctx, deployer, flab, flabWhales[i] as Address, amount, 'FLAB: private allocation');
  });

  const unlockTime = ctx.times.now + LOCK_DAYS_LEFT * DAY;
  ctx.schedule(ctx.now + 30 * 60, 'FLAB LP lock', async () => {
    const [lp] = await readBalances(ctx, [[flab.pair, deployer]]);
    if (!lp) throw new Error('FLAB: the deployer holds no LP to lock');
    lockLp(ctx, deployer, flab.pair, lp, unlockTime, 'FLAB');
  });
  ctx.out.flab = {
    supply: FLAB_SUPPLY.toString(),
    decimals: 18,
    pair: flab.pair,
    launchedAt: ctx.now,
    lockUnlockTime: unlockTime,
    whaleThresholdBps: WHALE_THRESHOLD_BPS,
  };

  scheduleWhales(ctx, flab);
  return flab;
}

function scheduleWhales(ctx: ScenarioContext, flab: MarketToken): void {
  const r = ctx.rng.fork('whales');
  const buys = ctx.cfg.full ? 8 : 4;
  const from = ctx.times.flabAt + DAY;
  const to = ctx.times.whaleReconcileAt - 12 * HOUR;
  ctx.wallets.flabWhales.forEach((whale, i) => {
    const target = bps(WHALE_TARGET_BPS[i] as number);
    const times = Array.from({ length: buys }, () => Math.floor(r.range(from, to))).sort((a, b) => a - b);
    times.forEach((at, k) => {
      ctx.schedule(at, `FLAB whale ${i} accumulates`, async () => {
        const [[bal], res] = await Promise.all([
          readBalances(ctx, [[flab.address, whale]]),
          readReserves(ctx, flab),
        ]);
        const remaining = (target * 97n) / 100n - (bal ?? 0n);
        const left = buys - k;
        const chunk = left === 1 ? remaining : scale(remaining / BigInt(left), r.range(0.6, 1.4));
        if (chunk <= 0n || chunk >= res.token / 4n) return;
        buy(ctx, whale, flab, amountIn(chunk, res.weth, res.token), { label: `FLAB whale ${i} buys` });
      });
    });
  });

  // The exact finish: each whale buys (or sells) the difference to its target.
  ctx.schedule(ctx.times.whaleReconcileAt, 'FLAB whales reach their targets', async () => {
    const whales = ctx.wallets.flabWhales;
    const [balances, res] = await Promise.all([
      readBalances(
        ctx,
        whales.map((w) => [flab.address, w] as const),
      ),
      readReserves(ctx, flab),
    ]);
    whales.forEach((whale, i) => {
      const diff = bps(WHALE_TARGET_BPS[i] as number) - (balances[i] ?? 0n);
      if (diff > 0n) {
        // Generous ETH: earlier whales in this block move the price; the router refunds the rest.
        const maxEth = (amountIn(diff, res.weth, res.token) * 3n) / 2n + eth(0.01);
        buyExact(ctx, whale, flab, diff, maxEth, `FLAB whale ${i} tops up`);
      } else if (diff < 0n) {
        sell(ctx, whale, flab, -diff, { label: `FLAB whale ${i} trims` });
      }
    });
  });
}

/** Staking pool: stake FLAB, earn FLAB; rewards notified twice; small holders stake and claim. */
export async function launchStaking(ctx: ScenarioContext, flab: MarketToken): Promise<Address> {
  const { deployer } = ctx.wallets;
  const staking = await ctx.q.deploy(
    deployer,
    encodeDeployData({
      abi: StakingRewards.abi,
      bytecode: StakingRewards.bytecode as Hex,
      args: [flab.address, flab.address, deployer],
    }),
    'deploy StakingRewards',
  );
  ctx.out.staking = staking;
  const notify = (duration: number) => {
    approve(ctx, deployer, flab.address, staking, 'staking rewards');
    ctx.q.add({
      from: deployer,
      to: staking,
      data: encodeFunctionData({
        abi: StakingRewards.abi,
        functionName: 'notifyRewardAmount',
        args: [STAKING_REWARD, BigInt(duration)],
      }),
      gas: GAS.call,
      label: 'notify staking rewards',
    });
  };
  notify(28 * DAY);
  ctx.schedule(ctx.times.stakingRenewAt, 'renew staking rewards', () => notify(30 * DAY));

  const r = ctx.rng.fork('stakers');
  const candidates = ctx.wallets.traders.filter((t) => t.address !== ctx.wallets.noFlab);
  const stakers = r.sample(candidates, ctx.cfg.stakers);
  const perStaker = STAKING_CAP / BigInt(Math.max(1, stakers.length));
  const call = (
    from: Address,
    functionName: 'stake' | 'withdraw' | 'getReward',
    args: [bigint] | [],
    label: string,
  ) =>
    ctx.q.add({
      from,
      to: staking,
      data: encodeFunctionData({ abi: StakingRewards.abi, functionName, args } as never),
      gas: GAS.call,
      label,
      // Balances are read before the block runs; a staker who also sells FLAB in the same block
      // can come up short. A real user's failed stake, not a broken build.
      allowRevert: true,
    });

  for (const s of stakers) {
    const earliest = Math.max(ctx.times.stakingAt + DAY, s.firstActive + 6 * HOUR);
    const latest = ctx.times.end - 2 * DAY;
    if (earliest >= latest) continue;
    const at = Math.floor(r.range(earliest, latest));
    const claimAt = Math.floor(r.range(at + DAY, ctx.times.end - HOUR));
    const claims = r.chance(0.5);
    const withdraws = r.chance(0.25);
    ctx.schedule(at, 'staker buys FLAB', async () => {
      const [[bal], res] = await Promise.all([
        readBalances(ctx, [[flab.address, s.address]]),
        readReserves(ctx, flab),
      ]);
      const want = perStaker - (bal ?? 0n);
      if (want <= 0n) return;
      const cost = amountIn(want, res.weth, res.token);
      await ensureEth(ctx, s.address, cost + eth(0.5));
      buy(ctx, s.address, flab, cost, { label: 'staker buys FLAB' });
    });
    let staked = 0n;
    ctx.schedule(at + HOUR, 'stake FLAB', async () => {
      const [bal] = await readBalances(ctx, [[flab.address, s.address]]);
      staked = bal && bal < perStaker ? bal : perStaker;
      if (staked === 0n) return;
      approve(ctx, s.address, flab.address, staking, 'stake');
      call(s.address, 'stake', [staked], 'stake FLAB');
    });
    if (claims || withdraws) {
      ctx.schedule(claimAt, 'staking claim', () => {
        if (staked === 0n) return;
        if (withdraws) call(s.address, 'withdraw', [staked / 2n], 'unstake half');
        call(s.address, 'getReward', [], 'claim staking reward');
      });
    }
  }
  return staking;
}
