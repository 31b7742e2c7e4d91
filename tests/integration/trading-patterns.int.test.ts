/**
 * Trading patterns (issue 39 items 1, 2 and 4) on a copy of the saved test scenario, with three new
 * tokens launched on its Uniswap V2 and traded for real:
 *   SNIPE  five fresh wallets, each sent 1 ETH by one funder shortly before the launch, buy in one
 *          block right after liquidity was added (automine off, then one evm_mine); two sell later
 *   WASH   one wallet buys and sells the whole position back and forth; one small organic buyer
 *   CLEAN  the look-alike: eight independent wallets (no common funder) buy over later blocks,
 *          two sell part
 * Indexed, then read through the report API: each finding with its wallets, blocks and transactions.
 * And an engine whose index is behind the head reads "unknown: indexing", never "none found".
 */
import pino from 'pino';
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  toHex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenEngine } from '../../src/server/engine/token-engine';
import type { Indexer } from '../../src/server/indexer/indexer-types';
import { ScenarioToken } from '../../src/server/localchain/artifacts/generated';
import type { Runtime } from '../../src/server/runtime';
import {
  cachedReports,
  type ScenarioApp,
  startScenarioApp,
} from '../../src/server/test-support/scenario-app';
import type { TokenReport } from '../../src/shared/analysis';
import type { PumpResponse } from '../../src/shared/market-tools';
import type { TradingPatterns } from '../../src/shared/trading-patterns';
import { PATTERNS } from '../../src/shared/vocabulary';

const DEADLINE = 2n ** 48n;
const DEAD: Address = '0x000000000000000000000000000000000000dead';
const routerAbi = parseAbi([
  'function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)',
  'function swapExactETHForTokens(uint256,address[],address,uint256) payable returns (uint256[])',
  'function swapExactTokensForETH(uint256,uint256,address[],address,uint256) returns (uint256[])',
]);
const wallet = (label: string) =>
  keccak256(toHex(`trading patterns ${label}`))
    .slice(0, 42)
    .toLowerCase() as Address;

let scenario: ScenarioApp;
let runtime: Runtime;
let report: (address: string) => Promise<TokenReport>;
let router: Address;
let weth: Address;
const tokens = {} as Record<'snipe' | 'wash' | 'clean', Address>;
const launchBlock = {} as Record<'snipe' | 'wash' | 'clean', bigint>;
const snipers = Array.from({ length: 5 }, (_, i) => wallet(`sniper ${i}`));
const funder = wallet('sniper funder');
const washer = wallet('washer');
const fundingTxs: Hex[] = [];
let sniperBlock = 0n;

const clients = () => {
  const c = runtime.localChain?.clients;
  if (!c) throw new Error('no local chain');
  return c;
};

/** Sends a transaction (anvil impersonates every sender); with automine on, waits for success. */
async function send(from: Address, to: Address, data: Hex, value = 0n, wait = true): Promise<Hex> {
  const c = clients();
  const hash = await c.wallet.sendTransaction({
    account: from,
    chain: c.chain,
    to,
    data,
    value,
    gas: 3_000_000n,
  });
  if (wait) {
    const r = await c.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (r.status !== 'success') throw new Error(`transaction from ${from} reverted`);
  }
  return hash;
}

const call = (abi: typeof routerAbi | typeof erc20Abi, functionName: string, args: unknown[]) =>
  encodeFunctionData({ abi, functionName, args } as never);
const buy = (who: Address, token: Address, eth: string, wait = true) =>
  send(
    who,
    router,
    call(routerAbi, 'swapExactETHForTokens', [0n, [weth, token], who, DEADLINE]),
    parseEther(eth),
    wait,
  );
const balanceOf = (token: Address, who: Address) =>
  clients().public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
async function sell(who: Address, token: Address, amount: bigint) {
  await send(who, token, call(erc20Abi, 'approve', [router, 2n ** 255n]));
  await send(
    who,
    router,
    call(routerAbi, 'swapExactTokensForETH', [amount, 0n, [token, weth], who, DEADLINE]),
  );
}

/** A ScenarioToken of `dev` (1 B minted to it) with a V2 ETH pool of half the supply and 10 ETH. */
async function launch(symbol: string): Promise<{ token: Address; block: bigint }> {
  const c = clients();
  const dev = wallet(`${symbol} dev`);
  await c.test.setBalance({ address: dev, value: parseEther('100') });
  const hash = await c.wallet.sendTransaction({
    account: dev,
    chain: c.chain,
    data: encodeDeployData({
      abi: ScenarioToken.abi,
      bytecode: ScenarioToken.bytecode as Hex,
      args: [symbol, symbol, 18, parseEther('1000000000'), dev],
    }),
    gas: 8_000_000n,
  });
  const token = (
    await c.public.waitForTransactionReceipt({ hash })
  ).contractAddress?.toLowerCase() as Address;
  await send(dev, token, call(erc20Abi, 'approve', [router, 2n ** 255n]));
  const add = call(routerAbi, 'addLiquidityETH', [token, parseEther('500000000'), 0n, 0n, dev, DEADLINE]);
  const h = await send(dev, router, add, parseEther('10'));
  const r = await c.public.getTransactionReceipt({ hash: h });
  // The LP burned: none of the three is a rug by its liquidity, so the pump finder may list them.
  const pair = (await c.public.readContract({
    address: scenario.manifest.contracts.factory,
    abi: parseAbi(['function getPair(address,address) view returns (address)']),
    functionName: 'getPair',
    args: [token, weth],
  })) as Address;
  await send(dev, pair, call(erc20Abi, 'transfer', [DEAD, await balanceOf(pair, dev)]));
  return { token, block: r.blockNumber };
}

