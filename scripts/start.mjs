// `npm start`: build what changed, then run the server, on a supported Node (scripts/node-version.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureSupportedNode } from './node-version.mjs';

await ensureSupportedNode();
const ROOT = path.resolve(import.meta.dirname, '..');
const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The server in this process: its own SIGINT/SIGTERM handling stops anvil and exits.
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
