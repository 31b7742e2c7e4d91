// `npm run build:contracts`: compiles contracts/*.sol and contracts/probes/*.sol with the npm solc in
// one standard-JSON run and writes typed artifacts (gitignored) where their users may import them:
//   src/server/probes/generated/               the production probes (contracts/probes/: the trade and
//                                              owner-power probes, wrap probe, code-size reader),
//                                              which the facts layer places by state override
//   src/server/localchain/artifacts/generated/ everything the dev chain deploys (contracts/*.sol, the
//                                              OpenZeppelin proxy, the Uniswap prebuilt artifacts)
// In each:
//   <Name>.ts         export const <Name> = { contractName, sourceName, abi, bytecode, deployedBytecode } as const
//   index.ts          re-exports every artifact of that folder
// and in the localchain folder only:
//   solc-input.json   the full standard-JSON input (every source, imports included, plus settings), so a
//                     verifier can re-compile without node_modules and compare bytecode
//   .hash             hash of everything that determines the output; unchanged hash = nothing to do
// Uniswap V2 (factory, pair, router, WETH9), V3 (factory, pool, position manager, QuoterV2,
// SwapRouter02) and V4 (PoolManager, PositionManager, PositionDescriptor, StateView, V4Quoter, the
// Universal Router, Permit2) are not compiled: their artifacts come from the build JSON shipped in the
// @uniswap npm packages (the bytecode deployed on Base; Permit2 is the canonical runtime code that
// v4-periphery's DeployPermit2 etches, so it has no creation code).
// The V4 hooks (contracts/v4/) must live at addresses whose low 14 bits are their permission flags
// (contracts/v4/hook-flags.json): their artifacts carry a CREATE2 salt mined here for the
// deterministic deployer, so the chain build never mines.
// Output is deterministic: source unit names are relative (no machine paths end up in the metadata
// hash), everything is sorted, and files are only rewritten when their content changes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS_DIR = path.join(ROOT, 'contracts');
/** Production probe sources: the app places their runtime code by state override, on any chain. */
const PROBES_SOURCE_DIR = 'contracts/probes/';
const NODE_MODULES = path.join(ROOT, 'node_modules');
const OUT_DIR = path.join(ROOT, 'src/server/localchain/artifacts/generated');
const PROBES_OUT_DIR = path.join(ROOT, 'src/server/probes/generated');
/** Output folders by name (the user cache keeps one sub-folder each). */
const OUT_DIRS = { localchain: OUT_DIR, probes: PROBES_OUT_DIR };
const HASH_FILE = path.join(OUT_DIR, '.hash');
const INPUT_FILE = path.join(OUT_DIR, 'solc-input.json');
const require = createRequire(import.meta.url);
// Artifacts are a pure function of the hash below, so they are also kept per hash in the user's
// cache directory: a second clone (or a CI job with a restored cache) copies them instead of
// paying the solc-js compile (~35 s on 2 cores) again. FLAB_CACHE_DIR overrides the location.
const USER_CACHE = path.join(
  process.env.FLAB_CACHE_DIR ?? process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
  'flab-hub',
  'contracts',
);

const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: {
    '*': {
      '*': [
        'abi',
        'evm.bytecode.object',
        'evm.bytecode.linkReferences',
        'evm.deployedBytecode.object',
        'evm.deployedBytecode.linkReferences',
      ],
    },
  },
};

/** Library contracts compiled alongside ours and emitted as artifacts (the app deploys them). */
const EXTRA_SOURCES = [
  { source: '@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol', name: 'ERC1967Proxy' },
];

