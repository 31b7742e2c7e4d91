/**
 * Aerodrome on a fresh anvil, from its own compiled sources (issue 27): classic volatile and stable
 * pools and Slipstream pools on both CLFactories, read through the venue registry exactly as the
 * app reads them. The venues' quotes must equal the pools' own getAmountOut / Slipstream's quoter;
 * the stable pool must move far less than a volatile pool of equal depth; LP staked in a gauge must
 * not count as locked; the indexer's decoder must read every Aerodrome event; and the trade probe
 * must buy and sell through Aerodrome's Router and Slipstream's SwapRouter, and catch a honeypot
 * that trades only there.
 */
import pino from 'pino';
import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalChainClients,
  type LocalChainClients,
  MULTICALL3_ADDRESS,
} from '../../src/server/chain/client';
import type { NetworkDescription } from '../../src/server/chain/network';
import { simulateTrading } from '../../src/server/facts/trade-simulation';
import { type AerodromeAddresses, deployAerodrome } from '../../src/server/localchain/aerodrome-deploy';
import { type AnvilProcess, startAnvil } from '../../src/server/localchain/anvil';
import {
  AerodromeRouter,
  AerodromeVoter,
  CLPositionManager,
  CLQuoterV2,
  CLSwapRouter,
} from '../../src/server/localchain/artifacts/aerodrome';
import {
  HoneypotToken,
  ScenarioToken,
  Stablecoin,
  WETH9,
} from '../../src/server/localchain/artifacts/generated';
import { type CoreAddresses, deployContract, deployCore } from '../../src/server/localchain/deploy';
import { decodePoolLog } from '../../src/server/venues/decode-pool-log';
import type { RawLog } from '../../src/server/venues/pool-events';
import { createVenueRegistry, type VenueRegistry } from '../../src/server/venues/registry';
import type { PoolState } from '../../src/server/venues/venue';

const log = pino({ level: 'silent' });
const DEADLINE = 2n ** 40n;
const MAX = 2n ** 255n;
const admin = keccak256(toHex('aerodrome admin')).slice(0, 42).toLowerCase() as Address;
const lp = keccak256(toHex('aerodrome staker')).slice(0, 42).toLowerCase() as Address;

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;
let aero: AerodromeAddresses;
let venues: VenueRegistry;
const t = {} as Record<'VOL' | 'CL' | 'OLD' | 'USDC' | 'USDbC' | 'HONEY', Address>;
const pools = {} as Record<'vol' | 'stable' | 'usdVolatile' | 'cl' | 'clOld' | 'honey', Address>;

async function send(to: Address, data: Hex, value = 0n, from = admin): Promise<void> {
  const hash = await chain.wallet.sendTransaction({
    account: from,
    chain: chain.chain,
    to,
    data,
    value,
    gas: 8_000_000n,
  });
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`tx to ${to} reverted`);
}
const call = (to: Address, abi: Abi, functionName: string, args: unknown[], value = 0n, from = admin) =>
  send(to, encodeFunctionData({ abi, functionName, args } as never), value, from);
const approve = (token: Address, spender: Address, from = admin) =>
  call(token, erc20Abi, 'approve', [spender, MAX], 0n, from);

const factoryAbi = parseAbi([
  'function getPool(address, address, bool) view returns (address)',
  'function getPool(address, address, int24) view returns (address)',
]);
const poolAbi = parseAbi(['function getAmountOut(uint256, address) view returns (uint256)']);

async function classicPool(a: Address, x: bigint, b: Address, y: bigint, stable: boolean): Promise<Address> {
  await call(aero.router, AerodromeRouter.abi as Abi, 'addLiquidity', [
    a,
    b,
    stable,
    x,
    y,
    0n,
    0n,
    admin,
    DEADLINE,
  ]);
  const p = await chain.public.readContract({
    address: aero.poolFactory,
    abi: factoryAbi,
    functionName: 'getPool',
    args: [a, b, stable],
  });
  return p.toLowerCase() as Address;
}

