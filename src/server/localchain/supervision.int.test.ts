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
import { type ChainStatus, startAnvil, sweepAnvilCaches } from './anvil';
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

  it('writes the compacted dump, whole, from its helper process', async () => {
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
    const cache = cachePathOf(pid);
    expect(fs.existsSync(cache)).toBe(true);
    child.kill('SIGKILL');
    expect(await until(() => !processAlive(pid), 5_000)).toBe(true);
    // anvil's disk cache of old states goes with it (they once filled the disk run after run).
    expect(await until(() => !fs.existsSync(cache), 5_000)).toBe(true);
  });

  it('keeps its disk cache of old states in a directory of its own, removed when it stops', async () => {
    const anvil = await startAnvil({ log });
    const cache = cachePathOf(anvil.pid() ?? 0);
    expect(path.dirname(cache)).toBe(os.tmpdir());
    // Enough blocks that anvil moves old states out of memory onto disk.
    await rpc(anvil.rpcUrl, 'anvil_mine', ['0x200']);
    expect(fs.existsSync(cache)).toBe(true);
    await anvil.stop();
    expect(fs.existsSync(cache)).toBe(false);
  });

  it('removes cache directories left behind by processes that are gone', () => {
    const tmp = fs.mkdtempSync(path.join(dir, 'sweep-'));
    const dead = path.join(tmp, 'flab-anvil-cache-999999999-abc');
    const mine = path.join(tmp, `flab-anvil-cache-${process.pid}-abc`);
    const other = path.join(tmp, 'unrelated');
    for (const d of [dead, mine, other]) fs.mkdirSync(d);
    expect(sweepAnvilCaches(tmp)).toBe(1);
    expect([dead, mine, other].map((d) => fs.existsSync(d))).toEqual([false, true, true]);
  });
});

/** The --cache-path anvil was started with, read from its command line. */
function cachePathOf(pid: number): string {
  const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const at = argv.indexOf('--cache-path');
  expect(at).toBeGreaterThan(0);
  return argv[at + 1] ?? '';
}
