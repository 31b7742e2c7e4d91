/**
 * The gateway in front of a stub chain: limits and refusals come out with providers' messages, a
 * batch counts as one request, and faults follow the seed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainClients } from '../chain/client';
import { MAX_RPC_BODY_BYTES } from '../chain/request-budget';
import { type RpcGateway, startRpcGateway } from './gateway';

type Call = { id: unknown; method: string; params?: unknown[] };
let upstream: http.Server;
let upstreamUrl: string;
let gw: RpcGateway;

/** A stub chain: head 100_000, one log per block asked for, eth_getBalance echoing its block. */
function answer(c: Call) {
  if (c.method === 'eth_blockNumber') return { jsonrpc: '2.0', id: c.id, result: '0x186a0' };
  if (c.method === 'eth_getLogs') {
    const f = (c.params?.[0] ?? {}) as { fromBlock: string; toBlock: string };
    const logs = [];
    for (let b = BigInt(f.fromBlock); b <= BigInt(f.toBlock); b++)
      logs.push({ blockNumber: `0x${b.toString(16)}` });
    return { jsonrpc: '2.0', id: c.id, result: logs };
  }
  // The block asked for, so a test sees how the gateway passed it on.
  if (c.method === 'eth_getBalance') return { jsonrpc: '2.0', id: c.id, result: c.params?.[1] ?? null };
  return { jsonrpc: '2.0', id: c.id, result: '0x1' };
}

async function rpc(body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(gw.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // HTML error page
  }
  return { status: res.status, json };
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[];
      const out = Array.isArray(body) ? body.map(answer) : answer(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gw = await startRpcGateway({
    upstreamUrl,
    latencyMs: 0,
    maxBlockRange: 2000,
    maxLogs: 500,
    rateLimit: null,
  });
});
afterAll(async () => {
  await gw?.close();
  await new Promise((r) => upstream.close(r));
});

