// `npm run build:aerodrome` (and part of `npm run build:contracts`): compiles Aerodrome's own
// contracts from the npm package `sphere-mezo-solidity-files` for the local chain, in two
// standard-JSON runs with the published settings (optimizer on, 200 runs):
//   classic (domains/aerodrome, ported to OpenZeppelin 5): current solc 0.8 from npm, cancun —
//     Pool, PoolFactory, Router, FactoryRegistry, Voter, VotingEscrow (+ its two linked libraries),
//     Aero, ProtocolForwarder, the gauge and reward factories (a gauge for the staked position), Minter;
//   Slipstream (domains/aerodrome-slipstream, as published): solc 0.7.6 (npm alias `solc-0.7.6`) —
//     CLFactory, CLPool, NonfungiblePositionManager, SwapRouter, QuoterV2, and the CL gauge and its
//     factory (a gauge for the staked Slipstream position; the gauge factory wants the Voter's
//     Minter, compiled with the classic run).
// Output (gitignored): src/server/localchain/artifacts/aerodrome/<Name>.ts with abi, bytecode,
// deployedBytecode and linkReferences (the deploy links VotingEscrow's libraries), index.ts, and
// .hash — the hash of everything that determines the output, so an unchanged hash does nothing.
// Artifacts are also kept per hash in the user cache (as compile-contracts.mjs does).
// Licences and what we ship: docs/decisions/0027-aerodrome-from-npm-sources.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const OUT_DIR = path.join(ROOT, 'src/server/localchain/artifacts/aerodrome');
const HASH_FILE = path.join(OUT_DIR, '.hash');
const PKG = 'sphere-mezo-solidity-files';
const CLASSIC = `${PKG}/domains/aerodrome/contracts/`;
const SLIP = `${PKG}/domains/aerodrome-slipstream/`;
const require = createRequire(import.meta.url);
const USER_CACHE = path.join(
  process.env.FLAB_CACHE_DIR ?? process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'flab-hub',
  'aerodrome',
);

const OUTPUT = {
  '*': {
    '*': [
      'abi',
      'evm.bytecode.object',
      'evm.bytecode.linkReferences',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.linkReferences',
    ],
  },
};

/** The two compiles: compiler package, settings, source units and the contracts we keep. */
const RUNS = [
  {
    label: 'classic',
    solc: 'solc',
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      // Aerodrome imports one file by an absolute "contracts/..." path.
      remappings: [`contracts/=${CLASSIC}`],
      outputSelection: OUTPUT,
    },
    units: [
      'Aero.sol',
      'Pool.sol',
      'Router.sol',
      'Voter.sol',
      'Minter.sol',
      'VotingEscrow.sol',
      'ProtocolForwarder.sol',
      'factories/PoolFactory.sol',
      'factories/FactoryRegistry.sol',
      'factories/GaugeFactory.sol',
      'factories/VotingRewardsFactory.sol',
      'factories/ManagedRewardsFactory.sol',
    ].map((u) => CLASSIC + u),
    keep: {
      Aero: 'Aero',
      Pool: 'AerodromePool',
      Router: 'AerodromeRouter',
      Voter: 'AerodromeVoter',
      Minter: 'AerodromeMinter',
      VotingEscrow: 'VotingEscrow',
      BalanceLogicLibrary: 'BalanceLogicLibrary',
      DelegationLogicLibrary: 'DelegationLogicLibrary',
      ProtocolForwarder: 'ProtocolForwarder',
      PoolFactory: 'AerodromePoolFactory',
      FactoryRegistry: 'FactoryRegistry',
      GaugeFactory: 'AerodromeGaugeFactory',
      Gauge: 'AerodromeGauge',
      VotingRewardsFactory: 'VotingRewardsFactory',
      ManagedRewardsFactory: 'ManagedRewardsFactory',
    },
  },
  {
    label: 'slipstream',
    solc: 'solc-0.7.6',
    settings: {
      // Slipstream's published foundry settings: 0.7.6, optimizer 200 runs (the position manager is
      // 24,542 bytes there, just under the EIP-170 limit; more runs would push it over).
      optimizer: { enabled: true, runs: 200 },
      outputSelection: OUTPUT,
    },
    units: [
      'contracts/core/CLFactory.sol',
      'contracts/core/CLPool.sol',
      'contracts/periphery/NonfungiblePositionManager.sol',
      'contracts/periphery/SwapRouter.sol',
      'contracts/periphery/lens/QuoterV2.sol',
      'contracts/gauge/CLGaugeFactory.sol',
      'contracts/gauge/CLGauge.sol',
    ].map((u) => SLIP + u),
    keep: {
      CLFactory: 'CLFactory',
      CLPool: 'CLPool',
      NonfungiblePositionManager: 'CLPositionManager',
      SwapRouter: 'CLSwapRouter',
      QuoterV2: 'CLQuoterV2',
      CLGaugeFactory: 'CLGaugeFactory',
      CLGauge: 'CLGauge',
    },
  },
];

const DEPENDENCIES = ['solc', 'solc-0.7.6', PKG, '@openzeppelin/contracts', '@opengsn/contracts', 'hardhat'];

class CompileError extends Error {}
const fail = (m) => {
  throw new CompileError(m);
};

const packageVersion = (name) =>
  JSON.parse(fs.readFileSync(path.join(NODE_MODULES, name, 'package.json'), 'utf8')).version;

/** Imports come from node_modules only (the package, OpenZeppelin, OpenGSN's forwarder, hardhat's console). */
function readImport(unitName) {
  const resolved = path.resolve(NODE_MODULES, unitName);
  if (!resolved.startsWith(path.resolve(NODE_MODULES) + path.sep))
    return { error: `import "${unitName}" escapes node_modules/` };
  try {
    return { contents: fs.readFileSync(resolved, 'utf8') };
  } catch {
    return { error: `import "${unitName}" not found in node_modules` };
  }
}

