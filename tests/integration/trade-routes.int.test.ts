/**
 * The probes trade through the venue where a token really trades (issue 14) with one contract
 * family and one interpretation (ProbeVenue adapter): Uniswap V2 and V3, exact-input single and
 * multi-hop through a USD token (token/USDC pool where USDC/WETH exists); and the owner-power
 * "re-run the trade after the call" probe on a V3-only token. Fresh anvil, real Uniswap bytecode.
 */
import { createRequire } from 'node:module';
import pino from 'pino';
import {
  type Abi,
  type Address,
  encodeDeployData,
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
import { createLocalChainClients, type LocalChainClients } from '../../src/server/chain/client';
import { MAX_REQUESTS, simulateOwnerPowers } from '../../src/server/facts/owner-powers';
import { simulateTrading } from '../../src/server/facts/trade-simulation';
import { type AnvilProcess, startAnvil } from '../../src/server/localchain/anvil';
import {
  NonfungiblePositionManager,
  ScenarioToken,
  Stablecoin,
  UniswapV2Factory,
  UniswapV2Router02,
  UniswapV3Factory,
  WETH9,
} from '../../src/server/localchain/artifacts/generated';
import { type CoreAddresses, deployContract, deployCore } from '../../src/server/localchain/deploy';
import { PROBE_VENUE, type ProbeRoute } from '../../src/server/venues/venue';

const require = createRequire(import.meta.url);
const log = pino({ level: 'silent' });
const DEADLINE = 2n ** 40n;
const MAX = 2n ** 255n;

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;
const admin = keccak256(toHex('routes admin')).slice(0, 42).toLowerCase() as Address;
let usdc: Address;
let token: Address;
let toggle: Address;
const pools: Record<string, Address> = {};

async function send(to: Address, data: Hex, value = 0n): Promise<void> {
  const hash = await chain.wallet.sendTransaction({
    account: admin,
    chain: chain.chain,
    to,
    data,
    value,
    gas: 8_000_000n,
  });
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`tx to ${to} reverted`);
}

const approve = (t: Address, spender: Address) =>
  send(t, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, MAX] }));

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

/** A full-range V3 position holding `a` of tokenA and `b` of tokenB; returns the pool. */
async function v3Pool(
  a: Address,
  amountA: bigint,
  b: Address,
  amountB: bigint,
  fee: number,
): Promise<Address> {
  const [t0, t1, x0, x1] =
    a.toLowerCase() < b.toLowerCase() ? [a, b, amountA, amountB] : [b, a, amountB, amountA];
  const pm = core.uniswapV3.positionManager;
  await send(
    pm,
    encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'createAndInitializePoolIfNecessary',
      args: [t0, t1, fee, isqrt((x1 << 192n) / x0)],
    }),
  );
  const spacing = fee === 500 ? 10 : fee === 3000 ? 60 : 200;
  const edge = Math.floor(887272 / spacing) * spacing;
  await send(
    pm,
    encodeFunctionData({
      abi: NonfungiblePositionManager.abi,
      functionName: 'mint',
      args: [
        {
          token0: t0,
          token1: t1,
          fee,
          tickLower: -edge,
          tickUpper: edge,
          amount0Desired: x0,
          amount1Desired: x1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: admin,
          deadline: DEADLINE,
        },
      ],
    }),
  );
  return (
    await chain.public.readContract({
      address: core.uniswapV3.factory,
      abi: UniswapV3Factory.abi,
      functionName: 'getPool',
      args: [t0, t1, fee],
    })
  ).toLowerCase() as Address;
}

async function v2Pair(a: Address, amountA: bigint, b: Address, amountB: bigint): Promise<Address> {
  await send(
    core.router,
    encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'addLiquidity',
      args: [a, b, amountA, amountB, 0n, 0n, admin, DEADLINE],
    }),
  );
  return (
    await chain.public.readContract({
      address: core.factory,
      abi: UniswapV2Factory.abi,
      functionName: 'getPair',
      args: [a, b],
    })
  ).toLowerCase() as Address;
}

