/**
 * Signed webhooks end to end (issue 26), on a fresh anvil with the test scenario and a local
 * receiver (loopback HTTP, allowed on the local chain):
 * - a receiver subscribed to a token gets, within 30 s of the token's liquidity being pulled, one
 *   signed delivery whose signature verifies with the documented snippet;
 * - a receiver answering 500 twice then 200 gets exactly one accepted delivery, attempt count 3,
 *   with the delivery job restarted between attempts (nothing lost);
 * - in Base mode a private-address endpoint is refused, when saved and at each attempt.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { WebhookCreated, WebhookDelivery } from '../../../shared/watch';
import { createApp } from '../../api/app';
import type { LocalChainClients } from '../../chain/client';
import { rowsOf } from '../../db/rows';
import { watchlists, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { startAlertMonitor } from '../../jobs/alert-monitor';
import { startWebhookDelivery, type WebhookDeliveryJob } from '../../jobs/webhook-delivery';
import type { Runtime } from '../../runtime';
import { startScenarioRuntime } from '../../test-support/scenario-runtime';
import { verifyWebhookSignature } from './signature';
import { guardedLookup } from './url-guard';

const log = pino({ level: 'silent' });
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;
let clients: LocalChainClients;
let job: WebhookDeliveryJob | undefined;
let monitor: ReturnType<typeof startAlertMonitor>;
let receiver: http.Server;
let base = '';
const FAST_RETRY = { baseMs: 400, capMs: 2_000, windowMs: 24 * 3600_000 };

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; answered: number };
const received: Received[] = [];
/** Scripted answers per path (first in first out); 200 when the script is empty. */
const script = new Map<string, number[]>();

const abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function totalSupply() view returns (uint256)',
  'function burn(address to) returns (uint256, uint256)',
]);

const startJob = () => {
  job = startWebhookDelivery({ db: runtime.database.db, log, mode: 'local', pollMs: 250, retry: FAST_RETRY });
  return job;
};

