/**
 * ADR 0026 amendment 7: the two ways a probe could swap on V4, measured side by side on the test
 * scenario. (a) the Universal Router's V4_SWAP (SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL), the
 * call users' wallets send and the probes make; (b) a contract that calls `PoolManager.unlock`
 * itself and settles and takes in its callback — v4-core's own `PoolSwapTest`, deployed as built
 * by the npm package. For every native-ETH V4 pool (USDC4's pool is USDC-paired: not here), from
 * one fresh funded wallet on one snapshot (so both routes start from the same state and the same
 * block times), a fixed-ETH buy and a sell of all it bought, through each route. Not a product
 * test: the probes keep (a); this pins down what (b) would change.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pino from 'pino';
import {
  type Abi,
  type Address,
  BaseError,
  decodeErrorResult,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  maxUint256,
  parseAbi,
  parseEther,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import type { LocalChainClients } from '../chain/client';
import {
  NoOpHook,
  OwnerFeeHook,
  Permit2,
  PoolManager,
  SellBlockHook,
  TaxToken,
  UniversalRouter,
} from '../localchain/artifacts/generated';
import { deployContract } from '../localchain/deploy';
import type { ScenarioChain } from '../localchain/scenario-chain';
import {
  approveThroughPermit2,
  encodeUniversalRouterSwap,
  initializePool,
  mintPosition,
  type UniswapV4Addresses,
} from '../localchain/uniswap-v4';
import { startSavedScenarioChain } from '../test-support/scenario-runtime';
import { createUniswapV4Venue } from '../venues/uniswap-v4';
import type { PoolKey } from '../venues/uniswap-v4-pool-key';

const log = pino({ level: 'silent' });

/** v4-core's own unlock-callback swapper, as the npm package built it. */
const PoolSwapTestArtifact = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@uniswap/v4-core/out/PoolSwapTest.sol/PoolSwapTest.json'),
    'utf8',
  ),
) as { abi: Abi; bytecode: { object: Hex } };

/** PoolSwapTest.swap, typed (BalanceDelta is an int256). */
const poolSwapTestAbi = parseAbi([
  'function swap((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, (bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96) params, (bool takeClaims, bool settleUsingBurn) testSettings, bytes hookData) payable returns (int256 delta)',
]);
/** TickMath's bounds; a swap's price limit must lie strictly inside them. */
const MIN_SQRT_PRICE = 4295128739n;
const MAX_SQRT_PRICE = 1461446703485210103287273052203988822378723970342n;
const SWAP_GAS = 1_000_000n;
const BUY_ETH = parseEther('0.05');

/** Every error a swap on either route can end in, to name a revert by its error. */
const errorAbi = [
  ...PoolManager.abi,
  ...UniversalRouter.abi,
  ...Permit2.abi,
  ...SellBlockHook.abi,
  ...NoOpHook.abi,
  ...OwnerFeeHook.abi,
  ...PoolSwapTestArtifact.abi,
  ...parseAbi([
    'error WrappedError(address target, bytes4 selector, bytes reason, bytes details)',
    'error ExecutionFailed(uint256 commandIndex, bytes message)',
  ]),
].filter((x) => x.type === 'error') as Abi;

/** The revert's innermost named error (the router and the hook library wrap the inner one). */
function nameRevert(data: Hex | undefined): string {
  if (!data || data === '0x') return 'reverted (no data)';
  try {
    const d = decodeErrorResult({ abi: errorAbi, data });
    const args = (d.args ?? []) as readonly unknown[];
    if (d.errorName === 'ExecutionFailed') return nameRevert(args[1] as Hex);
    if (d.errorName === 'WrappedError') return nameRevert(args[2] as Hex);
    if (d.errorName === 'Error') return `Error(${String(args[0])})`;
    return d.errorName;
  } catch {
    return `reverted (${data.slice(0, 10)})`;
  }
}

