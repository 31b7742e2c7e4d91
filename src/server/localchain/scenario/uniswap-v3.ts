/**
 * Uniswap V3 in the scenario, as on Base: the DEGEN, BRETT and TOSHI look-alikes get their main
 * liquidity in concentrated V3 positions next to their V2 pairs (so they trade on both venues), held
 * as their namesakes' are by many independent providers (ten wallets a pool, none funded by the
 * deployer, which holds no V3 position of its own), and
 * four tokens trade only on V3: CLANK (a Clanker-style launch whose position NFT sits in the
 * V3PositionLocker), BASED (position NFT sent to 0x…dEaD: burned), HONEY3 (a honeypot: buys pass,
 * sells revert) and RUG3 (the deployer pulls its position: decreaseLiquidity + collect). The pool
 * and trade operations are in uniswap-v3-market.ts; pools emit real Swap/Mint/Burn/Collect events
 * and the NFTs real Transfers.
 *
 * The order of the schedule calls in scheduleUniswapV3 is part of the scenario: events due in the
 * same block run in the order they were scheduled.
 */
import { type Address, maxUint128 } from 'viem';
import type { ScenarioUniswapV3 } from '../../../shared/scenario';
import { v3PoolAddress as computePool } from '../../venues/uniswap-v3-math';
import { NonfungiblePositionManager, V3PositionLocker } from '../artifacts/generated';
import { queueCall } from './calls';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import {
  BURN_ADDRESS,
  DEADLINE,
  eth,
  type Market,
  readMany,
  readReserves,
  scale,
  transferToken,
} from './market';
import { fund } from './tokens';
import {
  openV3Position,
  positionOf,
  V3_GAS,
  type V3MarketPool,
  v3Of,
  v3TradeRound,
} from './uniswap-v3-market';
import { deployVenueOnlyToken, VENUE_ONLY_SUPPLY, type VenueOnlyToken, venueOnlyPool } from './venue-only';

const ETH_USD = 3000;

/** What the scheduling steps share: the manifest part and the traded pools. */
type V3Plan = { ctx: ScenarioContext; out: ScenarioUniswapV3; addPool(p: V3MarketPool): void };

/** Schedules everything V3 in the history; fills `ctx.out.uniswapV3`. */
export function scheduleUniswapV3(ctx: ScenarioContext, pools: V3MarketPool[] = []): void {
  const out: ScenarioUniswapV3 = {
    pools: [],
    onlyV3: {} as ScenarioUniswapV3['onlyV3'],
    lockedPosition: null,
    burnedPosition: null,
    rug: null,
  };
  ctx.out.uniswapV3 = out;
  const plan: V3Plan = {
    ctx,
    out,
    addPool: (p) => {
      pools.push(p);
      out.pools.push({ symbol: p.symbol, token: p.token, pool: p.pool, fee: p.fee });
    },
  };
  scheduleLookalikePools(plan);
  scheduleLocked(plan);
  scheduleBurned(plan);
  scheduleHoneypot(plan);
  scheduleRug(plan);
  scheduleV3Trading(ctx, pools);
}

/** Independent liquidity providers per look-alike V3 pool. */
const LP_PROVIDERS = 10;
const lpProviders = (ctx: ScenarioContext, symbol: string, fee: number): Address[] =>
  Array.from({ length: LP_PROVIDERS }, (_, i) => ctx.wallets.dev(`${symbol}/${fee}/lp/${i}`));