async function until<T>(
  what: string,
  f: () => Promise<T | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const as = (client: string) => ({ 'x-client-id': client });

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const answered = script.get(path)?.shift() ?? 200;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.statusCode = answered;
      res.end(answered === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  runtime = await startScenarioRuntime({ log });
  // The test drives its own delivery job (fast retries) and monitor (short interval).
  await runtime.webhooks.stop();
  startJob();
  app = await createApp({ ...runtime, log, webhooks: { wake: () => job?.wake() } });
  manifest = runtime.localChain?.manifest as ScenarioManifest;
  clients = runtime.localChain?.clients as LocalChainClients;
  monitor = startAlertMonitor({
    db: runtime.database.db,
    engine: runtime.engine,
    log,
    intervalMs: 3_000,
    onDeliveriesQueued: () => job?.wake(),
  });
});
afterAll(async () => {
  await monitor?.stop();
  await job?.stop();
  await app?.close();
  await runtime?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe('webhooks', () => {
  it('a pulled pool reaches a subscribed receiver within 30 s, once, signed', async () => {
    const db = runtime.database.db;
    const weth = manifest.contracts.weth.toLowerCase();
    // A wallet holding at least half of a WETH pool's LP (not the locker, not burned).
    const lp = rowsOf(
      await db.execute(sql`
        select b.token as pair, b.holder, b.balance::text as balance,
               case when p.token0 = ${weth} then p.token1 else p.token0 end as token
        from balances b join pairs p on p.pair = b.token
        where b.balance > 0 and (p.token0 = ${weth} or p.token1 = ${weth})
          and b.holder not in ('0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead', ${manifest.contracts.locker.toLowerCase()})
          and b.holder not in (select pair from pairs)
        order by b.balance desc`),
    );
    let drain: { pair: Address; holder: Address; balance: bigint; token: Address } | undefined;
    for (const r of lp) {
      const supply = (await clients.public.readContract({
        address: r.pair as Address,
        abi,
        functionName: 'totalSupply',
      })) as bigint;
      if (BigInt(String(r.balance)) * 100n >= supply * 50n && r.token !== manifest.risks.rugged) {
        drain = {
          pair: r.pair as Address,
          holder: r.holder as Address,
          balance: BigInt(String(r.balance)),
          token: r.token as Address,
        };
        break;
      }
    }
    if (!drain) throw new Error('no wallet holds half of a pool');

    const me = as('webhook-drain-client');
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/watchlist/webhook',
      headers: me,
      payload: { url: `${base}/drain` },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json() as WebhookCreated;
    const add = await app.inject({
      method: 'POST',
      url: '/api/watchlist/items',
      headers: me,
      payload: { tokenAddress: drain.token, kinds: ['liquidity_drain'] },
    });
    expect(add.statusCode, add.body).toBe(201);
    await monitor.runOnce();
    expect(received.filter((r) => r.path === '/drain')).toEqual([]);

    // The LP holder pulls its whole position.
    const started = Date.now();
    await clients.test.setBalance({ address: drain.holder, value: 10n ** 20n });
    for (const [functionName, args] of [
      ['transfer', [drain.pair, drain.balance]],
      ['burn', [drain.holder]],
    ] as const) {
      const hash = await clients.wallet.writeContract({
        account: drain.holder,
        chain: clients.chain,
        address: drain.pair,
        abi,
        functionName: functionName as 'transfer',
        args: args as unknown as [Address, bigint],
      });
      expect((await clients.public.waitForTransactionReceipt({ hash })).status).toBe('success');
    }

    const got = await until(
      'the drain delivery',
      async () => received.find((r) => r.path === '/drain'),
      30_000,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    const signature = String(got.headers['x-flab-signature']);
    expect(verifyWebhookSignature(secret, signature, got.body)).toBe(true);
    expect(verifyWebhookSignature('whsec_wrong', signature, got.body)).toBe(false);
    const event = JSON.parse(got.body) as {
      id: string;
      type: string;
      data: { alert: { tokenAddress: string } };
    };
    expect(event.type).toBe('alert.liquidity_drain');
    expect(event.data.alert.tokenAddress).toBe(drain.token.toLowerCase());
    expect(got.headers['idempotency-key']).toBe(event.id);
    expect(got.headers['x-flab-event']).toBe('alert.liquidity_drain');

    // Later runs raise nothing new: exactly one delivery.
    await runtime.indexer?.syncOnce();
    await monitor.runOnce();
    await job?.runOnce();
    expect(received.filter((r) => r.path === '/drain')).toHaveLength(1);
    const log = (
      await app.inject({ method: 'GET', url: '/api/watchlist/webhook/deliveries', headers: me })
    ).json() as WebhookDelivery[];
    expect(log.map((d) => [d.eventType, d.status, d.attempts])).toEqual([
      ['alert.liquidity_drain', 'delivered', 1],
    ]);
    expect(log[0]?.lastStatusCode).toBe(200);
    expect(log[0]?.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('500, 500, then 200: one accepted delivery after 3 attempts, across a restart', async () => {
    const me = as('webhook-flaky-client');
    script.set('/flaky', [500, 500]);
    const hook = await app.inject({
      method: 'PUT',
      url: '/api/watchlist/webhook',
      headers: me,
      payload: { url: `${base}/flaky` },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json() as WebhookCreated;
    const deliveries = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/watchlist/webhook/deliveries', headers: me })
      ).json() as WebhookDelivery[];

    expect(
      (await app.inject({ method: 'POST', url: '/api/watchlist/webhook/test', headers: me })).statusCode,
    ).toBe(202);
    await until('the first attempt', async () => (await deliveries())[0]?.attempts === 1, 10_000);
    // Restart: the job stops between attempts; a new one (as after a process restart) goes on
    // from the rows alone.
    await job?.stop();
    const pending = await deliveries();
    expect(pending[0]?.status).toBe('pending');
    expect(pending[0]?.lastStatusCode).toBe(500);
    startJob();
    const done = await until(
      'delivered',
      async () => {
        const d = (await deliveries())[0];
        return d?.status === 'delivered' ? d : undefined;
      },
      20_000,
    );
    expect(done.attempts).toBe(3);
    expect(done.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    const hits = received.filter((r) => r.path === '/flaky');
    expect(hits.map((h) => h.answered)).toEqual([500, 500, 200]);
    expect(hits.filter((h) => h.answered === 200)).toHaveLength(1);
    // Every attempt carries the same event id and a valid signature.
    expect(new Set(hits.map((h) => h.headers['idempotency-key'])).size).toBe(1);
    for (const h of hits)
      expect(verifyWebhookSignature(secret, String(h.headers['x-flab-signature']), h.body)).toBe(true);
    expect((await deliveries()).length).toBe(1);
  });

  it('Base mode refuses private-address endpoints when saved and at each attempt', async () => {
    const baseApp = await createApp({ ...runtime, network: { ...runtime.network, mode: 'base' }, log });
    try {
      const me = as('webhook-base-client');
      for (const url of [
        'https://10.0.0.7/hook',
        'https://127.0.0.1/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
        'https://localhost/hook',
        `${base}/base`,
      ]) {
        const res = await baseApp.inject({
          method: 'PUT',
          url: '/api/watchlist/webhook',
          headers: me,
          payload: { url },
        });
        expect(res.statusCode, url).toBe(400);
        expect((res.json() as { error: { details: { field: string } } }).error.details.field).toBe('url');
      }
    } finally {
      await baseApp.close();
    }

    // At each attempt: an endpoint row that points at loopback (saved before, or re-resolved) is
    // refused by the socket's own lookup, and the receiver sees nothing.
    const db = runtime.database.db;
    const [wl] = await db
      .insert(watchlists)
      .values({ id: 'base-wl', ownerKind: 'client', ownerId: 'base-mode-client' })
      .returning();
    await db.insert(webhookEndpoints).values({
      id: 'base-ep',
      watchlistId: wl?.id as string,
      url: `https://127.0.0.1:${new URL(base).port}/base`,
      secret: 's',
    });
    await db
      .insert(webhookDeliveries)
      .values({ endpointId: 'base-ep', eventId: 'test:base', eventType: 'test', body: '{}' });
    const baseJob = startWebhookDelivery({ db, log, mode: 'base', pollMs: 60_000, retry: FAST_RETRY });
    await job?.stop();
    try {
      await baseJob.runOnce();
    } finally {
      await baseJob.stop();
      startJob();
    }
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.eventId} = 'test:base'`);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/refused/);
    expect(received.filter((r) => r.path === '/base')).toEqual([]);

    // A host name that resolves to a private address is refused after resolution.
    const lookup = guardedLookup('base');
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup('localhost', {}, (e) => resolve(e)),
    );
    expect(err?.code).toBe('EPRIVATE');
  });
});
