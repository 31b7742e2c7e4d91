/**
 * Proxies of every common form, read for the code that really runs (issue 36 item 4): tokens
 * deployed as a launchpad deploys them — EIP-1167 clones of an implementation (one honest, one whose
 * implementation lets the owner mint), an EIP-1967 beacon proxy, and a delegating fallback with no
 * standard slot — each on a fresh anvil with a Uniswap V2 pool and real holders who bought through
 * it, analysed by the real engine with no verified source. Each must name its proxy form and its
 * implementation, and every owner-power check must have simulated the implementation's functions
 * (more than 0 calls) through the proxy.
 */
import { createRequire } from 'node:module';
import pino from 'pino';
import {
  type Abi,
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
import { createLocalChainClients, type LocalChainClients } from '../../src/server/chain/client';
import type { NetworkDescription } from '../../src/server/chain/network';
import { openDatabase } from '../../src/server/db/client';
import { createTokenEngine, type TokenEngine } from '../../src/server/engine/token-engine';
import type { TokenReportFacts } from '../../src/server/facts/types';
import { createIndexer } from '../../src/server/indexer/indexer';
import { type AnvilProcess, startAnvil } from '../../src/server/localchain/anvil';
import { type CoreAddresses, deployCore } from '../../src/server/localchain/deploy';
import type { Evidence } from '../../src/shared/analysis';

const require = createRequire(import.meta.url);
const log = pino({ level: 'silent' });
type Artifact = { abi: Abi; bytecode: Hex };

const tokenAbi = parseAbi([
  'function approve(address,uint256) returns (bool)',
  'function setPair(address)',
  'function launch(address,string,string) returns (address)',
  'function launchMinimal(address,string,string) returns (address)',
]);
const routerAbi = parseAbi([
  'function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256) payable',
]);
const factoryAbi = parseAbi(['function getPair(address,address) view returns (address)']);
const DEADLINE = 2n ** 40n;
const wallet = (i: number) =>
  keccak256(toHex(`proxy wallet ${i}`))
    .slice(0, 42)
    .toLowerCase() as Address;

let anvil: AnvilProcess;
let chain: LocalChainClients;
let core: CoreAddresses;
let engine: TokenEngine;
const impls: Record<string, Address> = {};
const tokens: Record<string, Address> = {};
const reports: Record<string, { evidence: Evidence[]; facts: TokenReportFacts; shown: unknown }> = {};

async function send(from: Address, to: Address | undefined, data: Hex, value = 0n) {
  const hash = await chain.wallet.sendTransaction({
    account: from,
    chain: chain.chain,
    to,
    data,
    value,
    gas: 8_000_000n,
  });
  const r = await chain.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (r.status !== 'success') throw new Error(`tx from ${from} to ${to ?? 'create'} reverted`);
  return r;
}

async function deploy(from: Address, art: Artifact, args: unknown[]): Promise<Address> {
  const r = await send(
    from,
    undefined,
    encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args } as Parameters<
      typeof encodeDeployData
    >[0]),
  );
  return (r.contractAddress as Address).toLowerCase() as Address;
}

/** A pool with the creator's liquidity and four holders who bought through it. */
async function listAndBuy(dev: Address, token: Address, n: number) {
  await send(
    dev,
    token,
    encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [core.router, 2n ** 255n] }),
  );
  await send(
    dev,
    core.router,
    encodeFunctionData({
      abi: routerAbi,
      functionName: 'addLiquidityETH',
      args: [token, parseEther('500000000'), 0n, 0n, dev, DEADLINE],
    }),
    parseEther('10'),
  );
  const pair = await chain.public.readContract({
    address: core.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [token, core.weth],
  });
  await send(dev, token, encodeFunctionData({ abi: tokenAbi, functionName: 'setPair', args: [pair] }));
  for (let b = 0; b < 4; b++) {
    const buyer = wallet(n * 10 + b);
    await chain.test.setBalance({ address: buyer, value: parseEther('5') });
    await send(
      buyer,
      core.router,
      encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
        args: [0n, [core.weth, token], buyer, DEADLINE],
      }),
      parseEther('0.2'),
    );
  }
}