/** Blue-chip look-alikes: V3 positions twice as deep as their V2 pairs, at the V2 price. */
function scheduleLookalikePools({ ctx, addPool }: V3Plan): void {
  ctx.schedule(ctx.times.lookalikesAt + 3 * HOUR, 'V3 pools for DEGEN, BRETT, TOSHI', async () => {
    const plan: [string, number, number, number][] = [
      // symbol, fee tier, depth vs. V2, range width
      ['DEGEN', 3000, 2, 3],
      ['DEGEN', 10000, 0.3, 10],
      ['BRETT', 10000, 2, 4],
      ['TOSHI', 10000, 2, 5],
    ];
    const sized = [];
    for (const [symbol, fee, mult, width] of plan) {
      const token = ctx.tokens.get(symbol);
      if (!token) continue;
      const r = await readReserves(ctx, token);
      if (r.token === 0n || r.weth === 0n) continue;
      const ethAmount = scale(r.weth, mult);
      sized.push({ symbol, fee, mult, width, token, r, ethAmount });
    }
    // As their namesakes' pools are, each look-alike's V3 liquidity comes from many independent
    // providers (issue 35): LP_PROVIDERS wallets whose ETH comes from elsewhere (never the
    // deployer), each holding its own position with an equal part; the deployer only hands out the
    // tokens (an allocation, like its other holders') and holds no V3 position itself.
    await fund(
      ctx,
      sized.flatMap(({ symbol, fee, ethAmount }) =>
        lpProviders(ctx, symbol, fee).map((p) => [p, ethAmount / BigInt(LP_PROVIDERS) + eth(1)] as const),
      ),
    );
    for (const { symbol, fee, mult, width, token, r, ethAmount } of sized) {
      const tokenAmount = scale(r.token, mult * 1.5) / BigInt(LP_PROVIDERS);
      let pool: Address | null = null;
      for (const [i, provider] of lpProviders(ctx, symbol, fee).entries()) {
        transferToken(ctx, token.owner, token, provider, tokenAmount, `${symbol} V3: provider allocation`);
        pool = openV3Position(ctx, {
          owner: provider,
          token: token.address,
          symbol,
          fee,
          wethPerToken: Number(r.weth) / Number(r.token),
          ethAmount: ethAmount / BigInt(LP_PROVIDERS),
          tokenAmount,
          width,
          createPool: i === 0,
        });
      }
      if (!pool) continue;
      addPool({
        symbol: `${symbol}/${fee}`,
        token: token.address,
        pool,
        fee,
        buyScale: 1.5,
        // Wallets trade this token on V2 as well: a V3 sell may find less than it read.
        shared: true,
        liveFrom: ctx.now + HOUR,
        liveUntil: Number.POSITIVE_INFINITY,
      });
    }
  });
}

/** A V3-only launch. Price: 1B supply at a market cap of `mcapUsd`. */
async function launchV3Only(
  { ctx, addPool }: V3Plan,
  o: VenueOnlyToken & { fee: number; mcapUsd: number },
): Promise<{ owner: Address; token: Address; pool: V3MarketPool }> {
  const { owner, token, pool, ethAmount } = await deployVenueOnlyToken(ctx, {
    ...o,
    poolOf: (t) => computePool(v3Of(ctx).factory, t, ctx.core.weth, o.fee),
    setPairGas: 100_000n,
  });
  openV3Position(ctx, {
    owner,
    token,
    symbol: o.symbol,
    fee: o.fee,
    wethPerToken: o.mcapUsd / ETH_USD / 1e9,
    ethAmount,
    // Enough tokens for the range; the position manager takes what the price needs.
    tokenAmount: (VENUE_ONLY_SUPPLY * 6n) / 10n,
    width: 8,
    createPool: true,
  });
  const p: V3MarketPool = { ...venueOnlyPool(ctx, o, token, pool), fee: o.fee };
  addPool(p);
  return { owner, token, pool: p };
}

/** Runs `act` at `at` with V3's addresses and the token id of `owner`'s (first) position NFT. */
function schedulePositionAction(
  ctx: ScenarioContext,
  at: number,
  name: string,
  owner: Address,
  act: (v3: ReturnType<typeof v3Of>, id: bigint) => Promise<void> | void,
): void {
  ctx.schedule(at, name, async () => {
    const v3 = v3Of(ctx);
    const id = await positionOf(ctx, owner);
    await act(v3, id);
  });
}

function scheduleLocked(plan: V3Plan): void {
  const { ctx, out } = plan;
  ctx.schedule(ctx.times.start + DAY, 'CLANK (V3 only, position locked)', async () => {
    const { owner, token, pool } = await launchV3Only(plan, {
      symbol: 'CLANK',
      name: 'Clank',
      fee: 10000,
      mcapUsd: 2_000_000,
      poolEth: 40,
    });
    out.onlyV3.locked = token;
    schedulePositionAction(ctx, ctx.now + HOUR, 'CLANK: lock position NFT', owner, (v3, id) => {
      const unlockTime = ctx.times.end + 300 * DAY;
      queueCall(
        ctx,
        owner,
        v3.positionManager,
        NonfungiblePositionManager.abi,
        'approve',
        [v3.positionLocker, id],
        {
          gas: V3_GAS.nft,
          label: 'CLANK: approve position to locker',
        },
      );
      const lock = [v3.positionManager, id, BigInt(unlockTime)];
      queueCall(ctx, owner, v3.positionLocker, V3PositionLocker.abi, 'lock', lock, {
        gas: V3_GAS.nft,
        label: 'CLANK: lock position',
      });
      out.lockedPosition = { tokenId: id.toString(), pool: pool.pool, unlockTime };
    });
  });
}