/** Prebuilt Uniswap artifacts: [build JSON, contract name, original source]. */
const UNISWAP = [
  [
    '@uniswap/v2-core/build/UniswapV2Factory.json',
    'UniswapV2Factory',
    '@uniswap/v2-core/contracts/UniswapV2Factory.sol',
  ],
  [
    '@uniswap/v2-core/build/UniswapV2Pair.json',
    'UniswapV2Pair',
    '@uniswap/v2-core/contracts/UniswapV2Pair.sol',
  ],
  [
    '@uniswap/v2-periphery/build/UniswapV2Router02.json',
    'UniswapV2Router02',
    '@uniswap/v2-periphery/contracts/UniswapV2Router02.sol',
  ],
  ['@uniswap/v2-periphery/build/WETH9.json', 'WETH9', '@uniswap/v2-periphery/contracts/test/WETH9.sol'],
  // Uniswap V3: the hardhat artifacts shipped in the npm packages (the bytecode deployed on Base).
  [
    '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
    'UniswapV3Factory',
    '@uniswap/v3-core/contracts/UniswapV3Factory.sol',
  ],
  [
    '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
    'UniswapV3Pool',
    '@uniswap/v3-core/contracts/UniswapV3Pool.sol',
  ],
  [
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
    'NonfungiblePositionManager',
    '@uniswap/v3-periphery/contracts/NonfungiblePositionManager.sol',
  ],
  [
    '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
    'QuoterV2',
    '@uniswap/v3-periphery/contracts/lens/QuoterV2.sol',
  ],
  [
    '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
    'SwapRouter02',
    '@uniswap/swap-router-contracts/contracts/SwapRouter02.sol',
  ],
];

/** Packages whose content feeds the output; their versions go into the hash. */
const DEPENDENCIES = [
  'solc',
  '@openzeppelin/contracts',
  '@openzeppelin/contracts-upgradeable',
  '@uniswap/v2-core',
  '@uniswap/v2-periphery',
  '@uniswap/v3-core',
  '@uniswap/v3-periphery',
  '@uniswap/swap-router-contracts',
  '@uniswap/v4-core',
  '@uniswap/v4-periphery',
  '@uniswap/universal-router',
];

/** Prebuilt Foundry/Hardhat artifacts of Uniswap V4 and the Universal Router: [JSON, name, source]. */
const UNISWAP_V4 = [
  [
    '@uniswap/v4-core/out/PoolManager.sol/PoolManager.json',
    'PoolManager',
    '@uniswap/v4-core/src/PoolManager.sol',
  ],
  [
    '@uniswap/v4-periphery/foundry-out/PositionManager.sol/PositionManager.json',
    'PositionManager',
    '@uniswap/v4-periphery/src/PositionManager.sol',
  ],
  [
    '@uniswap/v4-periphery/foundry-out/PositionDescriptor.sol/PositionDescriptor.json',
    'PositionDescriptor',
    '@uniswap/v4-periphery/src/PositionDescriptor.sol',
  ],
  [
    '@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json',
    'StateView',
    '@uniswap/v4-periphery/src/lens/StateView.sol',
  ],
  [
    '@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json',
    'V4Quoter',
    '@uniswap/v4-periphery/src/lens/V4Quoter.sol',
  ],
  [
    '@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json',
    'UniversalRouter',
    '@uniswap/universal-router/contracts/UniversalRouter.sol',
  ],
];
/** Where v4-periphery keeps the canonical Permit2 runtime code (a hex literal it etches in tests). */
const PERMIT2_SOURCE = '@uniswap/v4-periphery/lib/permit2/test/utils/DeployPermit2.sol';
/** Permit2's ABI is not shipped as JSON; the few functions the local chain calls. */
const PERMIT2_ABI = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'token', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'user', type: 'address' },
      { name: 'token', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
      { name: 'nonce', type: 'uint48' },
    ],
  },
];

/** The deterministic CREATE2 deployer (Arachnid's, built into anvil and present on Base). */
const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const HOOK_FLAGS_FILE = path.join(CONTRACTS_DIR, 'v4', 'hook-flags.json');
/** v4-core Hooks.sol: flag bit of each hook permission. */
const HOOK_FLAG_BITS = {
  beforeInitialize: 13,
  afterInitialize: 12,
  beforeAddLiquidity: 11,
  afterAddLiquidity: 10,
  beforeRemoveLiquidity: 9,
  afterRemoveLiquidity: 8,
  beforeSwap: 7,
  afterSwap: 6,
  beforeDonate: 5,
  afterDonate: 4,
  beforeSwapReturnDelta: 3,
  afterSwapReturnDelta: 2,
  afterAddLiquidityReturnDelta: 1,
  afterRemoveLiquidityReturnDelta: 0,
};

