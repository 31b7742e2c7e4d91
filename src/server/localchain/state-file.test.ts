import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compactState, oneGenesis, saveStateFile } from './state-file';

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

  it('the saving worker writes what compactState gives (the worker repeats it as source text)', async () => {
    const result = `0x${gzipSync(JSON.stringify(dump)).toString('hex')}`;
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const file = path.join(dir, 'state.json');
      await saveStateFile(`http://127.0.0.1:${port}`, file);
      expect(fs.readFileSync(file, 'utf8')).toBe(compactState(JSON.stringify(dump)));
    } finally {
      server.close();
    }
  });
});