function scheduleBurned(plan: V3Plan): void {
  const { ctx, out } = plan;
  ctx.schedule(ctx.times.start + 2 * DAY, 'BASED (V3 only, position burned)', async () => {
    const { owner, token, pool } = await launchV3Only(plan, {
      symbol: 'BASED',
      name: 'Based',
      fee: 3000,
      mcapUsd: 800_000,
      poolEth: 25,
    });
    out.onlyV3.burned = token;
    schedulePositionAction(ctx, ctx.now + HOUR, 'BASED: burn position NFT', owner, (v3, id) => {
      // NonfungiblePositionManager.burn needs an empty position; sending the NFT to 0x…dEaD is
      // how launchers "burn" liquidity for good, and what we count as burned.
      const transfer = [owner, BURN_ADDRESS, id];
      queueCall(ctx, owner, v3.positionManager, NonfungiblePositionManager.abi, 'transferFrom', transfer, {
        gas: V3_GAS.nft,
        label: 'BASED: burn position NFT',
      });
      out.burnedPosition = { tokenId: id.toString(), pool: pool.pool };
    });
  });
}

function scheduleHoneypot(plan: V3Plan): void {
  plan.ctx.schedule(plan.ctx.times.honeypotAt + 6 * HOUR, 'HONEY3 (V3-only honeypot)', async () => {
    const { token } = await launchV3Only(plan, {
      symbol: 'HONEY3',
      name: 'Honey Three',
      fee: 10000,
      mcapUsd: 300_000,
      poolEth: 8,
      honeypot: true,
    });
    plan.out.onlyV3.honeypot = token;
  });
}

function scheduleRug(plan: V3Plan): void {
  const { ctx, out } = plan;
  const t = ctx.times;
  ctx.schedule(t.rugAt + 3 * HOUR, 'RUG3 (V3-only rug)', async () => {
    const { owner, token, pool } = await launchV3Only(plan, {
      symbol: 'RUG3',
      name: 'Rug Three',
      fee: 10000,
      mcapUsd: 500_000,
      poolEth: 12,
    });
    out.onlyV3.rugged = token;
    schedulePositionAction(
      ctx,
      t.rugPullAt + 4 * HOUR,
      'RUG3: pull the V3 position',
      owner,
      async (v3, id) => {
        const [pos] = await readMany(ctx, [
          {
            address: v3.positionManager,
            abi: NonfungiblePositionManager.abi,
            functionName: 'positions',
            args: [id],
          },
        ]);
        const liquidity = (pos as readonly unknown[])[7] as bigint;
        const decrease = { tokenId: id, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE };
        queueCall(
          ctx,
          owner,
          v3.positionManager,
          NonfungiblePositionManager.abi,
          'decreaseLiquidity',
          [decrease],
          {
            gas: V3_GAS.decrease,
            label: 'RUG3: decrease liquidity',
          },
        );
        const collect = { tokenId: id, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 };
        queueCall(ctx, owner, v3.positionManager, NonfungiblePositionManager.abi, 'collect', [collect], {
          gas: V3_GAS.collect,
          label: 'RUG3: collect',
        });
        pool.liveUntil = ctx.now;
        out.rug = { pool: pool.pool, deployer: owner, pulledAt: ctx.now };
      },
    );
  });
}

/**
 * Routine V3 trading across the history, in every regular trading block (every two hours in the
 * full scenario, six in the test one), by wallets of their own, funded once: their ETH is not
 * planned by the V2 trading in the same blocks, so nothing runs dry mid-block, and no balance
 * checks slow the build.
 */
function scheduleV3Trading(ctx: ScenarioContext, pools: readonly V3MarketPool[]): void {
  const t = ctx.times;
  const m: Market = { ...ctx, rng: ctx.rng.fork('uniswap-v3') };
  const traders = Array.from({ length: ctx.cfg.full ? 40 : 16 }, (_, i) => ctx.wallets.dev(`v3-trader/${i}`));
  const v3From = t.lookalikesAt + 5 * HOUR;
  ctx.schedule(t.lookalikesAt + 4 * HOUR, 'fund V3 traders', () =>
    fund(
      ctx,
      traders.map((w) => [w, eth(ctx.cfg.full ? 200 : 100)] as const),
    ),
  );
  ctx.everyTradingBlock('V3 trading', async () => {
    if (ctx.now < v3From) return;
    m.now = ctx.now;
    await v3TradeRound(m, pools, traders, ctx.cfg.full ? 6 : 3);
  });
}
