/**
 * Issue 14 acceptance on the test scenario: tokens that trade on Uniswap V3 get a price from the
 * pool's slot0, an impact from QuoterV2, liquidity and volume from V3 swaps, a sell simulation
 * through SwapRouter02 (honeypot caught), the rug's removal, and locked / burned positions.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_WAIT_MS, createChainClients } from '../../src/server/chain/client';
import { createTokenEngine } from '../../src/server/engine/token-engine';
import { readRuggedTokens } from '../../src/server/facts/holders/index-reads';
import {
  NonfungiblePositionManager,
  ScenarioToken,
  SwapRouter02,
  UniswapV2Factory,
  UniswapV2Pair,
  WETH9,
} from '../../src/server/localchain/artifacts/generated';
import { V3_OBSERVATIONS } from '../../src/server/localchain/scenario/uniswap-v3-market';
import type { Runtime } from '../../src/server/runtime';
import {
  cachedReports,
  type ScenarioApp,
  startScenarioApp,
} from '../../src/server/test-support/scenario-app';
import type { NetworkInfo } from '../../src/shared/network';
import type { ScenarioUniswapV3 } from '../../src/shared/scenario';
import { RUG } from '../../src/shared/vocabulary';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let network: NetworkInfo;
let v3: ScenarioUniswapV3;

const poolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function token0() view returns (address)',
  'function liquidity() view returns (uint128)',
]);
const erc20Abi = parseAbi(['function approve(address, uint256) returns (bool)']);

/** A fresh engine whose every HTTP request to the chain is counted (a JSON-RPC batch counts once). */
function countingEngine() {
  const counter = { requests: 0 };
  const chain = createChainClients({
    rpcUrl: runtime.chain.rpcUrl,
    mode: 'local',
    batchWaitMs: BATCH_WAIT_MS,
    onFetchRequest: () => {
      counter.requests++;
    },
  });
  const engine = createTokenEngine({
    db: runtime.database.db,
    chain,
    network: runtime.network,
    indexer: runtime.indexer,
    log,
  });
  return { engine, counter };
}

/** Sends a transaction from any address (anvil auto-impersonates) and waits for success. */
async function send(from: Address, to: Address, data: Hex, value = 0n): Promise<void> {
  const c = runtime.localChain?.clients;
  if (!c) throw new Error('no local chain');
  const hash = await c.wallet.sendTransaction({
    account: from,
    chain: c.chain,
    to,
    data,
    value,
    gas: 8_000_000n,
  });
  const r = await c.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`transaction to ${to} reverted`);
  await runtime.indexer?.syncOnce();
}

/** Deploys a contract from `from` and returns its address. */
async function deploy(from: Address, data: Hex): Promise<Address> {
  const c = runtime.localChain?.clients;
  if (!c) throw new Error('no local chain');
  const hash = await c.wallet.sendTransaction({ account: from, chain: c.chain, data, gas: 8_000_000n });
  const r = await c.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success' || !r.contractAddress) throw new Error('deployment reverted');
  return r.contractAddress.toLowerCase() as Address;
}

/** A wallet with `eth` wrapped to WETH and approved to `spender`. */
async function wethWallet(name: string, eth: string, spender: Address): Promise<Address> {
  const w = keccak256(toHex(`v3 test ${name}`)).slice(0, 42) as Address;
  const weth = network.contracts.weth as Address;
  await runtime.localChain?.clients.test.setBalance({ address: w, value: parseEther(eth) * 2n });
  await send(w, weth, encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }), parseEther(eth));
  await send(
    w,
    weth,
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 2n ** 255n] }),
  );
  return w;
}

/** A new ScenarioToken (1,000,000 minted to `dev`). */
const deployToken = (dev: Address, name: string, symbol: string) =>
  deploy(
    dev,
    encodeDeployData({
      abi: ScenarioToken.abi,
      bytecode: ScenarioToken.bytecode as Hex,
      args: [name, symbol, 18, parseEther('1000000'), dev],
    }),
  );

