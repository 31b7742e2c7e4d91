/**
 * The crash harness: starts the built app (`node dist/server/main.js`) as a user would, SIGKILLs it
 * at a chosen moment (scenario build, indexing, simulator trading), checks that no process it
 * started (the anvil watchdog, anvil) survives, restarts it and compares the index with the chain.
 *
 * The comparison: the restarted app runs with SIMULATOR=off, so once /api/health answers 200 (the
 * start-up index pass has reached the head) the chain stands still. The truth is read from the
 * chain over RPC — every Transfer log of each token, confirmed with balanceOf for every holder —
 * then the app is stopped and its database is read: holder counts and the top 20 balances must be
 * identical, and the checkpoint must sit at the head.
 *
 * Used by `npm run check:crash` (scripts/check-crash.ts, 20 moments) and by the CI subset
 * (tests/integration/crash.int.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { decodeAbiParameters, encodeFunctionData, type Hex, keccak256, toHex } from 'viem';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'dist/server/main.js');
const TRANSFER_TOPIC = keccak256(toHex('Transfer(address,address,uint256)'));
const ZERO = '0x0000000000000000000000000000000000000000';
/** Tokens compared after every restart (those the scenario has). */
export const CHECKED_TOKENS = ['FLAB', 'DEGEN', 'BRETT', 'TOSHI', 'USDC', 'AERO'];
const TOP = 20;

export type Phase = 'build' | 'indexing' | 'trading';

export type AppHandle = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Phase the app is in, from its log lines. */
  phase(): Phase | 'starting';
  output(): string;
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<boolean>;
  waitHealthy(timeoutMs: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Periodic chain state saves seen in the log (needs LOG_LEVEL=debug for the successes). */
  saves(): SaveLog;
};

/** Each successful save: when it was logged and the head it was started at; and the failures. */
export type SaveLog = {
  ok: { at: number; block: bigint; costMs: number; heldMs: number }[];
  failed: string[];
};

