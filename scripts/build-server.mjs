// Bundles the server and the CLI into dist/ with esbuild (dependencies stay in node_modules) and
// copies the SQL migrations next to the bundle, where the migrator looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const entries = { 'server/main': 'src/server/main.ts' };
if (fs.existsSync(path.join(root, 'src/cli/main.ts'))) entries['cli/main'] = 'src/cli/main.ts';

await build({
  absWorkingDir: root,
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  alias: { '@shared': './src/shared' },
});

const from = path.join(root, 'src/server/db/migrations');
for (const dir of ['dist/server/migrations', 'dist/cli/migrations']) {
  fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  fs.cpSync(from, path.join(root, dir), { recursive: true });
}
console.log('server bundle: dist/server/main.js');