/**
 * A new token of a funded `dev` with a V3 pool (0.3%) opened at `place`'s price and one position of
 * dev's over its range; `wrapEth` is wrapped first, and dev's token and WETH are approved to the
 * position manager and the router. `place` gets the token's side (token0 or not): ticks and prices
 * read the other way round when it is token1.
 */
async function tokenWithV3Position(o: {
  name: string;
  symbol: string;
  wrapEth: string;
  place: (tokenIs0: boolean) => { sqrtPriceX96: bigint; tickLower: number; tickUpper: number };
  tokenAmount: bigint;
  wethAmount: bigint;
}): Promise<{ dev: Address; token: Address; weth: Address }> {
  const dev = keccak256(toHex(`v3 test ${o.name}`)).slice(0, 42) as Address;
  const weth = (network.contracts.weth as string).toLowerCase() as Address;
  const v3c = network.contracts.uniswapV3;
  if (!v3c) throw new Error('no V3 contracts');
  const pm = v3c.positionManager as Address;
  await runtime.localChain?.clients.test.setBalance({
    address: dev,
    value: parseEther(o.wrapEth) + parseEther('10'),
  });
  const token = await deployToken(dev, o.name, o.symbol);
  await send(
    dev,
    weth,
    encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }),
    parseEther(o.wrapEth),
  );
  for (const [t, spender] of [
    [token, pm],
    [weth, pm],
    [weth, v3c.swapRouter02 as Address],
  ] as const)
    await send(
      dev,
      t,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 2n ** 255n] }),
    );
  const tokenIs0 = token < weth;
  const [t0, t1] = tokenIs0 ? [token, weth] : [weth, token];
  const { sqrtPriceX96, tickLower, tickUpper } = o.place(tokenIs0);
  await send(
    dev,
    pm,
    encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'createAndInitializePoolIfNecessary',
      args: [t0, t1, 3000, sqrtPriceX96],
    }),
  );
  await send(
    dev,
    pm,
    encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'mint',
      args: [
        {
          token0: t0,
          token1: t1,
          fee: 3000,
          tickLower,
          tickUpper,
          amount0Desired: tokenIs0 ? o.tokenAmount : o.wethAmount,
          amount1Desired: tokenIs0 ? o.wethAmount : o.tokenAmount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: dev,
          deadline: 2n ** 40n,
        },
      ],
    }),
  );
  return { dev, token, weth };
}

const poolOf = (symbol: string) => {
  const p = v3.pools.find((x) => x.symbol === symbol);
  if (!p) throw new Error(`no V3 pool ${symbol}`);
  return p;
};
const quoterAbi = parseAbi([
  'struct P { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(P params) returns (uint256 amountOut, uint160, uint32, uint256)',
]);

const report = cachedReports(() => app);

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  network = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
  const m = runtime.localChain?.manifest.uniswapV3;
  if (!m) throw new Error('the scenario has no Uniswap V3 part');
  v3 = m;
});
afterAll(async () => {
  await scenario?.stop();
});