function revertData(e: unknown): Hex | undefined {
  if (!(e instanceof BaseError)) throw e;
  const found = e.walk((x) => typeof (x as { data?: unknown }).data === 'string') as { data?: Hex } | null;
  return found?.data;
}

type Route = 'router' | 'unlock';
type Leg = { ok: true; out: bigint } | { ok: false; reason: string };
/** `spent`: the ETH that left the wallet for the buy, gas excluded (null when the buy reverted). */
type Measured = {
  token: string;
  route: Route;
  spent: bigint | null;
  /** ETH the Universal Router held more after the buy than before (an unspent msg.value stays there). */
  routerKept: bigint;
  buy: Leg;
  sell: Leg | null;
};

let scenario: ScenarioChain;
let chain: LocalChainClients;
let manifest: ScenarioManifest;
let v4: UniswapV4Addresses;
let swapTest: Address;
const rows: Measured[] = [];

beforeAll(async () => {
  scenario = await startSavedScenarioChain({ log });
  ({ chain, manifest } = scenario);
  const addrs = manifest.contracts.uniswapV4;
  if (!addrs) throw new Error('the test scenario has no V4');
  v4 = addrs as unknown as UniswapV4Addresses;
  const deployer = privateKeyToAccount(generatePrivateKey()).address;
  swapTest = (
    await deployContract(
      chain,
      {
        contractName: 'PoolSwapTest',
        abi: PoolSwapTestArtifact.abi,
        bytecode: PoolSwapTestArtifact.bytecode.object,
      },
      [v4.poolManager] as never,
      deployer,
    )
  ).toLowerCase() as Address;
});

afterAll(async () => {
  // The measured table, for ADR 0026 amendment 7.
  const fmt = (l: Leg | null, decimals: number) =>
    !l ? '—' : l.ok ? formatUnits(l.out, decimals) : `revert: ${l.reason}`;
  const lines = rows.map(
    (r) =>
      `| ${r.token} | ${r.route === 'router' ? '(a) Universal Router' : '(b) PoolSwapTest'} | ${r.spent === null ? '—' : formatEther(r.spent)} | ${fmt(r.buy, 18)} | ${fmt(r.sell, 18)} |`,
  );
  console.log(
    [
      `| token | route | ETH spent on the buy (${formatEther(BUY_ETH)} sent) | buy out (tokens) | sell out (ETH for all bought) |`,
      '|---|---|---|---|---|',
      ...lines,
    ].join('\n'),
  );
  await scenario?.stop();
});

async function send(
  from: Address,
  to: Address,
  data: Hex,
  value = 0n,
): Promise<{ ok: true; fee: bigint } | { ok: false; reason: string }> {
  // Simulated first, to name a revert by its error (a mined revert's receipt carries no data).
  try {
    await chain.public.call({ account: from, to, data, value, gas: SWAP_GAS });
  } catch (e) {
    return { ok: false, reason: nameRevert(revertData(e)) };
  }
  const hash = await chain.wallet.sendTransaction({
    account: from,
    chain: chain.chain,
    to,
    data,
    value,
    gas: SWAP_GAS,
  });
  const receipt = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') return { ok: false, reason: 'reverted when mined (passed the eth_call)' };
  return { ok: true, fee: receipt.gasUsed * receipt.effectiveGasPrice };
}

function swapCall(
  route: Route,
  key: PoolKey,
  zeroForOne: boolean,
  amountIn: bigint,
): { to: Address; data: Hex } {
  if (route === 'router')
    return {
      to: v4.universalRouter,
      data: encodeUniversalRouterSwap({ key, zeroForOne, amountIn, minAmountOut: 0n }),
    };
  return {
    to: swapTest,
    data: encodeFunctionData({
      abi: poolSwapTestAbi,
      functionName: 'swap',
      args: [
        key,
        {
          zeroForOne,
          amountSpecified: -amountIn,
          sqrtPriceLimitX96: zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n,
        },
        { takeClaims: false, settleUsingBurn: false },
        '0x',
      ],
    }),
  };
}