function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** A full-range Slipstream position creating the pool (tick spacing 100) on factory `i`. */
async function clPool(i: number, a: Address, x: bigint, b: Address, y: bigint): Promise<Address> {
  const [t0, t1, x0, x1] = a < b ? [a, b, x, y] : [b, a, y, x];
  const s = aero.slipstream[i] as AerodromeAddresses['slipstream'][number];
  const edge = Math.floor(887272 / 100) * 100;
  await call(s.positionManager, CLPositionManager.abi as Abi, 'mint', [
    {
      token0: t0,
      token1: t1,
      tickSpacing: 100,
      tickLower: -edge,
      tickUpper: edge,
      amount0Desired: x0,
      amount1Desired: x1,
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: admin,
      deadline: DEADLINE,
      sqrtPriceX96: isqrt((x1 << 192n) / x0),
    },
  ]);
  const p = await chain.public.readContract({
    address: s.factory,
    abi: factoryAbi,
    functionName: 'getPool',
    args: [t0, t1, 100],
  });
  return p.toLowerCase() as Address;
}

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  for (const a of [admin, lp]) await chain.test.setBalance({ address: a, value: parseEther('100000') });
  core = await deployCore(chain, { deployer: admin, log });
  aero = await deployAerodrome(chain, { deployer: admin, weth: core.weth });
  const token = async (name: string, decimals = 18) =>
    (
      await deployContract(
        chain,
        ScenarioToken,
        [name, name, decimals, parseUnits('100000000', decimals), admin],
        admin,
      )
    ).toLowerCase() as Address;
  t.VOL = await token('VOL');
  t.CL = await token('CLT');
  t.OLD = await token('OLD');
  for (const [name, sym] of [
    ['USD Coin', 'USDC'],
    ['USD Base Coin', 'USDbC'],
  ] as const) {
    const a = (
      await deployContract(chain, Stablecoin, [name, sym, 6, admin], admin)
    ).toLowerCase() as Address;
    await call(a, Stablecoin.abi as Abi, 'mint', [admin, parseUnits('10000000', 6)]);
    t[sym] = a;
  }
  t.HONEY = (
    await deployContract(chain, HoneypotToken, ['Honey', 'HONEY', parseEther('100000000'), admin], admin)
  ).toLowerCase() as Address;
  await call(core.weth, WETH9.abi as Abi, 'deposit', [], parseEther('2000'));
  for (const x of Object.values(t).concat(core.weth)) {
    await approve(x, aero.router);
    for (const s of aero.slipstream) await approve(x, s.positionManager);
  }
  pools.vol = await classicPool(t.VOL, parseEther('1000000'), core.weth, parseEther('100'), false);
  // Equal depth on both sides of 1:1 — one stable pool, one volatile pool of the same reserves.
  pools.stable = await classicPool(t.USDC, parseUnits('1000000', 6), t.USDbC, parseUnits('1000000', 6), true);
  pools.usdVolatile = await classicPool(
    t.USDC,
    parseUnits('1000000', 6),
    t.USDbC,
    parseUnits('1000000', 6),
    false,
  );
  pools.cl = await clPool(1, t.CL, parseEther('1000000'), core.weth, parseEther('100'));
  pools.clOld = await clPool(0, t.OLD, parseEther('1000000'), core.weth, parseEther('50'));
  pools.honey = await classicPool(t.HONEY, parseEther('1000000'), core.weth, parseEther('20'), false);
  await call(t.HONEY, HoneypotToken.abi as Abi, 'setPair', [pools.honey, true]);
  // Trades on every pool, so there are Swap events to decode.
  await call(aero.router, AerodromeRouter.abi as Abi, 'swapExactTokensForTokens', [
    parseEther('1'),
    0n,
    [{ from: core.weth, to: t.VOL, stable: false, factory: aero.poolFactory }],
    admin,
    DEADLINE,
  ]);
  const s1 = aero.slipstream[1] as AerodromeAddresses['slipstream'][number];
  await approve(core.weth, s1.swapRouter);
  await call(s1.swapRouter, CLSwapRouter.abi as Abi, 'exactInputSingle', [
    {
      tokenIn: core.weth,
      tokenOut: t.CL,
      tickSpacing: 100,
      recipient: admin,
      deadline: DEADLINE,
      amountIn: parseEther('1'),
      amountOutMinimum: 0n,
      sqrtPriceLimitX96: 0n,
    },
  ]);
  const network: NetworkDescription = {
    mode: 'local',
    chainId: 8453,
    label: 'test',
    contracts: {
      uniswapV2Factory: core.factory,
      uniswapV2Router: core.router,
      weth: core.weth,
      usd: t.USDC,
      multicall3: MULTICALL3_ADDRESS,
      lpLockers: [core.locker],
      uniswapV3: null,
      aerodrome: {
        poolFactory: aero.poolFactory,
        router: aero.router,
        voter: aero.voter,
        factoryRegistry: aero.factoryRegistry,
        slipstream: aero.slipstream,
        lpLockers: [core.locker],
        positionLockers: [core.uniswapV3.positionLocker],
      },
    },
    flabToken: null,
    tokens: {},
  };
  venues = createVenueRegistry(network);
}, 600_000);

