/**
 * One delivery attempt: POST the JSON body, signed, to the endpoint. Bounded on every side: the
 * request body is capped (MAX_WEBHOOK_BODY_BYTES), the whole attempt has a deadline
 * (ATTEMPT_TIMEOUT_MS: connect, send and the answer's head), at most MAX_RESPONSE_BYTES of the
 * answer are read, and redirects are never followed (a 3xx is a failed attempt). The socket's
 * address comes from guardedLookup, so a private address is refused in Base mode at each attempt.
 */
import http from 'node:http';
import https from 'node:https';
import { EVENT_HEADER, IDEMPOTENCY_HEADER, SIGNATURE_HEADER } from '../../../shared/watch';
import { signatureHeader } from './signature';
import { checkEndpointUrl, EndpointRefusedError, guardedLookup, type WebhookMode } from './url-guard';

export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 4 * 1024;

export type AttemptResult = {
  /** The answer's status code; null when there was no answer (refused, timeout, network). */
  statusCode: number | null;
  ok: boolean;
  latencyMs: number;
  error: string | null;
  /** Never worth retrying (the endpoint is refused by our rules). */
  permanent: boolean;
};

export type SendOptions = {
  mode: WebhookMode;
  timeoutMs?: number;
  nowSeconds?: number;
};

export async function sendWebhook(
  endpoint: { url: string; secret: string },
  event: { id: string; type: string; body: string },
  opts: SendOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (r: Omit<AttemptResult, 'latencyMs'>): AttemptResult => ({
    ...r,
    latencyMs: Math.max(0, Math.round(performance.now() - started)),
  });
  let url: URL;
  try {
    url = checkEndpointUrl(endpoint.url, opts.mode);
  } catch (e) {
    return done({ statusCode: null, ok: false, error: `refused: ${(e as Error).message}`, permanent: true });
  }
  const body = Buffer.from(event.body, 'utf8');
  if (body.length > MAX_WEBHOOK_BODY_BYTES)
    return done({ statusCode: null, ok: false, error: 'body too large', permanent: true });
  const t = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = mod.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(opts.mode) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'FLAB-Hub-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, event.body, t),
          [EVENT_HEADER]: event.type,
          [IDEMPOTENCY_HEADER]: event.id,
        },
        // No connection reuse: each attempt resolves and checks the address again.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const settle = () =>
          finish({
            statusCode: status,
            ok: status >= 200 && status < 300,
            error:
              status >= 300 && status < 400
                ? 'redirect not followed'
                : status >= 200 && status < 300
                  ? null
                  : `HTTP ${status}`,
            permanent: false,
          });
        res.on('end', settle);
        res.on('close', settle);
        res.on('error', settle);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      const refused = e instanceof EndpointRefusedError || e.code === 'EPRIVATE';
      finish({
        statusCode: null,
        ok: false,
        error: refused ? `refused: ${e.message}` : e.message.slice(0, 200),
        permanent: false,
      });
    });
    req.end(body);
  });
}
