/**
 * Issue 14 acceptance on the test scenario: tokens that trade on Uniswap V3 get a price from the
 * pool's slot0, an impact from QuoterV2, liquidity and volume from V3 swaps, a sell simulation
 * through SwapRouter02 (honeypot caught), the rug's removal, and locked / burned positions.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { parseConfig } from '../../src/server/config';
import { type Runtime, startRuntime } from '../../src/server/runtime';
import type { TokenReport } from '../../src/shared/analysis';
import type { NetworkInfo } from '../../src/shared/network';
import type { ScenarioUniswapV3 } from '../../src/shared/scenario';

const log = pino({ level: 'silent' });
let runtime: Runtime;
let app: FastifyInstance;
let network: NetworkInfo;
let v3: ScenarioUniswapV3;
const reports = new Map<string, TokenReport>();

const poolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function token0() view returns (address)',
]);
const quoterAbi = parseAbi([
  'struct P { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(P params) returns (uint256 amountOut, uint160, uint32, uint256)',
]);

async function report(address: string): Promise<TokenReport> {
  const hit = reports.get(address);
  if (hit) return hit;
  const res = await app.inject({ method: 'GET', url: `/api/tokens/${address}/report` });
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as TokenReport;
  reports.set(address, r);
  return r;
}

beforeAll(async () => {
  runtime = await startRuntime(
    parseConfig({ SCENARIO: 'test', SIMULATOR: 'off', LOG_LEVEL: 'silent' }),
    log,
    {
      memoryDb: true,
      ephemeralChain: true,
    },
  );
  app = await createApp({ ...runtime, log });
  network = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
  const m = runtime.localChain?.manifest.uniswapV3;
  if (!m) throw new Error('the scenario has no Uniswap V3 part');
  v3 = m;
});
afterAll(async () => {
  await app?.close();
  await runtime?.stop();
});

describe('Uniswap V3 as a venue', () => {
  it('/api/network lists the V3 contracts', () => {
    const c = network.contracts.uniswapV3;
    expect(c).not.toBeNull();
    for (const a of [c?.factory, c?.positionManager, c?.swapRouter02, c?.quoterV2])
      expect(a).toMatch(/^0x[0-9a-f]{40}$/);
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