/** Waits for a set-up transaction to be mined: a snapshot taken before it lands would leave it out. */
async function mined(sent: Promise<Hex>): Promise<void> {
  const hash = await sent;
  const receipt = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`set-up transaction ${hash} reverted`);
}

const tokenBalance = (token: Address, who: Address) =>
  chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
const ethBalance = (who: Address) =>
  chain.public.request({ method: 'eth_getBalance', params: [who, 'latest'] }).then((b) => BigInt(b));

/**
 * Buys BUY_ETH of the pool's token (currency1 against native ETH) and sells all of it back through
 * each route, both from the same snapshot and at the same block times. `arm` runs inside the
 * snapshot first (a hook's owner arming it). Returns the two routes' rows.
 */
async function measure(
  label: string,
  key: PoolKey,
  arm?: () => Promise<void>,
): Promise<Record<Route, Measured>> {
  if (key.currency0 !== zeroAddress) throw new Error(`${label}: not a native-ETH pool`);
  const token = key.currency1 as Address;
  const outer = await chain.test.snapshot();
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  await chain.test.setBalance({ address: wallet, value: parseEther('10') });
  // Both routes' allowances before the snapshot: they do not move the pool, and each route's swap
  // txs then start from one state. (a) token → Permit2 → router; (b) token → PoolSwapTest.
  await approveThroughPermit2(chain, wallet, token, v4.universalRouter);
  await mined(
    chain.wallet.writeContract({
      account: wallet,
      chain: chain.chain,
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [swapTest, maxUint256],
    }),
  );
  if (arm) await arm();
  // Same block times on both routes: ZORA4's fee decays with the block time.
  const t0 = (await chain.public.getBlock()).timestamp + 60n;
  const result = {} as Record<Route, Measured>;
  for (const route of ['router', 'unlock'] as const) {
    const snap = await chain.test.snapshot();
    await chain.test.setNextBlockTimestamp({ timestamp: t0 });
    const before = await tokenBalance(token, wallet);
    const ethBeforeBuy = await ethBalance(wallet);
    const routerBefore = await ethBalance(v4.universalRouter);
    const b = swapCall(route, key, true, BUY_ETH);
    const bought = await send(wallet, b.to, b.data, BUY_ETH);
    const routerKept = (await ethBalance(v4.universalRouter)) - routerBefore;
    let row: Measured;
    if (!bought.ok) row = { token: label, route, spent: null, routerKept, buy: bought, sell: null };
    else {
      const got = (await tokenBalance(token, wallet)) - before;
      const spent = ethBeforeBuy - (await ethBalance(wallet)) - bought.fee;
      await chain.test.setNextBlockTimestamp({ timestamp: t0 + 12n });
      const ethBefore = await ethBalance(wallet);
      const s = swapCall(route, key, false, got);
      const sold = await send(wallet, s.to, s.data);
      const sell: Leg = sold.ok ? { ok: true, out: (await ethBalance(wallet)) - ethBefore + sold.fee } : sold;
      row = { token: label, route, spent, routerKept, buy: { ok: true, out: got }, sell };
    }
    rows.push(row);
    result[route] = row;
    await chain.test.revert({ id: snap });
  }
  await chain.test.revert({ id: outer });
  return result;
}

async function scenarioKey(symbol: string): Promise<PoolKey> {
  const token = manifest.uniswapV4Tokens?.[symbol];
  if (!token) throw new Error(`no ${symbol} in the manifest`);
  const [ref] = await createUniswapV4Venue(
    manifest.contracts.uniswapV4 as never,
    manifest.contracts.weth,
  ).discoverPools(chain.public, token, [manifest.contracts.weth]);
  const key = ref?.v4?.key;
  if (!key) throw new Error(`${symbol}: no V4 pool`);
  return key;
}

