/**
 * Uniswap V4 in the scenario, as new Base tokens launch today: V4 deployed from the npm artifacts and
 * seven ETH-paired V4-only tokens (no V2/V3 pool anywhere), launched right after the core contracts
 * (so at the start of the history; their ~80 blocks are in the past, never ahead of the wall clock):
 * V4ETH (no hook; its position NFT burned), CLANK4 (Clanker-v4-like static 1% fee hook, position NFT
 * in the locker for a year), ZORA4 (Zora-like launch fee decaying from 99% to 1% in ten minutes),
 * and the four dangerous hooks: NOOP4 (keeps what sellers pay in), FEE4 (owner may set any fee up to
 * 100%), BLOCK4 (owner may make sells revert; not armed), PROXY4 (upgradeable hook behind a proxy);
 * and RUG4 (no hook, its creator removes all the liquidity after the buys: a V4 rug, which must read
 * drained as V2/V3 rugs do). Each gets a few buys through the Universal Router, so its pool has swaps.
 * Later, in the history once USDC exists, USDC4: a V4 token paired with USDC only, and the shallow V4
 * ETH/USDC pool a user's ETH → USDC → USDC4 swap goes through (`scheduleUniswapV4UsdLaunch`).
 * The history before "now" trades them (`scheduleUniswapV4Trading`) as the live market simulator
 * does after it, through the Universal Router (`v4TradeRound`; ADR 0026).
 */
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  maxUint48,
  maxUint160,
  maxUint256,
  parseEther,
  zeroAddress,
} from 'viem';
import type { UniswapV4Contracts } from '../../../shared/network';
import type { LocalChainClients } from '../../chain/client';
import { poolManagerEventsAbi } from '../../venues/uniswap-v4';
import { DYNAMIC_FEE_FLAG, type PoolKey } from '../../venues/uniswap-v4-pool-key';
import {
  Permit2,
  PoolManager,
  PositionManager,
  ScenarioToken,
  Stablecoin,
  V3PositionLocker,
} from '../artifacts/generated';
import { deployContract } from '../deploy';
import {
  approveThroughPermit2,
  decreasePosition,
  deployHook,
  deployUniswapV4,
  encodeMintPosition,
  encodeUniversalRouterSwap,
  initializePool,
  mintPosition,
  PERMIT2_ADDRESS,
  type ScenarioHookName,
  swapExactIn,
} from '../uniswap-v4';
import { HOUR } from './config';
import type { ScenarioContext, ScenarioUniswapV4 } from './context';
import {
  approve,
  type CoreContracts,
  eth,
  GAS,
  hold,
  type Market,
  type MarketToken,
  readBalances,
  readReserves,
  scale,
  units,
} from './market';
import { ensureEth, fund } from './tokens';
import type { ScenarioWallets } from './wallets';

/** 10000 tokens per ETH (ETH is currency0): sqrt(10000) · 2^96. */
const SQRT_PRICE = 100n * 2n ** 96n;
const FULL_RANGE = [-887220, 887220] as const;
const BURN: Address = '0x000000000000000000000000000000000000dEaD';
const YEAR = 365 * 86_400;

type Launch = {
  symbol: string;
  hook: ScenarioHookName | null;
  dynamic: boolean;
  /** Where the position NFT goes; 'pull': the creator keeps it and removes all the liquidity. */
  lp: 'burn' | 'lock' | 'keep' | 'pull';
};

const LAUNCHES: Launch[] = [
  { symbol: 'V4ETH', hook: null, dynamic: false, lp: 'burn' },
  { symbol: 'CLANK4', hook: 'staticFee', dynamic: true, lp: 'lock' },
  { symbol: 'ZORA4', hook: 'decayingFee', dynamic: true, lp: 'keep' },
  { symbol: 'NOOP4', hook: 'noOp', dynamic: false, lp: 'keep' },
  { symbol: 'FEE4', hook: 'ownerFee', dynamic: true, lp: 'keep' },
  { symbol: 'BLOCK4', hook: 'sellBlock', dynamic: false, lp: 'keep' },
  { symbol: 'PROXY4', hook: 'proxy', dynamic: true, lp: 'keep' },
  { symbol: 'RUG4', hook: null, dynamic: false, lp: 'pull' },
];

const LIQUIDITY = parseEther('500');

