// `npm test`: compile contracts, type-check, lint, build (the e2e tests drive the built app), then every test project.
import { spawnSync } from 'node:child_process';
import { ensureSupportedNode } from './node-version.mjs';

await ensureSupportedNode();
console.log(`npm test on node ${process.version}`);

const steps = [
  // Contract artifacts are generated TypeScript that the type-check needs.
  ['contracts', 'npm', ['run', 'build:contracts']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  // Biome, then the import boundaries (.dependency-cruiser.cjs): the same command as `npm run lint`.
  ['lint', 'npm', ['run', 'lint']],
  ['build', 'npm', ['run', 'build']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
