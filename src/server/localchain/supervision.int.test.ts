/**
 * anvil's lifecycle: a kill of anvil alone is healed (restart from the last saved state, same
 * port), and anvil never outlives the process that started it, even when that process is
 * SIGKILLed and none of its handlers run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChainStatus, startAnvil } from './anvil';
import { compactState } from './state-file';

const log = pino({ level: 'silent' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-supervise-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

/** Alive and not a zombie waiting for its parent to reap it. */
function processAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe.skipIf(process.platform === 'win32')('anvil supervision', () => {
  it('restarts a killed anvil from its last saved state on the same port', async () => {
    const statePath = path.join(dir, 'state.json');
    const anvil = await startAnvil({ log, statePath });
    const seen: ChainStatus[] = [];
    anvil.onStatus((s) => seen.push(s));
    try {
      await rpc(anvil.rpcUrl, 'anvil_mine', ['0x5']);
      await anvil.saveState();
      const savedHash = (await rpc<{ hash: string }>(anvil.rpcUrl, 'eth_getBlockByNumber', ['0x5', false]))
        .hash;
      // Mined after the save: lost by the kill, as a crash would lose it.
      await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3']);
      const pid = anvil.pid();
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, 'SIGKILL');

      expect(await until(() => anvil.status() === 'down', 5_000)).toBe(true);
      expect(await until(() => anvil.status() === 'up', 15_000)).toBe(true);
      expect(seen).toEqual(['down', 'up']);
      expect(anvil.restarts()).toBe(1);
      expect(anvil.pid()).not.toBe(pid);
      expect(processAlive(pid as number)).toBe(false);
      expect(Number(await rpc<string>(anvil.rpcUrl, 'eth_blockNumber'))).toBe(5);
      const hash = (await rpc<{ hash: string }>(anvil.rpcUrl, 'eth_getBlockByNumber', ['0x5', false])).hash;
      expect(hash).toBe(savedHash);
    } finally {
      await anvil.stop({ save: false });
    }
    expect(anvil.status()).toBe('stopped');
  });

  it('writes the compacted dump, whole, from its worker thread', async () => {
    const statePath = path.join(dir, 'compact.json');
    const anvil = await startAnvil({ log, statePath });
    try {
      await rpc(anvil.rpcUrl, 'anvil_mine', ['0x3']);
      const r = await anvil.saveState();
      const hex = await rpc<string>(anvil.rpcUrl, 'anvil_dumpState');
      const expected = compactState(gunzipSync(Buffer.from(hex.slice(2), 'hex')).toString('utf8'));
      const written = fs.readFileSync(statePath, 'utf8');
      expect(r?.bytes).toBe(written.length);
      expect(JSON.parse(written).block).toEqual(JSON.parse(expected).block);
      expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    } finally {
      await anvil.stop({ save: false });
    }
  });

  it('dies with the process that started it, even on SIGKILL', async () => {
    const script = path.join(dir, 'start-anvil.mts');
    const anvilModule = path.join(import.meta.dirname, 'anvil.ts');
    fs.writeFileSync(
      script,
      `import { startAnvil } from ${JSON.stringify(anvilModule)};
const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet, debug: quiet };
const a = await startAnvil({ log });
process.stdout.write(String(a.pid()) + '\\n');
setInterval(() => {}, 1000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    expect(processAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    expect(await until(() => !processAlive(pid), 5_000)).toBe(true);
  });
});
