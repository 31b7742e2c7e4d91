/**
 * The local chain survives a restart: the second start loads the saved state, keeps the scenario
 * and its history, and does not redeploy. An interrupted build never breaks the next start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalChain } from '.';

const log = pino({ level: 'silent' });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-chain-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const opts = {
  dataDir: dir,
  variant: 'test' as const,
  seed: 3,
  simulator: { enabled: false, blockMs: 2000 },
  log,
};

describe('local chain persistence', () => {
  it('keeps the chain across a restart without redeploying', async () => {
    const first = await startLocalChain(opts);
    expect(first.built).toBe(true);
    // What the app waits for before it listens: the new chain and its manifest are on disk.
    await first.saved;
    expect(fs.existsSync(path.join(dir, 'chain', 'state.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'chain', 'manifest.json'))).toBe(true);
    const head = await first.clients.public.getBlockNumber();
    const logs = await first.clients.public.getLogs({ fromBlock: 0n, toBlock: head });
    await first.stop();
    await expect(first.anvil.exited).resolves.not.toBeUndefined();

    const second = await startLocalChain(opts);
    try {
      expect(second.built).toBe(false);
      await second.saved; // a restored chain is on disk already: settles at once
      expect(second.anvil.restored).toBe(true);
      expect(second.manifest).toEqual(first.manifest);
      expect(await second.clients.public.getBlockNumber()).toBeGreaterThanOrEqual(head);
      const again = await second.clients.public.getLogs({ fromBlock: 0n, toBlock: head });
      expect(again.length).toBe(logs.length);
      const code = await second.clients.public.getCode({
        address: second.manifest.tokens.FLAB as `0x${string}`,
      });
      expect(code && code.length > 2).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('rebuilds when the state has no manifest (an interrupted cold start)', async () => {
    fs.rmSync(path.join(dir, 'chain', 'manifest.json'));
    const third = await startLocalChain(opts);
    try {
      expect(third.built).toBe(true);
    } finally {
      await third.stop();
    }
  });

  it('moves a corrupt state file aside instead of failing', async () => {
    fs.writeFileSync(path.join(dir, 'chain', 'state.json'), '{"trunc');
    const fourth = await startLocalChain(opts);
    try {
      expect(fourth.built).toBe(true);
      expect(fs.readdirSync(path.join(dir, 'chain')).some((f) => f.startsWith('state.json.corrupt-'))).toBe(
        true,
      );
    } finally {
      await fourth.stop();
    }
  });
});
