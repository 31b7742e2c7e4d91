/**
 * Scripted activity around the routine trading: the ETH price's random walk on the WETH/USDC pool,
 * the lending pool and its users, liquidity providers adding and removing, early big buyers who
 * dump in the last hours, the demo wallet's portfolio and the new launches of the last day.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { LendingPool, WETH9 } from '../artifacts/generated';
import { DAY, HOUR } from './config';
import type { ScenarioContext } from './context';
import {
  addLiquidity,
  amountIn,
  amountOut,
  approve,
  buy,
  eth,
  GAS,
  type MarketToken,
  readBalances,
  readMany,
  readReserves,
  removeLiquidity,
  scale,
  sell,
  units,
} from './market';
import { deployPlain, ETH_USD_START, ensureEth, fund, LOOKALIKE_SYMBOLS, launch } from './tokens';

function token(ctx: ScenarioContext, symbol: string): MarketToken {
  const t = ctx.tokens.get(symbol);
  if (!t) throw new Error(`scenario token ${symbol} is not deployed yet`);
  return t;
}

/** A buy that respects the token's holding cap (FLAB's 0.8% for ordinary wallets). */
async function cappedBuy(
  ctx: ScenarioContext,
  wallet: Address,
  t: MarketToken,
  ethIn: bigint,
  label: string,
) {
  const [[bal], res] = await Promise.all([readBalances(ctx, [[t.address, wallet]]), readReserves(ctx, t)]);
  let value = ethIn;
  if (t.maxHolding !== undefined) {
    const room = t.maxHolding - (bal ?? 0n);
    if (room <= 0n) return;
    if (amountOut(value, res.weth, res.token) > room)
      value = amountIn((room * 9n) / 10n, res.weth, res.token);
  }
  if (value > 0n) buy(ctx, wallet, t, value, { label });
}

// ---- ETH price walk and lending ----

/** USDC base units per whole WETH, from the pool: what the lending pool values collateral at. */
export function usdPerEth(usdcReserve: bigint, wethReserve: bigint): bigint {
  return (usdcReserve * 10n ** 18n) / wethReserve;
}

export function scheduleMarketMaker(ctx: ScenarioContext, usdc: MarketToken): void {
  const r = ctx.rng.fork('eth-price');
  const mm = ctx.wallets.marketMaker;
  let price = ETH_USD_START;
  for (let at = ctx.times.start + DAY + 14 * HOUR; at < ctx.times.end - HOUR; at += DAY) {
    // Mean-reverting walk around 3,000 USD: moves of ~1.5% a day, never far away.
    price *= Math.exp(0.08 * Math.log(ETH_USD_START / price) + 0.015 * r.normal());
    const target = price;
    ctx.schedule(at, 'ETH price moves', async () => {
      const res = await readReserves(ctx, usdc);
      const w = Number(res.weth) / 1e18;
      const u = Number(res.token) / 1e6;
      const k = w * u;
      const wTarget = Math.sqrt(k / target);
      if (wTarget > w * 1.0005)
        buy(ctx, mm, usdc, eth((wTarget - w) / 0.997), { label: 'market maker sells ETH' });
      else if (wTarget < w * 0.9995) {
        sell(ctx, mm, usdc, units((Math.sqrt(k * target) - u) / 0.997, 6), {
          label: 'market maker buys ETH',
        });
      }
    });
  }
}