describe('RPC gateway', () => {
  it('counts a batch as one request and its calls separately', async () => {
    gw.resetStats();
    const r = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    ]);
    expect(r.status).toBe(200);
    expect((r.json as unknown[]).length).toBe(2);
    expect(gw.stats()).toMatchObject({ requests: 1, calls: 2 });
  });

  it('refuses what a public endpoint does not offer', async () => {
    for (const method of [
      'debug_traceCall',
      'anvil_setCode',
      'evm_mine',
      'hardhat_impersonateAccount',
      'eth_sendTransaction',
    ]) {
      const r = await rpc({ jsonrpc: '2.0', id: 1, method, params: [] });
      expect((r.json as { error: { code: number } }).error.code).toBe(-32601);
    }
    gw.configure({ stateOverrides: false, simulateV1: false });
    const call = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{}, 'latest', {}] });
    expect((call.json as { error: { message: string } }).error.message).toBe(
      'too many arguments, want at most 2',
    );
    const sim = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_simulateV1', params: [] });
    expect((sim.json as { error: { code: number } }).error.code).toBe(-32601);
    const plain = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{}, 'latest'] });
    expect((plain.json as { result: string }).result).toBe('0x1');
    gw.configure({ stateOverrides: true, simulateV1: true });
  });

  it("limits eth_getLogs ranges and result sizes with providers' messages", async () => {
    const logs = (from: number, to: number) =>
      rpc({
        jsonrpc: '2.0',
        id: 7,
        method: 'eth_getLogs',
        params: [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }],
      });
    const wide = (await logs(1, 5000)).json as { error: { code: number; message: string } };
    expect(wide.error).toEqual({ code: -32602, message: 'range 5000 exceeds limit of 2000' });
    const many = (await logs(1, 1000)).json as { error: { code: number; message: string } };
    expect(many.error).toEqual({ code: -32005, message: 'query returned more than 500 results' });
    gw.configure({ resultLimitStyle: 'suggest' });
    const hint = (await logs(16, 1000)).json as { error: { message: string } };
    // Blocks 16..515 hold exactly 500 logs.
    expect(hint.error.message).toBe('query exceeds max results 500, retry with the range 0x10-0x203');
    gw.configure({ resultLimitStyle: 'plain' });
    const ok = (await logs(1, 100)).json as { result: unknown[] };
    expect(ok.result).toHaveLength(100);
  });

  it('answers 429 beyond its rate limit', async () => {
    gw.configure({ rateLimit: { rps: 1, burst: 2 } });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await rpc({ jsonrpc: '2.0', id: i, method: 'eth_chainId' })).status);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses).toContain(429);
    gw.configure({ rateLimit: null });
  });

  it('fails a seeded share of requests with 5xx', async () => {
    gw.configure({ errorRate: 0.5, seed: 42 });
    gw.resetStats();
    const statuses = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await rpc({ jsonrpc: '2.0', id: i, method: 'eth_chainId' })).status);
    const failed = statuses.filter((s) => s === 502 || s === 503).length;
    expect(failed).toBe(gw.stats().faults);
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    gw.configure({ errorRate: 0 });
  });

  it("answers a seeded share of calls with public endpoints' JSON-RPC errors, inside a 200", async () => {
    gw.configure({ callErrorRate: 0.3, seed: 7 });
    gw.resetStats();
    const batch = Array.from({ length: 50 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }));
    const r = await rpc(batch);
    expect(r.status).toBe(200);
    const replies = r.json as { id: number; error?: { code: number; message: string } }[];
    expect(replies.map((x) => x.id)).toEqual(batch.map((c) => c.id));
    const errors = replies.filter((x) => x.error).map((x) => x.error);
    expect(errors.length).toBe(gw.stats().callErrors);
    expect(errors.length).toBeGreaterThan(5);
    expect(errors.length).toBeLessThan(30);
    for (const e of errors)
      expect(['-32603 request timed out', '-32005 rate limit exceeded', '-32000 header not found']).toContain(
        `${e?.code} ${e?.message}`,
      );
    gw.configure({ callErrorKinds: ['headerNotFound'] });
    const only = ((await rpc(batch)).json as { error?: { code: number } }[]).filter((x) => x.error);
    expect(only.every((x) => x.error?.code === -32000)).toBe(true);
    gw.configure({ callErrorRate: 0, callErrorKinds: [] });
  });

  it('drops entries of a seeded share of batches, never a lone call', async () => {
    gw.configure({ truncateRate: 1, seed: 3 });
    gw.resetStats();
    const batch = Array.from({ length: 6 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }));
    const short = (await rpc(batch)).json as { id: number }[];
    expect(short.length).toBeLessThan(6);
    expect(short.every((x) => batch.some((c) => c.id === x.id))).toBe(true);
    expect((await rpc({ jsonrpc: '2.0', id: 9, method: 'eth_chainId' })).json).toMatchObject({ id: 9 });
    expect(gw.stats().truncated).toBe(1);
    gw.configure({ truncateRate: 0 });
  });

  it('answers a seeded share of requests 429', async () => {
    gw.configure({ rateLimitRate: 0.5, seed: 5 });
    gw.resetStats();
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await rpc({ jsonrpc: '2.0', id: i, method: 'eth_chainId' })).status);
    expect(statuses.filter((s) => s === 429).length).toBe(gw.stats().rateLimited);
    expect(gw.stats().rateLimited).toBeGreaterThan(3);
    expect(statuses.filter((s) => s !== 429 && s !== 200)).toEqual([]);
    gw.configure({ rateLimitRate: 0 });
  });

  it('serves a stale head: its block number, tags read as it, later blocks unknown', async () => {
    gw.configure({ staleHeadBlocks: 10 });
    const head = 100_000 - 10;
    const call = async (method: string, params: unknown[]) =>
      (await rpc({ jsonrpc: '2.0', id: 1, method, params })).json as {
        result?: unknown;
        error?: { code: number; message: string };
      };
    expect((await call('eth_blockNumber', [])).result).toBe(`0x${head.toString(16)}`);
    expect((await call('eth_getBalance', ['0x01', 'latest'])).result).toBe(`0x${head.toString(16)}`);
    expect((await call('eth_getBalance', ['0x01', '0x10'])).result).toBe('0x10');
    expect((await call('eth_call', [{}, '0x186a0'])).error).toEqual({
      code: -32000,
      message: 'header not found',
    });
    expect((await call('eth_getBlockByNumber', ['0x186a0', false])).result).toBeNull();
    const logs = await call('eth_getLogs', [
      { fromBlock: `0x${(head - 4).toString(16)}`, toBlock: 'latest' },
    ]);
    expect(logs.result).toHaveLength(5);
    expect((await call('eth_getLogs', [{ fromBlock: '0x186a0', toBlock: 'latest' }])).result).toEqual([]);
    gw.configure({ staleHeadBlocks: 0 });
    expect((await call('eth_blockNumber', [])).result).toBe('0x186a0');
  });

  it("refuses a body over its size limit with geth's 413, and the app's client never sends one", async () => {
    gw.resetStats();
    const big = {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [{ data: `0x${'00'.repeat(600_000)}` }],
    };
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(big),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/^content length too large \(\d+>1048576\)/);
    expect(gw.stats().tooLarge).toBe(1);
    // The app's client: a batch of five 400 KB calls leaves as parts of at most 1 MB, every answer
    // comes back in order, and each part is counted as a request.
    gw.resetStats();
    const sent: number[] = [];
    const c = createChainClients({
      rpcUrl: gw.url,
      mode: 'base',
      onFetchRequest: (r) => sent.push(r.bodyBytes),
    });
    const data = `0x${'11'.repeat(200_000)}` as const;
    const call = (d: `0x${string}`) =>
      c.public.request({
        method: 'eth_call',
        params: [{ to: '0x00000000000000000000000000000000000000aa', data: d }, 'latest'],
      });
    const out = await Promise.all([1, 2, 3, 4, 5].map(() => call(data)));
    expect(out).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1']);
    expect(sent.length).toBe(3);
    expect(Math.max(...sent)).toBeLessThanOrEqual(MAX_RPC_BODY_BYTES);
    expect(gw.stats()).toMatchObject({ requests: 3, calls: 5, tooLarge: 0 });
    // One call over the budget is refused before it is sent.
    await expect(call(`0x${'11'.repeat(600_000)}`)).rejects.toThrow(
      /exceeds the 1,000,000-byte JSON-RPC body budget/,
    );
    expect(gw.stats().requests).toBe(3);
  });
});
