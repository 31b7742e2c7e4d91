// `npm run build` (and `npm start`, and `npm install` through "prepare"): contracts, web app and
// server, each rebuilt only when its inputs changed. Contracts have their own source-hash cache
// (scripts/compile-contracts.mjs); the web and server builds are skipped when a hash of their input
// files matches the one stamped beside their output. One line per step with its duration.
//   --at-install   called from "prepare": a failure is reported but does not fail `npm install`
//                  (npm start builds again and shows the error where it matters).
//   --force        rebuild the web app and the server even when their inputs did not change.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureSupportedNode } from './node-version.mjs';

await ensureSupportedNode();

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMPS = path.join(ROOT, 'dist', '.build');
const atInstall = process.argv.includes('--at-install');
const force = process.argv.includes('--force');

/** Shared inputs: dependency versions and compiler settings. */
const COMMON = ['package-lock.json', 'package.json', 'tsconfig.json'];
const TARGETS = {
  web: {
    inputs: [...COMMON, 'index.html', 'vite.config.ts', 'src/web', 'src/shared'],
    output: 'dist/web/index.html',
    command: [
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    ],
  },
  server: {
    inputs: [...COMMON, 'scripts/build-server.mjs', 'src/server', 'src/shared', 'src/cli'],
    output: 'dist/server/main.js',
    command: [process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')]],
  },
};

function* files(rel) {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return;
  const st = fs.statSync(abs);
  if (st.isFile()) {
    yield rel;
    return;
  }
  for (const name of fs.readdirSync(abs).sort()) yield* files(path.join(rel, name));
}

function inputHash(inputs) {
  const h = createHash('sha256');
  for (const input of inputs) {
    for (const f of files(input)) {
      h.update(`${f}\0`);
      h.update(fs.readFileSync(path.join(ROOT, f)));
      h.update('\0');
    }
  }
  return h.digest('hex');
}

function run([cmd, args]) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0])} exited with ${code ?? signal}`)),
    );
  });
}

const seconds = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function step(name, fn) {
  const t0 = performance.now();
  const what = await fn();
  console.log(`build: ${name.padEnd(9)} ${what} (${seconds(t0)})`);
}

async function buildTarget(name) {
  const t = TARGETS[name];
  const stamp = path.join(STAMPS, `${name}.hash`);
  // The server bundle embeds the generated contract artifacts: hash them after compiling.
  const hash = inputHash(t.inputs);
  const same = !force && fs.existsSync(path.join(ROOT, t.output)) && readStamp(stamp) === hash;
  if (same) return 'up to date';
  fs.rmSync(stamp, { force: true });
  await run(t.command);
  fs.mkdirSync(STAMPS, { recursive: true });
  fs.writeFileSync(stamp, `${hash}\n`);
  return 'built';
}

function readStamp(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function main() {
  const t0 = performance.now();
  await step('contracts', async () => {
    await run([process.execPath, [path.join(ROOT, 'scripts/compile-contracts.mjs')]]);
    await run([process.execPath, [path.join(ROOT, 'scripts/compile-aerodrome.mjs')]]);
    return 'ready';
  });
  // Web and server are independent: build them side by side.
  await Promise.all([step('web', () => buildTarget('web')), step('server', () => buildTarget('server'))]);
  console.log(`build: done in ${seconds(t0)}`);
}

main().catch((e) => {
  console.error(`build failed: ${e.message}`);
  if (atInstall) {
    console.error('(npm install goes on; `npm start` builds again and shows the error.)');
    return;
  }
  process.exitCode = 1;
});
