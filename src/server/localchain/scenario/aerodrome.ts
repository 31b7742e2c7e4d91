/**
 * Aerodrome in the scenario, as on Base (issue 27): the AERO look-alike gets its main liquidity in
 * a volatile pool against WETH (deeper than its Uniswap V2 pair) and a Slipstream pool; USDC and a
 * USDbC look-alike share a stable pool; and four tokens trade only on Aerodrome — AEROC (classic
 * only; half its deployer's LP staked in a gauge, which is withdrawable and so not a lock), SLIPT
 * (Slipstream only; its position NFT staked in a CL gauge, withdrawable too), HONEYA (a honeypot whose sells revert, classic only) and RUGA (its deployer
 * pulls the liquidity). Trades go through Aerodrome's Router (Route structs) and Slipstream's
 * SwapRouter, so pools emit real Swap/Sync/Mint/Burn events.
 */
import {
  type Abi,
  type Address,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getCreate2Address,
  type Hex,
  keccak256,
  parseAbi,
} from 'viem';
import type { ScenarioAerodrome } from '../../../shared/scenario';
import { sortTokens, sqrtPriceX96FromRaw } from '../../venues/uniswap-v3-math';
import type { AerodromeAddresses } from '../aerodrome-deploy';
import { AerodromeRouter, AerodromeVoter, CLPositionManager, CLSwapRouter } from '../artifacts/aerodrome';
import { HoneypotToken, Stablecoin, WETH9 } from '../artifacts/generated';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import { approve, DEADLINE, eth, hold, type Market, readBalances, readMany, scale, units } from './market';
import { deployPlain, fund } from './tokens';

const GAS = { add: 5_000_000n, swap: 600_000n, mint: 6_500_000n, call: 300_000n, wrap: 80_000n } as const;
const SUPPLY = units(1_000_000_000, 18);
const ETH_USD = 3000;
/** Slipstream tick spacing of the scenario's pools (fee 0.05%, as the factory enables it). */
const TICK_SPACING = 100;

/** An Aerodrome pool the scenario (and the live simulator) trades. */
export type AeroMarketPool = {
  symbol: string;
  token: Address;
  pool: Address;
  kind: 'classic' | 'slipstream';
  /** Slipstream: the factory's index in AerodromeAddresses.slipstream. */
  factory?: number;
  buyScale: number;
  sellsRevert?: boolean;
  liveFrom: number;
  liveUntil: number;
};

/** The EIP-1167 clone address both factories create pools at (OpenZeppelin Clones). */
function cloneAddress(implementation: Address, salt: Hex, deployer: Address): Address {
  const init =
    `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2)}5af43d82803e903d91602b57fd5bf3` as Hex;
  return getCreate2Address({ from: deployer, salt, bytecodeHash: keccak256(init) }).toLowerCase() as Address;
}

/** A classic pool's address: PoolFactory clones its implementation with salt (token0, token1, stable). */
export function classicPoolAddress(a: AerodromeAddresses, x: Address, y: Address, stable: boolean): Address {
  const [t0, t1] = sortTokens(x, y);
  const salt = keccak256(encodePacked(['address', 'address', 'bool'], [t0, t1, stable]));
  return cloneAddress(a.poolImplementation, salt, a.poolFactory);
}

/** A Slipstream pool's address: CLFactory clones the CLPool with salt abi.encode(token0, token1, tickSpacing). */
export function slipstreamPoolAddress(
  a: AerodromeAddresses,
  i: number,
  x: Address,
  y: Address,
  ts: number,
): Address {
  const [t0, t1] = sortTokens(x, y);
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'int24' }], [t0, t1, ts]),
  );
  const f = a.slipstream[i];
  if (!f) throw new Error(`no Slipstream factory #${i}`);
  return cloneAddress(a.clPoolImplementation, salt, f.factory);
}

function aeroOf(m: Pick<Market, 'core'>): AerodromeAddresses {
  const a = m.core.aerodrome;
  if (!a) throw new Error('Aerodrome is not deployed on this chain');
  return a;
}