export async function launchLending(ctx: ScenarioContext, usdc: MarketToken): Promise<Address> {
  const { infra } = ctx.wallets;
  const lending = await ctx.q.deploy(
    infra,
    encodeDeployData({
      abi: LendingPool.abi,
      bytecode: LendingPool.bytecode as Hex,
      args: [usdc.address, ctx.core.weth, infra],
    }),
    'deploy LendingPool',
  );
  ctx.out.lending = lending;
  const setPrice = async () => {
    const res = await readReserves(ctx, usdc);
    ctx.q.add({
      from: infra,
      to: lending,
      data: encodeFunctionData({
        abi: LendingPool.abi,
        functionName: 'setCollateralPrice',
        args: [usdPerEth(res.token, res.weth)],
      }),
      gas: GAS.call,
      label: 'lending: set collateral price',
    });
  };
  await setPrice();
  // Follow the pool: a price update each day, after the market maker's move.
  for (let at = ctx.times.lendingAt + 15 * HOUR; at < ctx.times.end; at += DAY)
    ctx.schedule(at, 'lending price', setPrice);

  const r = ctx.rng.fork('lending');
  // Balances are read before the block runs, and these users trade too: a supply, borrow or repay
  // that comes up short fails on chain as it would for a real user, without failing the build.
  const call = (from: Address, data: Hex, label: string) =>
    ctx.q.add({ from, to: lending, data, gas: GAS.call, label, allowRevert: true });
  const users = r.sample(
    ctx.wallets.traders.filter((t) => t.address !== ctx.wallets.noFlab),
    ctx.cfg.suppliers + ctx.cfg.borrowers,
  );
  const suppliers = users.slice(0, ctx.cfg.suppliers);
  const borrowers = users.slice(ctx.cfg.suppliers);
  const h = ctx.times.end - ctx.times.lendingAt;
  const supplyWindowEnd = ctx.times.lendingAt + 0.35 * h;
  let firstSupply = Number.POSITIVE_INFINITY;

  for (const s of suppliers) {
    const at = Math.floor(Math.max(s.firstActive, ctx.times.lendingAt + DAY) + r.range(0, 0.2 * h));
    const ethIn = eth(r.range(2, 8));
    // A wallet that joined late would supply after "now": the history would run into the future.
    if (at + HOUR > ctx.times.end - HOUR) continue;
    firstSupply = Math.min(firstSupply, at + HOUR);
    ctx.schedule(at, 'lender buys USDC', async () => {
      await ensureEth(ctx, s.address, ethIn + eth(1));
      buy(ctx, s.address, usdc, ethIn, { label: 'lender buys USDC' });
    });
    ctx.schedule(at + HOUR, 'lender supplies USDC', async () => {
      const [bal] = await readBalances(ctx, [[usdc.address, s.address]]);
      const amount = scale(bal ?? 0n, 0.8);
      if (amount === 0n) return;
      approve(ctx, s.address, usdc.address, lending, 'supply');
      call(
        s.address,
        encodeFunctionData({ abi: LendingPool.abi, functionName: 'supply', args: [amount] }),
        'supply USDC',
      );
    });
  }
  const borrowFrom = Math.max(firstSupply, supplyWindowEnd) + 12 * HOUR;
  for (const b of borrowers) {
    const at = Math.floor(Math.max(b.firstActive, borrowFrom) + r.range(0, 0.3 * h));
    if (at > ctx.times.end - 2 * DAY) continue;
    const collateral = eth(r.range(2, 5));
    const repayAt = Math.floor(r.range(at + DAY, ctx.times.end - HOUR));
    const repays = r.chance(0.6);
    let borrowed = 0n;
    ctx.schedule(at, 'borrower posts WETH collateral', async () => {
      await ensureEth(ctx, b.address, collateral + eth(1));
      ctx.q.add({
        from: b.address,
        to: ctx.core.weth,
        value: collateral,
        data: encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }),
        gas: GAS.call,
        label: 'wrap ETH',
      });
      approve(ctx, b.address, ctx.core.weth, lending, 'collateral');
      call(
        b.address,
        encodeFunctionData({ abi: LendingPool.abi, functionName: 'depositCollateral', args: [collateral] }),
        'deposit collateral',
      );
    });
    ctx.schedule(at + 2 * HOUR, 'borrower borrows USDC', async () => {
      const [reads, res] = await Promise.all([
        readMany(ctx, [
          { address: lending, abi: LendingPool.abi, functionName: 'totalSupplied' },
          { address: lending, abi: LendingPool.abi, functionName: 'totalBorrowed' },
        ]),
        readReserves(ctx, usdc),
      ]);
      const supplied = reads[0] as bigint;
      const debt = reads[1] as bigint;
      const available = supplied - debt;
      const value = (collateral * usdPerEth(res.token, res.weth)) / 10n ** 18n;
      borrowed = scale(value, r.range(0.25, 0.45));
      if (borrowed > available / 2n) borrowed = available / 2n;
      if (borrowed <= 0n) return;
      call(
        b.address,
        encodeFunctionData({ abi: LendingPool.abi, functionName: 'borrow', args: [borrowed] }),
        'borrow USDC',
      );
    });
    if (repays) {
      ctx.schedule(repayAt, 'borrower repays', async () => {
        if (borrowed === 0n) return;
        // Borrowers may have spent the USDC meanwhile (they also trade): repay what they still hold.
        const [held = 0n] = await readBalances(ctx, [[usdc.address, b.address]]);
        const amount = held < borrowed / 2n ? held : borrowed / 2n;
        if (amount === 0n) return;
        approve(ctx, b.address, usdc.address, lending, 'repay');
        call(
          b.address,
          encodeFunctionData({ abi: LendingPool.abi, functionName: 'repay', args: [amount] }),
          'repay USDC',
        );
      });
    }
  }
  return lending;
}