function computeHash() {
  const h = createHash('sha256');
  const feed = (label, value) => h.update(`${label}\0${value}\0`);
  feed('script', fs.readFileSync(fileURLToPath(import.meta.url), 'utf8'));
  for (const r of RUNS) feed(`run:${r.label}`, JSON.stringify({ s: r.settings, u: r.units, k: r.keep }));
  for (const dep of DEPENDENCIES) feed(`dep:${dep}`, packageVersion(dep));
  return h.digest('hex');
}

function upToDate(hash) {
  try {
    if (fs.readFileSync(HASH_FILE, 'utf8').trim() !== hash) return false;
    const index = fs.readFileSync(path.join(OUT_DIR, 'index.ts'), 'utf8');
    const modules = [...index.matchAll(/from '\.\/(\w+)'/g)].map((m) => m[1]);
    return modules.length > 0 && modules.every((m) => fs.existsSync(path.join(OUT_DIR, `${m}.ts`)));
  } catch {
    return false;
  }
}

function compile(run) {
  const solc = require(run.solc);
  const sources = {};
  for (const u of run.units) {
    const r = readImport(u);
    if (r.error) fail(r.error);
    sources[u] = { content: r.contents };
  }
  const input = { language: 'Solidity', sources, settings: run.settings };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport }));
  const errors = (output.errors ?? []).filter((d) => d.severity === 'error');
  if (errors.length > 0)
    fail(
      `${run.label}: solc ${solc.version()} reported ${errors.length} error(s):\n\n${errors
        .map((e) => (e.formattedMessage ?? e.message).trimEnd())
        .join('\n\n')}`,
    );
  const out = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    if (!sourceName.startsWith(PKG)) continue;
    for (const [name, c] of Object.entries(contracts)) {
      const as = run.keep[name];
      if (!as || !c.evm.bytecode.object) continue;
      out.push({
        contractName: as,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
        linkReferences: c.evm.bytecode.linkReferences ?? {},
      });
    }
  }
  const missing = Object.values(run.keep).filter((n) => !out.some((a) => a.contractName === n));
  if (missing.length) fail(`${run.label}: no artifact for ${missing.join(', ')}`);
  return { artifacts: out, version: solc.version().replace(/\.Emscripten.*$/, '') };
}

function render(a) {
  return `// Generated by scripts/compile-aerodrome.mjs from ${a.sourceName}. Do not edit.
export const ${a.contractName} = {
  contractName: '${a.contractName}',
  sourceName: '${a.sourceName}',
  abi: ${JSON.stringify(a.abi)},
  bytecode: '${a.bytecode}',
  deployedBytecode: '${a.deployedBytecode}',
  linkReferences: ${JSON.stringify(a.linkReferences)},
} as const;
`;
}

function writeIfChanged(file, content) {
  try {
    if (fs.readFileSync(file, 'utf8') === content) return;
  } catch {
    // missing: write it
  }
  fs.writeFileSync(file, content);
}

function copyDir(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const f of fs.readdirSync(from))
    writeIfChanged(path.join(to, f), fs.readFileSync(path.join(from, f), 'utf8'));
}

function main() {
  const started = Date.now();
  const hash = computeHash();
  const rel = path.relative(ROOT, OUT_DIR);
  if (upToDate(hash)) {
    console.log(`compile-aerodrome: up to date (${rel})`);
    return;
  }
  const cached = path.join(USER_CACHE, hash);
  if (fs.existsSync(path.join(cached, '.hash'))) {
    copyDir(cached, OUT_DIR);
    if (upToDate(hash)) {
      console.log(`compile-aerodrome: restored from ${USER_CACHE} (${rel})`);
      return;
    }
  }
  const results = RUNS.map(compile);
  const all = results
    .flatMap((r) => r.artifacts)
    .sort((a, b) => a.contractName.localeCompare(b.contractName));
  // EIP-170: a runtime over 24,576 bytes cannot be deployed; say so here rather than at deploy.
  for (const a of all) {
    const size = (a.deployedBytecode.length - 2) / 2;
    if (size > 24_576) fail(`${a.contractName}: runtime ${size} bytes exceeds the 24,576-byte limit`);
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  fs.rmSync(HASH_FILE, { force: true });
  const keep = new Set(['index.ts', '.hash', ...all.map((a) => `${a.contractName}.ts`)]);
  for (const f of fs.readdirSync(OUT_DIR))
    if (!keep.has(f)) fs.rmSync(path.join(OUT_DIR, f), { force: true });
  for (const a of all) writeIfChanged(path.join(OUT_DIR, `${a.contractName}.ts`), render(a));
  writeIfChanged(
    path.join(OUT_DIR, 'index.ts'),
    `// Generated by scripts/compile-aerodrome.mjs. Do not edit.\n${all
      .map((a) => `export { ${a.contractName} } from './${a.contractName}';`)
      .join('\n')}\n`,
  );
  fs.writeFileSync(HASH_FILE, `${hash}\n`);
  try {
    const tmp = `${cached}.tmp-${process.pid}`;
    copyDir(OUT_DIR, tmp);
    fs.renameSync(tmp, cached);
  } catch {
    // best effort: the next clone compiles again
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `compile-aerodrome: ${all.length} artifacts (${results.map((r, i) => `${RUNS[i].label} solc ${r.version}`).join(', ')}), ${seconds} s -> ${rel}`,
  );
}

try {
  main();
} catch (e) {
  if (!(e instanceof CompileError)) throw e;
  console.error(`compile-aerodrome: ${e.message}`);
  process.exitCode = 1;
}