afterAll(async () => {
  await anvil?.stop({ save: false });
});

async function state(token: Address, quotes: Address[]): Promise<PoolState[]> {
  const refs = await venues.discoverPools(chain.public, token, quotes);
  return venues.readPools(chain.public, token, refs);
}

describe('Aerodrome from its own sources', () => {
  it('deploys within the contract size limit, both Slipstream factories with their periphery', async () => {
    expect(aero.slipstream).toHaveLength(2);
    for (const s of aero.slipstream)
      for (const a of [s.factory, s.positionManager, s.swapRouter, s.quoterV2])
        expect((await chain.public.getCode({ address: a }))?.length ?? 0).toBeGreaterThan(2);
    const legacy = await chain.public.readContract({
      address: aero.slipstream[1]?.factory as Address,
      abi: parseAbi(['function legacyCLFactory() view returns (address)']),
      functionName: 'legacyCLFactory',
    });
    expect(legacy.toLowerCase()).toBe(aero.slipstream[0]?.factory);
  });

  it('classic volatile: found by getPool, fee from the factory, quotes equal the pool getAmountOut', async () => {
    const [p] = await state(t.VOL as Address, [core.weth]);
    expect(p).toMatchObject({ venue: 'aerodrome', pair: pools.vol, fee: 3000, aerodrome: { stable: false } });
    const venue = venues.get('aerodrome');
    const amountIn = parseEther('2');
    const own = await chain.public.readContract({
      address: pools.vol as Address,
      abi: poolAbi,
      functionName: 'getAmountOut',
      args: [amountIn, core.weth],
    });
    const q = await venue?.quote(
      chain.public,
      { ...(p as PoolState), token: t.VOL as Address },
      core.weth,
      amountIn,
    );
    expect(q).toBe(own);
    // The reserve ratio is the volatile pool's price.
    expect(p?.priceX192).toBe(((p?.quoteReserve ?? 0n) << 192n) / (p?.tokenReserve ?? 1n));
  });

  it('stable pair: priced by its own curve, a $1,000 trade moves it far less than a volatile pool of equal depth', async () => {
    const ps = await state(t.USDC as Address, [t.USDbC as Address]);
    const stable = ps.find((p) => p.aerodrome?.stable) as PoolState;
    const volatile = ps.find((p) => p.aerodrome?.stable === false) as PoolState;
    expect(stable.pair).toBe(pools.stable);
    expect(stable.fee).toBe(500); // 5 bps, the factory's stable fee
    const price = Number(stable.priceX192) / 2 ** 192;
    expect(price).toBeGreaterThan(0.999);
    expect(price).toBeLessThan(1.001);
    const venue = venues.get('aerodrome');
    const amount = parseUnits('1000', 6);
    const outStable = (await venue?.quote(
      chain.public,
      { ...stable, token: t.USDC as Address },
      t.USDbC as Address,
      amount,
    )) as bigint;
    const outVol = (await venue?.quote(
      chain.public,
      { ...volatile, token: t.USDC as Address },
      t.USDbC as Address,
      amount,
    )) as bigint;
    const slipStable = 1 - Number(outStable) / Number(amount) - 0.0005;
    const slipVol = 1 - Number(outVol) / Number(amount) - 0.003;
    expect(slipStable).toBeLessThan(slipVol / 100);
  });

  it("stable pair: its ±2% depth comes from a grid of its own getAmountOut quotes, far above a volatile pool's", async () => {
    const ps = await state(t.USDC as Address, [t.USDbC as Address]);
    const stable = ps.find((p) => p.aerodrome?.stable) as PoolState;
    const volatile = ps.find((p) => p.aerodrome?.stable === false) as PoolState;
    expect(stable.depthQuote2Pct).toBeNull(); // the first round cannot know it
    const venue = venues.get('aerodrome');
    const [s, v] =
      (await venue?.readMarket?.(chain.public, t.USDC as Address, [
        { pool: stable, buyAmountIn: parseUnits('1000', 6) },
        { pool: volatile, buyAmountIn: null },
      ])) ?? [];
    const depth = Number(s?.depthQuote2Pct ?? 0n) / 1e6;
    // A balanced x³y + y³x pool moves 2% only after about a fifth of each reserve has traded
    // (1,000,000 USDbC a side here): about 400,000 both ways, against about 20,000 for x·y = k.
    expect(depth).toBeGreaterThan(300_000);
    expect(depth).toBeLessThan(500_000);
    expect(Number(v?.depthQuote2Pct ?? 0n) / 1e6).toBeLessThan(depth / 10);
    // The buy quote in the same batch is the pool's own.
    const own = await chain.public.readContract({
      address: stable.pair,
      abi: parseAbi(['function getAmountOut(uint256, address) view returns (uint256)']),
      functionName: 'getAmountOut',
      args: [parseUnits('1000', 6), t.USDbC as Address],
    });
    expect(s?.buyAmountOut).toBe(own);
  });

  it('Slipstream: pools on both factories, slot0 price and QuoterV2 quotes of the right factory', async () => {
    const [p] = await state(t.CL as Address, [core.weth]);
    expect(p).toMatchObject({
      venue: 'aerodrome-slipstream',
      pair: pools.cl,
      fee: 500,
      aerodrome: { tickSpacing: 100, factory: aero.slipstream[1]?.factory },
    });
    const [old] = await state(t.OLD as Address, [core.weth]);
    expect(old).toMatchObject({ pair: pools.clOld, aerodrome: { factory: aero.slipstream[0]?.factory } });
    const s = aero.slipstream[1] as AerodromeAddresses['slipstream'][number];
    const amountIn = parseEther('3');
    const { result } = await chain.public.simulateContract({
      address: s.quoterV2,
      abi: CLQuoterV2.abi as Abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: core.weth, tokenOut: t.CL, amountIn, tickSpacing: 100, sqrtPriceLimitX96: 0n }],
    });
    const q = await venues
      .get('aerodrome-slipstream')
      ?.quote(chain.public, { ...(p as PoolState), token: t.CL as Address }, core.weth, amountIn);
    expect(q).toBe((result as readonly bigint[])[0]);
    const [answer] =
      (await venues
        .get('aerodrome-slipstream')
        ?.readMarket?.(chain.public, t.CL as Address, [{ pool: p as PoolState, buyAmountIn: amountIn }])) ??
      [];
    expect(answer?.buyAmountOut).toBe(q);
    expect(answer?.depthQuote2Pct ?? 0n).toBeGreaterThan(0n);
  });

  it('LP staked in a gauge is withdrawable, not locked', async () => {
    await call(aero.voter, AerodromeVoter.abi as Abi, 'createGauge', [aero.poolFactory, pools.vol]);
    const gauge = (
      await chain.public.readContract({
        address: aero.voter,
        abi: parseAbi(['function gauges(address) view returns (address)']),
        functionName: 'gauges',
        args: [pools.vol as Address],
      })
    ).toLowerCase() as Address;
    const lpBal = await chain.public.readContract({
      address: pools.vol as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [admin],
    });
    await approve(pools.vol as Address, gauge);
    await call(gauge, parseAbi(['function deposit(uint256)']), 'deposit', [lpBal / 2n]);
    const [p] = await state(t.VOL as Address, [core.weth]);
    expect(p?.lpLocked).toBe(0n);
    expect(p?.lpBurned).toBe(0n);
    // And the staker can take it back at once.
    await call(gauge, parseAbi(['function withdraw(uint256)']), 'withdraw', [lpBal / 4n]);
  });

  it('the indexer decoder reads pool creation, Sync, Swap, Mint and Burn on both flavours', async () => {
    const logs = (await chain.public.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: '0x0',
          toBlock: 'latest',
          address: [aero.poolFactory, pools.vol, aero.slipstream[1]?.factory, pools.cl],
        },
      ],
    } as never)) as RawLog[];
    const pos = { blockNumber: 1n, logIndex: 0, txHash: '0x', ts: 0 };
    const types = logs
      .map((l) => decodePoolLog(l, pos))
      .filter((e) => e !== null)
      .map((e) => e.type);
    for (const k of ['pairCreated', 'sync', 'swap', 'mint']) expect(types).toContain(k);
    const created = logs
      .map((l) => decodePoolLog(l, pos))
      .filter((e) => e?.type === 'pairCreated')
      .map((e) => (e as { pair: string }).pair);
    expect(created).toEqual(expect.arrayContaining([pools.vol, pools.cl]));
    expect(venues.venueOfFactory(aero.poolFactory)).toBe('aerodrome');
    expect(venues.venueOfFactory(aero.slipstream[0]?.factory as string)).toBe('aerodrome-slipstream');
    // A removal: the pool's Burn.
    const lpBal = await chain.public.readContract({
      address: pools.vol as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [admin],
    });
    await approve(pools.vol as Address, aero.router);
    await call(aero.router, AerodromeRouter.abi as Abi, 'removeLiquidity', [
      t.VOL,
      core.weth,
      false,
      lpBal / 10n,
      0n,
      0n,
      admin,
      DEADLINE,
    ]);
    const burns = (await chain.public.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: 'latest', toBlock: 'latest', address: pools.vol }],
    } as never)) as RawLog[];
    expect(burns.map((l) => decodePoolLog(l, pos)?.type)).toContain('burn');
  });

  it('trade probe buys and sells through Aerodrome and Slipstream, and catches an Aerodrome-only honeypot', async () => {
    const head = await chain.public.getBlock();
    const run = async (token: Address) => {
      const [pool] = await state(token, [core.weth]);
      const venue = venues.get((pool as PoolState).venue);
      const route = venue?.probeRoute({
        token,
        pool: pool as PoolState,
        weth: core.weth,
        hop: null,
        minQuote: 10n ** 12n,
      });
      expect(route).not.toBeNull();
      // The admin holds the minted supply left after the pools: it sells from its own wallet too.
      const balance = (await chain.public.readContract({
        address: token,
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [admin],
      })) as bigint;
      return simulateTrading(chain.public, {
        route: route as NonNullable<typeof route>,
        buyWei: parseEther('0.1'),
        maxLadderWei: parseEther('10'),
        holders: [{ address: admin, role: 'largest holder', boughtBlock: null, balance }],
        block: { number: head.number, timestamp: head.timestamp },
      });
    };
    const vol = await run(t.VOL as Address);
    expect(vol.trade).toMatchObject({ status: 'ok' });
    if (vol.trade.status === 'ok') expect(vol.trade.sellTaxPct).toBeLessThan(0.01);
    // The wallet's sell through Aerodrome's router (Route structs) and through Slipstream's
    // SwapRouter (exactInputSingle with a tick spacing) both pass, like the probe's.
    expect(vol.holderSells?.sellers?.[0]).toMatchObject({ ok: true, wallet: { ok: true } });
    const cl = await run(t.CL as Address);
    expect(cl.trade).toMatchObject({ status: 'ok' });
    if (cl.trade.status === 'ok') expect(cl.trade.sellTaxPct).toBeLessThan(0.01);
    expect(cl.holderSells?.sellers?.[0]).toMatchObject({ ok: true, wallet: { ok: true } });
    const honey = await run(t.HONEY as Address);
    expect(honey.trade.status).not.toBe('ok');
    expect(JSON.stringify(honey.trade)).toContain('trading locked');
  });
});