// ---- liquidity providers, big traders, the demo wallet ----

/** What an LP keeps back for gas: the fee cap times approve + addLiquidity gas limits, and more. */
const LP_GAS_RESERVE = eth(0.05);

async function ethBalance(ctx: ScenarioContext, wallet: Address): Promise<bigint> {
  return BigInt(await ctx.q.rpc.call<string>('eth_getBalance', [wallet, 'latest']));
}

export function scheduleLiquidityProviders(ctx: ScenarioContext): void {
  const r = ctx.rng.fork('lps');
  const lps = r.sample(
    ctx.wallets.traders.filter((t) => t.address !== ctx.wallets.noFlab),
    ctx.cfg.lpProviders,
  );
  for (const lp of lps) {
    const symbol = r.pick(['DEGEN', 'BRETT', 'AERO', 'TOSHI', 'FLAB'] as const);
    const start = Math.max(
      lp.firstActive,
      symbol === 'FLAB' ? ctx.times.flabAt + DAY : ctx.times.lookalikesAt + DAY,
    );
    const at = Math.floor(start + r.range(0, 0.5 * (ctx.times.end - start)));
    if (at > ctx.times.end - DAY) continue;
    const removeAt = Math.floor(at + r.range(2 * DAY, 12 * DAY));
    const removeShare = r.range(0.5, 1);
    ctx.schedule(at, 'LP buys token', async () => {
      await ensureEth(ctx, lp.address, eth(5));
      await cappedBuy(ctx, lp.address, token(ctx, symbol), eth(r.range(0.5, 2)), `LP buys ${symbol}`);
    });
    ctx.schedule(at + 2 * HOUR, 'LP adds liquidity', async () => {
      const t = token(ctx, symbol);
      const [[bal], res, ethBal] = await Promise.all([
        readBalances(ctx, [[t.address, lp.address]]),
        readReserves(ctx, t),
        ethBalance(ctx, lp.address),
      ]);
      // The ETH side is what the wallet can pay: it may hold more of the token than it bought for
      // this (routine buys), and routine trades may have spent some ETH since. Sizing the deposit
      // from the token balance alone once made the build fail for lack of funds.
      const ethPaired = (tokens: bigint) => (tokens * res.weth * 105n) / (res.token * 100n) + 1n;
      let tokens = scale(bal ?? 0n, 0.9);
      const ethBudget = scale(ethBal - LP_GAS_RESERVE, 0.9);
      if (ethPaired(tokens) > ethBudget)
        tokens = ethBudget > 0n ? (ethBudget * res.token * 100n) / (res.weth * 105n) : 0n;
      if (tokens === 0n || ethPaired(tokens) > ethBudget) return;
      addLiquidity(ctx, lp.address, t, tokens, ethPaired(tokens));
    });
    if (removeAt < ctx.times.end - HOUR) {
      ctx.schedule(removeAt, 'LP removes liquidity', async () => {
        const t = token(ctx, symbol);
        const [lpBal] = await readBalances(ctx, [[t.pair, lp.address]]);
        const amount = scale(lpBal ?? 0n, removeShare);
        if (amount > 0n) removeLiquidity(ctx, lp.address, t, amount);
      });
    }
  }
}

