/**
 * Uniswap V3 in the scenario, as on Base: the DEGEN, BRETT and TOSHI look-alikes get their main
 * liquidity in concentrated V3 positions next to their V2 pairs (so they trade on both venues), and
 * four tokens trade only on V3: CLANK (a Clanker-style launch whose position NFT sits in the
 * V3PositionLocker), BASED (position NFT sent to 0x…dEaD: burned), HONEY3 (a honeypot: buys pass,
 * sells revert) and RUG3 (the deployer pulls its position: decreaseLiquidity + collect). Swaps go
 * through SwapRouter02 and positions through the NonfungiblePositionManager, so pools emit real
 * Swap/Mint/Burn/Collect events and the NFTs real Transfers.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex, maxUint128 } from 'viem';
import type { ScenarioUniswapV3 } from '../../../shared/scenario';
import {
  v3PoolAddress as computePool,
  rangeAround,
  sortTokens,
  sqrtPriceX96FromRaw,
  tickFromRaw,
} from '../../venues/uniswap-v3-math';
import {
  HoneypotToken,
  NonfungiblePositionManager,
  SwapRouter02,
  UniswapV3Pool,
  V3PositionLocker,
  WETH9,
} from '../artifacts/generated';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import {
  approve,
  BURN_ADDRESS,
  DEADLINE,
  eth,
  hold,
  type Market,
  readBalances,
  readMany,
  readReserves,
  scale,
  units,
} from './market';
import { deployPlain, ensureEth, fund } from './tokens';

export const V3_GAS = {
  createPool: 6_000_000n,
  mint: 700_000n,
  swap: 400_000n,
  decrease: 400_000n,
  collect: 300_000n,
  nft: 200_000n,
  wrap: 80_000n,
  observations: 7_500_000n,
} as const;

/**
 * Price observations each scenario pool keeps (a new pool keeps one). The 30-minute average the
 * engine compares the price with (PRICE_MANIPULATION) needs observations reaching 30 minutes back:
 * the live simulator trades a pool about every 20 s, so 300 cover well over half an hour — as
 * busy pools on Base have had their cardinality raised.
 */
export const V3_OBSERVATIONS = 300;

/** A V3 pool the scenario (and the live simulator) trades. */
export type V3MarketPool = {
  symbol: string;
  token: Address;
  pool: Address;
  fee: number;
  /** Multiplies the ETH size of routine buys. */
  buyScale: number;
  /** Honeypot: holders try to sell, and fail. */
  sellsRevert?: boolean;
  /** Also traded on V2 by the same wallets, so a sell may find less than it read (allowed to revert). */
  shared?: boolean;
  liveFrom: number;
  liveUntil: number;
};

const SUPPLY = units(1_000_000_000, 18);
const ETH_USD = 3000;

type V3Addresses = NonNullable<ScenarioContext['core']['uniswapV3']>;

function v3Of(ctx: Pick<Market, 'core'>): V3Addresses {
  const v3 = ctx.core.uniswapV3;
  if (!v3) throw new Error('Uniswap V3 is not deployed on this chain');
  return v3;
}

/** WETH raw units per token raw unit → the pool's raw price (token1 per token0). */
function rawPrice(token: Address, weth: Address, wethPerToken: number): number {
  const [t0] = sortTokens(token, weth);
  return t0 === token.toLowerCase() ? wethPerToken : 1 / wethPerToken;
}

/**
 * Queues a new V3 pool at `wethPerToken` (raw units) and a position of about `ethAmount` ETH and the
 * matching tokens over a range of ×/÷ `width` around the price, minted to `owner`.
 */
