#!/usr/bin/env node
// `npx flab scan <address>`: the CLI is bundled into dist/ by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
if (!existsSync(bundle)) {
  console.error('The CLI is not built yet: run "npm run build" first.');
  process.exit(1);
}
await import(bundle);
