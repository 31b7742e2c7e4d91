import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiWait, apiGet, apiPost, queuedDelayMs, waitOfError } from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('sends cookies and parses JSON', async () => {
    const fetchMock = stubFetch(Response.json({ mode: 'local' }));
    await expect(apiGet('/api/network')).resolves.toEqual({ mode: 'local' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
  });

  it("uses the server's error message: '{status}: {message}'", async () => {
    stubFetch(
      Response.json(
        { error: { code: 'NOT_A_TOKEN', message: 'No contract at that address' } },
        { status: 404 },
      ),
    );
    const err = await apiGet('/api/scanner/0x1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('404: No contract at that address');
    expect((err as ApiError).code).toBe('NOT_A_TOKEN');
    expect((err as ApiError).status).toBe(404);
  });

  it('falls back to the body text, then the status text', async () => {
    stubFetch(new Response('upstream down', { status: 502 }));
    await expect(apiGet('/api/x')).rejects.toThrow('502: upstream down');
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiGet('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('answers undefined for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiGet('/api/x')).resolves.toBeUndefined();
  });
});

describe('a new token waiting in the fair line (202)', () => {
  it('asks again after Retry-After until the answer is there', async () => {
    vi.useFakeTimers();
    const queued = {
      queued: { position: 2, ahead: 1, etaSeconds: 2 },
      message: 'In line for analysis: 1 ahead, about 2 s.',
    };
    const answers = [
      Response.json(queued, { status: 202, headers: { 'retry-after': '2' } }),
      Response.json({ verdict: 'ok' }),
    ];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    const p = apiGet('/api/tokens/0x1/report');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ verdict: 'ok' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('waits between 1 and 10 s whatever Retry-After says', () => {
    expect(queuedDelayMs('3')).toBe(3_000);
    expect(queuedDelayMs(null)).toBe(1_000);
    expect(queuedDelayMs('0')).toBe(1_000);
    expect(queuedDelayMs('600')).toBe(10_000);
    expect(queuedDelayMs('soon')).toBe(1_000);
  });
});

describe('waits are reported to the page (onWait)', () => {
  const limited = (seconds: string) =>
    Response.json(
      { error: { code: 'rate_limited', message: 'Too many new tokens analysed from this address.' } },
      { status: 429, headers: { 'retry-after': seconds } },
    );

  it("reports each 202's place and estimate, the latest last", async () => {
    vi.useFakeTimers();
    const body = (ahead: number) => ({
      queued: { position: ahead + 1, ahead, etaSeconds: ahead + 1 },
      message: `In line for analysis: ${ahead} ahead.`,
    });
    const answers = [
      Response.json(body(3), { status: 202, headers: { 'retry-after': '1' } }),
      Response.json(body(1), { status: 202, headers: { 'retry-after': '1' } }),
      Response.json({ ok: true }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift() as Response),
    );
    const waits: ApiWait[] = [];
    const p = apiGet('/api/scanner/0x1', undefined, (w) => waits.push(w));
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(p).resolves.toEqual({ ok: true });
    expect(waits).toEqual([
      { kind: 'queued', position: 4, ahead: 3, etaSeconds: 4 },
      { kind: 'queued', position: 2, ahead: 1, etaSeconds: 2 },
    ]);
    vi.useRealTimers();
  });

  it('waits out a 429 until the time the server gave, then asks again', async () => {
    vi.useFakeTimers({ now: 100_000 });
    const answers = [limited('12'), Response.json({ ok: true })];
    const fetchMock = vi.fn(async () => answers.shift() as Response);
    vi.stubGlobal('fetch', fetchMock);
    const waits: ApiWait[] = [];
    const p = apiGet('/api/scanner/0x1', undefined, (w) => waits.push(w));
    await vi.advanceTimersByTimeAsync(11_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([{ kind: 'limited', retryAt: 112_000, seconds: 12 }]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toEqual({ ok: true });
    vi.useRealTimers();
  });

  it('a 429 without onWait, or too long to wait, is an error that still says when (the card counts down)', async () => {
    vi.useFakeTimers({ now: 0 });
    stubFetch(limited('30'));
    const err = await apiGet('/api/scanner/0x1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(waitOfError(err)).toEqual({ kind: 'limited', retryAt: 30_000, seconds: 30 });
    stubFetch(limited('600'));
    const long = await apiGet('/api/scanner/0x1', undefined, () => {}).catch((e: unknown) => e);
    expect(waitOfError(long)).toEqual({ kind: 'limited', retryAt: 600_000, seconds: 600 });
    vi.useRealTimers();
  });

  it('a 503 that is not the full line stays a failure', async () => {
    stubFetch(
      Response.json(
        { error: { code: 'chain_unavailable', message: 'The chain does not answer.' } },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    );
    const err = await apiGet('/api/scanner/0x1', undefined, () => {}).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(503);
    expect(waitOfError(err)).toBeUndefined();
    expect(waitOfError(new Error('plain'))).toBeUndefined();
  });

  it('stops waiting when the page goes away (abort)', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => limited('20'));
    vi.stubGlobal('fetch', fetchMock);
    const ac = new AbortController();
    const p = apiGet('/api/scanner/0x1', ac.signal, () => {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    ac.abort(new Error('left the page'));
    expect(((await p) as Error).message).toBe('left the page');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});

describe('apiPost', () => {
  it('sends a JSON body with a JSON content type', async () => {
    const fetchMock = stubFetch(Response.json({ id: 1 }, { status: 201 }));
    await expect(apiPost('/api/trading-calls', { symbol: 'FLAB' })).resolves.toEqual({ id: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"symbol":"FLAB"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
  });
});
