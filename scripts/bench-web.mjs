// `npm run bench:web`: sizes of the built web app. The home page's initial JavaScript (the entry
// chunk and the chunks it imports statically, as listed in the Vite manifest) must stay under
// 200 KB gzip; route chunks load on demand.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/web');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(
    'dist/web/.vite/manifest.json is missing: build with `npm run build:web` (vite build.manifest must be on).',
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length;
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
const walk = (key) => {
  const m = manifest[key];
  if (!m || initial.has(m.file)) return;
  initial.add(m.file);
  for (const i of m.imports ?? []) walk(i);
};
walk(entryKey);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let total = 0;
console.log('initial JavaScript of the home page (gzip):');
for (const f of initial) {
  const size = gz(f);
  total += size;
  console.log(`  ${f.padEnd(50)} ${kb(size)}`);
}
console.log(`  total ${kb(total)} (budget 200 KB)`);
const lazy = Object.values(manifest).filter((m) => m.isDynamicEntry);
console.log(`\n${lazy.length} route chunks loaded on demand:`);
for (const m of lazy) console.log(`  ${m.file.padEnd(50)} ${kb(gz(m.file))}`);
if (total > 200 * 1024) {
  console.error('\nOver budget.');
  process.exit(1);
}
