// The Node.js range the project runs on (package.json "engines"). `npm install`, `npm start` and
// `npm test` call ensureSupportedNode() first: on an older Node (machines still ship Node 20) the
// command runs again on Node 24 from the npm registry (scripts/use-node.sh: cached under
// ~/.cache/flab-hub, nothing downloaded when the machine's node is recent enough), so the README's
// two commands work on such a machine too. Other commands (benches, `npm run dev`) expect a shell
// prepared with `. scripts/use-node.sh`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** [major, minor] of the engines range's lower bound (">=22.12" → [22, 12]). */
function minimum() {
  const range = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;
  const m = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
  if (!m) throw new Error(`package.json engines.node "${range}" is not a ">=major.minor" range`);
  return [Number(m[1]), Number(m[2] ?? 0)];
}

export function isSupportedNode(version = process.versions.node) {
  const [wantMajor, wantMinor] = minimum();
  const [major, minor] = version.split('.').map(Number);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

/**
 * Returns when this Node is supported. Otherwise runs this same script on a supported Node (with
 * that Node first on PATH for everything it starts) and exits with its status; signals reach it.
 */
export async function ensureSupportedNode() {
  if (isSupportedNode()) return;
  const [wantMajor, wantMinor] = minimum();
  let nodeDir;
  try {
    // use-node.sh prints its progress on stdout; the last line of this shell is the bin folder.
    const out = execFileSync('bash', ['-c', '. scripts/use-node.sh >&2 && dirname "$(command -v node)"'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    nodeDir = out.trim().split('\n').at(-1);
  } catch {
    console.error(
      `FLAB Hub needs Node.js ${wantMajor}.${wantMinor} or later (Node 24 LTS is the tested target); ` +
        `this is ${process.version} and Node 24 could not be fetched from the npm registry. Install ` +
        'Node 24 and run the command again.',
    );
    process.exit(1);
  }
  const env = {
    ...process.env,
    PATH: `${nodeDir}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: path.dirname(nodeDir),
  };
  const child = spawn(path.join(nodeDir, 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
  // Never return: the caller's own work runs in the child.
  await new Promise(() => {});
}
