/**
 * Deliveries survive a restart of the whole process state: the embedded database on disk is
 * closed between attempts (as when the app stops) and opened again by a new delivery job, which
 * finishes the delivery from the rows alone. A worker that dies holding a claim (its lease) leaves
 * the delivery to be taken up again once the lease ends.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { watchlists, webhookEndpoints } from '../../db/schema';
import { startWebhookDelivery } from '../../jobs/webhook-delivery';
import { claimDue, deliveryLog, enqueueTestDelivery } from './queue';
import { verifyWebhookSignature } from './signature';

const log = pino({ level: 'silent' });
const RETRY = { baseMs: 300, capMs: 1_000, windowMs: 24 * 3600_000 };
let dir: string;
let receiver: http.Server;
let url = '';
const answers: number[] = [];
const seen: { status: number; signature: string; body: string; key: string }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-webhook-restart-'));
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answers.shift() ?? 200;
      seen.push({
        status,
        signature: String(req.headers['x-flab-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        key: String(req.headers['idempotency-key']),
      });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(what: string, f: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await f())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhook queue across a restart', () => {
  it('500, restart (database closed and reopened), 500, 200: one accepted delivery, 3 attempts', async () => {
    answers.push(500, 500);
    let db: Database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await db.db.insert(watchlists).values({ id: 'wl', ownerKind: 'client', ownerId: 'restart-client' });
    await db.db
      .insert(webhookEndpoints)
      .values({ id: 'ep', watchlistId: 'wl', url, secret: 'whsec_restart' });
    await enqueueTestDelivery(db.db, 'ep');

    const first = startWebhookDelivery({ db: db.db, log, mode: 'local', pollMs: 60_000, retry: RETRY });
    await first.runOnce();
    await first.stop();
    expect((await deliveryLog(db.db, 'ep'))[0]?.attempts).toBe(1);
    await db.close();

    // A new process: the same files, a new job.
    db = await openDatabase({ kind: 'pglite', dataDir: dir });
    const [pending] = await deliveryLog(db.db, 'ep');
    expect(pending?.status).toBe('pending');
    const second = startWebhookDelivery({ db: db.db, log, mode: 'local', pollMs: 100, retry: RETRY });
    try {
      await until('delivered', async () => (await deliveryLog(db.db, 'ep'))[0]?.status === 'delivered');
    } finally {
      await second.stop();
    }
    const [done] = await deliveryLog(db.db, 'ep');
    expect(done?.attempts).toBe(3);
    expect(done?.log.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(seen.map((s) => s.status)).toEqual([500, 500, 200]);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    for (const s of seen) expect(verifyWebhookSignature('whsec_restart', s.signature, s.body)).toBe(true);

    // A worker that claimed a delivery and died: the claim lapses and another worker sends it.
    seen.length = 0;
    await enqueueTestDelivery(db.db, 'ep');
    // Both claims at one instant: the second sees the first's lease whatever time passes between the
    // two queries on a loaded machine.
    const at = new Date();
    const claimed = await claimDue(db.db, 10, at, 500);
    expect(claimed).toHaveLength(1);
    expect(await claimDue(db.db, 10, at, 500)).toHaveLength(0); // held by the dead worker
    const third = startWebhookDelivery({ db: db.db, log, mode: 'local', pollMs: 100, retry: RETRY });
    try {
      await until('the lapsed claim is delivered', async () => seen.length === 1);
    } finally {
      await third.stop();
    }
    expect((await deliveryLog(db.db, 'ep'))[0]?.status).toBe('delivered');
    await db.close();
  });
});