export async function buildUniswapV4Launches(
  chain: LocalChainClients,
  core: CoreContracts,
  wallets: ScenarioWallets,
): Promise<ScenarioUniswapV4 | null> {
  const v3 = core.uniswapV3;
  if (!v3) return null;
  const infra = wallets.dev('uniswap-v4');
  const buyer = wallets.dev('uniswap-v4-buyer');
  for (const a of [infra, buyer]) await chain.test.setBalance({ address: a, value: parseEther('1000') });
  const v4 = await deployUniswapV4(chain, {
    deployer: infra,
    weth: core.weth,
    v2Factory: core.factory,
    v3Factory: v3.factory,
    v3PositionManager: v3.positionManager,
  });
  const tokens: Record<string, Address> = {};
  for (const l of LAUNCHES) {
    const dev = wallets.dev(l.symbol);
    await chain.test.setBalance({ address: dev, value: parseEther('100') });
    const hook = l.hook
      ? await deployHook(chain, l.hook, { deployer: infra, owner: dev, poolManager: v4.poolManager })
      : zeroAddress;
    const token = (
      await deployContract(chain, ScenarioToken, [l.symbol, l.symbol, 18, parseEther('1000000000'), dev], dev)
    ).toLowerCase() as Address;
    const key: PoolKey = {
      currency0: zeroAddress,
      currency1: token,
      fee: l.dynamic ? DYNAMIC_FEE_FLAG : 3000,
      tickSpacing: 60,
      hooks: hook.toLowerCase() as Address,
    };
    await initializePool(chain, v4, dev, key, SQRT_PRICE);
    await approveThroughPermit2(chain, dev, token, v4.positionManager);
    const id = await mintPosition(chain, v4, dev, {
      key,
      tickLower: FULL_RANGE[0],
      tickUpper: FULL_RANGE[1],
      liquidity: LIQUIDITY,
      amount0Max: parseEther('6'),
      amount1Max: parseEther('60000'),
      recipient: l.lp === 'burn' ? BURN : dev,
    });
    if (l.lp === 'lock') {
      const now = Number((await chain.public.getBlock()).timestamp);
      for (const [address, abi, functionName, args] of [
        [v4.positionManager, PositionManager.abi, 'approve', [v3.positionLocker, id]],
        [v3.positionLocker, V3PositionLocker.abi, 'lock', [v4.positionManager, id, BigInt(now + YEAR)]],
      ] as const) {
        const hash = await chain.wallet.writeContract({
          account: dev,
          chain: chain.chain,
          address,
          abi,
          functionName,
          args,
        } as never);
        await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      }
    }
    for (const eth of ['0.05', '0.02', '0.1'])
      await swapExactIn(chain, v4, buyer, { key, zeroForOne: true, amountIn: parseEther(eth) });
    if (l.lp === 'pull') await decreasePosition(chain, v4, dev, { key, tokenId: id, liquidity: LIQUIDITY });
    tokens[l.symbol] = token;
  }
  const { poolManager, positionManager, stateView, v4Quoter, universalRouter, permit2 } = v4;
  return {
    contracts: {
      poolManager,
      positionManager,
      stateView,
      v4Quoter,
      universalRouter,
      permit2,
      positionLockers: [v3.positionLocker],
    },
    tokens,
  };
}

/** A V4 pool the market simulator trades: its key (hook included) and how its hook treats sellers. */
export type V4MarketPool = {
  symbol: string;
  token: Address;
  key: PoolKey;
  /** The hook keeps what sellers pay in (NOOP4): its buyers stop selling after a few tries. */
  sellsKept: boolean;
};

/** Launches whose creator removed all the liquidity (RUG4): not traded by the simulator. */
const PULLED = new Set(LAUNCHES.filter((l) => l.lp === 'pull').map((l) => l.symbol));

/** V4 swaps: the hook adds its own gas; a fixed limit as the scenario's own Universal Router swaps. */
const V4_SWAP_GAS = 1_000_000n;

/**
 * The scenario's V4 launches as the simulator trades them: each token's pool key from the
 * PoolManager's Initialize logs (the manifest names tokens only), one getLogs at the simulator's setup.
 */
