/**
 * Base mode (BASE_RPC_URL set) runs the same engine against any Base-compatible RPC. Here the RPC
 * is an anvil holding the scenario, so the per-token backfill can be checked for real: the first
 * analysis finds the token's creation block, indexes it to the head, and then counts its holders.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalChainClients } from '../../src/server/chain/client';
import { parseConfig } from '../../src/server/config';
import { findCreationBlock } from '../../src/server/engine/backfill';
import { type AnvilProcess, startAnvil } from '../../src/server/localchain/anvil';
import { buildScenario } from '../../src/server/localchain/scenario';
import { type Runtime, startRuntime } from '../../src/server/runtime';
import type { ScenarioManifest } from '../../src/shared/scenario';

const log = pino({ level: 'silent' });
let anvil: AnvilProcess;
let manifest: ScenarioManifest;
let runtime: Runtime;

beforeAll(async () => {
  anvil = await startAnvil({ log });
  const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  manifest = await buildScenario({ chain, variant: 'test', seed: 11, log });
  runtime = await startRuntime(parseConfig({ BASE_RPC_URL: anvil.rpcUrl, LOG_LEVEL: 'silent' }), log, {
    memoryDb: true,
    ephemeralChain: true,
  });
});
afterAll(async () => {
  await runtime?.stop();
  await anvil?.stop({ save: false });
});

describe('Base mode', () => {
  it('describes Base mainnet, not the local scenario', () => {
    expect(runtime.network.mode).toBe('base');
    expect(runtime.network.contracts.weth).toBe('0x4200000000000000000000000000000000000006');
  });

  it('finds a contract creation block by binary search', async () => {
    const client = runtime.chain.public;
    const head = await client.getBlockNumber();
    const block = await findCreationBlock(client, manifest.tokens.FLAB as `0x${string}`, head);
    expect(block).not.toBeNull();
    const before = await client.getCode({
      address: manifest.tokens.FLAB as `0x${string}`,
      blockNumber: (block ?? 1n) - 1n,
    });
    expect(before ?? '0x').toBe('0x');
  });

  it('backfills a token on its first analysis and then knows its holders', async () => {
    const report = await runtime.engine.report(manifest.tokens.FLAB as `0x${string}`);
    expect(report.facts.symbol).toBe('FLAB');
    expect(report.facts.holderCount).toBeGreaterThan(20);
    // Its pool and locker are not Base-mainnet contracts, so they count as large holders here;
    // the scenario's six whales must all be found.
    const top = new Set(report.whales.topHolders.map((h) => h.address.toLowerCase()));
    for (const w of manifest.wallets.flabWhales) expect(top.has(w)).toBe(true);
    // The Base mainnet DEX is not on this chain: no pool, said so rather than invented.
    expect(report.facts.trade.status).toBe('no_pool');
    expect(report.facts.pools).toHaveLength(0);
  });
});
