/**
 * Start-up faults: each ends with one sentence naming the cause and a non-zero exit, and leaves no
 * state that breaks the next start. Runs the built server (npm test builds before the tests).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, resolveAnvilBinary } from '../../src/server/localchain/anvil';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-faults-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function runServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        SIMULATOR: 'off',
        SCENARIO: 'test',
        DATA_DIR: path.join(tmp, 'data'),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

describe('start-up faults', () => {
  it('a port in use', async () => {
    const port = await findFreePort('0.0.0.0');
    const blocker = net.createServer().listen(port, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const r = await runServer({ PORT: String(port) });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toBe(
        `Port ${port} is already in use; stop the other program or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('an unwritable DATA_DIR', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'x');
    const r = await runServer({ PORT: String(await findFreePort()), DATA_DIR: path.join(file, 'data') });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^DATA_DIR .* is not writable \(ENOTDIR\)\.$/);
  });

  it('invalid configuration values', async () => {
    const r = await runServer({ PORT: 'abc', DATABASE_URL: 'mysql://u:secret@h/db' });
    expect(r.code).not.toBe(0);
    expect(r.stderr.split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Invalid configuration: PORT .*; DATABASE_URL must be a postgres/);
    expect(r.stderr).not.toContain('secret');
  });

  it('a Postgres server that does not answer', async () => {
    const port = await findFreePort();
    const r = await runServer({
      PORT: String(await findFreePort()),
      DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/flab`,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^The Postgres server at postgres:\/\/127\.0\.0\.1:\d+\/… could not be reached/);
    expect(r.stderr).not.toContain('secret');
  });

  it('a Base RPC that does not answer', async () => {
    const port = await findFreePort();
    const r = await runServer({
      PORT: String(await findFreePort()),
      BASE_RPC_URL: `http://127.0.0.1:${port}/v2/KEY123`,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^The chain RPC at http:\/\/127\.0\.0\.1:\d+\/… did not answer eth_chainId\.$/);
    expect(r.stderr).not.toContain('KEY123');
  });

  it('a chain with the wrong chain id', async () => {
    const port = await findFreePort();
    const anvil = spawn(resolveAnvilBinary(), ['--port', String(port), '--chain-id', '1', '--silent'], {
      stdio: 'ignore',
    });
    try {
      // Until anvil answers (a minute at most: its start is slow on a loaded machine).
      for (let i = 0; i < 600; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
        })
          .then(() => true)
          .catch(() => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const r = await runServer({
        PORT: String(await findFreePort()),
        BASE_RPC_URL: `http://127.0.0.1:${port}`,
      });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toBe(
        `The chain RPC at http://127.0.0.1:${port} reports chain id 1, but FLAB Hub needs Base (chain id 8453).`,
      );
    } finally {
      anvil.kill('SIGKILL');
    }
  });

  it('anvil failing to start, leaving nothing that breaks the next start', async () => {
    const dataDir = path.join(tmp, 'anvil-fails');
    const r = await runServer({
      PORT: String(await findFreePort()),
      DATA_DIR: dataDir,
      ANVIL_PATH: '/bin/false',
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^The local chain \(anvil\) failed to start/);
    expect(fs.existsSync(path.join(dataDir, 'chain', 'manifest.json'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'chain', 'state.json'))).toBe(false);
  });
});