export async function v4MarketPools(
  chain: LocalChainClients,
  contracts: UniswapV4Contracts | undefined,
  tokens: Record<string, Address> | undefined,
): Promise<V4MarketPool[]> {
  if (!contracts || !tokens) return [];
  const bySymbol = new Map(Object.entries(tokens).map(([s, t]) => [t.toLowerCase(), s]));
  const logs = await chain.public.getLogs({
    address: contracts.poolManager,
    event: poolManagerEventsAbi[0],
    fromBlock: 0n,
  });
  const out: V4MarketPool[] = [];
  for (const { args: a } of logs) {
    if (!a.currency0 || !a.currency1 || a.fee === undefined || a.tickSpacing === undefined || !a.hooks)
      continue;
    const token = a.currency1.toLowerCase() as Address;
    const symbol = bySymbol.get(token);
    // The scenario's launches are ETH-paired (currency0 = native ETH); a pulled pool has nothing to trade.
    if (!symbol || a.currency0 !== zeroAddress || PULLED.has(symbol)) continue;
    out.push({
      symbol,
      token,
      key: {
        currency0: zeroAddress,
        currency1: token,
        fee: a.fee,
        tickSpacing: a.tickSpacing,
        hooks: a.hooks.toLowerCase() as Address,
      },
      sellsKept: symbol === 'NOOP4',
    });
  }
  return out;
}

/**
 * One round of V4 trading through the Universal Router, as users trade: buys with native ETH, sells
 * after the token → Permit2 → router allowances. Every swap may revert (a hook's owner may have
 * armed it), as on Base; that is the market, not a failure of the round.
 */
export async function v4TradeRound(
  m: Market,
  contracts: UniswapV4Contracts,
  pools: readonly V4MarketPool[],
  wallets: readonly Address[],
): Promise<void> {
  if (pools.length === 0 || wallets.length === 0) return;
  const p = m.rng.pick(pools);
  const holders = wallets.filter((w) => m.holdings.get(w)?.has(`v4:${p.symbol}`));
  if (holders.length > 0 && m.rng.chance(p.sellsKept ? 0.1 : 0.4)) {
    const wallet = m.rng.pick(holders);
    const [bal] = await readBalances(m, [[p.token, wallet]]);
    if (bal && bal > 0n) {
      const label = `sell ${p.symbol} on V4`;
      approve(m, wallet, p.token, PERMIT2_ADDRESS, label);
      const permitKey = `${wallet}:${p.token}:permit2:${contracts.universalRouter}`.toLowerCase();
      if (!m.approved.has(permitKey)) {
        m.approved.add(permitKey);
        m.q.add({
          from: wallet,
          to: PERMIT2_ADDRESS,
          data: encodeFunctionData({
            abi: Permit2.abi,
            functionName: 'approve',
            args: [p.token, contracts.universalRouter, maxUint160, Number(maxUint48)],
          }),
          gas: 100_000n,
          label: `${label}: Permit2 approve`,
        });
      }
      m.q.add({
        from: wallet,
        to: contracts.universalRouter,
        data: encodeUniversalRouterSwap({
          key: p.key,
          zeroForOne: false,
          amountIn: scale(bal, m.rng.range(0.2, 0.6)),
          minAmountOut: 0n,
        }),
        gas: V4_SWAP_GAS,
        label,
        allowRevert: true,
      });
      return;
    }
  }
  const wallet = m.rng.pick(wallets);
  const ethIn = eth(m.rng.range(0.005, 0.1));
  m.q.add({
    from: wallet,
    to: contracts.universalRouter,
    value: ethIn,
    data: encodeUniversalRouterSwap({ key: p.key, zeroForOne: true, amountIn: ethIn, minAmountOut: 0n }),
    gas: V4_SWAP_GAS,
    label: `buy ${p.symbol} on V4`,
    allowRevert: true,
  });
  hold(m, wallet, `v4:${p.symbol}`);
}

/** A USD-paired V4 launch: its price in USDC and how much of each side its position holds. */
const USD4 = { symbol: 'USDC4', priceUsd: 0.0002, poolUsd: 20_000, ethUsdPoolEth: 20 } as const;

/** sqrtPriceX96 for `raw1PerRaw0` (currency1's raw units per raw unit of currency0). */
function sqrtPriceX96Of(raw1PerRaw0: number): bigint {
  return BigInt(Math.round(Math.sqrt(raw1PerRaw0) * 2 ** 48)) * 2n ** 48n;
}

/** Full-range position for amounts a0/a1 (raw): L = √(a0·a1), a hair under so the maxima cover it. */
function fullRangeMint(key: PoolKey, a0: bigint, a1: bigint, recipient: Address) {
  return {
    key,
    tickLower: FULL_RANGE_USD[key.tickSpacing === 10 ? 0 : 1][0],
    tickUpper: FULL_RANGE_USD[key.tickSpacing === 10 ? 0 : 1][1],
    liquidity: BigInt(Math.floor(Math.sqrt(Number(a0) * Number(a1)) * 0.99)),
    amount0Max: (a0 * 102n) / 100n,
    amount1Max: (a1 * 102n) / 100n,
    recipient,
  };
}

