/**
 * The benches' baseline: a bare node:http server in a process of its own that answers each path with
 * fixed bytes and headers (the app's own answers) and does no other work. 404 for any other path.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './app-process';

export type FixedAnswer = { body: Buffer; headers: Record<string, string> };

const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const routes = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))).map(([p, r]) => [
    p,
    { body: Buffer.from(r.body, 'base64'), headers: r.headers },
  ]),
);
http
  .createServer((req, res) => {
    const r = routes.get(req.url);
    if (!r) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, r.headers);
    res.end(r.body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

export async function startBareServer(answers: Record<string, FixedAnswer>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-bare-'));
  const file = path.join(dir, 'routes.json');
  const encoded = Object.fromEntries(
    Object.entries(answers).map(([p, a]) => [p, { body: a.body.toString('base64'), headers: a.headers }]),
  );
  fs.writeFileSync(file, JSON.stringify(encoded));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare server exited (${c})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const done = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await done;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