export function scheduleBigTraders(ctx: ScenarioContext): void {
  const r = ctx.rng.fork('big-traders');
  const full = ctx.cfg.full;
  const h = ctx.times.end - ctx.times.start;
  for (const [i, w] of ctx.wallets.bigTraders.entries()) {
    const symbols = r.sample(LOOKALIKE_SYMBOLS, 2);
    for (const symbol of symbols) {
      const at = Math.floor(ctx.times.lookalikesAt + DAY + r.range(0, 0.5 * h));
      const ethIn = eth(full ? r.range(15, 40) : r.range(5, 12));
      ctx.schedule(at, 'big trader buys', async () => {
        await ensureEth(ctx, w, ethIn + eth(5));
        buy(ctx, w, token(ctx, symbol), ethIn, { label: `big trader ${i} buys ${symbol}` });
      });
    }
    // The dump: most of each position in one sell, within the last 12 hours.
    const dumpAt = Math.floor(r.range(ctx.times.bigSellsFrom, ctx.times.end - 20 * 60));
    ctx.schedule(dumpAt, 'big trader dumps', async () => {
      const tokens = symbols.map((s) => token(ctx, s));
      const balances = await readBalances(
        ctx,
        tokens.map((t) => [t.address, w] as const),
      );
      tokens.forEach((t, k) => {
        const amount = scale(balances[k] ?? 0n, r.range(0.7, 1));
        if (amount > 0n) sell(ctx, w, t, amount, { label: `big trader ${i} dumps ${t.symbol}` });
      });
    });
  }
}

export function scheduleDemoWallet(ctx: ScenarioContext): void {
  const w = ctx.wallets.demo;
  const from = ctx.times.flabAt + DAY;
  const span = ctx.times.end - DAY - from;
  const at = (f: number) => Math.floor(from + f * span);
  const plan: [number, string, number][] = [
    [0, 'FLAB', 0.6],
    [0.1, 'DEGEN', 0.5],
    [0.2, 'BRETT', 0.8],
    [0.35, 'AERO', 1],
    [0.45, 'USDC', 1],
    [0.6, 'TOSHI', 0.3],
    [0.9, 'FLAB', 0.2],
  ];
  ctx.schedule(from - HOUR, 'fund demo wallet', () => ensureEth(ctx, w, eth(12)));
  for (const [f, symbol, ethIn] of plan) {
    ctx.schedule(at(f), `demo buys ${symbol}`, () =>
      cappedBuy(ctx, w, token(ctx, symbol), eth(ethIn), `demo buys ${symbol}`),
    );
  }
  ctx.schedule(at(0.75), 'demo takes profit', async () => {
    const brett = token(ctx, 'BRETT');
    const [bal] = await readBalances(ctx, [[brett.address, w]]);
    if (bal) sell(ctx, w, brett, scale(bal, 0.4), { label: 'demo sells some BRETT' });
  });
}

export function scheduleLaunches(ctx: ScenarioContext): void {
  const specs = [
    { symbol: 'BFROG', name: 'Based Frog', eth: 4 },
    { symbol: 'CHAD', name: 'Base Chad', eth: 3 },
  ];
  specs.forEach((s, i) => {
    const at = ctx.times.launchesAt[i];
    if (at === undefined) return;
    ctx.schedule(at, `launch ${s.symbol}`, async () => {
      const owner = ctx.wallets.dev(s.symbol);
      await fund(ctx, [[owner, eth(s.eth + 5)]]);
      const supply = units(1_000_000_000, 18);
      const t = await launch(ctx, {
        symbol: s.symbol,
        owner,
        deploy: deployPlain(ctx, owner, s.name, s.symbol, supply),
        supply,
        poolTokens: (supply * 9n) / 10n,
        poolEth: eth(s.eth),
        weight: 8,
        buyScale: 0.6,
        liveDelay: 10 * 60,
      });
      ctx.out.launches.push({
        symbol: s.symbol,
        token: t.address,
        pair: t.pair,
        deployer: owner,
        launchedAt: ctx.now,
      });
    });
  });
}
