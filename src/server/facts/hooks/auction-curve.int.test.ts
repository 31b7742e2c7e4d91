/**
 * Probes sized to the pool (issue 36 item 2), on the embedded chain: an honest Doppler-like auction
 * (AuctionCurveHook — a one-sided token range the hook owns in the PoolManager, sells above what
 * the curve sold refused) read through the app's own gather. Its depth, read from active liquidity,
 * is over a thousand times what it holds, so a sell sized to that depth reverts: the report must
 * say "a large sell fails: the pool holds …" and not call it a honeypot. NOOP4, a real honeypot
 * hook, still reads honeypot.
 */
import pino from 'pino';
import { type Address, erc20Abi, parseEther, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../../shared/scenario';
import { analyseToken } from '../../analysis/report';
import { BATCH_WAIT_MS, createChainClients, type LocalChainClients } from '../../chain/client';
import { describeLocalNetwork } from '../../chain/network';
import { type Database, openDatabase } from '../../db/client';
import { createIndexer } from '../../indexer/indexer';
import { AuctionCurveHook, ScenarioToken } from '../../localchain/artifacts/generated';
import { deployContract } from '../../localchain/deploy';
import type { ScenarioChain } from '../../localchain/scenario-chain';
import { deployHook, swapExactIn, type UniswapV4Addresses } from '../../localchain/uniswap-v4';
import { startSavedScenarioChain } from '../../test-support/scenario-runtime';
import { createVenueRegistry } from '../../venues/registry';
import { gatherTokenFacts } from '../gather';

const log = pino({ level: 'silent' });
let scenario: ScenarioChain;
let chain: LocalChainClients;
let manifest: ScenarioManifest;
let db: Database;

const DEV = '0x00000000000000000000000000000000f1ab7a41' as Address;
const BUYERS = [
  '0x00000000000000000000000000000000f1ab7a42',
  '0x00000000000000000000000000000000f1ab7a43',
] as const;
/** The range: the pool starts at its top (≈9,900 tokens per ETH) and buyers walk it down. */
const TICK_UPPER = 92_000;
const TICK_LOWER = 72_000;

beforeAll(async () => {
  scenario = await startSavedScenarioChain({ log });
  ({ chain, manifest } = scenario);
  db = await openDatabase({ kind: 'memory' });
}, 180_000);

afterAll(async () => {
  await db?.close();
  await scenario?.stop();
});

const syncIndex = () =>
  createIndexer({
    db: db.db,
    chain,
    log,
    streams: [{ id: 'local:all', addresses: null, fromBlock: 0n }],
  }).syncOnce();

async function report(token: Address) {
  const network = describeLocalNetwork(manifest, scenario.anvil.rpcUrl);
  const facts = await gatherTokenFacts(
    {
      db: db.db,
      chain,
      network,
      log,
      venues: createVenueRegistry(network),
      now: () => Math.floor(Date.now() / 1000),
    },
    token,
  );
  const r = analyseToken(facts);
  return { facts, r, trade: r.scanner.evidence.find((e) => e.check === 'hook_honeypot') };
}

/** Launches a token on the auction curve and lets two buyers take 0.05 ETH each from it. */
async function launchAuction(): Promise<Address> {
  const v4 = manifest.contracts.uniswapV4 as unknown as UniswapV4Addresses;
  for (const a of [DEV, ...BUYERS]) await chain.test.setBalance({ address: a, value: parseEther('100') });
  const token = (
    await deployContract(chain, ScenarioToken, ['Auction', 'AUCT4', 18, parseEther('1000000000'), DEV], DEV)
  ).toLowerCase() as Address;
  const hook = await deployHook(chain, 'auctionCurve', {
    deployer: DEV,
    owner: DEV,
    poolManager: v4.poolManager,
  });
  const tokens = parseEther('1000000');
  const write = async (args: Parameters<typeof chain.wallet.writeContract>[0]) =>
    chain.public.waitForTransactionReceipt({ hash: await chain.wallet.writeContract(args) });
  await write({
    account: DEV,
    chain: chain.chain,
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [hook, tokens],
  });
  // Just above the top tick, so the range holds tokens only; liquidity a little under what the
  // tokens pay for across the range (amount1 = L·(√P_upper − √P_lower)).
  const sqrtAt = (tick: number) => Math.sqrt(1.0001 ** tick);
  const sqrtPriceX96 = BigInt(Math.floor(sqrtAt(TICK_UPPER) * 2 ** 96 * (1 + 1e-9)));
  const liquidity = BigInt(Math.floor((Number(tokens) / (sqrtAt(TICK_UPPER) - sqrtAt(TICK_LOWER))) * 0.98));
  await write({
    account: DEV,
    chain: chain.chain,
    address: hook,
    abi: AuctionCurveHook.abi,
    functionName: 'launch',
    args: [token, sqrtPriceX96, TICK_LOWER, TICK_UPPER, liquidity, tokens],
  });
  const key = { currency0: zeroAddress, currency1: token, fee: 3000, tickSpacing: 200, hooks: hook };
  for (const b of BUYERS)
    await swapExactIn(chain, v4, b, { key, zeroForOne: true, amountIn: parseEther('0.05') });
  return token;
}

describe('hook tests sized to the pool', () => {
  it('an auction curve that refuses sells above what its range holds: not a honeypot, "a large sell fails"', async () => {
    const token = await launchAuction();
    await syncIndex();
    const { facts, r, trade } = await report(token);
    const hf = facts.hook?.facts;
    expect(hf, 'hook measured').toBeTruthy();
    if (!hf) return;
    const ladder = hf.ladder ?? [];
    // The depth as read (active liquidity) is far above the 0.1 ETH the range holds, and the old
    // single probe — a thousandth of it, sold back — reverts: the bug this test pins.
    expect(hf.depthQuote ?? 0n).toBeGreaterThan(parseEther('10'));
    const old = ladder.find((x) => x.amountIn === (hf.depthQuote ?? 0n) / 1000n);
    expect(old?.sellOut ?? null).toBeNull();
    // Small sells pass, so the reference rung sells.
    expect(hf.sell?.amountOut ?? 0n).toBeGreaterThan(0n);
    expect(trade?.outcome).not.toBe('fail');
    expect(trade?.detail).toMatch(/A large sell fails: the pool holds /);
    expect(trade?.detail).not.toMatch(/Honeypot/);
    expect(r.verdict.kind).not.toBe('honeypot');
    expect(r.facts.hook?.honeypot).toBe(false);
    console.info(`AUCT4 hook line: ${trade?.detail}\nverdict: ${r.verdict.kind}`);

    // The ladder rides in the hook's first multicall: a cold report stays within the V4 budget.
    let requests = 0;
    const counted = createChainClients({
      rpcUrl: scenario.anvil.rpcUrl,
      mode: 'local',
      batchWaitMs: BATCH_WAIT_MS,
      onFetchRequest: () => void requests++,
    });
    const network = describeLocalNetwork(manifest, scenario.anvil.rpcUrl);
    await gatherTokenFacts(
      {
        db: db.db,
        chain: { ...counted, public: counted.reads ?? counted.public },
        network,
        log,
        venues: createVenueRegistry(network),
        now: () => Math.floor(Date.now() / 1000),
      },
      token,
    );
    console.info(`cold AUCT4 report facts: ${requests} JSON-RPC requests`);
    expect(requests).toBeLessThanOrEqual(10);
  }, 120_000);

  it('a real honeypot hook (NOOP4) still reads honeypot with the ladder', async () => {
    await syncIndex();
    const noop = manifest.uniswapV4Tokens?.NOOP4;
    if (!noop) throw new Error('no NOOP4 in the manifest');
    const { r, trade } = await report(noop);
    expect(trade?.outcome).toBe('fail');
    expect(trade?.detail).toMatch(/Honeypot: .*keeps/);
    expect(trade?.detail).not.toMatch(/large sell fails/);
    expect(r.verdict.kind).toBe('honeypot');
  }, 120_000);
});
