// Compiles the adversarial token suite (contracts/adversarial/*.sol) with the npm solc into
// tests/adversarial/.generated/artifacts.json (gitignored), cached by a hash of the sources and the
// compiler version. Kept apart from build:contracts so the app's own compile stays quick; the
// adversarial integration test calls it (a cache hit costs one hash).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'contracts/adversarial');
const OUT = path.join(ROOT, 'tests/adversarial/.generated/artifacts.json');
const require = createRequire(import.meta.url);

export function compileAdversarial() {
  const solc = require('solc');
  const files = fs
    .readdirSync(SRC)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  const sources = Object.fromEntries(
    files.map((f) => [f, { content: fs.readFileSync(path.join(SRC, f), 'utf8') }]),
  );
  const hash = createHash('sha256').update(solc.version()).update(JSON.stringify(sources)).digest('hex');
  if (fs.existsSync(OUT)) {
    const cached = JSON.parse(fs.readFileSync(OUT, 'utf8'));
    if (cached.hash === hash) return cached.contracts;
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts = {};
  for (const [file, byName] of Object.entries(out.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      if (name === 'AdvBase') continue;
      contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, file };
    }
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify({ hash, contracts }));
  return contracts;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const c = compileAdversarial();
  console.log(`compile-adversarial: ${Object.keys(c).length} contracts -> ${path.relative(ROOT, OUT)}`);
}