/** Full-range ticks for tick spacing 10 and 60. */
const FULL_RANGE_USD = [
  [-887270, 887270],
  [-887220, 887220],
] as const;

/**
 * A V4 token whose only pool is against USDC (USDC4, no hook), and the shallow no-hook V4 ETH/USDC
 * pool a user's multi-hop buy goes through (ETH → USDC → USDC4 in one Universal Router V4_SWAP):
 * issue 22's "a token paired with ETH must price and simulate as well as one paired with WETH or
 * USDC". Queued in the history (USDC exists only from there), a few USDC buys after the launch.
 * The ETH/USDC pool starts at the V2 pair's price and holds a fiftieth of its depth or less, so the
 * ETH/USD price stays the V2/V3 pools'.
 */
export function scheduleUniswapV4UsdLaunch(ctx: ScenarioContext, usdc: MarketToken): void {
  const v4 = ctx.out.uniswapV4;
  if (!v4) return;
  ctx.schedule(ctx.now + 30 * 60, 'V4 ETH/USDC pool and the USDC-paired V4 launch', async () => {
    const { contracts } = v4;
    const { infra } = ctx.wallets;
    const dev = ctx.wallets.dev(USD4.symbol);
    const buyer = ctx.wallets.dev('uniswap-v4-usd-buyer');
    const r = await readReserves(ctx, usdc);
    const ethUsd = Number(r.token) / 1e6 / (Number(r.weth) / 1e18);
    const usdcAddr = usdc.address.toLowerCase() as Address;
    const mintUsdc = (to: Address, amount: bigint) =>
      ctx.q.add({
        from: infra,
        to: usdcAddr,
        data: encodeFunctionData({ abi: Stablecoin.abi, functionName: 'mint', args: [to, amount] }),
        gas: GAS.call,
        label: 'mint USDC',
      });
    const permit2 = (from: Address, token: Address, spender: Address, label: string) => {
      ctx.q.add({
        from,
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [PERMIT2_ADDRESS, maxUint256],
        }),
        gas: GAS.approve,
        label: `${label}: approve Permit2`,
      });
      ctx.q.add({
        from,
        to: PERMIT2_ADDRESS,
        data: encodeFunctionData({
          abi: Permit2.abi,
          functionName: 'approve',
          args: [token, spender, maxUint160, Number(maxUint48)],
        }),
        gas: 100_000n,
        label: `${label}: Permit2.approve`,
      });
    };
    const initialize = (from: Address, key: PoolKey, sqrtPriceX96: bigint, label: string) =>
      ctx.q.add({
        from,
        to: contracts.poolManager,
        data: encodeFunctionData({
          abi: PoolManager.abi,
          functionName: 'initialize',
          args: [key, sqrtPriceX96],
        }),
        gas: 500_000n,
        label: `${label}: initialize`,
      });
    const mint = (from: Address, opts: ReturnType<typeof fullRangeMint>, label: string) => {
      const { data, value } = encodeMintPosition(from, opts);
      ctx.q.add({ from, to: contracts.positionManager, data, value, gas: 800_000n, label: `${label}: mint` });
    };

    // The ETH/USDC pool (native ETH is currency0), at the V2 pair's price.
    const ethPoolEth = eth(USD4.ethUsdPoolEth);
    const ethPoolUsdc = units(USD4.ethUsdPoolEth * ethUsd, 6);
    await ensureEth(ctx, infra, ethPoolEth * 2n + eth(10));
    mintUsdc(infra, (ethPoolUsdc * 103n) / 100n);
    permit2(infra, usdcAddr, contracts.positionManager, 'V4 ETH/USDC');
    const ethKey: PoolKey = {
      currency0: zeroAddress,
      currency1: usdcAddr,
      fee: 500,
      tickSpacing: 10,
      hooks: zeroAddress,
    };
    initialize(infra, ethKey, sqrtPriceX96Of((ethUsd * 1e6) / 1e18), 'V4 ETH/USDC');
    mint(infra, fullRangeMint(ethKey, ethPoolEth, ethPoolUsdc, infra), 'V4 ETH/USDC');

    // USDC4: a tenth of its supply against USDC at its launch price; the dev keeps the rest.
    await fund(ctx, [
      [dev, eth(5)],
      [buyer, eth(5)],
    ]);
    const supply = 1_000_000_000;
    const token = (
      await ctx.q.deploy(
        dev,
        encodeDeployData({
          abi: ScenarioToken.abi,
          bytecode: ScenarioToken.bytecode as Hex,
          args: ['USD-paired V4', USD4.symbol, 18, eth(supply), dev],
        }),
        `deploy ${USD4.symbol}`,
      )
    ).toLowerCase() as Address;
    const poolUsdc = units(USD4.poolUsd, 6);
    const poolTokens = eth(USD4.poolUsd / USD4.priceUsd);
    mintUsdc(dev, (poolUsdc * 103n) / 100n);
    permit2(dev, usdcAddr, contracts.positionManager, USD4.symbol);
    permit2(dev, token, contracts.positionManager, USD4.symbol);
    const tokenIs0 = token < usdcAddr;
    const key: PoolKey = {
      currency0: tokenIs0 ? token : usdcAddr,
      currency1: tokenIs0 ? usdcAddr : token,
      fee: 3000,
      tickSpacing: 60,
      hooks: zeroAddress,
    };
    // Raw USDC per raw token: priceUsd · 1e6 / 1e18.
    const usdcPerToken = (USD4.priceUsd * 1e6) / 1e18;
    initialize(dev, key, sqrtPriceX96Of(tokenIs0 ? usdcPerToken : 1 / usdcPerToken), USD4.symbol);
    mint(
      dev,
      fullRangeMint(key, tokenIs0 ? poolTokens : poolUsdc, tokenIs0 ? poolUsdc : poolTokens, dev),
      USD4.symbol,
    );
    v4.tokens[USD4.symbol] = token;

    // A few USDC buys, as the ETH launches get their first buys.
    const buys = [150, 60, 300].map((usd) => units(usd, 6));
    mintUsdc(
      buyer,
      buys.reduce((a, b) => a + b, 0n),
    );
    permit2(buyer, usdcAddr, contracts.universalRouter, `${USD4.symbol} buyer`);
    for (const amountIn of buys)
      ctx.q.add({
        from: buyer,
        to: contracts.universalRouter,
        data: encodeUniversalRouterSwap({ key, zeroForOne: !tokenIs0, amountIn, minAmountOut: 0n }),
        gas: V4_SWAP_GAS,
        label: `buy ${USD4.symbol} on V4 with USDC`,
      });
  });
}