const call = (
  m: Market,
  from: Address,
  to: Address,
  abi: Abi,
  fn: string,
  args: unknown[],
  o: { value?: bigint; gas?: bigint; label: string; allowRevert?: boolean },
) =>
  m.q.add({
    from,
    to,
    value: o.value,
    data: encodeFunctionData({ abi, functionName: fn, args } as never),
    gas: o.gas ?? GAS.call,
    label: o.label,
    allowRevert: o.allowRevert,
  });

/** Queues a classic pool of `ethAmount` ETH and `tokenAmount` tokens (created by the Router). */
function openClassic(
  m: Market,
  owner: Address,
  token: Address,
  tokenAmount: bigint,
  ethAmount: bigint,
  label: string,
) {
  const a = aeroOf(m);
  approve(m, owner, token, a.router, label);
  call(
    m,
    owner,
    a.router,
    AerodromeRouter.abi as Abi,
    'addLiquidityETH',
    [token, false, tokenAmount, 0n, 0n, owner, DEADLINE],
    {
      value: ethAmount,
      gas: GAS.add,
      label,
    },
  );
}

/** Queues a full-range Slipstream position creating the pool on factory `i` at the amounts' price. */
function openSlipstream(
  m: Market,
  i: number,
  owner: Address,
  token: Address,
  tokenAmount: bigint,
  ethAmount: bigint,
  label: string,
) {
  const a = aeroOf(m);
  const s = a.slipstream[i];
  if (!s) throw new Error(`no Slipstream factory #${i}`);
  const weth = m.core.weth;
  const [t0, t1] = sortTokens(token, weth);
  const tokenIs0 = t0 === token.toLowerCase();
  const [x0, x1] = tokenIs0 ? [tokenAmount, ethAmount] : [ethAmount, tokenAmount];
  const edge = Math.floor(887_272 / TICK_SPACING) * TICK_SPACING;
  call(m, owner, weth, WETH9.abi as Abi, 'deposit', [], {
    value: ethAmount,
    gas: GAS.wrap,
    label: `${label}: wrap ETH`,
  });
  approve(m, owner, weth, s.positionManager, label);
  approve(m, owner, token, s.positionManager, label);
  call(
    m,
    owner,
    s.positionManager,
    CLPositionManager.abi as Abi,
    'mint',
    [
      {
        token0: t0,
        token1: t1,
        tickSpacing: TICK_SPACING,
        tickLower: -edge,
        tickUpper: edge,
        amount0Desired: x0,
        amount1Desired: x1,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: owner,
        deadline: DEADLINE,
        sqrtPriceX96: sqrtPriceX96FromRaw(Number(x1) / Number(x0)),
      },
    ],
    { gas: GAS.mint, label },
  );
}

