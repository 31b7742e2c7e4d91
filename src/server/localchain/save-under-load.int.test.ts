/**
 * State saves under continuous transactions (ADR 0034): while other clients keep sending
 * transactions straight to anvil (a visitor deploying, the faucet — nothing that goes through our
 * `exclusive` gate), every save succeeds, because mining is held for the dump; and every
 * transaction sent meanwhile is mined once mining resumes. Before, anvil's dump raced the blocks
 * and saves failed with "the chain head moved during each of 5 dumps".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type AnvilProcess, startAnvil } from './anvil';

const log = pino({ level: 'silent' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-save-load-'));
let anvil: AnvilProcess | undefined;
afterAll(async () => {
  await anvil?.stop({ save: false });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** anvil's first two dev accounts: one sender each, so their nonces never race. */
const SENDERS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'];
/** A contract whose constructor returns 1 byte of runtime code: each send is a deployment. */
const DEPLOY = '0x600a600c600039600a6000f3fe00000000000000000000';

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

describe('state saves under load', () => {
  it('all succeed while deployments keep arriving, and every deployment is mined', async () => {
    const statePath = path.join(dir, 'state.json');
    anvil = await startAnvil({ log, statePath, pruneHistory: true, supervise: false });
    const url = anvil.rpcUrl;
    let sending = true;
    const sent = new Map<string, number>();
    // Two senders, one transaction each every ~10 ms: each transaction is its own block under automine.
    const sender = async (from: string) => {
      while (sending) {
        await rpc<string>(url, 'eth_sendTransaction', [{ from, data: DEPLOY }]);
        sent.set(from, (sent.get(from) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const senders = SENDERS.map(sender);
    const before = BigInt(await rpc<string>(url, 'eth_blockNumber'));
    const saves = [];
    for (let i = 0; i < 8; i++) saves.push(await anvil.saveState());
    sending = false;
    await Promise.all(senders);
    const after = BigInt(await rpc<string>(url, 'eth_blockNumber'));

    expect(saves.every((s) => s && s.bytes > 0)).toBe(true);
    // The load really ran across the saves (blocks kept coming).
    expect(after - before).toBeGreaterThan(8n);
    // Mining resumed after each hold and took what was held: nothing is left pending, and each
    // sender's mined nonce counts every deployment it sent.
    expect(await rpc<boolean>(url, 'anvil_getAutomine')).toBe(true);
    await vi.waitFor(
      async () => expect((await rpc<{ pending: string }>(url, 'txpool_status')).pending).toBe('0x0'),
      {
        timeout: 10_000,
      },
    );
    for (const from of SENDERS)
      expect(Number(await rpc<string>(url, 'eth_getTransactionCount', [from, 'latest']))).toBe(
        sent.get(from),
      );
  }, 120_000);
});
