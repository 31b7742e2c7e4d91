/**
 * Trade simulation, capabilities and source verification against a fresh anvil holding the
 * scenario's `test` variant: every risk token must show its risk the way a scanner would see it.
 */
import fs from 'node:fs';
import pino from 'pino';
import {
  type Address,
  createPublicClient,
  custom,
  erc20Abi,
  http,
  type PublicClient,
  parseAbi,
  parseAbiItem,
  parseEther,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { LocalChainClients } from '../../chain/client';
import type { AnvilProcess } from '../../localchain/anvil';
import { MintableToken } from '../../localchain/artifacts/generated';
import type { ScenarioChain } from '../../localchain/scenario-chain';
import { startSavedScenarioChain } from '../../test-support/scenario-runtime';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';
import { detectCapabilities } from '../capabilities';
import type { Capability, HolderSellSimulationFacts, TradeSimulationFacts } from '../types';
import { verifySource } from '../verification/verify-source';
import { simulateTrading } from './index';
import { DEFAULT_LADDER_ETH, type TradingSimulationInput } from './probe';

const log = pino({ level: 'silent' });
const routerAbi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

let scenario: ScenarioChain;
let anvil: AnvilProcess;
let chain: LocalChainClients;
let manifest: ScenarioManifest;
let requests = 0;
/**
 * A client on the same chain that counts HTTP requests (no multicall batching to hide calls; JSON-RPC
 * batching as the app's clients do, so calls issued together — the simulation and its later-date
 * eth_call — travel as one request).
 */
let counted: PublicClient;

beforeAll(async () => {
  scenario = await startSavedScenarioChain({ log });
  ({ anvil, chain, manifest } = scenario);
  counted = createPublicClient({
    chain: chain.chain,
    transport: http(anvil.rpcUrl, { batch: true, onFetchRequest: () => void requests++ }),
  }) as PublicClient;
});

afterAll(async () => {
  await scenario?.stop();
});

function symbolOf(token: Address): string {
  const hit = Object.entries(manifest.tokens).find(([, a]) => a === token.toLowerCase());
  if (!hit) throw new Error(`manifest has no token ${token}`);
  return hit[0];
}

function where(token: Address) {
  const pair = manifest.pairs[symbolOf(token)];
  if (!pair) throw new Error(`manifest has no pair for ${token}`);
  return { token, pair, router: manifest.contracts.router, weth: manifest.contracts.weth };
}

/** The V2 route through the token's scenario pair and a buy of half a percent of its WETH. */
async function plan(
  token: Address,
  pairOf: Address = token,
): Promise<Omit<TradingSimulationInput, 'holders'>> {
  const { pair, router, weth } = where(pairOf);
  const wethReserve = await chain.public.readContract({
    address: weth,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [pair],
  });
  const head = await chain.public.getBlock();
  const route: ProbeRoute = {
    venue: PROBE_VENUE.v2,
    router,
    quoter: '0x0000000000000000000000000000000000000000',
    pool: pair,
    path: [weth, token],
    fees: [],
    minQuote: 1_000_000_000_000n,
    v4Key: '0x',
  };
  const buyWei = wethReserve / 200n || 1n;
  return {
    route,
    buyWei,
    maxLadderWei: buyWei * 100n,
    block: { number: head.number, timestamp: head.timestamp },
  };
}

async function simulate(token: Address): Promise<TradeSimulationFacts> {
  const input = { ...(await plan(token)), holders: [] };
  requests = 0;
  const { trade } = await simulateTrading(counted, input);
  expect(requests).toBe(1);
  return trade;
}

async function holderSells(token: Address, holders: Address[], client: PublicClient = chain.public) {
  const input = {
    ...(await plan(token)),
    holders: holders.map((address) => ({ address, role: 'largest holder', boughtBlock: null })),
  };
  requests = 0;
  const { holderSells: h } = await simulateTrading(client, input);
  return h as HolderSellSimulationFacts;
}

function ok(f: TradeSimulationFacts) {
  if (f.status !== 'ok')
    throw new Error(`expected ok, got ${JSON.stringify(f, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`);
  return f;
}

/** Holders by balance, largest first, excluding the pair. */
async function topHolders(token: Address, n: number): Promise<Address[]> {
  const logs = await chain.public.getLogs({
    address: token,
    event: transferEvent,
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const pair = where(token).pair;
  const addrs = [...new Set(logs.map((l) => (l.args.to as string).toLowerCase() as Address))].filter(
    (a) => a !== pair && a !== '0x0000000000000000000000000000000000000000',
  );
  const balances = await chain.public.multicall({
    contracts: addrs.map(
      (a) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [a] }) as const,
    ),
    allowFailure: false,
  });
  return addrs
    .map((a, i) => [a, balances[i] as bigint] as const)
    .filter(([, b]) => b > 0n)
    .sort((x, y) => (y[1] > x[1] ? 1 : -1))
    .slice(0, n)
    .map(([a]) => a);
}

describe('simulateTrading: a fresh user', () => {
  it('honeypot: the buy works, the sell fails with the token’s own reason', async () => {
    const f = await simulate(manifest.risks.honeypot);
    expect(f).toMatchObject({ status: 'sell_failed', revertReason: 'TRANSFER_FROM_FAILED: trading locked' });
    if (f.status === 'sell_failed') {
      expect(f.buyTaxPct).toBeLessThan(0.01);
      // Tried again 1, 2, 3, 5, 10 and 20 blocks later: still locked, so a honeypot, not a cooldown.
      expect(f.laterBlocksProbed).toEqual([1, 2, 3, 5, 10, 20]);
    }
  });

  it('tax token: measured taxes within 0.5 pp of the configured rates', async () => {
    const f = ok(await simulate(manifest.risks.highTax));
    const { buyBps, sellBps } = manifest.riskDetails.highTax;
    expect(Math.abs(f.buyTaxPct - buyBps / 100)).toBeLessThan(0.5);
    expect(Math.abs(f.sellTaxPct - sellBps / 100)).toBeLessThan(0.5);
    // Wallet-to-wallet transfers are not taxed by this token.
    expect(f.transferTaxPct).toBe(0);
    expect(f.buyGas).toBeGreaterThan(50_000n);
    expect(f.sellGas).toBeGreaterThan(50_000n);
  });

  it('plain token: ~0% taxes and a max buy limited only by the pool', async () => {
    const f = ok(await simulate(manifest.tokens.DEGEN as Address));
    // A real user's gas price: the simulated block's base fee plus a tip, paid from its balance.
    expect(f.baseFeeGwei).toBeGreaterThan(0);
    expect(f.gasPriceGwei).toBeGreaterThan(f.baseFeeGwei as number);
    expect(f.sellDelayBlocks).toBe(0);
    expect(f.buyTaxPct).toBeLessThan(0.01);
    expect(f.sellTaxPct).toBeLessThan(0.01);
    expect(f.transferTaxPct).toBe(0);
    expect(f.maxBuyEth).toBeGreaterThanOrEqual(1);
  });

  it('max-tx token: the largest successful buy stays under maxTxAmount, the next size does not', async () => {
    const token = manifest.risks.maxTx;
    const f = ok(await simulate(token));
    expect(f.maxBuyEth).not.toBeNull();
    const maxBuy = f.maxBuyEth as number;
    const next = DEFAULT_LADDER_ETH.find((x) => x > maxBuy) as number;
    const { router, weth } = where(token);
    const out = async (eth: number) =>
      (
        await chain.public.readContract({
          address: router,
          abi: routerAbi,
          functionName: 'getAmountsOut',
          args: [parseEther(String(eth)), [weth, token]],
        })
      )[1] as bigint;
    const maxTx = BigInt(manifest.riskDetails.maxTx.maxTxAmount);
    expect(await out(maxBuy)).toBeLessThanOrEqual(maxTx);
    expect(await out(next)).toBeGreaterThan(maxTx);
    expect(f.sellTaxPct).toBeLessThan(0.01);
  });

  it('a token that is not in the given pool → no_pool', async () => {
    const { trade } = await simulateTrading(chain.public, {
      ...(await plan(manifest.tokens.DEGEN as Address, manifest.risks.honeypot)),
      holders: [],
    });
    expect(trade).toEqual({ status: 'no_pool' });
  });

  it('without a known start block, empty blocks fill the gaps: later sells still probed', async () => {
    const { trade } = await simulateTrading(chain.public, {
      ...(await plan(manifest.risks.honeypot)),
      block: null,
      holders: [],
    });
    expect(trade).toMatchObject({ status: 'sell_failed', laterBlocksProbed: [1, 2, 3, 5, 10, 20] });
  });

  it('a pool drained by a rug (dust left) → no_pool, not a failed buy', async () => {
    expect(await simulate(manifest.risks.rugged)).toEqual({ status: 'no_pool' });
  });

  it('falls back to eth_call (same block only) when the node has no eth_simulateV1', async () => {
    const seen: string[] = [];
    const picky = createPublicClient({
      chain: chain.chain,
      transport: custom({
        async request({ method, params }: { method: string; params?: unknown[] }) {
          seen.push(method);
          if (method === 'eth_simulateV1')
            throw { code: -32601, message: 'the method eth_simulateV1 does not exist' };
          return chain.public.request({ method, params } as never);
        },
      }),
    }) as PublicClient;
    const { trade: f } = await simulateTrading(picky, {
      ...(await plan(manifest.risks.honeypot)),
      holders: [],
    });
    // The later-date eth_call leaves beside eth_simulateV1; then the fallback's one eth_call.
    expect(seen.filter((m) => m === 'eth_simulateV1')).toHaveLength(1);
    expect(seen.filter((m) => m === 'eth_call')).toHaveLength(2);
    expect(seen.at(-1)).toBe('eth_call');
    expect(f).toMatchObject({
      status: 'sell_failed',
      revertReason: 'TRANSFER_FROM_FAILED: trading locked',
      laterBlocksProbed: [],
    });
  });

  it('an unreachable RPC → error, without the URL (which may carry a key)', async () => {
    const dead = createPublicClient({
      chain: chain.chain,
      transport: http('http://127.0.0.1:9/v2/secret-key-123', { retryCount: 0, timeout: 2_000 }),
    }) as PublicClient;
    const { trade: f } = await simulateTrading(dead, {
      ...(await plan(manifest.risks.honeypot)),
      holders: [],
    });
    expect(f.status).toBe('error');
    if (f.status === 'error') {
      expect(f.message).not.toMatch(/secret-key|127\.0\.0\.1/);
    }
  });
});

describe('simulateTrading: real holders', () => {
  it('tax token holders can sell, paying up to the sell tax (the exempt owner pays none)', async () => {
    const token = manifest.risks.highTax;
    const holders = await topHolders(token, 8);
    const f = await holderSells(token, holders, counted);
    expect(requests).toBe(1);
    expect(f.sampled).toBe(holders.length);
    expect(f.couldSell).toBe(f.sampled);
    expect(Math.abs((f.maxTaxPct ?? 0) - manifest.riskDetails.highTax.sellBps / 100)).toBeLessThan(0.5);
  });

  it('honeypot holders cannot sell', async () => {
    const token = manifest.risks.honeypot;
    const owner = (
      await chain.public.readContract({
        address: token,
        abi: parseAbi(['function owner() view returns (address)']),
        functionName: 'owner',
      })
    ).toLowerCase();
    // The owner is whitelisted: everyone else is trapped.
    const holders = (await topHolders(token, 10)).filter((h) => h !== owner);
    const f = await holderSells(token, holders);
    expect(f.sampled).toBe(holders.length);
    expect(f.failed).toBe(f.sampled);
    expect(f.maxTaxPct).toBeNull();
  });
});

describe('detectCapabilities', () => {
  const has = async (token: Address, wanted: Capability[]) => {
    const r = await detectCapabilities(chain.public, { address: token });
    const found = r.capabilities.found.map((f) => f.capability);
    for (const c of wanted) expect(found, `${symbolOf(token)} ${c}`).toContain(c);
    return r;
  };

  it('finds each risk token’s owner power in its bytecode', async () => {
    const mint = await has(manifest.risks.mint, ['mint', 'renounceOwnership']);
    expect(mint.owner).toMatch(/^0x[0-9a-f]{40}$/);
    expect(mint.capabilities.basis).toBe('bytecode');
    await has(manifest.risks.blacklist, ['blacklist']);
    await has(manifest.risks.pausable, ['pause']);
    await has(manifest.risks.maxTx, ['maxTx', 'maxWallet']);
    await has(manifest.risks.highTax, ['setFees', 'whitelist']);
    await has(manifest.risks.honeypot, ['whitelist']);
  });

  it('a plain token shows none of them', async () => {
    const r = await detectCapabilities(chain.public, { address: manifest.tokens.DEGEN as Address });
    const found = r.capabilities.found.map((f) => f.capability);
    for (const c of [
      'mint',
      'blacklist',
      'pause',
      'setFees',
      'maxTx',
      'ownerTransferOthers',
      'upgradeable',
    ] as const) {
      expect(found).not.toContain(c);
    }
    expect(r.proxy).toBeNull();
    expect(r.capabilities.selectorCount).toBeGreaterThan(5);
  });

  it('resolves the proxy to its implementation; V2 lets the owner move others’ tokens', async () => {
    const { implementationV1, implementationV2 } = manifest.riskDetails.proxy;
    const r = await has(manifest.risks.proxy, ['upgradeable', 'ownerTransferOthers']);
    expect(r.proxy).toMatchObject({ kind: 'eip1967', implementation: implementationV2.toLowerCase() });
    expect(r.implementationCode?.length).toBeGreaterThan(100);
    const v1 = await detectCapabilities(chain.public, { address: implementationV1 });
    expect(v1.capabilities.found.map((f) => f.capability)).not.toContain('ownerTransferOthers');
  });

  it('uses the verified ABI when given', async () => {
    const r = await detectCapabilities(chain.public, {
      address: manifest.risks.mint,
      abi: MintableToken.abi,
    });
    expect(r.capabilities.basis).toBe('abi');
    expect(r.capabilities.found.find((f) => f.capability === 'mint')?.via).toContain('mint() in ABI');
  });
});

describe('verifySource', () => {
  const input = JSON.parse(
    fs.readFileSync(new URL('../../localchain/artifacts/generated/solc-input.json', import.meta.url), 'utf8'),
  ) as { sources: Record<string, { content: string }>; settings: Record<string, unknown> };

  it('the deployed plain token matches ScenarioToken compiled from the project sources', async () => {
    const r = await verifySource(
      {
        sources: input.sources,
        settings: input.settings,
        contractName: 'ScenarioToken',
        address: manifest.tokens.DEGEN as Address,
      },
      chain.public,
    );
    expect(r.match).toBe('exact');
    expect(r.contractName).toMatch(/ScenarioToken\.sol:ScenarioToken$/);
    expect(r.abi?.some((i) => i.type === 'function' && i.name === 'transfer')).toBe(true);
  });

  it('a different contract does not match', async () => {
    const r = await verifySource(
      {
        sources: input.sources,
        settings: input.settings,
        contractName: 'MintableToken',
        address: manifest.tokens.DEGEN as Address,
      },
      chain.public,
    );
    expect(r.match).toBe('none');
  });
});