export function openV3Position(
  ctx: ScenarioContext,
  o: {
    owner: Address;
    token: Address;
    symbol: string;
    fee: number;
    wethPerToken: number;
    ethAmount: bigint;
    tokenAmount: bigint;
    width: number;
    createPool: boolean;
  },
): Address {
  const v3 = v3Of(ctx);
  const weth = ctx.core.weth;
  const [t0, t1] = sortTokens(o.token, weth);
  const raw = rawPrice(o.token, weth, o.wethPerToken);
  const [lower, upper] = rangeAround(tickFromRaw(raw), o.fee, o.width);
  const tokenIs0 = t0 === o.token.toLowerCase();
  const label = `${o.symbol} V3 ${o.fee / 10_000}%`;
  ctx.q.add({
    from: o.owner,
    to: weth,
    value: o.ethAmount,
    data: encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }),
    gas: V3_GAS.wrap,
    label: `${label}: wrap ETH`,
  });
  approve(ctx, o.owner, weth, v3.positionManager, label);
  approve(ctx, o.owner, o.token, v3.positionManager, label);
  if (o.createPool) {
    ctx.q.add({
      from: o.owner,
      to: v3.positionManager,
      data: encodeFunctionData({
        abi: NonfungiblePositionManager.abi,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [t0, t1, o.fee, sqrtPriceX96FromRaw(raw)],
      }),
      gas: V3_GAS.createPool,
      label: `${label}: create pool`,
    });
    ctx.q.add({
      from: o.owner,
      to: computePool(v3.factory, o.token, weth, o.fee),
      data: encodeFunctionData({
        abi: UniswapV3Pool.abi,
        functionName: 'increaseObservationCardinalityNext',
        args: [V3_OBSERVATIONS],
      }),
      gas: V3_GAS.observations,
      label: `${label}: keep ${V3_OBSERVATIONS} price observations`,
    });
  }
  ctx.q.add({
    from: o.owner,
    to: v3.positionManager,
    data: encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'mint',
      args: [
        {
          token0: t0,
          token1: t1,
          fee: o.fee,
          tickLower: lower,
          tickUpper: upper,
          amount0Desired: tokenIs0 ? o.tokenAmount : o.ethAmount,
          amount1Desired: tokenIs0 ? o.ethAmount : o.tokenAmount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: o.owner,
          deadline: DEADLINE,
        },
      ],
    }),
    gas: V3_GAS.mint,
    label: `${label}: mint position`,
  });
  return computePool(v3.factory, o.token, weth, o.fee);
}

/** Buy `ethIn` worth of the pool's token through SwapRouter02 (ETH is wrapped by the router). */
export function v3Buy(
  m: Market,
  wallet: Address,
  p: V3MarketPool,
  ethIn: bigint,
  opts: { allowRevert?: boolean; label?: string } = {},
): void {
  const v3 = v3Of(m);
  m.q.add({
    from: wallet,
    to: v3.swapRouter02,
    value: ethIn,
    data: encodeFunctionData({
      abi: SwapRouter02.abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: m.core.weth,
          tokenOut: p.token,
          fee: p.fee,
          recipient: wallet,
          amountIn: ethIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
    }),
    gas: V3_GAS.swap,
    label: opts.label ?? `buy ${p.symbol} on V3`,
    allowRevert: opts.allowRevert,
  });
  hold(m, wallet, `v3:${p.symbol}`);
}

/** Sell `amount` of the pool's token for WETH through SwapRouter02. */
export function v3Sell(
  m: Market,
  wallet: Address,
  p: V3MarketPool,
  amount: bigint,
  opts: { allowRevert?: boolean; label?: string } = {},
): void {
  const v3 = v3Of(m);
  const label = opts.label ?? `sell ${p.symbol} on V3`;
  approve(m, wallet, p.token, v3.swapRouter02, label);
  m.q.add({
    from: wallet,
    to: v3.swapRouter02,
    data: encodeFunctionData({
      abi: SwapRouter02.abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: p.token,
          tokenOut: m.core.weth,
          fee: p.fee,
          recipient: wallet,
          amountIn: amount,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
    }),
    gas: V3_GAS.swap,
    label,
    allowRevert: opts.allowRevert,
  });
}

/**
 * One round of V3 trading: a few wallets buy, and holders sell part of what they hold (honeypot
 * holders try, and fail on chain). Sizes are small against each pool's depth.
 */