/** A TaxToken in a fresh no-hook native-ETH pool, the PoolManager registered as its pair. */
async function taxedPool(symbol: string, buyBps: number, sellBps: number): Promise<PoolKey> {
  const dev = privateKeyToAccount(generatePrivateKey()).address;
  await chain.test.setBalance({ address: dev, value: parseEther('100') });
  const token = (
    await deployContract(
      chain,
      TaxToken,
      [symbol, symbol, parseEther('1000000000'), dev, buyBps, sellBps],
      dev,
    )
  ).toLowerCase() as Address;
  await mined(
    chain.wallet.writeContract({
      account: dev,
      chain: chain.chain,
      address: token,
      abi: TaxToken.abi,
      functionName: 'setPair',
      args: [v4.poolManager, true],
    }),
  );
  const key: PoolKey = {
    currency0: zeroAddress,
    currency1: token,
    fee: 3000,
    tickSpacing: 60,
    hooks: zeroAddress,
  };
  await initializePool(chain, v4, dev, key, 100n * 2n ** 96n);
  await approveThroughPermit2(chain, dev, token, v4.positionManager);
  await mintPosition(chain, v4, dev, {
    key,
    tickLower: -887220,
    tickUpper: 887220,
    liquidity: parseEther('500'),
    amount0Max: parseEther('6'),
    amount1Max: parseEther('60000'),
    recipient: dev,
  });
  return key;
}

const out = (l: Leg | null | undefined): bigint => {
  if (!l?.ok) throw new Error(`expected a swap that went through, got ${l ? l.reason : 'none'}`);
  return l.out;
};

