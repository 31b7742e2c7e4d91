/**
 * The scenario's verified tokens: FLAB and the blue-chip look-alikes (DEGEN, BRETT, TOSHI, AERO,
 * USDC) are verified through the same registry a user would use (verifySource + the registry
 * store), from the standard-JSON input every contract was compiled from. The risk tokens and the
 * new launches stay unverified, as such tokens usually are.
 *
 * Speed: solc runs once per contract name (ScenarioToken, Stablecoin; both in parallel). Tokens
 * deployed from the same contract whose runtime code is byte-for-byte identical to one that was
 * just verified (same contract, same immutable values) share that result: identical code verified
 * against a source is verified by that source. A token whose code differs gets its own compile.
 */
import path from 'node:path';
import type { Address, Hex } from 'viem';
import type { ScenarioManifest } from '../../shared/scenario';
import type { LocalChainClients } from '../chain/client';
import type { Db } from '../db/client';
import { storeVerifiedContract } from '../facts/verification/verified-store';
import { type VerifyResult, verifySource } from '../facts/verification/verify-source';
import type { Logger } from '../logger';
import solcInputJson from './artifacts/generated/solc-input.json';

type StandardJson = { sources: Record<string, { content: string }>; settings: Record<string, unknown> };

/** Which contract each verified scenario token was deployed from. */
export const SCENARIO_VERIFIED_CONTRACTS: Record<string, { file: string; name: string }> = {
  FLAB: { file: 'contracts/ScenarioToken.sol', name: 'ScenarioToken' },
  DEGEN: { file: 'contracts/ScenarioToken.sol', name: 'ScenarioToken' },
  BRETT: { file: 'contracts/ScenarioToken.sol', name: 'ScenarioToken' },
  TOSHI: { file: 'contracts/ScenarioToken.sol', name: 'ScenarioToken' },
  AERO: { file: 'contracts/ScenarioToken.sol', name: 'ScenarioToken' },
  USDC: { file: 'contracts/Stablecoin.sol', name: 'Stablecoin' },
};

const IMPORT_RE = /^\s*import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']\s*;/gm;

/** `file` and every source it imports, transitively (the minimal input to compile it). */
export function sourceClosure(
  all: Record<string, { content: string }>,
  file: string,
): Record<string, { content: string }> {
  const out: Record<string, { content: string }> = {};
  const todo = [file];
  while (todo.length > 0) {
    const f = todo.pop() as string;
    if (out[f]) continue;
    const src = all[f];
    if (!src) throw new Error(`source "${f}" is missing from solc-input.json`);
    out[f] = src;
    for (const m of src.content.matchAll(IMPORT_RE)) {
      const imp = m[1] ?? '';
      todo.push(
        imp.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(f), imp)) : imp,
      );
    }
  }
  return out;
}

/** The standard-JSON input for one contract: only the sources it needs, the build's settings. */
export function scenarioInput(file: string): StandardJson {
  const full = solcInputJson as unknown as StandardJson;
  const { outputSelection: _ours, ...settings } = full.settings;
  return { sources: sourceClosure(full.sources, file), settings };
}

export type VerifyScenarioResult = { verified: string[]; failed: string[] };

export async function verifyScenarioSources(opts: {
  db: Db;
  chain: LocalChainClients;
  manifest: ScenarioManifest;
  log: Logger;
}): Promise<VerifyScenarioResult> {
  const { db, chain, manifest, log } = opts;
  const started = Date.now();
  const byFile = new Map<string, { name: string; tokens: { symbol: string; address: Address }[] }>();
  for (const [symbol, c] of Object.entries(SCENARIO_VERIFIED_CONTRACTS)) {
    const address = manifest.tokens[symbol] as Address | undefined;
    if (!address) continue;
    const group = byFile.get(c.file) ?? { name: c.name, tokens: [] };
    group.tokens.push({ symbol, address });
    byFile.set(c.file, group);
  }

  const verified: string[] = [];
  const failed: string[] = [];
  await Promise.all(
    [...byFile].map(async ([file, { name, tokens }]) => {
      const input = scenarioInput(file);
      const codes = await Promise.all(tokens.map((t) => chain.public.getCode({ address: t.address })));
      // One compile per distinct runtime code (in practice: one per contract name).
      const results = new Map<Hex | undefined, VerifyResult>();
      for (const [i, t] of tokens.entries()) {
        const code = codes[i];
        let r = results.get(code);
        if (!r) {
          r = await verifySource(
            { ...input, contractName: `${file}:${name}`, address: t.address },
            chain.public,
          );
          results.set(code, r);
        }
        if (r.match === 'none') {
          failed.push(t.symbol);
          log.warn({ msg: 'scenario token did not verify', symbol: t.symbol, reason: r.reason });
          continue;
        }
        await storeVerifiedContract(db, {
          address: t.address,
          contractName: r.contractName,
          match: r.match,
          abi: r.abi,
          sources: input.sources,
          settings: input.settings,
        });
        verified.push(t.symbol);
      }
    }),
  );
  log.info({ msg: 'scenario sources verified', verified, failed, duration_ms: Date.now() - started });
  return { verified, failed };
}