async function setUpSniped() {
  const c = clients();
  await c.test.setBalance({ address: funder, value: parseEther('100') });
  for (const s of snipers) {
    const hash = await c.wallet.sendTransaction({
      account: funder,
      chain: c.chain,
      to: s,
      value: parseEther('1'),
    });
    await c.public.waitForTransactionReceipt({ hash });
    fundingTxs.push(hash);
  }
  const l = await launch('SNIPE');
  tokens.snipe = l.token;
  launchBlock.snipe = l.block;
  // All five buys in the block right after the launch.
  await c.test.setAutomine(false);
  const buys: Hex[] = [];
  try {
    for (const s of snipers) buys.push(await buy(s, l.token, '0.3', false));
    await c.test.mine({ blocks: 1 });
  } finally {
    await c.test.setAutomine(true);
  }
  const receipts = await Promise.all(buys.map((hash) => c.public.waitForTransactionReceipt({ hash })));
  expect(new Set(receipts.map((r) => r.blockNumber)).size, 'the five buys share one block').toBe(1);
  sniperBlock = receipts[0]?.blockNumber ?? 0n;
  await c.test.mine({ blocks: 5 });
  for (const s of snipers.slice(0, 2)) await sell(s, l.token, (await balanceOf(l.token, s)) / 2n);
}

async function setUpWash() {
  const c = clients();
  const l = await launch('WASH');
  tokens.wash = l.token;
  launchBlock.wash = l.block;
  await c.test.mine({ blocks: PATTERNS.sniperBlocks });
  await c.test.setBalance({ address: washer, value: parseEther('50') });
  for (let i = 0; i < 3; i++) {
    await buy(washer, l.token, '2');
    await sell(washer, l.token, await balanceOf(l.token, washer));
  }
  const o = wallet('wash organic');
  await c.test.setBalance({ address: o, value: parseEther('1') });
  await buy(o, l.token, '0.1');
}

async function setUpClean() {
  const c = clients();
  const l = await launch('CLEAN');
  tokens.clean = l.token;
  launchBlock.clean = l.block;
  for (let i = 0; i < 8; i++) {
    await c.test.mine({ blocks: 2 });
    const b = wallet(`clean buyer ${i}`);
    await c.test.setBalance({ address: b, value: parseEther('2') });
    await buy(b, l.token, `0.${i + 1}`);
  }
  for (const i of [1, 5]) {
    const b = wallet(`clean buyer ${i}`);
    await sell(b, l.token, (await balanceOf(l.token, b)) / 3n);
  }
}

