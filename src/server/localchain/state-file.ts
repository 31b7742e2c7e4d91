/**
 * The chain state file: anvil's dump, fetched over RPC, with execution traces stripped, written
 * durably (temp file + fsync + rename + directory fsync) so it is always the old file or the new
 * one, whole. The whole save runs in a helper process at low priority (tied-process.ts): a full-
 * scenario dump is a hundred megabytes and more of JSON to gunzip, parse and serialise, which
 * would otherwise stall the event loop for seconds (on the main thread) or tens of milliseconds
 * at a time (in a worker thread, through the garbage collector's shared threads).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { spawnTied } from './tied-process';

export type SaveResult = {
  bytes: number;
  dumpMs: number;
  writeMs: number;
  /** How long mining was held for the dump (0 when it was not held). */
  heldMs: number;
};

/** The saving process's nice value (the app and anvil keep 0). */
export const SAVE_NICE = 10;

/**
 * Execution traces are ~80% of anvil's dump and nothing we serve needs them (blocks, receipts and
 * logs stay): dropping them keeps the state file about five times smaller as the simulator runs.
 */
export function compactState(json: string): string {
  const state = JSON.parse(json) as {
    transactions?: { info?: { traces?: unknown[] } }[];
    blocks?: { header?: { number?: string; timestamp?: string } }[];
  };
  for (const tx of state.transactions ?? []) if (tx.info) tx.info.traces = [];
  state.blocks = oneGenesis(state.blocks);
  return JSON.stringify(state);
}

/**
 * anvil started with --load-state makes a genesis block of its own (dated at that start) and
 * keeps it next to the loaded one in its next dump: after two restarts the file held three
 * blocks numbered 0, and whichever anvil then served as block 0 gave the chain a new genesis hash,
 * so the index took it for another chain and re-indexed everything. The real genesis is the
 * oldest; the others are dropped.
 */
export function oneGenesis<T extends { header?: { number?: string; timestamp?: string } }>(
  blocks: T[] | undefined,
): T[] | undefined {
  if (!blocks) return blocks;
  const isGenesis = (b: T) => b.header?.number !== undefined && BigInt(b.header.number) === 0n;
  const geneses = blocks.filter(isGenesis);
  if (geneses.length <= 1) return blocks;
  const oldest = geneses.reduce((a, b) =>
    BigInt(b.header?.timestamp ?? '0x0') < BigInt(a.header?.timestamp ?? '0x0') ? b : a,
  );
  return blocks.filter((b) => !isGenesis(b) || b === oldest);
}