/**
 * The V4 launches' past: from an hour after the core until "now", every regular trading block
 * carries V4 trades through the Universal Router (the simulator's `v4TradeRound`: buys with native
 * ETH, Permit2-approved sells, NOOP4's holders seldom selling, RUG4 untouched) by wallets of their
 * own funded once, as V3's and Aerodrome's, so 24 h volume, candles and holder ages of the V4
 * tokens are read from a real history. Own random stream: the rest of the history does not move.
 */
export function scheduleUniswapV4Trading(ctx: ScenarioContext): void {
  const v4 = ctx.out.uniswapV4;
  if (!v4) return;
  const m: Market = { ...ctx, rng: ctx.rng.fork('uniswap-v4') };
  const traders = Array.from({ length: ctx.cfg.full ? 24 : 12 }, (_, i) => ctx.wallets.dev(`v4-trader/${i}`));
  const from = ctx.times.coreAt + HOUR;
  ctx.schedule(from - 10 * 60, 'fund V4 traders', () =>
    fund(
      ctx,
      traders.map((w) => [w, eth(ctx.cfg.full ? 100 : 50)] as const),
    ),
  );
  // Trades per regular block, over the seven traded launches: the full variant's 12 blocks a day
  // give each launch about five trades a day; the test variant's 4 blocks about one.
  const rounds = ctx.cfg.full ? 3 : 2;
  let pools: V4MarketPool[] | null = null;
  ctx.everyTradingBlock('V4 trading', async () => {
    if (ctx.now < from) return;
    // The launches' keys (hooks included) from their Initialize logs, once: they were mined before the history.
    pools ??= await v4MarketPools(ctx.chain, v4.contracts, v4.tokens);
    m.now = ctx.now;
    for (let i = 0; i < rounds; i++) await v4TradeRound(m, v4.contracts, pools, traders);
  });
}
