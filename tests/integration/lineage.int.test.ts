/**
 * Serial deployers and look-alike code (issue 39 item 3) on a copy of the saved test scenario, with
 * new tokens deployed for real:
 *   TWIN    a HoneypotToken deployed by a new wallet, with another name and owner: the same runtime
 *           code as the scenario's honeypot, which we analysed first (its verdict is stored)
 *   PLAIN   the clean look-alike: a plain ScenarioToken (ERC-20 + Ownable) — an ERC-20 like the
 *           honeypot, but not its code: never called its twin
 *   S1..S3  three tokens of one deployer: S3 is the deployer's 3rd token, S1 and S2 its earlier ones
 * Indexed, then read through the report API, each finding with its evidence.
 */
import pino from 'pino';
import { type Address, encodeDeployData, type Hex, keccak256, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HoneypotToken, ScenarioToken } from '../../src/server/localchain/artifacts/generated';
import type { Runtime } from '../../src/server/runtime';
import {
  cachedReports,
  type ScenarioApp,
  startScenarioApp,
} from '../../src/server/test-support/scenario-app';
import type { TokenReport } from '../../src/shared/analysis';
import type { LineageFinding } from '../../src/shared/trading-patterns';

let scenario: ScenarioApp;
let runtime: Runtime;
let report: (address: string) => Promise<TokenReport>;
const wallet = (label: string) =>
  keccak256(toHex(`lineage ${label}`))
    .slice(0, 42)
    .toLowerCase() as Address;
const serialDev = wallet('serial dev');
const tokens = {} as Record<'twin' | 'plain' | 's1' | 's2' | 's3', Address>;
let honeypot: Address;

async function deploy(from: Address, artifact: { abi: unknown; bytecode: string }, args: unknown[]) {
  const c = runtime.localChain?.clients;
  if (!c) throw new Error('no local chain');
  await c.test.setBalance({ address: from, value: parseEther('10') });
  const hash = await c.wallet.sendTransaction({
    account: from,
    chain: c.chain,
    data: encodeDeployData({ abi: artifact.abi as never, bytecode: artifact.bytecode as Hex, args } as never),
    gas: 8_000_000n,
  });
  const r = await c.public.waitForTransactionReceipt({ hash });
  return r.contractAddress?.toLowerCase() as Address;
}

const lineageOf = async (t: Address): Promise<LineageFinding> => {
  const l = (await report(t)).tradingPatterns?.lineage;
  expect(l, 'the report carries its lineage').toBeDefined();
  return l as LineageFinding;
};

beforeAll(async () => {
  scenario = await startScenarioApp({ log: pino({ level: 'silent' }) });
  runtime = scenario.runtime;
  report = cachedReports(() => scenario.app);
  honeypot = scenario.manifest.risks.honeypot.toLowerCase() as Address;
  // The scenario's honeypot analysed first: its fingerprint and verdict are stored.
  expect((await report(honeypot)).verdict.kind).toBe('honeypot');
  const twinDev = wallet('twin dev');
  tokens.twin = await deploy(twinDev, HoneypotToken, [
    'Totally Safe',
    'SAFE',
    parseEther('1000000'),
    twinDev,
  ]);
  const plainDev = wallet('plain dev');
  tokens.plain = await deploy(plainDev, ScenarioToken, ['Plain', 'PLN', 18, parseEther('1000000'), plainDev]);
  for (const k of ['s1', 's2', 's3'] as const)
    tokens[k] = await deploy(serialDev, ScenarioToken, [k, k, 18, parseEther('1000'), serialDev]);
  await runtime.indexer?.syncOnce();
  // The earlier tokens analysed before the third (each resolves its creator into the index).
  await report(tokens.s1);
  await report(tokens.s2);
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
});

describe('look-alike code', () => {
  it('TWIN: the code twin of the honeypot says so, naming it and its stored verdict', async () => {
    const l = await lineageOf(tokens.twin);
    expect(l.twinOfHoneypot).toBe(true);
    const twin = l.tokens.find((t) => t.address === honeypot);
    expect(twin).toMatchObject({ twin: 'same', fate: 'honeypot', verdict: 'honeypot' });
    expect(twin?.relations).toContain('twin');
    expect(l.headline).toContain('Code twin of');
    expect(l.fingerprint).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await report(tokens.twin)).tradingPatterns?.findings.join(' ')).toContain(
      'a honeypot by our verdict',
    );
  });

  it('PLAIN: a plain ERC-20 is no twin of the honeypot', async () => {
    const l = await lineageOf(tokens.plain);
    expect(l.twinOfHoneypot).toBe(false);
    expect(l.tokens.find((t) => t.address === honeypot)).toBeUndefined();
  });
});

describe('serial deployers', () => {
  it("S3: the deployer's 3rd token, with its two earlier tokens", async () => {
    const l = await lineageOf(tokens.s3);
    expect(l.deployer).toBe(serialDev);
    expect(l.deployerTokenNumber).toBe(3);
    expect(l.headline).toContain("The deployer's 3rd token; its 2 earlier tokens");
    const earlier = l.tokens.filter((t) => t.relations.includes('deployer')).map((t) => t.address);
    expect(earlier.sort()).toEqual([tokens.s1, tokens.s2].sort());
  });
});