beforeAll(async () => {
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  await chain.test.setBalance({ address: admin, value: parseEther('100000') });
  core = await deployCore(chain, { deployer: admin, log });
  usdc = (
    await deployContract(chain, Stablecoin, ['USD Coin', 'USDC', 6, admin], admin)
  ).toLowerCase() as Address;
  await send(
    usdc,
    encodeFunctionData({
      abi: Stablecoin.abi,
      functionName: 'mint',
      args: [admin, parseUnits('10000000', 6)],
    }),
  );
  token = (
    await deployContract(chain, ScenarioToken, ['Routed', 'ROUTE', 18, parseEther('100000000'), admin], admin)
  ).toLowerCase() as Address;
  await send(core.weth, encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }), parseEther('1000'));
  for (const t of [usdc, token, core.weth]) {
    await approve(t, core.router);
    await approve(t, core.uniswapV3.positionManager);
  }
  // USDC/WETH on both venues; the token trades only against USDC on each, and against WETH on V3.
  pools.v2WethUsdc = await v2Pair(core.weth, parseEther('100'), usdc, parseUnits('300000', 6));
  pools.v2TokenUsdc = await v2Pair(token, parseEther('1000000'), usdc, parseUnits('100000', 6));
  pools.v3WethUsdc = await v3Pool(core.weth, parseEther('100'), usdc, parseUnits('300000', 6), 500);
  pools.v3TokenUsdc = await v3Pool(token, parseEther('1000000'), usdc, parseUnits('100000', 6), 3000);
  pools.v3TokenWeth = await v3Pool(token, parseEther('1000000'), core.weth, parseEther('30'), 10000);
  // An adversarial token whose owner can block sells with toggle(), trading only on V3.
  const { compileAdversarial } = require('../../scripts/compile-adversarial.mjs') as {
    compileAdversarial: () => Record<string, { abi: Abi; bytecode: Hex }>;
  };
  const art = compileAdversarial().ToggleSwitch as { abi: Abi; bytecode: Hex };
  const hash = await chain.wallet.sendTransaction({
    account: admin,
    chain: chain.chain,
    data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args: ['Toggle', 'TOGL'] } as never),
    gas: 8_000_000n,
  });
  toggle = (await chain.public.waitForTransactionReceipt({ hash })).contractAddress?.toLowerCase() as Address;
  await approve(toggle, core.uniswapV3.positionManager);
  pools.v3Toggle = await v3Pool(toggle, parseEther('1000000'), core.weth, parseEther('10'), 10000);
  await send(
    toggle,
    encodeFunctionData({
      abi: parseAbi(['function setPair(address)']),
      functionName: 'setPair',
      args: [pools.v3Toggle],
    }),
  );
}, 300_000);

afterAll(async () => {
  await anvil?.stop({ save: false });
});

const v2 = (pool: Address, path: Address[], minQuote: bigint): ProbeRoute => ({
  venue: PROBE_VENUE.v2,
  router: core.router,
  quoter: '0x0000000000000000000000000000000000000000',
  pool,
  path,
  fees: [],
  minQuote,
  v4Key: '0x',
});
const v3 = (pool: Address, path: Address[], fees: number[], minQuote: bigint): ProbeRoute => ({
  venue: PROBE_VENUE.v3,
  router: core.uniswapV3.swapRouter02,
  quoter: core.uniswapV3.quoterV2,
  pool,
  path,
  fees,
  minQuote,
  v4Key: '0x',
});

async function trade(route: ProbeRoute) {
  const head = await chain.public.getBlock();
  const buyWei = parseEther('0.1');
  // The index's balance sizes the holder's sell from its own wallet (a tenth of it).
  const balance = await chain.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [admin],
  });
  return simulateTrading(chain.public, {
    route,
    buyWei,
    maxLadderWei: buyWei * 100n,
    holders: [{ address: admin, role: 'largest holder', boughtBlock: null, balance }],
    block: { number: head.number, timestamp: head.timestamp },
  });
}