const IMPORT_ROOTS = ['@openzeppelin/contracts/', '@openzeppelin/contracts-upgradeable/'];

class CompileError extends Error {}

/** Aborts the run; main() prints the message and sets a failing exit code (no process.exit, so
 * long solc reports are never cut off on a piped stderr). */
function fail(message) {
  throw new CompileError(message);
}

function packageVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(NODE_MODULES, name, 'package.json'), 'utf8')).version;
}

/** contracts/*.sol and contracts/probes/*.sol, keyed by source unit name ("contracts/X.sol"), sorted. */
function readProjectSources() {
  const units = ['contracts/', 'contracts/v4/', PROBES_SOURCE_DIR].flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.sol'))
      .map((f) => `${dir}${f}`),
  );
  units.sort();
  if (units.length === 0) fail(`no .sol files in ${path.relative(ROOT, CONTRACTS_DIR)}/`);
  return Object.fromEntries(units.map((u) => [u, fs.readFileSync(path.join(ROOT, u), 'utf8')]));
}

/** Which output folder an artifact belongs in: the probes', or the local chain's. */
const outDirOf = (a) => (a.sourceName.startsWith(PROBES_SOURCE_DIR) ? PROBES_OUT_DIR : OUT_DIR);

/** Reads an import: OpenZeppelin from node_modules, anything else under contracts/. */
function readImport(unitName) {
  let file;
  if (IMPORT_ROOTS.some((r) => unitName.startsWith(r))) file = path.join(NODE_MODULES, unitName);
  else if (unitName.startsWith('contracts/')) file = path.join(ROOT, unitName);
  else return { error: `cannot resolve "${unitName}" (only @openzeppelin/* and contracts/* are allowed)` };
  const resolved = path.resolve(file);
  if (!resolved.startsWith(path.resolve(NODE_MODULES)) && !resolved.startsWith(path.resolve(CONTRACTS_DIR)))
    return { error: `import "${unitName}" escapes node_modules/ and contracts/` };
  try {
    return { contents: fs.readFileSync(resolved, 'utf8') };
  } catch {
    return { error: `import "${unitName}" not found at ${path.relative(ROOT, resolved)}` };
  }
}

function computeHash(projectSources) {
  const h = createHash('sha256');
  const feed = (label, value) => h.update(`${label}\0${value}\0`);
  feed('script', fs.readFileSync(fileURLToPath(import.meta.url), 'utf8'));
  feed('settings', JSON.stringify(SETTINGS));
  for (const dep of DEPENDENCIES) feed(`dep:${dep}`, packageVersion(dep));
  for (const [name, content] of Object.entries(projectSources)) feed(`src:${name}`, content);
  feed('hook-flags', fs.readFileSync(HOOK_FLAGS_FILE, 'utf8'));
  return h.digest('hex');
}

/** True when the previous run had this hash and everything it wrote is still there. */
function upToDate(hash) {
  try {
    if (fs.readFileSync(HASH_FILE, 'utf8').trim() !== hash) return false;
    if (!fs.existsSync(INPUT_FILE)) return false;
    return Object.values(OUT_DIRS).every((dir) => {
      const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
      const modules = [...index.matchAll(/from '\.\/(\w+)'/g)].map((m) => m[1]);
      return modules.length > 0 && modules.every((m) => fs.existsSync(path.join(dir, `${m}.ts`)));
    });
  } catch {
    return false;
  }
}

const hex = (s) => (s.startsWith('0x') ? s : `0x${s}`);

function checkBytecode(name, code, label) {
  if (!/^0x[0-9a-f]*$/i.test(code))
    fail(`${name}: ${label} is not linked or not hex (libraries are not supported)`);
}

