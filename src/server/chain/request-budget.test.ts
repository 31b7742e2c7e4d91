import { describe, expect, it } from 'vitest';
import { budgetedFetch, RequestTooLargeError, splitBatch } from './request-budget';

const call = (id: number, size: number) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_call', params: ['x'.repeat(size)] });

describe('request budget', () => {
  it('splits a batch in order into parts within the budget', () => {
    const calls = [1, 2, 3, 4, 5].map((i) => call(i, 300));
    const parts = splitBatch(calls, 1000, () => 'eth_call');
    expect(parts.flat()).toEqual(calls);
    for (const p of parts) expect(`[${p.join(',')}]`.length).toBeLessThanOrEqual(1000);
    expect(parts.length).toBe(3);
  });

  it('refuses a single call over the budget', () => {
    expect(() => splitBatch([call(1, 2000)], 1000, () => 'eth_call')).toThrow(RequestTooLargeError);
  });

  it('joins the parts answers into one batch answer, counting each part', async () => {
    const seen: number[] = [];
    const fetchFn = async (_: unknown, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { id: number }[];
      return Response.json(body.map((c) => ({ jsonrpc: '2.0', id: c.id, result: `0x${c.id}` })));
    };
    const f = budgetedFetch({ maxBodyBytes: 1000, fetchFn, onRequest: (r) => seen.push(r.bodyBytes) });
    const batch = [1, 2, 3, 4, 5].map((i) => JSON.parse(call(i, 300)));
    const res = await f('http://x', { method: 'POST', body: JSON.stringify(batch) });
    expect(((await res.json()) as { id: number }[]).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.length).toBe(3);
    expect(Math.max(...seen)).toBeLessThanOrEqual(1000);
  });

  it('passes a small body through untouched', async () => {
    let bodies = 0;
    const f = budgetedFetch({
      fetchFn: async () => Response.json({ jsonrpc: '2.0', id: 1, result: '0x1' }),
      onRequest: () => void bodies++,
    });
    const res = await f('http://x', { method: 'POST', body: call(1, 10) });
    expect(await res.json()).toMatchObject({ result: '0x1' });
    expect(bodies).toBe(1);
  });
});
