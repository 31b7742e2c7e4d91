/**
 * The verified-source registry on a fresh anvil with the test scenario: the scenario verifies FLAB
 * and the look-alikes at start-up and leaves the risk tokens unverified; POST /api/contracts/verify
 * verifies a risk token from its real source (and the scanner says so at once), refuses a wrong
 * source with 422 and a malformed body with 400 naming the field.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScannerResult } from '../../shared/analysis';
import type { ScenarioManifest } from '../../shared/scenario';
import { SCENARIO_VERIFIED_CONTRACTS, scenarioInput } from '../localchain/verify-scenario';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;

const solcInput = JSON.parse(
  fs.readFileSync(new URL('../localchain/artifacts/generated/solc-input.json', import.meta.url), 'utf8'),
) as { sources: Record<string, { content: string }>; settings: Record<string, unknown> };

const scanner = async (address: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/scanner/${address}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ScannerResult;
};
const verify = (body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/contracts/verify',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
});
afterAll(async () => {
  await scenario?.stop();
});

describe('verified-source registry', () => {
  it('the scenario verified FLAB and the look-alikes at start-up', async () => {
    for (const symbol of Object.keys(SCENARIO_VERIFIED_CONTRACTS)) {
      const address = manifest.tokens[symbol] as string;
      const res = await app.inject({ method: 'GET', url: `/api/contracts/${address}/verification` });
      expect(res.statusCode, `${symbol}: ${res.body}`).toBe(200);
      const rec = res.json();
      expect(rec).toMatchObject({ address, match: 'exact' });
      expect(rec.contractName).toBe(symbol === 'USDC' ? 'Stablecoin' : 'ScenarioToken');
      expect(rec).not.toHaveProperty('sources');
    }
    const flab = await scanner(manifest.tokens.FLAB as string);
    expect(flab.contractVerified).toBe(true);
  });

  it('the scenario input holds only the sources a contract needs', () => {
    const files = Object.keys(scenarioInput('contracts/ScenarioToken.sol').sources);
    expect(files).toContain('contracts/ScenarioToken.sol');
    expect(files).toContain('@openzeppelin/contracts/token/ERC20/ERC20.sol');
    expect(files).not.toContain('contracts/MintableToken.sol');
    expect(files.length).toBeLessThan(Object.keys(solcInput.sources).length);
  });

  it('risk tokens stay unverified', async () => {
    const r = await scanner(manifest.risks.honeypot);
    expect(r.contractVerified).toBe(false);
    const res = await app.inject({
      method: 'GET',
      url: `/api/contracts/${manifest.risks.honeypot}/verification`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('verifies the mint risk token from its source; the scanner says so at once', async () => {
    const mint = manifest.risks.mint;
    expect((await scanner(mint)).contractVerified).toBe(false); // cached as unverified
    const input = scenarioInput('contracts/MintableToken.sol');
    const res = await verify({ address: mint, contractName: 'MintableToken', ...input });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      match: 'exact',
      contractName: 'contracts/MintableToken.sol:MintableToken',
      address: mint.toLowerCase(),
    });
    expect((await scanner(mint)).contractVerified).toBe(true);
    const rec = await app.inject({ method: 'GET', url: `/api/contracts/${mint}/verification` });
    expect(rec.json()).toMatchObject({ contractName: 'MintableToken', match: 'exact' });
  });

  it('a wrong source answers 422 verification_failed', async () => {
    const input = scenarioInput('contracts/Stablecoin.sol');
    const res = await verify({ address: manifest.risks.pausable, contractName: 'Stablecoin', ...input });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('verification_failed');
    expect(typeof res.json().error.message).toBe('string');
    expect((await scanner(manifest.risks.pausable)).contractVerified).toBe(false);
  });

  it('a malformed body answers 400 naming the field', async () => {
    const ok = scenarioInput('contracts/Stablecoin.sol');
    const cases: [unknown, string][] = [
      [{ address: '0x123', contractName: 'Stablecoin', ...ok }, 'address'],
      [{ address: manifest.tokens.USDC, ...ok }, 'contractName'],
      [{ address: manifest.tokens.USDC, contractName: 'Stablecoin' }, 'sources'],
      [
        { address: manifest.tokens.USDC, contractName: 'X', sources: { 'a.sol': { content: 1 } } },
        'sources.a.sol.content',
      ],
      [
        {
          address: manifest.tokens.USDC,
          contractName: 'X',
          sources: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}.sol`, { content: '' }])),
        },
        'sources',
      ],
      [
        { ...ok, address: manifest.tokens.USDC, contractName: 'X', settings: { modelChecker: {} } },
        'settings',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await verify(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
      expect(res.json().error.details.field).toBe(field);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/contracts/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