function compileSolidity(projectSources) {
  const solc = require('solc');
  const sources = { ...projectSources };
  for (const { source } of EXTRA_SOURCES) {
    const r = readImport(source);
    if (r.error) fail(r.error);
    sources[source] = r.contents;
  }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings: SETTINGS,
  };
  const imported = new Map();
  const findImports = (unitName) => {
    const r = readImport(unitName);
    if (r.contents !== undefined) imported.set(unitName, r.contents);
    return r;
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const diagnostics = output.errors ?? [];
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity !== 'error');
  for (const w of warnings) console.warn((w.formattedMessage ?? w.message).trimEnd());
  if (errors.length > 0) {
    const list = errors.map((e) => (e.formattedMessage ?? e.message).trimEnd()).join('\n\n');
    fail(`solc ${solc.version()} reported ${errors.length} error(s):\n\n${list}`);
  }

  const wanted = new Set([
    ...Object.keys(projectSources).map((s) => `${s}:*`),
    ...EXTRA_SOURCES.map((e) => `${e.source}:${e.name}`),
  ]);
  const artifacts = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, c] of Object.entries(contracts)) {
      if (!wanted.has(`${sourceName}:*`) && !wanted.has(`${sourceName}:${contractName}`)) continue;
      // Interfaces and abstract contracts have no bytecode: nothing to deploy, no artifact.
      if (!c.evm.bytecode.object) continue;
      if (Object.keys(c.evm.bytecode.linkReferences ?? {}).length > 0)
        fail(`${contractName}: needs library linking, which this script does not do`);
      artifacts.push({
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: hex(c.evm.bytecode.object),
        deployedBytecode: hex(c.evm.deployedBytecode.object),
      });
    }
  }
  // The full input, imports inlined, sorted: enough to re-compile anywhere.
  const allSources = { ...sources, ...Object.fromEntries(imported) };
  const fullInput = {
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.keys(allSources)
        .sort()
        .map((k) => [k, { content: allSources[k] }]),
    ),
    settings: SETTINGS,
  };
  return { artifacts, fullInput, version: solc.version(), warnings: warnings.length };
}

function uniswapArtifacts() {
  return UNISWAP.map(([jsonPath, contractName, sourceName]) => {
    const j = JSON.parse(fs.readFileSync(path.join(NODE_MODULES, jsonPath), 'utf8'));
    const bytecode = j.evm?.bytecode?.object ?? j.bytecode;
    const deployed = j.evm?.deployedBytecode?.object ?? j.deployedBytecode;
    if (!Array.isArray(j.abi) || typeof bytecode !== 'string' || typeof deployed !== 'string' || !bytecode)
      fail(`${jsonPath}: unexpected build JSON shape (want abi and evm.bytecode.object)`);
    return { contractName, sourceName, abi: j.abi, bytecode: hex(bytecode), deployedBytecode: hex(deployed) };
  });
}

function uniswapV4Artifacts() {
  const v4 = UNISWAP_V4.map(([jsonPath, contractName, sourceName]) => {
    const j = JSON.parse(fs.readFileSync(path.join(NODE_MODULES, jsonPath), 'utf8'));
    // Foundry nests the code in { object }, Hardhat gives the string.
    const bytecode = j.bytecode?.object ?? j.bytecode;
    const deployed = j.deployedBytecode?.object ?? j.deployedBytecode;
    if (!Array.isArray(j.abi) || typeof bytecode !== 'string' || typeof deployed !== 'string' || !bytecode)
      fail(`${jsonPath}: unexpected artifact shape (want abi and bytecode)`);
    return { contractName, sourceName, abi: j.abi, bytecode: hex(bytecode), deployedBytecode: hex(deployed) };
  });
  const permit2Source = fs.readFileSync(path.join(NODE_MODULES, PERMIT2_SOURCE), 'utf8');
  const m = permit2Source.match(/hex"([0-9a-f]+)"/i);
  if (!m) fail(`${PERMIT2_SOURCE}: Permit2 runtime code not found`);
  v4.push({
    contractName: 'Permit2',
    sourceName: PERMIT2_SOURCE,
    abi: PERMIT2_ABI,
    bytecode: '0x',
    deployedBytecode: hex(m[1]),
  });
  return v4;
}