describe('V4 swap routes side by side: (a) Universal Router vs (b) PoolSwapTest (PoolManager.unlock)', () => {
  it('plain and hooked scenario pools: both routes deliver the same amounts, to the wei', async () => {
    // No scenario hook reads the swap's sender, so the routes must agree exactly.
    for (const symbol of ['V4ETH', 'CLANK4', 'ZORA4', 'FEE4', 'BLOCK4', 'PROXY4']) {
      const m = await measure(symbol, await scenarioKey(symbol));
      expect(m.router.spent, symbol).toBe(BUY_ETH);
      expect(m.unlock.spent, symbol).toBe(BUY_ETH);
      expect(out(m.router.buy), symbol).toBeGreaterThan(0n);
      expect(out(m.unlock.buy), symbol).toBe(out(m.router.buy));
      expect(out(m.router.sell), symbol).toBeGreaterThan(0n);
      expect(out(m.unlock.sell), symbol).toBe(out(m.router.sell));
      // A round trip loses fees and price impact, nothing more.
      expect(out(m.router.sell), symbol).toBeLessThan(BUY_ETH);
    }
  });

  it("hooks that keep a seller's tokens, block sells or raise the fee act the same on both routes; on an empty pool only the router keeps the unspent ETH", async () => {
    // NOOP4: the hook keeps the sell's input; both routes' sells go through and pay out nothing.
    const noop = await measure('NOOP4', await scenarioKey('NOOP4'));
    expect(out(noop.unlock.buy)).toBe(out(noop.router.buy));
    expect(out(noop.router.sell)).toBe(0n);
    expect(out(noop.unlock.sell)).toBe(0n);

    // BLOCK4 armed by its owner (inside the snapshot; the scenario leaves it unarmed).
    const blockKey = await scenarioKey('BLOCK4');
    const hookOwner = async (hook: Address) =>
      chain.public.readContract({ address: hook, abi: SellBlockHook.abi, functionName: 'owner' });
    const blocked = await measure('BLOCK4 armed', blockKey, async () => {
      await mined(
        chain.wallet.writeContract({
          account: await hookOwner(blockKey.hooks as Address),
          chain: chain.chain,
          address: blockKey.hooks as Address,
          abi: SellBlockHook.abi,
          functionName: 'setArmed',
          args: [true],
        }),
      );
    });
    expect(out(blocked.unlock.buy)).toBe(out(blocked.router.buy));
    for (const route of ['router', 'unlock'] as const) {
      const sell = blocked[route].sell;
      expect(sell?.ok, route).toBe(false);
      if (sell && !sell.ok) expect(sell.reason, route).toBe('TradingPaused');
    }

    // FEE4 with its fee raised by its owner to 50%: the same cut on both routes.
    const feeKey = await scenarioKey('FEE4');
    const raised = await measure('FEE4 at 50%', feeKey, async () => {
      await mined(
        chain.wallet.writeContract({
          account: await hookOwner(feeKey.hooks as Address),
          chain: chain.chain,
          address: feeKey.hooks as Address,
          abi: OwnerFeeHook.abi,
          functionName: 'setFee',
          args: [500_000],
        }),
      );
    });
    expect(out(raised.unlock.buy)).toBe(out(raised.router.buy));
    expect(out(raised.unlock.sell)).toBe(out(raised.router.sell));
    expect(out(raised.router.sell)).toBeLessThan(BUY_ETH / 3n);

    // RUG4 (its liquidity pulled in the scenario): the buy crosses an empty range, swaps nothing and
    // owes nothing. The routes differ in the ETH sent with it: the router settles the zero it owes
    // and keeps the rest of msg.value (this encoding has no SWEEP), PoolSwapTest sends its whole
    // balance back to the caller. The sell of nothing reverts on both.
    const rug = await measure('RUG4 (liquidity pulled)', await scenarioKey('RUG4'));
    expect(out(rug.router.buy)).toBe(0n);
    expect(out(rug.unlock.buy)).toBe(0n);
    expect(rug.router.spent).toBe(BUY_ETH);
    expect(rug.router.routerKept).toBe(BUY_ETH);
    expect(rug.unlock.spent).toBe(0n);
    expect(rug.unlock.routerKept).toBe(0n);
    for (const route of ['router', 'unlock'] as const) {
      const sell = rug[route].sell;
      expect(sell?.ok, route).toBe(false);
      if (sell && !sell.ok) expect(sell.reason, route).toBe('SwapAmountCannotBeZero');
    }
  });

  it('fee-on-transfer tokens: a buy tax arrives short on both routes; a sell tax cannot settle on either', async () => {
    // 5% buy tax (as the report test's TAX4): the PoolManager pays the full output, the token
    // delivers 95% of it, whichever contract asked the PoolManager to take it.
    const buyTaxed = await measure('TAXBUY4 (5% buy tax)', await taxedPool('TAXBUY4', 500, 0));
    expect(out(buyTaxed.unlock.buy)).toBe(out(buyTaxed.router.buy));
    expect(out(buyTaxed.unlock.sell)).toBe(out(buyTaxed.router.sell));

    // 5% sell tax: the PoolManager receives 95% of what the swap owes it. The router's SETTLE_ALL
    // and PoolSwapTest's CurrencySettler both pay exactly the owed amount and let the PoolManager
    // credit what arrived, so the unlock ends with a debt on both routes. ADR 0026 amendment 5
    // expected (b) to settle here; only a callback that pays more than it owes would.
    const sellTaxed = await measure('TAXSELL4 (5% sell tax)', await taxedPool('TAXSELL4', 0, 500));
    expect(out(sellTaxed.unlock.buy)).toBe(out(sellTaxed.router.buy));
    // The two pools are alike (same price, liquidity and fee), so the untaxed buy is the PoolManager's
    // output: the buy-taxed token delivered exactly that less the token's 5%, on both routes.
    const poolOut = out(sellTaxed.router.buy);
    expect(out(buyTaxed.router.buy)).toBe(poolOut - (poolOut * 500n) / 10_000n);
    for (const route of ['router', 'unlock'] as const) {
      const sell = sellTaxed[route].sell;
      expect(sell?.ok, route).toBe(false);
      if (sell && !sell.ok) expect(sell.reason, route).toBe('CurrencyNotSettled');
    }
  });
});