describe('one probe, every route', () => {
  it('V2 multi-hop: WETH → USDC → token and back, no tax, one round trip', async () => {
    const r = await trade(v2(pools.v2TokenUsdc as Address, [core.weth, usdc, token], 10_000n));
    // The simulation, its later-date eth_call and the holder's wallet sell, issued together (one
    // JSON-RPC batch in the app).
    expect(r.requests).toBe(3);
    expect(r.trade).toMatchObject({ status: 'ok', sellDelayBlocks: 0 });
    if (r.trade.status === 'ok') {
      expect(r.trade.buyTaxPct).toBeLessThan(0.01);
      expect(r.trade.sellTaxPct).toBeLessThan(0.01);
      expect(r.trade.gasPriceGwei).toBeGreaterThan(r.trade.baseFeeGwei as number);
    }
    // The holder sells along the same route (tokens → USDC → ETH), from the probe at its address
    // and from its own wallet through the router, a tenth and its whole balance.
    expect(r.holderSells).toMatchObject({ sampled: 1, couldSell: 1 });
    expect(r.holderSells?.sellers?.[0]).toMatchObject({ wallet: { ok: true }, whole: { ok: true } });
    expect(r.holderSells?.sellers?.[0]?.wallet?.taxPct).toBeLessThan(0.01);
  });

  it('V3 exact-input single: WETH → token through the token/WETH pool', async () => {
    const r = await trade(v3(pools.v3TokenWeth as Address, [core.weth, token], [10000], 10n ** 12n));
    expect(r.trade).toMatchObject({ status: 'ok', sellDelayBlocks: 0 });
    if (r.trade.status === 'ok') {
      expect(r.trade.buyTaxPct).toBeLessThan(0.01);
      expect(r.trade.sellTaxPct).toBeLessThan(0.01);
      expect(r.trade.maxBuyEth).toBeGreaterThan(0);
    }
    // The wallet's exactInputSingle through SwapRouter02.
    expect(r.holderSells?.sellers?.[0]).toMatchObject({ ok: true, wallet: { ok: true } });
  });

  it('V3 multi-hop: WETH → USDC (0.05%) → token (0.3%) and back', async () => {
    const r = await trade(v3(pools.v3TokenUsdc as Address, [core.weth, usdc, token], [500, 3000], 10_000n));
    expect(r.trade).toMatchObject({ status: 'ok', sellDelayBlocks: 0 });
    if (r.trade.status === 'ok') {
      expect(r.trade.buyTaxPct).toBeLessThan(0.01);
      expect(r.trade.sellTaxPct).toBeLessThan(0.01);
    }
    expect(r.holderSells).toMatchObject({ sampled: 1, couldSell: 1 });
    // The wallet's exactInput along the packed path token → 0.3% → USDC → 0.05% → WETH.
    expect(r.holderSells?.sellers?.[0]).toMatchObject({ wallet: { ok: true } });
    expect(r.holderSells?.sellers?.[0]?.wallet?.taxPct).toBeLessThan(0.01);
  });

  it('a route whose last pool is not the token’s is no pool', async () => {
    const r = await trade(v3(pools.v3WethUsdc as Address, [core.weth, token], [500], 10n ** 12n));
    expect(r.trade).toEqual({ status: 'no_pool' });
  });
});

describe('owner-power trade effects on a V3-only token', () => {
  it('re-runs the trade after toggle() and measures that sells are blocked', async () => {
    const code = await chain.public.getCode({ address: toggle });
    const balance = await chain.public.readContract({
      address: toggle,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [admin],
    });
    const p = await simulateOwnerPowers(chain.public, {
      token: toggle,
      code: code as Hex,
      implementationCode: null,
      owner: admin,
      deployer: admin,
      pool: {
        route: v3(pools.v3Toggle as Address, [core.weth, toggle], [10000], 10n ** 12n),
        buyWei: parseEther('0.05'),
      },
      holders: [{ address: admin, balance }],
      createdAtBlock: null,
    });
    expect(p.status).toBe('simulated');
    if (p.status !== 'simulated') return;
    expect(p.baseline).toMatchObject({ buyOk: true, sellOk: true });
    const effects = p.findings.filter((f) => f.signature === 'toggle()' || f.selector === '0x40a3d246');
    expect(effects.flatMap((f) => f.effects)).toContain('sells_blocked');
    expect(p.rpcRequests).toBeLessThanOrEqual(MAX_REQUESTS);
  });
});