/** Buy with ETH through the Router (classic) or the SwapRouter (Slipstream, which wraps the ETH). */
export function aeroBuy(
  m: Market,
  wallet: Address,
  p: AeroMarketPool,
  ethIn: bigint,
  allowRevert?: boolean,
): void {
  const a = aeroOf(m);
  if (p.kind === 'classic') {
    call(
      m,
      wallet,
      a.router,
      AerodromeRouter.abi as Abi,
      'swapExactETHForTokens',
      [0n, [{ from: m.core.weth, to: p.token, stable: false, factory: a.poolFactory }], wallet, DEADLINE],
      { value: ethIn, gas: GAS.swap, label: `buy ${p.symbol} on Aerodrome`, allowRevert },
    );
  } else {
    const s = a.slipstream[p.factory ?? 0] as AerodromeAddresses['slipstream'][number];
    call(
      m,
      wallet,
      s.swapRouter,
      CLSwapRouter.abi as Abi,
      'exactInputSingle',
      [
        {
          tokenIn: m.core.weth,
          tokenOut: p.token,
          tickSpacing: TICK_SPACING,
          recipient: wallet,
          deadline: DEADLINE,
          amountIn: ethIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
      { value: ethIn, gas: GAS.swap, label: `buy ${p.symbol} on Slipstream`, allowRevert },
    );
  }
  hold(m, wallet, `aero:${p.symbol}`);
}

/** Sell for ETH (classic) or WETH (Slipstream). */
export function aeroSell(
  m: Market,
  wallet: Address,
  p: AeroMarketPool,
  amount: bigint,
  allowRevert?: boolean,
): void {
  const a = aeroOf(m);
  if (p.kind === 'classic') {
    approve(m, wallet, p.token, a.router, `sell ${p.symbol}`);
    call(
      m,
      wallet,
      a.router,
      AerodromeRouter.abi as Abi,
      'swapExactTokensForETH',
      [
        amount,
        0n,
        [{ from: p.token, to: m.core.weth, stable: false, factory: a.poolFactory }],
        wallet,
        DEADLINE,
      ],
      { gas: GAS.swap, label: `sell ${p.symbol} on Aerodrome`, allowRevert },
    );
    return;
  }
  const s = a.slipstream[p.factory ?? 0] as AerodromeAddresses['slipstream'][number];
  approve(m, wallet, p.token, s.swapRouter, `sell ${p.symbol}`);
  call(
    m,
    wallet,
    s.swapRouter,
    CLSwapRouter.abi as Abi,
    'exactInputSingle',
    [
      {
        tokenIn: p.token,
        tokenOut: m.core.weth,
        tickSpacing: TICK_SPACING,
        recipient: wallet,
        deadline: DEADLINE,
        amountIn: amount,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
    { gas: GAS.swap, label: `sell ${p.symbol} on Slipstream`, allowRevert },
  );
}

/** One round of Aerodrome trading: every live pool gets a buy, holders sell part of what they hold. */
export async function aeroTradeRound(
  m: Market,
  pools: readonly AeroMarketPool[],
  wallets: readonly Address[],
): Promise<void> {
  const live = pools.filter((p) => m.now >= p.liveFrom && m.now < p.liveUntil);
  if (live.length === 0 || wallets.length === 0) return;
  for (const p of live) {
    const holders = wallets.filter((w) => m.holdings.get(w)?.has(`aero:${p.symbol}`));
    if (holders.length > 0 && m.rng.chance(p.sellsRevert ? 0.15 : 0.4)) {
      const wallet = m.rng.pick(holders);
      const [bal] = await readBalances(m, [[p.token, wallet]]);
      // Shared wallets trade on other venues in the same block: a sell may find less than it read.
      if (bal && bal > 0n) aeroSell(m, wallet, p, scale(bal, m.rng.range(0.2, 0.6)), true);
      continue;
    }
    aeroBuy(m, m.rng.pick(wallets), p, scale(eth(m.rng.range(0.01, 0.2)), p.buyScale), p.sellsRevert);
  }
}

/** Schedules everything Aerodrome in the history; fills `ctx.out.aerodrome`; `pools` collects the traded pools. */
export function scheduleAerodrome(ctx: ScenarioContext, pools: AeroMarketPool[] = []): void {
  if (!ctx.core.aerodrome) return;
  const a = ctx.core.aerodrome;
  const t = ctx.times;
  const depth = ctx.cfg.full ? 1 : 0.4;
  const out: ScenarioAerodrome = {
    pools: [],
    only: {},
    stable: null,
    gaugeStake: null,
    clGaugeStake: null,
    rug: null,
  };
  ctx.out.aerodrome = out;
  const add = (p: AeroMarketPool) => {
    pools.push(p);
    out.pools.push({ symbol: p.symbol, token: p.token, pool: p.pool, kind: p.kind, factory: p.factory });
  };

  // AERO's look-alike: a volatile pool twice as deep as its V2 pair, and a Slipstream pool.
  ctx.schedule(t.lookalikesAt + 4 * HOUR, 'Aerodrome pools for AERO', async () => {
    const aero = ctx.tokens.get('AERO');
    if (!aero) return;
    const [wethReserve, tokenReserve] = (await readBalances(ctx, [
      [ctx.core.weth, aero.pair],
      [aero.address, aero.pair],
    ])) as [bigint, bigint];
    if (wethReserve === 0n || tokenReserve === 0n) return;
    await fund(ctx, [[aero.owner, scale(wethReserve, 3.5) + eth(20)]]);
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
      liveFrom: ctx.now + HOUR,
      liveUntil: Number.POSITIVE_INFINITY,
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
      liveFrom: ctx.now + HOUR,
      liveUntil: Number.POSITIVE_INFINITY,
    });
  });

  // USDC and a USDbC look-alike on a stable pool (x³y + y³x), as on Base.
  ctx.schedule(t.lookalikesAt + 5 * HOUR, 'USDC/USDbC stable pool', async () => {
    const usdc = ctx.tokens.get('USDC');
    if (!usdc) return;
    const infra = ctx.wallets.infra;
    const usdbc = await ctx.q.deploy(
      infra,
      encodeDeployData({
        abi: Stablecoin.abi,
        bytecode: Stablecoin.bytecode as Hex,
        args: ['USD Base Coin', 'USDbC', 6, infra],
      }),
      'deploy USDbC',
    );
    const amount = units(ctx.cfg.full ? 2_000_000 : 800_000, 6);
    call(ctx, infra, usdc.address, Stablecoin.abi as Abi, 'mint', [infra, amount], {
      label: 'mint USDC for the stable pool',
    });
    call(ctx, infra, usdbc, Stablecoin.abi as Abi, 'mint', [infra, amount], { label: 'mint USDbC' });
    approve(ctx, infra, usdc.address, a.router, 'stable pool');
    approve(ctx, infra, usdbc, a.router, 'stable pool');
    call(
      ctx,
      infra,
      a.router,
      AerodromeRouter.abi as Abi,
      'addLiquidity',
      [usdc.address, usdbc, true, amount, amount, 0n, 0n, infra, DEADLINE],
      {
        gas: GAS.add,
        label: 'USDC/USDbC stable pool',
      },
    );
    ctx.out.tokens.USDbC = usdbc;
    out.stable = { usdc: usdc.address, usdbc, pool: classicPoolAddress(a, usdc.address, usdbc, true) };
  });

  /** A token that trades only on Aerodrome. Price: 1B supply at a market cap of `mcapUsd`. */
  const launchOnly = async (o: {
    symbol: string;
    name: string;
    kind: 'classic' | 'slipstream';
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
    const tokenAmount = BigInt(Math.floor((Number(ethAmount) * ETH_USD * 1e9) / o.mcapUsd));
    const pool =
      o.kind === 'classic'
        ? classicPoolAddress(a, token, ctx.core.weth, false)
        : slipstreamPoolAddress(a, 1, token, ctx.core.weth, TICK_SPACING);
    if (o.honeypot)
      call(ctx, owner, token, HoneypotToken.abi as Abi, 'setPair', [pool, true], {
        label: `${o.symbol} setPair`,
      });
    if (o.kind === 'classic')
      openClassic(ctx, owner, token, tokenAmount, ethAmount, `${o.symbol}/WETH volatile pool`);
    else openSlipstream(ctx, 1, owner, token, tokenAmount, ethAmount, `${o.symbol}/WETH Slipstream pool`);
    ctx.out.tokens[o.symbol] = token;
    const p: AeroMarketPool = {
      symbol: o.symbol,
      token,
      pool,
      kind: o.kind,
      factory: o.kind === 'slipstream' ? 1 : undefined,
      buyScale: 0.5,
      sellsRevert: o.honeypot,
      liveFrom: ctx.now + 30 * 60,
      liveUntil: Number.POSITIVE_INFINITY,
    };
    add(p);
    return { owner, token, pool: p };
  };

  /** The Voter's governor (its deployer) may create a gauge for any pool of an approved factory. */
  const createGauge = (factory: Address, pool: Address, label: string) =>
    call(ctx, ctx.wallets.infra, a.voter, AerodromeVoter.abi as Abi, 'createGauge', [factory, pool], {
      gas: 8_000_000n,
      label,
    });
  const gaugeOf = (pool: Address) => ({
    address: a.voter,
    abi: parseAbi(['function gauges(address) view returns (address)']),
    functionName: 'gauges',
    args: [pool],
  });

  ctx.schedule(t.start + DAY + 2 * HOUR, 'AEROC (Aerodrome classic only, LP staked in a gauge)', async () => {
    const { owner, token, pool } = await launchOnly({
      symbol: 'AEROC',
      name: 'Aero Classic',
      kind: 'classic',
      mcapUsd: 1_500_000,
      poolEth: 30,
    });
    out.only.classic = token;
    ctx.schedule(ctx.now + HOUR, 'AEROC: gauge and stake', async () => {
      createGauge(a.poolFactory, pool.pool, 'AEROC gauge');
      ctx.schedule(ctx.now + 10 * 60, 'AEROC: stake LP', async () => {
        const [gauge] = (await readMany(ctx, [gaugeOf(pool.pool)])) as [Address];
        const [lp] = (await readBalances(ctx, [[pool.pool, owner]])) as [bigint];
        const amount = lp / 2n;
        approve(ctx, owner, pool.pool, gauge, 'AEROC stake');
        call(ctx, owner, gauge, parseAbi(['function deposit(uint256)']), 'deposit', [amount], {
          gas: 500_000n,
          label: 'AEROC: stake LP in gauge',
        });
        out.gaugeStake = {
          pool: pool.pool,
          gauge: gauge.toLowerCase() as Address,
          staker: owner,
          amount: amount.toString(),
        };
      });
    });
  });

  ctx.schedule(
    t.start + 2 * DAY + 2 * HOUR,
    'SLIPT (Slipstream only, its position staked in a CL gauge)',
    async () => {
      const { owner, token, pool } = await launchOnly({
        symbol: 'SLIPT',
        name: 'Slip Token',
        kind: 'slipstream',
        mcapUsd: 900_000,
        poolEth: 25,
      });
      out.only.slipstream = token;
      const s = a.slipstream[1];
      if (!s) return;
      ctx.schedule(ctx.now + HOUR, 'SLIPT: CL gauge', async () => {
        // On the newer factory, whose CL gauge factory is approved (localchain/aerodrome-deploy.ts).
        createGauge(s.factory, pool.pool, 'SLIPT CL gauge');
        ctx.schedule(ctx.now + 10 * 60, 'SLIPT: stake the position NFT', async () => {
          const [gauge, tokenId] = (await readMany(ctx, [
            gaugeOf(pool.pool),
            {
              address: s.positionManager,
              abi: parseAbi(['function tokenOfOwnerByIndex(address, uint256) view returns (uint256)']),
              functionName: 'tokenOfOwnerByIndex',
              args: [owner, 0n],
            },
          ])) as [Address, bigint];
          call(ctx, owner, s.positionManager, CLPositionManager.abi as Abi, 'approve', [gauge, tokenId], {
            gas: 200_000n,
            label: 'SLIPT: approve the gauge',
          });
          call(ctx, owner, gauge, parseAbi(['function deposit(uint256)']), 'deposit', [tokenId], {
            gas: 1_500_000n,
            label: 'SLIPT: stake position in CL gauge',
          });
          out.clGaugeStake = {
            pool: pool.pool,
            gauge: gauge.toLowerCase() as Address,
            staker: owner,
            tokenId: tokenId.toString(),
          };
        });
      });
    },
  );

  ctx.schedule(t.honeypotAt + 7 * HOUR, 'HONEYA (Aerodrome-only honeypot)', async () => {
    const { token } = await launchOnly({
      symbol: 'HONEYA',
      name: 'Honey Aero',
      kind: 'classic',
      mcapUsd: 300_000,
      poolEth: 8,
      honeypot: true,
    });
    out.only.honeypot = token;
  });

  ctx.schedule(t.rugAt + 4 * HOUR, 'RUGA (Aerodrome-only rug)', async () => {
    const { owner, token, pool } = await launchOnly({
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
      call(
        ctx,
        owner,
        a.router,
        AerodromeRouter.abi as Abi,
        'removeLiquidityETH',
        [token, false, lp, 0n, 0n, owner, DEADLINE],
        {
          gas: 1_000_000n,
          label: 'RUGA: remove all liquidity',
        },
      );
      pool.liveUntil = ctx.now;
      out.rug = { pool: pool.pool, deployer: owner, pulledAt: ctx.now };
    });
  });

  // Routine Aerodrome trading in every regular trading block, by wallets of its own funded once
  // (as V3's): their ETH is not planned by the V2 trading in the same blocks, so nothing runs dry.
  const m: Market = { ...ctx, rng: ctx.rng.fork('aerodrome') };
  const traders = Array.from({ length: ctx.cfg.full ? 24 : 12 }, (_, i) =>
    ctx.wallets.dev(`aero-trader/${i}`),
  );
  ctx.schedule(t.lookalikesAt + 4 * HOUR, 'fund Aerodrome traders', () =>
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