export async function v3TradeRound(
  m: Market,
  pools: readonly V3MarketPool[],
  wallets: readonly Address[],
  count: number,
  opts: { everyPool?: boolean } = {},
): Promise<void> {
  const live = pools.filter((p) => m.now >= p.liveFrom && m.now < p.liveUntil);
  if (live.length === 0 || wallets.length === 0) return;
  // One sell per wallet and token a round: balances are read before the round's blocks are mined.
  const sold = new Set<string>();
  const holders = (p: V3MarketPool) =>
    wallets.filter((w) => m.holdings.get(w)?.has(`v3:${p.symbol}`) && !sold.has(`${w}:${p.token}`));
  // Every live pool trades each round (so each has volume every day), then `count` more at random.
  const picks = [
    ...(opts.everyPool === false ? [] : live),
    ...Array.from({ length: count }, () => m.rng.pick(live)),
  ];
  // Every balance a sell may need, in one multicall: nothing is mined during the round, so these
  // are the values a read at the moment of the sell would give. A wallet that became a holder
  // during the round (it bought in this round) is read when needed.
  const keys = [...new Set(picks)].flatMap((p) => holders(p).map((w) => [p.token, w] as const));
  const prefetched = await readBalances(m, keys);
  const known = new Map(keys.map(([t, w], i) => [`${t}:${w}`, prefetched[i] as bigint]));
  const balanceOf = async (token: Address, wallet: Address): Promise<bigint | undefined> =>
    known.get(`${token}:${wallet}`) ?? (await readBalances(m, [[token, wallet]]))[0];
  for (const p of picks) {
    const sellers = holders(p);
    if (sellers.length > 0 && m.rng.chance(p.sellsRevert ? 0.15 : 0.4)) {
      const wallet = m.rng.pick(sellers);
      const bal = await balanceOf(p.token, wallet);
      if (bal && bal > 0n) {
        sold.add(`${wallet}:${p.token}`);
        v3Sell(m, wallet, p, scale(bal, m.rng.range(0.2, 0.7)), {
          allowRevert: p.sellsRevert || p.shared,
        });
        continue;
      }
    }
    const buyer = m.rng.pick(wallets);
    const ethIn = scale(eth(m.rng.range(0.01, 0.25)), p.buyScale);
    // Nobody can sell a honeypot, so its buyers drain the pool's token side: once the price has
    // left the position's range, every further buy reverts (SPL), as it would on Base. Those
    // reverts are part of the market, not a failure of the round.
    v3Buy(m, buyer, p, ethIn, { allowRevert: p.sellsRevert });
  }
}

/** Token id of `owner`'s `index`-th position NFT (ERC721Enumerable), read after it was minted. */
async function positionOf(ctx: ScenarioContext, owner: Address, index = 0): Promise<bigint> {
  const [id] = await readMany(ctx, [
    {
      address: v3Of(ctx).positionManager,
      abi: NonfungiblePositionManager.abi,
      functionName: 'tokenOfOwnerByIndex',
      args: [owner, BigInt(index)],
    },
  ]);
  return id as bigint;
}