beforeAll(async () => {
  const { compileAdversarial } = require('../../scripts/compile-adversarial.mjs') as {
    compileAdversarial: () => Record<string, Artifact>;
  };
  const art = compileAdversarial();
  const need = (name: string) => {
    const a = art[name];
    if (!a) throw new Error(`no artifact for ${name}`);
    return a;
  };
  anvil = await startAnvil({ log });
  chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
  const admin = wallet(1);
  await chain.test.setBalance({ address: admin, value: parseEther('1000') });
  core = await deployCore(chain, { deployer: admin, log });
  const dev = wallet(2);
  await chain.test.setBalance({ address: dev, value: parseEther('1000') });

  impls.honest = await deploy(dev, need('CloneTokenImpl'), []);
  impls.minting = await deploy(dev, need('CloneMintImpl'), []);
  const pad = await deploy(admin, need('CloneLaunchpad'), []);
  for (const [name, impl, fn] of [
    ['CloneHonest', impls.honest, 'launch'],
    ['CloneMint', impls.minting, 'launch'],
    ['SoladyCloneMint', impls.minting, 'launchMinimal'],
  ] as const) {
    const r = await send(
      dev,
      pad,
      encodeFunctionData({ abi: tokenAbi, functionName: fn, args: [impl as Address, name, 'CLN'] }),
    );
    // Launched(token, implementation, creator): the clone is the first indexed argument.
    const launched = r.logs.find((l) => l.address.toLowerCase() === pad);
    tokens[name] = `0x${(launched?.topics[1] ?? '').slice(26)}` as Address;
  }
  const beacon = await deploy(admin, need('TokenBeacon'), [impls.honest]);
  impls.beacon = beacon;
  tokens.BeaconToken = await deploy(dev, need('BeaconProxyToken'), [beacon, 'BeaconToken', 'BCN']);
  tokens.SlotlessToken = await deploy(dev, need('SlotlessProxyToken'), [impls.minting, 'Slotless', 'SLT']);

  let n = 1;
  for (const token of Object.values(tokens)) await listAndBuy(dev, token, n++);
  await chain.test.mine({ blocks: 12 });

  const db = await openDatabase({ kind: 'memory' });
  const indexer = createIndexer({
    db: db.db,
    chain,
    log,
    streams: [{ id: 'local:all', addresses: null, fromBlock: 0n }],
  });
  await indexer.syncOnce();
  const network: NetworkDescription = {
    mode: 'local',
    chainId: 8453,
    label: 'proxies',
    contracts: {
      uniswapV2Factory: core.factory,
      uniswapV2Router: core.router,
      weth: core.weth,
      usd: '0x00000000000000000000000000000000000000ee',
      multicall3: core.multicall3,
      lpLockers: [core.locker],
      uniswapV3: null,
    },
    flabToken: null,
    tokens: {},
  };
  engine = createTokenEngine({ db: db.db, chain, network, indexer, log, budgetMs: 60_000 });
  for (const [name, token] of Object.entries(tokens)) {
    const r = await engine.report(token);
    reports[name] = { evidence: r.scanner.evidence, facts: await engine.facts(token), shown: r.facts.proxy };
  }
}, 600_000);

afterAll(async () => {
  await anvil?.stop({ save: false });
});

const line = (name: string, check: string) => reports[name]?.evidence.find((e) => e.check === check);
const simulated = (name: string) => {
  const p = reports[name]?.facts.ownerPowers;
  if (p?.status !== 'simulated') throw new Error(`${name}: owner powers ${p?.status}: ${JSON.stringify(p)}`);
  return p;
};

describe('proxies of every common form', () => {
  it('reads an EIP-1167 clone as a clone of its implementation, fixed code, checks run on the implementation', () => {
    for (const name of ['CloneHonest', 'CloneMint', 'SoladyCloneMint']) {
      const proxy = reports[name]?.facts.token.proxy;
      expect(proxy?.kind, name).toBe('eip1167');
      expect(proxy?.form, name).toBe('clone');
      expect(proxy?.implementation, name).toBe(name === 'CloneHonest' ? impls.honest : impls.minting);
      const l = line(name, 'proxy');
      expect(l?.outcome, l?.detail).toBe('pass');
      expect(l?.detail).toMatch(/EIP-1167/);
      expect(l?.detail).toContain(proxy?.implementation ?? '-');
      const p = simulated(name);
      expect(p.functionsProbed, name).toBeGreaterThan(0);
      expect(p.callsSimulated, name).toBeGreaterThan(0);
    }
  });

  it("finds the minting clones' mint (EIP-1167 and Solady's 44-byte form), and nothing on the honest clone", () => {
    for (const name of ['CloneMint', 'SoladyCloneMint']) {
      const mint = line(name, 'mint');
      expect(mint?.outcome, `${name}: ${mint?.detail}`).toBe('fail');
      expect(mint?.detail).toMatch(/distributeRewards|0x[0-9a-f]{8}/);
      expect(mint?.detail).toMatch(/called by owner\(\)/);
    }
    for (const check of ['mint', 'pause', 'blacklist', 'owner_moves_tokens', 'fee_setters', 'honeypot']) {
      const l = line('CloneHonest', check);
      expect(l?.outcome, `${check}: ${l?.detail}`).toBe('pass');
    }
    expect(line('CloneHonest', 'mint')?.detail).toMatch(/in [1-9]\d* simulated calls/);
  });

  it('shows the form and the beacon in the report as served', () => {
    expect(reports.SoladyCloneMint?.shown).toMatchObject({
      kind: 'eip1167',
      form: 'clone',
      implementation: impls.minting,
    });
    expect(reports.BeaconToken?.shown).toMatchObject({ form: 'beacon', beacon: impls.beacon });
  });

  it('reads a beacon proxy through its beacon, upgradeable by the beacon', () => {
    const proxy = reports.BeaconToken?.facts.token.proxy;
    expect(proxy?.kind).toBe('eip1967');
    expect(proxy?.form).toBe('beacon');
    expect(proxy?.beacon).toBe(impls.beacon);
    expect(proxy?.implementation).toBe(impls.honest);
    const l = line('BeaconToken', 'proxy');
    expect(l?.outcome, l?.detail).toBe('fail');
    expect(l?.detail).toMatch(/beacon/i);
    const p = simulated('BeaconToken');
    expect(p.functionsProbed).toBeGreaterThan(0);
    expect(p.callsSimulated).toBeGreaterThan(0);
    expect(line('BeaconToken', 'mint')?.outcome).toBe('pass');
    expect(line('BeaconToken', 'mint')?.detail).toMatch(/in [1-9]\d* simulated calls/);
  });

  it('finds the implementation of a delegating fallback with no standard slot, and its mint', () => {
    const proxy = reports.SlotlessToken?.facts.token.proxy;
    expect(proxy?.form).toBe('fallback');
    expect(proxy?.implementation).toBe(impls.minting);
    const p = simulated('SlotlessToken');
    expect(p.callsSimulated).toBeGreaterThan(0);
    const mint = line('SlotlessToken', 'mint');
    expect(mint?.outcome, mint?.detail).toBe('fail');
  });
});