/** temp file + fsync + rename + fsync of the directory: the file is the old or the new, whole. */
export async function writeFileDurable(file: string, data: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  const fh = await fs.promises.open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await fs.promises.rename(tmp, file);
  try {
    const dir = await fs.promises.open(path.dirname(file), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Directory fsync is not supported everywhere (Windows); the rename is still atomic.
  }
}

/**
 * The saving process's code (node -e), as source text so it survives bundling (dist/server/main.js
 * is one file). It repeats compactState and writeFileDurable above; state-file.test.ts checks they
 * agree. Its options come as JSON in argv; it reports JSON lines on stdout.
 */
const SAVER_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
const { gunzipSync } = require('node:zlib');
const say = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
(async () => {
  const { rpcUrl, statePath, timeoutMs, tmpSuffix, attempts, holdMining } = JSON.parse(process.argv[1]);
  const t0 = performance.now();
  const call = async (method, params = []) => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.json();
    if (body.error) throw new Error(method + ': ' + body.error.message);
    return body.result;
  };
  // anvil reads its blocks and its accounts for a dump under separate locks: a block mined in
  // between gives accounts one block ahead of the blocks and logs. A dump is kept only when the
  // head did not move across it.
  // With holdMining, automine is off for the dump alone (taken here, right before it, so a slow
  // start of this niced process never holds the chain): the dump is taken at a block boundary.
  // anvil's instant miner works through a queue, one transaction per block, so blocks for what
  // arrived just before the switch may still come: wait (bounded) for the head to stand still.
  // Mining resumes, and what arrived meanwhile is mined, before the dump is even decoded; the
  // parent turns it on again too if this process dies in between.
  let dump;
  let held = 0;
  if (holdMining) {
    await call('evm_setAutomine', [false]);
    const h0 = performance.now();
    let head = await call('eth_blockNumber');
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const now = await call('eth_blockNumber');
      if (now === head) break;
      head = now;
    }
    held = h0;
  }
  try {
    for (let i = 0; i < attempts && dump === undefined; i++) {
      const before = await call('eth_blockNumber');
      const d = await call('anvil_dumpState');
      if ((await call('eth_blockNumber')) === before) dump = d;
    }
  } finally {
    if (holdMining) {
      await call('evm_setAutomine', [true]);
      // The instant miner mines on a transaction's arrival: what arrived while held would wait for
      // the next one, so it is mined now.
      const pool = await call('txpool_status');
      if (BigInt(pool.pending) > 0n) await call('evm_mine');
      held = performance.now() - held;
    }
  }
  if (dump === undefined) throw new Error('the chain head moved during each of ' + attempts + ' dumps');
  say({ dumped: true, heldMs: held });
  const t1 = performance.now();
  const state = JSON.parse(gunzipSync(Buffer.from(dump.slice(2), 'hex')).toString('utf8'));
  for (const tx of state.transactions || []) if (tx.info) tx.info.traces = [];
  if (Array.isArray(state.blocks)) {
    const isGenesis = (b) => b.header && b.header.number !== undefined && BigInt(b.header.number) === 0n;
    const geneses = state.blocks.filter(isGenesis);
    if (geneses.length > 1) {
      const oldest = geneses.reduce((a, b) =>
        BigInt(b.header.timestamp || '0x0') < BigInt(a.header.timestamp || '0x0') ? b : a);
      state.blocks = state.blocks.filter((b) => !isGenesis(b) || b === oldest);
    }
  }
  const json = JSON.stringify(state);
  const tmp = statePath + '.tmp-' + tmpSuffix;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeFileSync(fd, json);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, statePath);
  try {
    const dir = fs.openSync(path.dirname(statePath), 'r');
    try { fs.fsyncSync(dir); } finally { fs.closeSync(dir); }
  } catch {}
  say({ bytes: json.length, dumpMs: t1 - t0, writeMs: performance.now() - t1, heldMs: held });
})().catch((e) => say({ error: String((e && e.message) || e) }));
`;

export type SaveStateOptions = {
  timeoutMs?: number;
  /** Dumps tried before giving up when the head keeps moving across them. */
  attempts?: number;
  /** Called once the dump is taken (the chain may be written again from then on). */
  onDumped?: () => void;
  /**
   * Turn automine off for the dump alone (and back on, mining what arrived meanwhile), so the
   * head cannot move across it while others keep sending transactions (ADR 0034).
   */
  holdMining?: boolean;
};

/** Dump anvil's state and write it to `statePath`, in a helper process at low priority. */
export function saveStateFile(
  rpcUrl: string,
  statePath: string,
  opts: SaveStateOptions = {},
): Promise<SaveResult> {
  const { timeoutMs = 120_000, attempts = 5, onDumped, holdMining = false } = opts;
  const args = JSON.stringify({ rpcUrl, statePath, timeoutMs, tmpSuffix: process.pid, attempts, holdMining });
  return new Promise((resolve, reject) => {
    const { child, closed } = spawnTied(process.execPath, ['-e', SAVER_SOURCE, args], SAVE_NICE);
    let result: SaveResult | { error: string } | undefined;
    let out = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        let m: SaveResult | { error: string } | { dumped: true };
        try {
          m = JSON.parse(line);
        } catch {
          continue;
        }
        if ('dumped' in m) onDumped?.();
        else result ??= m;
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-2000);
    });
    void closed.then((code) => {
      if (result && 'error' in result) reject(new Error(result.error));
      else if (result) resolve(result);
      else
        reject(
          new Error(
            `the state-saving process exited (${code}) without a result${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
          ),
        );
    });
  });
}

const PARSE_CHECK_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
let ok = false;
try {
  const parsed = JSON.parse(fs.readFileSync(workerData.statePath, 'utf8'));
  ok = Boolean(parsed && typeof parsed === 'object' && parsed.block);
} catch {}
parentPort.postMessage(ok);
`;

/**
 * Whether the state file parses as anvil's dump (has a block), checked in a worker thread: the full
 * scenario's file is ~120 MB of JSON, and parsing it on the main thread left the server's heap at
 * 254–350 MB in use for its first minute (65–118 MB without it), garbage that a major collection
 * then had to clear under traffic. The worker's heap goes with the worker.
 */
export function stateFileParses(statePath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(PARSE_CHECK_SOURCE, { eval: true, workerData: { statePath } });
    let answered = false;
    worker.once('message', (ok: boolean) => {
      answered = true;
      resolve(ok);
      void worker.terminate();
    });
    worker.once('error', () => {
      if (!answered) resolve(false);
      answered = true;
    });
    worker.once('exit', () => {
      if (!answered) resolve(false);
    });
  });
}