/** Mines a CREATE2 salt under CREATE2_DEPLOYER whose address's low 14 bits equal `flags` exactly. */
function mineHookSalt(bytecode, flags, keccak) {
  const initHash = keccak(Buffer.from(bytecode.slice(2), 'hex'));
  const buf = Buffer.alloc(85);
  buf[0] = 0xff;
  Buffer.from(CREATE2_DEPLOYER.slice(2), 'hex').copy(buf, 1);
  Buffer.from(initHash).copy(buf, 53);
  for (let i = 0; i < 10_000_000; i++) {
    buf.writeUInt32BE(i, 49);
    const h = keccak(buf);
    if (((h[30] << 8) | h[31]) % (1 << 14) === flags) {
      return {
        salt: `0x${buf.subarray(21, 53).toString('hex')}`,
        address: `0x${Buffer.from(h.subarray(12)).toString('hex')}`,
      };
    }
  }
  fail(`no CREATE2 salt found for hook flags ${flags}`);
}

/** Adds create2Salt / create2Address / hookFlags to each hook named in contracts/v4/hook-flags.json. */
async function mineHookSalts(artifacts) {
  const { keccak256 } = await import('viem');
  const keccak = (bytes) => keccak256(bytes, 'bytes');
  const wanted = JSON.parse(fs.readFileSync(HOOK_FLAGS_FILE, 'utf8'));
  for (const [name, perms] of Object.entries(wanted)) {
    if (name.startsWith('//')) continue;
    const a = artifacts.find((x) => x.contractName === name);
    if (!a) fail(`contracts/v4/hook-flags.json names ${name}, which no contract defines`);
    let flags = 0;
    for (const p of perms) {
      if (!(p in HOOK_FLAG_BITS)) fail(`contracts/v4/hook-flags.json: unknown permission ${p} for ${name}`);
      flags |= 1 << HOOK_FLAG_BITS[p];
    }
    const { salt, address } = mineHookSalt(a.bytecode, flags, keccak);
    a.hook = { flags, salt, address };
  }
}

function renderArtifact(a) {
  return `// Generated by scripts/compile-contracts.mjs from ${a.sourceName}. Do not edit.
export const ${a.contractName} = {
  contractName: '${a.contractName}',
  sourceName: '${a.sourceName}',
  abi: ${JSON.stringify(a.abi, null, 2).replace(/\n/g, '\n  ')},
  bytecode: '${a.bytecode}',
  deployedBytecode: '${a.deployedBytecode}',${
    a.hook
      ? `\n  /** CREATE2 under the deterministic deployer: this salt puts the hook at an address carrying its flags. */\n  hook: { flags: ${a.hook.flags}, salt: '${a.hook.salt}', address: '${a.hook.address}' },`
      : ''
  }
} as const;
`;
}

