import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compactState, oneGenesis, saveStateFile, stateFileParses } from './state-file';

const block = (number: number, timestamp: number) => ({
  header: { number: `0x${number.toString(16)}`, timestamp: `0x${timestamp.toString(16)}` },
  transactions: [],
});

/** A dump as anvil gives it after two restarts: its own genesis of each start next to the real one. */
const dump = {
  block: { number: '0x2' },
  accounts: {},
  blocks: [
    block(0, 1_800_000_000),
    block(0, 1_700_000_000),
    block(1, 1_700_000_100),
    block(0, 1_800_000_500),
  ],
  transactions: [{ info: { traces: [{ big: true }] }, receipt: {} }],
};

describe('state file', () => {
  it('keeps only the oldest genesis block, so the genesis hash survives restarts', () => {
    const kept = oneGenesis(dump.blocks) ?? [];
    expect(kept.map((b) => [b.header.number, Number(b.header.timestamp)])).toEqual([
      ['0x0', 1_700_000_000],
      ['0x1', 1_700_000_100],
    ]);
    expect(oneGenesis([block(0, 5), block(1, 6)])).toHaveLength(2);
  });

  it('compacts: traces dropped, one genesis', () => {
    const out = JSON.parse(compactState(JSON.stringify(dump)));
    expect(out.transactions[0].info.traces).toEqual([]);
    expect(out.blocks).toHaveLength(2);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'state-file-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A fake anvil: the dump is `result`; the head moves by one during the dumps `headMoves` picks. */
  async function fakeAnvil(result: string, headMoves: (dumpNo: number) => boolean) {
    let head = 100;
    let dumps = 0;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { method } = JSON.parse(body) as { method: string };
        res.setHeader('content-type', 'application/json');
        if (method === 'anvil_dumpState') {
          dumps++;
          if (headMoves(dumps)) head++;
          res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
        } else res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: `0x${head.toString(16)}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, dumps: () => dumps, close: () => server.close() };
  }
  const result = `0x${gzipSync(JSON.stringify(dump)).toString('hex')}`;

  it('the saving worker writes what compactState gives (the worker repeats it as source text)', async () => {
    const anvil = await fakeAnvil(result, () => false);
    try {
      const file = path.join(dir, 'state.json');
      let dumped = 0;
      await saveStateFile(anvil.url, file, { onDumped: () => dumped++ });
      expect(fs.readFileSync(file, 'utf8')).toBe(compactState(JSON.stringify(dump)));
      expect(dumped).toBe(1);
    } finally {
      anvil.close();
    }
  });

  it('keeps only a dump the head did not move across (a block mined mid-dump is retried)', async () => {
    const anvil = await fakeAnvil(result, (n) => n <= 2);
    try {
      const file = path.join(dir, 'state-retry.json');
      await saveStateFile(anvil.url, file);
      expect(anvil.dumps()).toBe(3);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      anvil.close();
    }
  });

  it('gives up, writing nothing, when the head moves across every dump', async () => {
    const anvil = await fakeAnvil(result, () => true);
    try {
      const file = path.join(dir, 'state-never.json');
      await expect(saveStateFile(anvil.url, file, { attempts: 3 })).rejects.toThrow(/moved during each of 3/);
      expect(anvil.dumps()).toBe(3);
      expect(fs.existsSync(file)).toBe(false);
    } finally {
      anvil.close();
    }
  });
});

describe('stateFileParses (in a worker thread)', () => {
  it('accepts a dump with a block and refuses truncated, foreign or missing files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-state-check-'));
    try {
      const good = path.join(dir, 'good.json');
      fs.writeFileSync(good, JSON.stringify({ block: { number: '0x1' }, accounts: {} }));
      const truncated = path.join(dir, 'truncated.json');
      fs.writeFileSync(truncated, fs.readFileSync(good, 'utf8').slice(0, 20));
      const foreign = path.join(dir, 'foreign.json');
      fs.writeFileSync(foreign, '{"hello":"world"}');
      expect(await stateFileParses(good)).toBe(true);
      expect(await stateFileParses(truncated)).toBe(false);
      expect(await stateFileParses(foreign)).toBe(false);
      expect(await stateFileParses(path.join(dir, 'missing.json'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