/** Schedules everything V3 in the history; fills `ctx.out.uniswapV3`. */
export function scheduleUniswapV3(ctx: ScenarioContext, pools: V3MarketPool[] = []): void {
  const t = ctx.times;
  const depth = ctx.cfg.full ? 1 : 0.4;
  const out: ScenarioUniswapV3 = {
    pools: [],
    onlyV3: {} as ScenarioUniswapV3['onlyV3'],
    lockedPosition: null,
    burnedPosition: null,
    rug: null,
  };
  const done = () => {
    ctx.out.uniswapV3 = out;
  };
  const addPool = (p: V3MarketPool) => {
    pools.push(p);
    out.pools.push({ symbol: p.symbol, token: p.token, pool: p.pool, fee: p.fee });
  };

  // Blue-chip look-alikes: V3 positions twice as deep as their V2 pairs, at the V2 price.
  ctx.schedule(t.lookalikesAt + 3 * HOUR, 'V3 pools for DEGEN, BRETT, TOSHI', async () => {
    const plan: [string, number, number, number][] = [
      // symbol, fee tier, depth vs. V2, range width
      ['DEGEN', 3000, 2, 3],
      ['DEGEN', 10000, 0.3, 10],
      ['BRETT', 10000, 2, 4],
      ['TOSHI', 10000, 2, 5],
    ];
    const sized = [];
    const need = new Map<Address, bigint>();
    for (const [symbol, fee, mult, width] of plan) {
      const token = ctx.tokens.get(symbol);
      if (!token) continue;
      const r = await readReserves(ctx, token);
      if (r.token === 0n || r.weth === 0n) continue;
      const ethAmount = scale(r.weth, mult);
      need.set(token.owner, (need.get(token.owner) ?? 0n) + ethAmount);
      sized.push({ symbol, fee, mult, width, token, r, ethAmount });
    }
    // Each owner's ETH for all its positions at once (queued deposits are not in `latest` yet).
    for (const [owner, total] of need) await ensureEth(ctx, owner, total + eth(10));
    for (const { symbol, fee, mult, width, token, r, ethAmount } of sized) {
      const pool = openV3Position(ctx, {
        owner: token.owner,
        token: token.address,
        symbol,
        fee,
        wethPerToken: Number(r.weth) / Number(r.token),
        ethAmount,
        tokenAmount: scale(r.token, mult * 1.5),
        width,
        createPool: true,
      });
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
    done();
  });

  // V3-only launches. Price: 1B supply at a market cap of `mcapUsd`.
  const launchV3Only = async (o: {
    symbol: string;
    name: string;
    fee: number;
    mcapUsd: number;
    poolEth: number;
    honeypot?: boolean;
  }) => {
    const owner = ctx.wallets.dev(o.symbol);
    const ethAmount = eth(o.poolEth * depth);
    await fund(ctx, [[owner, ethAmount + eth(20)]]);
    const token = o.honeypot
      ? await ctx.q.deploy(
          owner,
          encodeDeployData({
            abi: HoneypotToken.abi,
            bytecode: HoneypotToken.bytecode as Hex,
            args: [o.name, o.symbol, SUPPLY, owner],
          }),
          `deploy ${o.symbol}`,
        )
      : await deployPlain(ctx, owner, o.name, o.symbol, SUPPLY)();
    const wethPerToken = o.mcapUsd / ETH_USD / 1e9;
    const pool = computePool(v3Of(ctx).factory, token, ctx.core.weth, o.fee);
    if (o.honeypot) {
      ctx.q.add({
        from: owner,
        to: token,
        data: encodeFunctionData({ abi: HoneypotToken.abi, functionName: 'setPair', args: [pool, true] }),
        gas: 100_000n,
        label: `${o.symbol} setPair`,
      });
    }
    openV3Position(ctx, {
      owner,
      token,
      symbol: o.symbol,
      fee: o.fee,
      wethPerToken,
      ethAmount,
      // Enough tokens for the range; the position manager takes what the price needs.
      tokenAmount: (SUPPLY * 6n) / 10n,
      width: 8,
      createPool: true,
    });
    ctx.out.tokens[o.symbol] = token;
    const p: V3MarketPool = {
      symbol: o.symbol,
      token,
      pool,
      fee: o.fee,
      buyScale: 0.5,
      sellsRevert: o.honeypot,
      liveFrom: ctx.now + 30 * 60,
      liveUntil: Number.POSITIVE_INFINITY,
    };
    addPool(p);
    return { owner, token, pool: p };
  };

  ctx.schedule(t.start + DAY, 'CLANK (V3 only, position locked)', async () => {
    const { owner, token, pool } = await launchV3Only({
      symbol: 'CLANK',
      name: 'Clank',
      fee: 10000,
      mcapUsd: 2_000_000,
      poolEth: 40,
    });
    out.onlyV3.locked = token;
    ctx.schedule(ctx.now + HOUR, 'CLANK: lock position NFT', async () => {
      const v3 = v3Of(ctx);
      const id = await positionOf(ctx, owner);
      const unlockTime = t.end + 300 * DAY;
      ctx.q.add({
        from: owner,
        to: v3.positionManager,
        data: encodeFunctionData({
          abi: NonfungiblePositionManager.abi,
          functionName: 'approve',
          args: [v3.positionLocker, id],
        }),
        gas: V3_GAS.nft,
        label: 'CLANK: approve position to locker',
      });
      ctx.q.add({
        from: owner,
        to: v3.positionLocker,
        data: encodeFunctionData({
          abi: V3PositionLocker.abi,
          functionName: 'lock',
          args: [v3.positionManager, id, BigInt(unlockTime)],
        }),
        gas: V3_GAS.nft,
        label: 'CLANK: lock position',
      });
      out.lockedPosition = { tokenId: id.toString(), pool: pool.pool, unlockTime };
    });
  });

  ctx.schedule(t.start + 2 * DAY, 'BASED (V3 only, position burned)', async () => {
    const { owner, token, pool } = await launchV3Only({
      symbol: 'BASED',
      name: 'Based',
      fee: 3000,
      mcapUsd: 800_000,
      poolEth: 25,
    });
    out.onlyV3.burned = token;
    ctx.schedule(ctx.now + HOUR, 'BASED: burn position NFT', async () => {
      const v3 = v3Of(ctx);
      const id = await positionOf(ctx, owner);
      // NonfungiblePositionManager.burn needs an empty position; sending the NFT to 0x…dEaD is
      // how launchers "burn" liquidity for good, and what we count as burned.
      ctx.q.add({
        from: owner,
        to: v3.positionManager,
        data: encodeFunctionData({
          abi: NonfungiblePositionManager.abi,
          functionName: 'transferFrom',
          args: [owner, BURN_ADDRESS, id],
        }),
        gas: V3_GAS.nft,
        label: 'BASED: burn position NFT',
      });
      out.burnedPosition = { tokenId: id.toString(), pool: pool.pool };
    });
  });

  ctx.schedule(t.honeypotAt + 6 * HOUR, 'HONEY3 (V3-only honeypot)', async () => {
    const { token } = await launchV3Only({
      symbol: 'HONEY3',
      name: 'Honey Three',
      fee: 10000,
      mcapUsd: 300_000,
      poolEth: 8,
      honeypot: true,
    });
    out.onlyV3.honeypot = token;
  });

  ctx.schedule(t.rugAt + 3 * HOUR, 'RUG3 (V3-only rug)', async () => {
    const { owner, token, pool } = await launchV3Only({
      symbol: 'RUG3',
      name: 'Rug Three',
      fee: 10000,
      mcapUsd: 500_000,
      poolEth: 12,
    });
    out.onlyV3.rugged = token;
    const pullAt = t.rugPullAt + 4 * HOUR;
    ctx.schedule(pullAt, 'RUG3: pull the V3 position', async () => {
      const v3 = v3Of(ctx);
      const id = await positionOf(ctx, owner);
      const [pos] = await readMany(ctx, [
        {
          address: v3.positionManager,
          abi: NonfungiblePositionManager.abi,
          functionName: 'positions',
          args: [id],
        },
      ]);
      const liquidity = (pos as readonly unknown[])[7] as bigint;
      ctx.q.add({
        from: owner,
        to: v3.positionManager,
        data: encodeFunctionData({
          abi: NonfungiblePositionManager.abi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId: id, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }],
        }),
        gas: V3_GAS.decrease,
        label: 'RUG3: decrease liquidity',
      });
      ctx.q.add({
        from: owner,
        to: v3.positionManager,
        data: encodeFunctionData({
          abi: NonfungiblePositionManager.abi,
          functionName: 'collect',
          args: [{ tokenId: id, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
        }),
        gas: V3_GAS.collect,
        label: 'RUG3: collect',
      });
      pool.liveUntil = ctx.now;
      out.rug = { pool: pool.pool, deployer: owner, pulledAt: ctx.now };
    });
  });

  // Routine V3 trading across the history, in every regular trading block (every two hours in
  // the full scenario, six in the test one), by wallets of their own, funded once: their ETH is not
  // planned by the V2 trading in the same blocks, so nothing runs dry mid-block, and no balance
  // checks slow the build.
  const r = ctx.rng.fork('uniswap-v3');
  const m: Market = { ...ctx, rng: r };
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
  done();
}