beforeAll(async () => {
  scenario = await startScenarioApp({ log: pino({ level: 'silent' }) });
  runtime = scenario.runtime;
  router = scenario.manifest.contracts.router.toLowerCase() as Address;
  weth = scenario.manifest.contracts.weth.toLowerCase() as Address;
  report = cachedReports(() => scenario.app);
  await setUpSniped();
  await setUpWash();
  await setUpClean();
  await runtime.indexer?.syncOnce();
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

const patternsOf = async (t: Address): Promise<TradingPatterns> => {
  const r = await report(t);
  expect(r.tradingPatterns, 'the report carries its trading patterns').toBeDefined();
  return r.tradingPatterns as TradingPatterns;
};

describe('trading patterns: snipers and bundles', () => {
  it('SNIPE: five snipers in the block after the launch, their share of supply now, two have sold', async () => {
    const p = await patternsOf(tokens.snipe);
    const s = p.snipers;
    expect(s.status).toBe('found');
    expect(s.launchBlock).toBe(Number(launchBlock.snipe));
    expect(s.snipers).toBe(5);
    expect(s.snipersSold).toBe(2);
    const held = (await Promise.all(snipers.map((w) => balanceOf(tokens.snipe, w)))).reduce(
      (a, b) => a + b,
      0n,
    );
    expect(s.sniperShareNow).toBeCloseTo(Number(held) / 1e27, 4);
    expect(s.headline).toMatch(/^Snipers hold [\d.]+% of supply in 5 wallets; 2 have sold\./);
    for (const w of s.wallets.filter((x) => x.sniper)) {
      expect(snipers).toContain(w.address);
      expect(w.firstBuyBlock).toBe(Number(sniperBlock));
      expect(w.firstBuyTx).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('SNIPE: the same-block group and the one funder, with the ETH funding transactions', async () => {
    const s = (await patternsOf(tokens.snipe)).snipers;
    const block = s.groups.find((g) => g.kind === 'same_block');
    expect(block?.block).toBe(Number(sniperBlock));
    expect([...(block?.wallets ?? [])].sort()).toEqual([...snipers].sort());
    const funded = s.groups.find((g) => g.kind === 'same_funder');
    expect(funded?.funder).toBe(funder);
    expect(funded?.wallets).toHaveLength(5);
    expect(funded?.sold).toBe(2);
    expect(funded?.evidence).toContain('5 wallets funded by');
    expect(s.wallets.map((w) => w.fundingTx).sort()).toEqual(fundingTxs.map((h) => h.toLowerCase()).sort());
    expect(s.clusterSelling).toBe(true);
    expect((await patternsOf(tokens.snipe)).findings.join(' ')).toContain('Sniper cluster selling');
  });

  it('CLEAN: no buy in the first blocks and no bundle', async () => {
    const s = (await patternsOf(tokens.clean)).snipers;
    expect(s.status).toBe('none');
    expect(s.snipers).toBe(0);
    expect(s.groups).toEqual([]);
  });
});

describe('trading patterns: wash-traded volume', () => {
  it('WASH: the back-and-forth wallet is wash, with its transactions; little of the volume is organic', async () => {
    const w = (await patternsOf(tokens.wash)).wash;
    expect(w.status).toBe('found');
    expect(w.wallets).toHaveLength(1);
    expect(w.wallets[0]).toMatchObject({ address: washer, reason: 'back_and_forth', buys: 3, sells: 3 });
    expect(w.wallets[0]?.txs).toHaveLength(4);
    expect(w.organicShare ?? 1).toBeLessThan(0.05);
    expect(w.organicTraders).toBe(1);
    expect(w.headline).toContain('is wash, from 1 wallet');
  });

  it('CLEAN: all of the volume is organic, from eight distinct traders', async () => {
    const w = (await patternsOf(tokens.clean)).wash;
    expect(w.status).toBe('none');
    expect(w.organicShare).toBe(1);
    expect(w.organicTraders).toBe(8);
  });

  it('WASH: token health never reads strong momentum on it, and says why', async () => {
    const r = await report(tokens.wash);
    expect(r.health.indicators.momentum).toBe('weak');
    expect(r.health.indicatorWhy.momentum).toContain('Mostly wash volume');
  });
});

describe('trading patterns: an index behind the head', () => {
  it('reads "unknown: indexing", never "none found"', async () => {
    const idx = runtime.indexer as Indexer;
    const behind: Indexer = { ...idx, indexedBlock: () => 0n, waitForBlock: async () => false };
    const engine = createTokenEngine({
      db: runtime.database.db,
      chain: runtime.chain,
      network: runtime.network,
      indexer: behind,
      log: pino({ level: 'silent' }),
    });
    const r = await engine.report(tokens.clean);
    expect(r.tradingPatterns?.snipers.status).toBe('unknown');
    expect(r.tradingPatterns?.wash.status).toBe('unknown');
    expect(r.tradingPatterns?.wash.headline).toContain('unknown: indexing');
  });
});

describe('trading patterns: the pump finder counts organic momentum only', () => {
  it('lists WASH and SNIPE with their findings, never as Strong Momentum, after the organic CLEAN', async () => {
    const res = await scenario.app.inject({
      method: 'GET',
      url: '/api/pump-opportunities?timeframe=1h&risk=all',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PumpResponse;
    const list = body.opportunities;
    const at = (t: Address) => list.findIndex((o) => o.address === t);
    const wash = list[at(tokens.wash)];
    const snipe = list[at(tokens.snipe)];
    const clean = list[at(tokens.clean)];
    expect(wash, 'WASH is listed').toBeDefined();
    expect(wash?.strongMomentum).toBe(false);
    expect(wash?.organicShare ?? 1).toBeLessThan(0.05);
    expect(wash?.patternFindings.join(' ')).toContain('Wash volume');
    expect(snipe?.strongMomentum).toBe(false);
    expect(snipe?.patternFindings.join(' ')).toContain('Sniper cluster selling');
    expect(clean?.organicShare).toBe(1);
    expect(clean?.patternFindings).toEqual([]);
    expect(at(tokens.clean)).toBeLessThan(at(tokens.wash));
    expect(at(tokens.clean)).toBeLessThan(at(tokens.snipe));
    // No token before the first one with a finding is mostly wash.
    for (const o of list.slice(0, Math.min(at(tokens.wash), 5)))
      expect(o.organicShare ?? 1).toBeGreaterThanOrEqual(PATTERNS.organicShareMin);
  });
});