describe('Uniswap V3 as a venue', () => {
  it('/api/network lists the V3 contracts', () => {
    const c = network.contracts.uniswapV3;
    expect(c).not.toBeNull();
    for (const a of [c?.factory, c?.positionManager, c?.swapRouter02, c?.quoterV2])
      expect(a).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('a cold report of a V3-only token costs at most 10 JSON-RPC requests (a batch counts once)', async () => {
    // Counts are behaviour: each one is a round trip a remote RPC would make the user wait for.
    for (const token of [v3.onlyV3.locked, v3.onlyV3.honeypot]) {
      const { engine, counter } = countingEngine();
      const r = await engine.report(token);
      expect(r.facts.pools[0]?.venue).toBe('uniswap-v3');
      expect(r.liquidity.liquidityData.priceImpact).not.toBeNull();
      expect(counter.requests, token).toBeLessThanOrEqual(10);
    }
  });

  it('prices a V3-only token from slot0 and its impact from QuoterV2; liquidity and volume from V3', async () => {
    const token = v3.onlyV3.locked;
    const r = await report(token);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('uniswap-v3');
    expect(pool?.feeTier).toBe(10000);
    expect(r.facts.pools).toHaveLength(1);
    const client = runtime.chain.public;
    const [slot0, token0] = await Promise.all([
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'slot0' }),
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'token0' }),
    ]);
    const raw = (Number(slot0[0]) / 2 ** 96) ** 2; // token1 per token0 (both 18 decimals)
    const ethPerToken = token0.toLowerCase() === token ? raw : 1 / raw;
    expect(Math.abs((pool?.priceEth as number) / ethPerToken - 1)).toBeLessThan(0.005);

    // The impact of the default $1,000 buy, against QuoterV2 asked directly.
    const ethUsd = (pool?.priceUsd as number) / (pool?.priceEth as number);
    const amountIn = BigInt(Math.floor((1000 / ethUsd) * 1e18));
    const { result } = await client.simulateContract({
      address: network.contracts.uniswapV3?.quoterV2 as Address,
      abi: quoterAbi,
      functionName: 'quoteExactInputSingle',
      args: [
        { tokenIn: network.contracts.weth, tokenOut: token, amountIn, fee: 10000, sqrtPriceLimitX96: 0n },
      ],
    });
    const expected = (1 - Number(result[0]) / 1e18 / (Number(amountIn) / 1e18 / ethPerToken)) * 100;
    const impact = r.liquidity.liquidityData.priceImpact as number;
    expect(impact).not.toBeNull();
    expect(Math.abs(impact - expected)).toBeLessThan(0.1);
    expect(impact).toBeGreaterThan(0.9); // the 1% fee alone

    expect(pool?.poolValueUsd).toBeGreaterThan(1000);
    expect(pool?.depthUsd2Pct).toBeGreaterThan(0);
    expect(pool?.swaps24h.buys).toBeGreaterThan(0);
    expect(pool?.volume24hUsd).toBeGreaterThan(0);
    expect(r.facts.trade.status).toBe('ok');
  });

  it('recognises the position NFT held by the locker', async () => {
    const r = await report(v3.onlyV3.locked);
    expect(r.facts.pools[0]?.lpLockedShare).toBeGreaterThan(0.99);
    expect(r.facts.pools[0]?.lockUnlockTime).toBe(v3.lockedPosition?.unlockTime);
    expect(r.liquidity.liquidityData.liquidityLocked).toBe(true);
  });

  it('the whale tracker shows the V3 pool as a liquidity pool, not a whale', async () => {
    const r = await report(v3.onlyV3.locked);
    const pool = r.facts.pools[0]?.pair.toLowerCase();
    const row = r.whales.topHolders.find((h) => h.address.toLowerCase() === pool);
    expect(row?.walletType).toBe('Liquidity pool');
    expect(
      r.whales.topHolders.filter((h) => h.walletType === 'Whale').map((h) => h.address.toLowerCase()),
    ).not.toContain(pool);
  });

  it('recognises the position NFT sent to 0x…dEaD as burned', async () => {
    const r = await report(v3.onlyV3.burned);
    expect(r.facts.pools[0]?.venue).toBe('uniswap-v3');
    expect(r.facts.pools[0]?.lpBurnedShare).toBeGreaterThan(0.99);
    expect(r.liquidity.liquidityData.liquidityLocked).toBe(true);
  });

  it('flags the V3-only honeypot with its revert reason', async () => {
    const r = await report(v3.onlyV3.honeypot);
    expect(r.facts.pools[0]?.venue).toBe('uniswap-v3');
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(String(r.facts.trade.revertReason)).toContain('trading locked');
    expect(r.scanner.risks[0]).toMatch(/Honeypot/);
  });

  it("shows the V3 rug's liquidity removal", async () => {
    const r = await report(v3.onlyV3.rugged);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('uniswap-v3');
    expect(pool?.liquidityEventCount).toBeGreaterThanOrEqual(2);
    expect(r.liquidity.warnings.join(' ')).toMatch(/drained|rugged/i);
  });

  it('lists both venues for a look-alike and takes the deeper V3 pool as main', async () => {
    const r = await report(network.tokens.DEGEN as string);
    const venues = new Set(r.facts.pools.map((p) => p.venue));
    expect(venues).toEqual(new Set(['uniswap-v2', 'uniswap-v3']));
    expect(r.facts.pools[0]?.venue).toBe('uniswap-v3');
    const shares = r.facts.pools.map((p) => p.share ?? 0);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // The liquidity scanner's pools list: venue, pair, fee tier, share.
    expect(r.liquidity.pools[0]).toMatchObject({ venue: 'Uniswap V3', pair: 'DEGEN/WETH' });
    expect(r.liquidity.pools.map((p) => p.feePct)).toEqual(expect.arrayContaining([0.3, 1]));
    expect(r.facts.trade.status).toBe('ok');
  });

  it('puts a V3 rug in the rug history (quote drained after Burn + Collect)', async () => {
    const rugged = await readRuggedTokens(
      runtime.database.db,
      [network.contracts.weth.toLowerCase()],
      RUG.minPeakWeth,
    );
    expect(rugged.map((r) => r.token)).toContain(v3.onlyV3.rugged.toLowerCase());
    expect(rugged.map((r) => r.pair)).toContain(v3.rug?.pool.toLowerCase());
    // The locked and burned V3-only tokens still have their liquidity: not rugs.
    expect(rugged.map((r) => r.token)).not.toContain(v3.onlyV3.locked.toLowerCase());
    expect(rugged.map((r) => r.token)).not.toContain(v3.onlyV3.burned.toLowerCase());
  });

  it('gives the 30-minute TWAP beside the slot0 price (scenario pools keep enough observations)', async () => {
    const slot0 = await runtime.chain.public.readContract({
      address: poolOf('CLANK').pool,
      abi: poolAbi,
      functionName: 'slot0',
    });
    expect(Number(slot0[4])).toBeGreaterThanOrEqual(V3_OBSERVATIONS);
    const r = await report(v3.onlyV3.locked);
    const pool = r.liquidity.pools[0];
    expect(pool?.twapNote).toBeNull();
    expect(pool?.twapPriceUsd).toBeGreaterThan(0);
    expect(Math.abs(pool?.twapDeviationPct as number)).toBeLessThan(10);
    expect(pool?.priceManipulated).toBe(false);
    expect(r.facts.pools[0]?.twapPriceUsd).toBe(pool?.twapPriceUsd);
  });

  it('measures depth within ±2% across initialised ticks (a narrow position inside the band)', async () => {
    const p = poolOf('DEGEN/3000');
    const client = runtime.chain.public;
    const weth = (network.contracts.weth as string).toLowerCase() as Address;
    const pm = network.contracts.uniswapV3?.positionManager as Address;
    const [slot0, token0, L0] = await Promise.all([
      client.readContract({ address: p.pool, abi: poolAbi, functionName: 'slot0' }),
      client.readContract({ address: p.pool, abi: poolAbi, functionName: 'token0' }),
      client.readContract({ address: p.pool, abi: poolAbi, functionName: 'liquidity' }),
    ]);
    const wethIs0 = token0.toLowerCase() === weth;
    const tick = slot0[1];
    const spacing = 60; // fee 0.3%
    // A WETH-only position right beside the price: its near boundary lies less than 60 ticks away,
    // well inside ±2% (≈ 198 ticks), so a swap to the band's edge crosses it.
    const base = Math.floor(tick / spacing) * spacing;
    const [lower, upper] = wethIs0 ? [base + spacing, base + 5 * spacing] : [base - 4 * spacing, base];
    const lp = await wethWallet('depth', '200', pm);
    await send(
      lp,
      pm,
      encodeFunctionData({
        abi: NonfungiblePositionManager.abi,
        functionName: 'mint',
        args: [
          {
            token0: token0 as Address,
            token1: (wethIs0 ? p.token : weth) as Address,
            fee: 3000,
            tickLower: lower,
            tickUpper: upper,
            amount0Desired: wethIs0 ? parseEther('100') : 0n,
            amount1Desired: wethIs0 ? 0n : parseEther('100'),
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: lp,
            deadline: 2n ** 40n,
          },
        ],
      }),
    );
    const L1 = (await client.readContract({
      address: p.pool,
      abi: poolAbi,
      functionName: 'liquidity',
    })) as bigint;
    expect(L1).toBe(L0); // the new position is out of range: only the ticks know about it

    // Expected depth by hand: the whitepaper's amounts per range, the buy side paying the 0.3% fee.
    const sqrtP = Number(slot0[0]) / 2 ** 96;
    const sq = (t: number) => 1.0001 ** (t / 2);
    // Liquidity of the new position = WETH paid / its range in (inverse) sqrt price (one-sided).
    const Lextra = wethIs0 ? 100e18 / (1 / sq(lower) - 1 / sq(upper)) : 100e18 / (sq(upper) - sq(lower));
    const l0 = Number(L0);
    const fee = 0.003;
    let activeOnlyWei: number;
    let extraWei: number;
    if (!wethIs0) {
      // WETH is token1; the token's price is P. Buy: P → 1.02 P; sell: P → 0.98 P.
      const up = l0 * (sqrtP * Math.sqrt(1.02) - sqrtP);
      const lowEnd = sqrtP * Math.sqrt(0.98);
      activeOnlyWei = up / (1 - fee) + l0 * (sqrtP - lowEnd);
      extraWei = Lextra * Math.max(0, sq(upper) - Math.max(lowEnd, sq(lower)));
    } else {
      // WETH is token0; the token's price is 1/P. Buy: P → P/1.02; sell: P → P/0.98.
      const upEnd = sqrtP / Math.sqrt(1.02);
      const up = l0 * (1 / upEnd - 1 / sqrtP);
      const hiEnd = sqrtP / Math.sqrt(0.98);
      activeOnlyWei = up / (1 - fee) + l0 * (1 / sqrtP - 1 / hiEnd);
      extraWei = Lextra * Math.max(0, 1 / sq(lower) - 1 / Math.min(hiEnd, sq(upper)));
    }
    const expectedWei = activeOnlyWei + extraWei;
    const { engine } = countingEngine();
    const r = await engine.report(p.token);
    const pool = r.facts.pools.find((x) => x.pair.toLowerCase() === p.pool.toLowerCase());
    const ethUsd = (pool?.priceUsd as number) / (pool?.priceEth as number);
    const depthWei = ((pool?.depthUsd2Pct as number) / ethUsd) * 1e18;
    expect(Math.abs(depthWei / expectedWei - 1)).toBeLessThan(0.01);
    // Active liquidity alone (the old estimate) would miss the position: the ticks matter here.
    expect(extraWei / activeOnlyWei).toBeGreaterThan(0.1);
    expect(Math.abs(depthWei / activeOnlyWei - 1)).toBeGreaterThan(0.05);
    expect(r.liquidity.pools.find((x) => x.pool === pool?.pair)?.depthUsd2Pct).toBeGreaterThan(0);
  });

  it('flags a price pushed far from its 30-minute average as manipulated', async () => {
    const p = poolOf('TOSHI/10000');
    const router = network.contracts.uniswapV3?.swapRouter02 as Address;
    const weth = network.contracts.weth as Address;
    const whale = await wethWallet('pump', '200', router);
    await send(
      whale,
      router,
      encodeFunctionData({
        abi: SwapRouter02.abi,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: weth,
            tokenOut: p.token,
            fee: 10000,
            recipient: whale,
            amountIn: parseEther('100'),
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    );
    const { engine } = countingEngine();
    const r = await engine.report(p.token);
    const pool = r.liquidity.pools.find((x) => x.pool.toLowerCase() === p.pool.toLowerCase());
    expect(pool?.twapDeviationPct).toBeGreaterThan(10);
    expect(pool?.priceManipulated).toBe(true);
    if (r.liquidity.pools[0]?.pool.toLowerCase() === p.pool.toLowerCase())
      expect(r.liquidity.warnings.join(' ')).toMatch(/manipulated/);
  });

  it('says "TWAP unavailable" for a pool too new for a 30-minute average', async () => {
    const based = poolOf('BASED');
    const client = runtime.chain.public;
    const weth = (network.contracts.weth as string).toLowerCase() as Address;
    const pm = network.contracts.uniswapV3?.positionManager as Address;
    const [slot0, token0] = await Promise.all([
      client.readContract({ address: based.pool, abi: poolAbi, functionName: 'slot0' }),
      client.readContract({ address: based.pool, abi: poolAbi, functionName: 'token0' }),
    ]);
    const wethIs0 = token0.toLowerCase() === weth;
    const lp = await wethWallet('young pool', '5', pm);
    const [t0, t1] = wethIs0 ? [weth, based.token] : [based.token, weth];
    await send(
      lp,
      pm,
      encodeFunctionData({
        abi: NonfungiblePositionManager.abi,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [t0 as Address, t1 as Address, 500, slot0[0]],
      }),
    );
    const base = Math.floor(slot0[1] / 10) * 10;
    await send(
      lp,
      pm,
      encodeFunctionData({
        abi: NonfungiblePositionManager.abi,
        functionName: 'mint',
        args: [
          {
            token0: t0 as Address,
            token1: t1 as Address,
            fee: 500,
            tickLower: wethIs0 ? base + 10 : base - 100,
            tickUpper: wethIs0 ? base + 100 : base,
            amount0Desired: wethIs0 ? parseEther('1') : 0n,
            amount1Desired: wethIs0 ? 0n : parseEther('1'),
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: lp,
            deadline: 2n ** 40n,
          },
        ],
      }),
    );
    const { engine } = countingEngine();
    const r = await engine.report(based.token);
    const young = r.liquidity.pools.find((p) => p.feePct === 0.05);
    expect(young?.venue).toBe('Uniswap V3');
    expect(young?.twapPriceUsd).toBeNull();
    expect(young?.twapNote).toMatch(/^TWAP unavailable: /);
    expect(young?.priceManipulated).toBeNull();
    // The old pool keeps its average.
    expect(r.liquidity.pools.find((p) => p.feePct === 0.3)?.twapNote).toBeNull();
  });

  it('a V3 pool bought past its last position has no price, never the end of the curve', async () => {
    // 1 WETH a token (tick 0), one position over ±6%: 5 tokens and 5 WETH.
    const { dev, token, weth } = await tokenWithV3Position({
      name: 'Drained',
      symbol: 'DRAIN',
      wrapEth: '40',
      place: () => ({ sqrtPriceX96: 2n ** 96n, tickLower: -600, tickUpper: 600 }),
      tokenAmount: parseEther('5'),
      wethAmount: parseEther('5'),
    });
    const router = network.contracts.uniswapV3?.swapRouter02 as Address;
    // A buy larger than the position: the price runs past it to the end of the curve.
    await send(
      dev,
      router,
      encodeFunctionData({
        abi: SwapRouter02.abi,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: weth,
            tokenOut: token,
            fee: 3000,
            recipient: dev,
            amountIn: parseEther('30'),
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    );
    const { engine } = countingEngine();
    const r = await engine.report(token);
    const pool = r.liquidity.pools.find((p) => p.venue === 'Uniswap V3');
    expect(pool).toBeDefined();
    expect(pool?.priceUsd).toBeNull();
    expect(pool?.liquidityUsd).toBeNull();
    expect(pool?.depthUsd2Pct).toBe(0);
  });

  it('a dust position at an absurd price does not make the pool deep: V3 value is twice the quote side', async () => {
    // 1 WETH a token, the price a hair inside the range's edge on the token's side: the position is
    // 500,000 tokens "worth" 500,000 ETH at that price, and about 0.00003 WETH.
    const { token } = await tokenWithV3Position({
      name: 'Dust Deep',
      symbol: 'DDEEP',
      wrapEth: '1',
      place: (tokenIs0) =>
        tokenIs0
          ? { sqrtPriceX96: 2n ** 96n + 2n ** 60n, tickLower: 0, tickUpper: 6000 }
          : { sqrtPriceX96: 2n ** 96n - 2n ** 60n, tickLower: -6000, tickUpper: 0 },
      tokenAmount: parseEther('500000'),
      wethAmount: parseEther('0.001'),
    });
    const { engine } = countingEngine();
    const r = await engine.report(token);
    const pool = r.facts.pools.find((p) => p.venue === 'uniswap-v3');
    expect(pool?.priceEth).toBeCloseTo(1, 3); // the absurd price is the pool's own, and shown
    expect(BigInt(pool?.tokenReserve ?? 0)).toBeGreaterThan(parseEther('400000'));
    // What a seller could take out: the WETH side, a fraction of 0.001 ETH; never 500,000 ETH.
    const ethUsd = (pool?.priceUsd as number) / (pool?.priceEth as number);
    expect(pool?.poolValueUsd).toBeLessThanOrEqual(2 * 0.001 * ethUsd);
  });

  it('a token whose only pool is on a DEX we do not read says so, never "no liquidity"', async () => {
    const dev = keccak256(toHex('v3 test unread venue')).slice(0, 42) as Address;
    const weth = network.contracts.weth as Address;
    await runtime.localChain?.clients.test.setBalance({ address: dev, value: parseEther('100') });
    // Another DEX: a second V2-style factory, unknown to the venue registry.
    const factory = await deploy(
      dev,
      encodeDeployData({
        abi: UniswapV2Factory.abi,
        bytecode: UniswapV2Factory.bytecode as Hex,
        args: [dev],
      }),
    );
    const token = await deployToken(dev, 'Elsewhere', 'ELSE');
    await send(
      dev,
      factory,
      encodeFunctionData({ abi: UniswapV2Factory.abi, functionName: 'createPair', args: [token, weth] }),
    );
    const pair = (await runtime.chain.public.readContract({
      address: factory,
      abi: UniswapV2Factory.abi,
      functionName: 'getPair',
      args: [token, weth],
    })) as Address;
    await send(dev, weth, encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }), parseEther('10'));
    const transfer = parseAbi(['function transfer(address, uint256) returns (bool)']);
    await send(
      dev,
      weth,
      encodeFunctionData({ abi: transfer, functionName: 'transfer', args: [pair, parseEther('10')] }),
    );
    await send(
      dev,
      token,
      encodeFunctionData({ abi: transfer, functionName: 'transfer', args: [pair, parseEther('500000')] }),
    );
    await send(dev, pair, encodeFunctionData({ abi: UniswapV2Pair.abi, functionName: 'mint', args: [dev] }));

    const r = await report(token);
    expect(r.facts.pools).toHaveLength(0);
    expect(r.facts.unreadPoolCount).toBe(1);
    const words = [...r.liquidity.warnings, ...r.liquidity.evidence.map((e) => e.detail)].join(' ');
    expect(words).toMatch(/trades only on a venue we do not read yet/);
    expect(words).not.toMatch(/no liquidity/i);
  });

  it('draws candles from the V3 pool', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/tokens/${v3.onlyV3.locked}/candles?interval=1h`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { candles: unknown[] };
    expect(body.candles.length).toBeGreaterThan(0);
  });
});
