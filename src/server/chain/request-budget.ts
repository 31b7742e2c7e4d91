/**
 * The request budget, enforced once for every caller of the chain clients: no JSON-RPC body leaves
 * larger than MAX_RPC_BODY_BYTES. anvil refuses a body over about 2 MiB (`-32600 Invalid request`,
 * id null) and public providers refuse far smaller ones (geth answers HTTP 413 "content length too
 * large"), so a batch that grew too big (the owner-power simulation's phase-1 chunks leave together)
 * is split here into several HTTP requests, sent at once, whose answers are joined back into one
 * batch answer. Each part is a request of its own: `onRequest` hears every one, so a count of
 * requests (tests, benches, a provider's bill) includes the splits. A single call larger than the
 * budget is never sent: it fails with RequestTooLargeError, which callers must avoid by building
 * smaller calls (the owner-power chunks are sized in bytes for this).
 */

/** Largest JSON-RPC request body sent, in bytes (1 MB). */
export const MAX_RPC_BODY_BYTES = 1_000_000;

export class RequestTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
    readonly method: string,
  ) {
    super(
      `A ${method} request of ${bytes.toLocaleString('en-US')} bytes exceeds the ${limit.toLocaleString('en-US')}-byte JSON-RPC body budget; it was not sent.`,
    );
    this.name = 'RequestTooLargeError';
  }
}

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type BudgetedFetchOptions = {
  maxBodyBytes?: number;
  /** Hears every HTTP request actually sent (a split batch: one per part). */
  onRequest?: (request: { url: string; body: string; bodyBytes: number }) => void;
  fetchFn?: FetchFn;
};

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Groups the serialised calls of a batch, in order, into parts whose JSON array stays within `max`
 * bytes (brackets and commas included). A call larger than `max` on its own throws.
 */
export function splitBatch(calls: string[], max: number, methodOf: (i: number) => string): string[][] {
  const parts: string[][] = [];
  let part: string[] = [];
  let size = 2;
  calls.forEach((c, i) => {
    const n = byteLength(c);
    if (n + 2 > max) throw new RequestTooLargeError(n + 2, max, methodOf(i));
    const added = n + (part.length > 0 ? 1 : 0);
    if (part.length > 0 && size + added > max) {
      parts.push(part);
      part = [];
      size = 2;
    }
    size += n + (part.length > 0 ? 1 : 0);
    part.push(c);
  });
  if (part.length > 0) parts.push(part);
  return parts;
}

/** A fetch for viem's http transport that keeps every request body within the budget. */
export function budgetedFetch(opts: BudgetedFetchOptions = {}): FetchFn {
  const max = opts.maxBodyBytes ?? MAX_RPC_BODY_BYTES;
  const base: FetchFn = opts.fetchFn ?? ((input, init) => fetch(input, init));
  const url = (input: string | URL | Request) =>
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : null;
    if (body === null || byteLength(body) <= max) {
      opts.onRequest?.({
        url: url(input),
        body: body ?? '',
        bodyBytes: body === null ? 0 : byteLength(body),
      });
      return base(input, init);
    }
    const parsed = JSON.parse(body) as unknown;
    if (!Array.isArray(parsed)) {
      const method = (parsed as { method?: unknown }).method;
      throw new RequestTooLargeError(byteLength(body), max, typeof method === 'string' ? method : 'JSON-RPC');
    }
    const calls = parsed.map((c) => JSON.stringify(c));
    const parts = splitBatch(calls, max, (i) => String((parsed[i] as { method?: unknown }).method ?? '?'));
    const responses = await Promise.all(
      parts.map((p) => {
        const partBody = `[${p.join(',')}]`;
        opts.onRequest?.({ url: url(input), body: partBody, bodyBytes: byteLength(partBody) });
        return base(input, { ...init, body: partBody });
      }),
    );
    // A refused part (HTTP error, rate limit) is the whole batch's answer: viem reads its status and
    // body as it would have read the unsplit batch's refusal.
    const failed = responses.find((r) => !r.ok);
    if (failed) return failed;
    // The parts' answers joined as text (no parse and re-serialise of what may be megabytes): each
    // is a JSON array in the order sent. A part answered with one error object (a node refusing the
    // whole batch) gives every call of the batch that error.
    const texts = await Promise.all(responses.map((r) => r.text()));
    const inner: string[] = [];
    for (const t of texts) {
      const trimmed = t.trim();
      if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) {
        const err = (JSON.parse(trimmed) as { error?: unknown }).error ?? {
          code: -32603,
          message: 'internal error',
        };
        return Response.json(
          parsed.map((c) => ({ jsonrpc: '2.0', id: (c as { id?: unknown }).id ?? null, error: err })),
        );
      }
      const body = trimmed.slice(1, -1).trim();
      if (body) inner.push(body);
    }
    return new Response(`[${inner.join(',')}]`, { headers: { 'content-type': 'application/json' } });
  };
}