export function startBuiltApp(opts: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): AppHandle {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error('dist/server/main.js is missing: run `npm run build` first.');
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BASE_RPC_URL;
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    SCENARIO: 'test',
    LOG_LEVEL: 'info',
    ...opts.env,
  });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let partial = '';
  const saves: SaveLog = { ok: [], failed: [] };
  /** Save lines, read whole (a chunk may end mid-line). */
  const readSaves = (text: string) => {
    partial += text;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('"msg":"chain state saved"')) {
        const block = /"block":"(\d+)"/.exec(line)?.[1];
        const ms = (k: string) => Number(new RegExp(`"${k}":(\\d+)`).exec(line)?.[1] ?? 0);
        if (block)
          saves.ok.push({
            at: Date.now(),
            block: BigInt(block),
            costMs: ms('dump_ms') + ms('write_ms'),
            heldMs: ms('held_ms'),
          });
      } else if (line.includes('"msg":"periodic chain state save failed"')) {
        saves.failed.push(/"err":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200));
      }
    }
  };
  let phase: Phase | 'starting' = 'starting';
  const waiters = new Set<{ re: RegExp; resolve: (ok: boolean) => void }>();
  const onText = (d: Buffer) => {
    const text = d.toString();
    out = (out + text).slice(-20_000);
    readSaves(text);
    if (/building the local market scenario/.test(text)) phase = 'build';
    if (/local market scenario ready|local chain started","rpc_url":"[^"]+","restored":true/.test(text))
      phase = 'indexing';
    if (/FLAB Hub is running/.test(text)) phase = 'trading';
    for (const w of waiters)
      if (w.re.test(out)) {
        waiters.delete(w);
        w.resolve(true);
      }
  };
  child.stdout?.on('data', onText);
  child.stderr?.on('data', onText);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      for (const w of waiters) w.resolve(false);
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  return {
    child,
    port: opts.port,
    baseUrl,
    phase: () => phase,
    output: () => out,
    saves: () => saves,
    exited,
    waitForLog(re, timeoutMs) {
      if (re.test(out)) return Promise.resolve(true);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(false);
      return new Promise((resolve) => {
        const w = { re, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    async waitHealthy(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the app exited before it was healthy:\n${out.slice(-3000)}`);
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
          await res.body?.cancel();
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the app was not healthy within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}

/** Every process below `pid` now (read from /proc). */
export function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, pp] of parent) {
      if (pp === p && !out.includes(child)) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/** Running (a zombie waiting to be reaped has already died). */
export function processAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export function processName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/**
 * SIGKILL the app (the node process alone, as the OOM killer or `kill -9` would) and wait for every
 * process it had started to die. Returns the survivors after `graceMs` (should be none).
 */
export async function killApp(app: AppHandle, graceMs = 5_000): Promise<{ pid: number; name: string }[]> {
  const pid = app.child.pid;
  if (!pid) return [];
  const below = descendants(pid);
  app.child.kill('SIGKILL');
  await app.exited;
  const deadline = Date.now() + graceMs;
  let alive = below.filter(processAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    alive = alive.filter(processAlive);
  }
  const survivors = alive.map((p) => ({ pid: p, name: processName(p) }));
  // Never leave them behind, even when the check fails.
  for (const s of survivors) {
    try {
      process.kill(s.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  return survivors;
}

/** SIGTERM (a clean stop: state saved), then the same check that nothing survives. */
export async function stopApp(app: AppHandle, timeoutMs = 30_000): Promise<{ pid: number; name: string }[]> {
  const pid = app.child.pid;
  if (!pid || app.child.exitCode !== null) return [];
  const below = descendants(pid);
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), timeoutMs);
  await app.exited;
  clearTimeout(timer);
  await new Promise((r) => setTimeout(r, 500));
  return below.filter(processAlive).map((p) => ({ pid: p, name: processName(p) }));
}

type Rpc = (method: string, params: unknown[]) => Promise<unknown>;
function rpcClient(url: string): Rpc {
  return async (method, params) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}

export type TokenTruth = {
  symbol: string;
  address: string;
  holderCount: number;
  /** [holder, balance] by balance desc, holder asc. */
  top: [string, string][];
};

const BALANCE_OF = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
] as const;

function ranked(balances: Map<string, bigint>): [string, string][] {
  return [...balances.entries()]
    .filter(([h, b]) => b > 0n && h !== ZERO)
    .sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1))
    .map(([h, b]) => [h, b.toString()]);
}

/**
 * The chain's answer at `head`: balances from every Transfer log, each confirmed with balanceOf
 * (a mismatch would mean the logs do not tell the whole story, and the comparison would be moot).
 */
export type ChainTruth = { head: bigint; transferLogs: number; tokens: TokenTruth[] };

export async function chainTruth(rpcUrl: string, tokens: Record<string, string>): Promise<ChainTruth> {
  const rpc = rpcClient(rpcUrl);
  const head = BigInt((await rpc('eth_blockNumber', [])) as string);
  const headHex = `0x${head.toString(16)}`;
  // Every ERC-20 Transfer on the chain (3 topics, value in data): the index holds each exactly once.
  const everyTransfer = (await rpc('eth_getLogs', [
    { topics: [TRANSFER_TOPIC], fromBlock: '0x0', toBlock: headHex },
  ])) as { topics: Hex[]; data: Hex }[];
  const transferLogs = everyTransfer.filter((l) => l.topics.length === 3 && l.data.length >= 66).length;
  const out: TokenTruth[] = [];
  for (const [symbol, address] of Object.entries(tokens)) {
    const logs = (await rpc('eth_getLogs', [
      { address, topics: [TRANSFER_TOPIC], fromBlock: '0x0', toBlock: headHex },
    ])) as { topics: Hex[]; data: Hex }[];
    const bal = new Map<string, bigint>();
    for (const l of logs) {
      if (l.topics.length !== 3) continue;
      const from = `0x${(l.topics[1] as string).slice(26)}`.toLowerCase();
      const to = `0x${(l.topics[2] as string).slice(26)}`.toLowerCase();
      const value = BigInt(l.data === '0x' ? 0 : l.data);
      bal.set(from, (bal.get(from) ?? 0n) - value);
      bal.set(to, (bal.get(to) ?? 0n) + value);
    }
    bal.delete(ZERO);
    for (const holder of bal.keys()) {
      const data = encodeFunctionData({ abi: BALANCE_OF, functionName: 'balanceOf', args: [holder as Hex] });
      const r = (await rpc('eth_call', [{ to: address, data }, headHex])) as Hex;
      const [onChain] = decodeAbiParameters([{ type: 'uint256' }], r);
      if (onChain !== bal.get(holder))
        throw new Error(
          `${symbol}: Transfer logs give ${holder} ${bal.get(holder)}, balanceOf says ${onChain}`,
        );
    }
    const all = ranked(bal);
    out.push({ symbol, address, holderCount: all.length, top: all.slice(0, TOP) });
  }
  return { head, transferLogs, tokens: out };
}

export type IndexAnswer = { checkpoint: bigint | undefined; transfers: number; tokens: TokenTruth[] };

/** The index's answer, read from the app's PGlite database (the app must be stopped). */
export async function indexAnswer(dataDir: string, tokens: Record<string, string>): Promise<IndexAnswer> {
  const db = new PGlite(path.join(dataDir, 'db'));
  try {
    const cp = await db.query<{ n: string }>(
      `select block_number::text n from index_checkpoints where stream = 'local:all'`,
    );
    const transfers = await db.query<{ n: number }>('select count(*)::int n from transfers');
    const out: TokenTruth[] = [];
    for (const [symbol, address] of Object.entries(tokens)) {
      const count = await db.query<{ n: number }>(
        'select count(*)::int n from balances where token = $1 and balance > 0',
        [address],
      );
      const top = await db.query<{ holder: string; b: string }>(
        `select holder, balance::text b from balances where token = $1 and balance > 0
         order by balance desc, holder asc limit ${TOP}`,
        [address],
      );
      out.push({
        symbol,
        address,
        holderCount: count.rows[0]?.n ?? 0,
        top: top.rows.map((r) => [r.holder, r.b]),
      });
    }
    return {
      checkpoint: cp.rows[0] ? BigInt(cp.rows[0].n) : undefined,
      transfers: transfers.rows[0]?.n ?? 0,
      tokens: out,
    };
  } finally {
    await db.close();
  }
}

/**
 * The checked tokens once the chain's manifest is on disk. A cold build answers 200 before its
 * first state save ends, and the manifest is written only after that save, so right after
 * `waitHealthy` it may not exist yet (and a chain killed before it has nothing to restart from).
 */
export async function savedTokens(dataDir: string, timeoutMs = 180_000): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'chain', 'manifest.json');
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline)
      throw new Error(`no chain manifest within ${timeoutMs} ms of the app being healthy`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return checkedTokens(dataDir);
}

export function checkedTokens(dataDir: string): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, 'chain', 'manifest.json'), 'utf8')) as {
    tokens: Record<string, string>;
  };
  const out: Record<string, string> = {};
  for (const s of CHECKED_TOKENS) {
    const a = manifest.tokens[s];
    if (a) out[s] = a.toLowerCase();
  }
  return out;
}

/** Every difference between the index and the chain, in words (empty = identical). */
export function compareIndex(truth: ChainTruth, index: IndexAnswer): string[] {
  const problems: string[] = [];
  if (index.checkpoint !== truth.head)
    problems.push(`index checkpoint ${index.checkpoint} is not the chain head ${truth.head}`);
  if (index.transfers !== truth.transferLogs)
    problems.push(`${index.transfers} transfers indexed, ${truth.transferLogs} Transfer logs on chain`);
  for (const t of truth.tokens) {
    const i = index.tokens.find((x) => x.symbol === t.symbol);
    if (!i) continue;
    if (i.holderCount !== t.holderCount)
      problems.push(`${t.symbol}: ${i.holderCount} holders indexed, ${t.holderCount} on chain`);
    t.top.forEach(([holder, bal], k) => {
      const got = i.top[k];
      if (!got || got[0] !== holder || got[1] !== bal)
        problems.push(
          `${t.symbol} top #${k + 1}: index ${got ? `${got[0]}=${got[1]}` : 'nothing'}, chain ${holder}=${bal}`,
        );
    });
  }
  return problems;
}

export type Verdict = {
  ok: boolean;
  head: bigint;
  problems: string[];
  survivors: { pid: number; name: string }[];
  /** Seconds from the restart to a healthy app. */
  recoverS: number;
};

/**
 * Restart after a kill with the simulator off, read the chain's truth, stop cleanly, read the index,
 * compare. Every difference is a problem.
 */
export async function restartAndCompare(opts: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  healthyTimeoutMs?: number;
  /** Looks at the restarted chain (its RPC URL) before the app is stopped. */
  inspect?: (rpcUrl: string) => Promise<void>;
}): Promise<Verdict> {
  const t0 = Date.now();
  const app = startBuiltApp({
    dataDir: opts.dataDir,
    port: opts.port,
    env: { ...opts.env, SIMULATOR: 'off' },
  });
  let truth: ChainTruth;
  let survivors: { pid: number; name: string }[] = [];
  try {
    await app.waitHealthy(opts.healthyTimeoutMs ?? 600_000);
    const recoverS = (Date.now() - t0) / 1000;
    const network = (await (await fetch(`${app.baseUrl}/api/network`)).json()) as { rpcUrl: string };
    truth = await chainTruth(network.rpcUrl, await savedTokens(opts.dataDir));
    await opts.inspect?.(network.rpcUrl);
    survivors = await stopApp(app);
    const index = await indexAnswer(opts.dataDir, checkedTokens(opts.dataDir));
    const problems = compareIndex(truth, index);
    if (survivors.length) problems.push(`processes outlived a clean stop: ${JSON.stringify(survivors)}`);
    return { ok: problems.length === 0, head: truth.head, problems, survivors, recoverS };
  } catch (e) {
    await stopApp(app).catch(() => []);
    throw new Error(`${(e as Error).message}\n--- app output ---\n${app.output().slice(-3000)}`);
  }
}

export type MomentResult = {
  planned: Phase;
  /** Phase the app really was in when it was killed. */
  killedIn: Phase | 'starting';
  afterMs: number;
  survivors: { pid: number; name: string }[];
  verdict: Verdict;
};

/**
 * One crash: start the app for the planned phase, SIGKILL it `delayMs` after the phase began,
 * check for survivors, restart and compare. A fresh data dir is needed for 'build' (and
 * 'indexing' runs a cold start too: the index is built right after the scenario).
 */
export async function crashAt(opts: {
  dataDir: string;
  port: number;
  phase: Phase;
  delayMs: number;
  env?: Record<string, string>;
  /**
   * A saved chain folder (DATA_DIR/chain: state and manifest) to start the 'indexing' moment from:
   * the app restores it and indexes from nothing, as after a build, without spending one.
   */
  seedChainDir?: string;
}): Promise<MomentResult> {
  const { phase, delayMs } = opts;
  if (phase !== 'trading') fs.rmSync(opts.dataDir, { recursive: true, force: true });
  if (phase === 'indexing' && opts.seedChainDir)
    fs.cpSync(opts.seedChainDir, path.join(opts.dataDir, 'chain'), { recursive: true });
  const app = startBuiltApp({
    dataDir: opts.dataDir,
    port: opts.port,
    env: { SIMULATOR: 'on', SIMULATOR_BLOCK_MS: '500', ...opts.env },
  });
  const marker =
    phase === 'build'
      ? /building the local market scenario/
      : phase === 'indexing'
        ? /local market scenario ready|"restored":true/
        : /FLAB Hub is running/;
  const seen = await app.waitForLog(marker, 900_000);
  if (!seen) {
    await stopApp(app).catch(() => []);
    throw new Error(`the app never reached ${phase}:\n${app.output().slice(-3000)}`);
  }
  const started = Date.now();
  await new Promise((r) => setTimeout(r, delayMs));
  const killedIn = app.phase();
  const afterMs = Date.now() - started;
  const survivors = await killApp(app);
  const verdict = await restartAndCompare({ dataDir: opts.dataDir, port: opts.port, env: opts.env });
  return { planned: phase, killedIn, afterMs, survivors, verdict };
}

/** What a kill under load lost, measured (see crashUnderLoad). */
export type LoadResult = {
  runS: number;
  saves: { ok: number; failed: string[] };
  /** Longest time between two successful saves (and from the last one to the kill). */
  maxSaveGapMs: number;
  /** Longest save (dump + write): a save's state is its dump's, older than its log line by this. */
  maxSaveCostMs: number;
  /** Longest time mining was held for a dump. */
  maxHeldMs: number;
  deploys: number;
  /** Deployments mined before the kill whose block the restarted chain does not have. */
  lostDeploys: number;
  /** Deployments the restarted chain should have (block ≤ its head) but has no code for. */
  missingDeploys: number;
  /** From the first lost block's mining to the kill: what the kill cost, in time. */
  lossWindowMs: number;
  killHead: bigint;
  restoredHead: bigint;
  verdict: Verdict;
};

/** A contract whose constructor returns 10 bytes of runtime code: each send is a deployment. */
const DEPLOY_CODE = '0x600a600c600039600a6000f3fe00000000000000000000';
/** A deployer of our own (anvil auto-impersonates; its balance is set), so no nonce races the simulator. */
const DEPLOYER = '0x00000000000000000000000000000000deadbeef';

/**
 * The chain under load, then kill -9: the app runs with the simulator trading (a block every
 * `SIMULATOR_BLOCK_MS`) while a deploy load sends a contract deployment straight to anvil every
 * `deployEveryMs` (as a visitor's wallet would). After `runMs` the app is SIGKILLed and restarted;
 * the result says whether every periodic save succeeded, how many deployments the restart lost and
 * over how long a window, and whether the index still equals the chain.
 */
export async function crashUnderLoad(opts: {
  dataDir: string;
  port: number;
  runMs: number;
  deployEveryMs?: number;
  env?: Record<string, string>;
}): Promise<LoadResult> {
  fs.rmSync(opts.dataDir, { recursive: true, force: true });
  const app = startBuiltApp({
    dataDir: opts.dataDir,
    port: opts.port,
    env: { SIMULATOR: 'on', SIMULATOR_BLOCK_MS: '500', LOG_LEVEL: 'debug', ...opts.env },
  });
  if (!(await app.waitForLog(/FLAB Hub is running/, 900_000))) {
    await stopApp(app).catch(() => []);
    throw new Error(`the app never started:\n${app.output().slice(-3000)}`);
  }
  const network = (await (await fetch(`${app.baseUrl}/api/network`)).json()) as { rpcUrl: string };
  const rpc = rpcClient(network.rpcUrl);
  await rpc('anvil_setBalance', [DEPLOYER, '0x3635C9ADC5DEA00000']);
  const savesBefore = app.saves().ok.length;
  const failedBefore = app.saves().failed.length;
  const t0 = Date.now();
  const deploys: { hash: Hex; address?: Hex; block?: bigint; minedAt?: number }[] = [];
  let running = true;
  const load = (async () => {
    while (running) {
      const sentAt = Date.now();
      try {
        const hash = (await rpc('eth_sendTransaction', [{ from: DEPLOYER, data: DEPLOY_CODE }])) as Hex;
        const d: (typeof deploys)[number] = { hash };
        deploys.push(d);
        // Mined within a hold at most: poll the receipt briefly (the kill may come first).
        for (let i = 0; i < 100 && running && d.block === undefined; i++) {
          const r = (await rpc('eth_getTransactionReceipt', [hash])) as {
            blockNumber: Hex;
            contractAddress: Hex;
          } | null;
          if (r) {
            d.block = BigInt(r.blockNumber);
            d.address = r.contractAddress;
            d.minedAt = Date.now();
          } else await new Promise((res) => setTimeout(res, 20));
        }
      } catch {
        // the chain is being killed
      }
      const wait = (opts.deployEveryMs ?? 250) - (Date.now() - sentAt);
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    }
  })();
  await new Promise((r) => setTimeout(r, opts.runMs));
  const killHead = BigInt((await rpc('eth_blockNumber', [])) as string);
  const killAt = Date.now();
  const log = app.saves();
  const ok = log.ok.slice(savesBefore);
  const failed = log.failed.slice(failedBefore);
  let maxSaveGapMs = 0;
  let prev = t0;
  for (const s of [...ok.map((o) => o.at), killAt]) {
    maxSaveGapMs = Math.max(maxSaveGapMs, s - prev);
    prev = s;
  }
  await killApp(app);
  running = false;
  await load;
  let missingDeploys = 0;
  let restoredHead = -1n;
  const verdict = await restartAndCompare({
    dataDir: opts.dataDir,
    port: opts.port,
    env: opts.env,
    inspect: async (rpcUrl) => {
      const after = rpcClient(rpcUrl);
      restoredHead = BigInt((await after('eth_blockNumber', [])) as string);
      for (const d of deploys) {
        if (d.block === undefined || d.block > restoredHead || !d.address) continue;
        const code = (await after('eth_getCode', [d.address, 'latest'])) as string;
        if (code === '0x') missingDeploys++;
      }
    },
  });
  const mined = deploys.filter((d) => d.block !== undefined && d.minedAt !== undefined);
  const lost = mined.filter((d) => (d.block as bigint) > restoredHead);
  const firstLost = Math.min(...lost.map((d) => d.minedAt as number));
  return {
    runS: (killAt - t0) / 1000,
    saves: { ok: ok.length, failed },
    maxSaveGapMs,
    maxSaveCostMs: Math.max(0, ...ok.map((o) => o.costMs)),
    maxHeldMs: Math.max(0, ...ok.map((o) => o.heldMs)),
    deploys: mined.length,
    lostDeploys: lost.length,
    missingDeploys,
    lossWindowMs: lost.length ? killAt - firstLost : 0,
    killHead,
    restoredHead,
    verdict,
  };
}