/** Writes only when the content differs, so unchanged files keep their mtime (watchers stay calm). */
function writeIfChanged(file, content) {
  try {
    if (fs.readFileSync(file, 'utf8') === content) return;
  } catch {
    // missing: write it
  }
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

/** Copies a previous compile of the same hash into place; false when there is none. */
function restoreFromUserCache(hash) {
  const dir = path.join(USER_CACHE, hash);
  try {
    if (fs.readFileSync(path.join(dir, '.hash'), 'utf8').trim() !== hash) return false;
    fs.rmSync(HASH_FILE, { force: true });
    for (const [name, out] of Object.entries(OUT_DIRS)) {
      const cached = path.join(dir, name);
      fs.mkdirSync(out, { recursive: true });
      const names = fs.readdirSync(cached).filter((f) => f !== '.hash');
      for (const f of fs.readdirSync(out))
        if (!names.includes(f)) fs.rmSync(path.join(out, f), { force: true });
      for (const f of names) writeIfChanged(path.join(out, f), fs.readFileSync(path.join(cached, f), 'utf8'));
    }
    fs.writeFileSync(HASH_FILE, `${hash}\n`);
    return upToDate(hash);
  } catch {
    return false;
  }
}

/** Best effort: a read-only or full home directory only costs the next clone a compile. */
function saveToUserCache(hash) {
  const dir = path.join(USER_CACHE, hash);
  const tmp = `${dir}.tmp-${process.pid}`;
  try {
    if (fs.existsSync(path.join(dir, '.hash'))) return;
    for (const [name, out] of Object.entries(OUT_DIRS)) {
      fs.mkdirSync(path.join(tmp, name), { recursive: true });
      for (const f of fs.readdirSync(out)) {
        if (f === '.hash') continue;
        fs.copyFileSync(path.join(out, f), path.join(tmp, name, f));
      }
    }
    fs.copyFileSync(HASH_FILE, path.join(tmp, '.hash'));
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  const projectSources = readProjectSources();
  const hash = computeHash(projectSources);
  const rel = Object.values(OUT_DIRS)
    .map((d) => path.relative(ROOT, d))
    .join(', ');
  if (upToDate(hash)) {
    saveToUserCache(hash);
    console.log(`compile-contracts: up to date (${rel})`);
    return;
  }
  if (restoreFromUserCache(hash)) {
    console.log(`compile-contracts: restored from ${USER_CACHE} (same sources, ${rel})`);
    return;
  }

  const { artifacts, fullInput, version, warnings } = compileSolidity(projectSources);
  await mineHookSalts(artifacts);
  const all = [...artifacts, ...uniswapArtifacts(), ...uniswapV4Artifacts()].sort((a, b) =>
    a.contractName < b.contractName ? -1 : a.contractName > b.contractName ? 1 : 0,
  );
  const seen = new Map();
  for (const a of all) {
    checkBytecode(a.contractName, a.bytecode, 'bytecode');
    checkBytecode(a.contractName, a.deployedBytecode, 'deployedBytecode');
    const other = seen.get(a.contractName);
    if (other)
      fail(`two contracts are named ${a.contractName} (${other} and ${a.sourceName}); names must be unique`);
    seen.set(a.contractName, a.sourceName);
  }

  for (const out of Object.values(OUT_DIRS)) fs.mkdirSync(out, { recursive: true });
  // Drop the hash first: a run interrupted from here on is redone next time.
  fs.rmSync(HASH_FILE, { force: true });
  for (const out of Object.values(OUT_DIRS)) {
    const mine = all.filter((a) => outDirOf(a) === out);
    const keep = new Set(['index.ts', ...mine.map((a) => `${a.contractName}.ts`)]);
    if (out === OUT_DIR) for (const f of ['solc-input.json', '.hash']) keep.add(f);
    for (const f of fs.readdirSync(out)) if (!keep.has(f)) fs.rmSync(path.join(out, f), { force: true });
    for (const a of mine) writeIfChanged(path.join(out, `${a.contractName}.ts`), renderArtifact(a));
    writeIfChanged(
      path.join(out, 'index.ts'),
      `// Generated by scripts/compile-contracts.mjs. Do not edit.\n${mine
        .map((a) => `export { ${a.contractName} } from './${a.contractName}';`)
        .join('\n')}\n`,
    );
  }
  writeIfChanged(INPUT_FILE, `${JSON.stringify(fullInput)}\n`);
  fs.writeFileSync(HASH_FILE, `${hash}\n`);
  saveToUserCache(hash);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `compile-contracts: ${all.length} artifacts (${artifacts.length} from solc ${version.replace(/\.Emscripten.*$/, '')}, ` +
      `${UNISWAP.length + UNISWAP_V4.length + 1} Uniswap prebuilt), ${warnings} warning(s), ${seconds} s -> ${rel}`,
  );
}

try {
  await main();
} catch (e) {
  if (!(e instanceof CompileError)) throw e;
  console.error(`compile-contracts: ${e.message}`);
  process.exitCode = 1;
}
