/**
 * Same seed → same chain, whatever the machine's speed or the time of day (issue 15). The small
 * `test` variant is built three times on fresh anvils: twice with the same "now" (identical block
 * hashes: nothing depends on timing), and once ending at another time of day (the same history,
 * shifted in time: the wall clock's hour does not shape it).
 */
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalChainClients } from '../chain/client';
import { type AnvilProcess, startAnvil } from './anvil';
import { buildScenario, type ScenarioBuildStats } from './scenario';
import { DAY } from './scenario/config';

const log = pino({ level: 'silent' });
const SEED = 77;
const anvils: AnvilProcess[] = [];

type Built = {
  head: { number: bigint; hash: string };
  /** [transactions, timestamp] of every block after genesis. */
  blocks: [number, number][];
  stats: ScenarioBuildStats | undefined;
};

async function build(now: number): Promise<Built> {
  const anvil = await startAnvil({ log, genesisTimestamp: now - 60 * DAY, pruneHistory: true });
  anvils.push(anvil);
  const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl, timeoutMs: 60_000 });
  let stats: ScenarioBuildStats | undefined;
  const manifest = await buildScenario({
    chain,
    variant: 'test',
    seed: SEED,
    log,
    now,
    onBuilt: (s) => {
      stats = s;
    },
  });
  const headNumber = BigInt(manifest.builtAtBlock);
  const numbers = Array.from({ length: Number(headNumber) }, (_, i) => BigInt(i + 1));
  const blocks = await Promise.all(numbers.map((n) => chain.public.getBlock({ blockNumber: n })));
  const head = blocks[blocks.length - 1];
  if (!head?.hash) throw new Error('no head block');
  await anvil.stop({ save: false });
  return {
    head: { number: head.number, hash: head.hash },
    blocks: blocks.map((b) => [b.transactions.length, Number(b.timestamp)]),
    stats,
  };
}

afterAll(async () => {
  await Promise.all(anvils.map((a) => a.stop({ save: false })));
});

describe('scenario determinism', () => {
  // A fixed afternoon, and the same day's early morning: different hours, different minutes.
  const now = 1_795_440_000 + 15 * 3600 + 37 * 60 + 11;
  const earlier = now - (9 * 3600 + 22 * 60 + 5);
  let reference: Promise<Built> | undefined;
  const first = () => {
    reference ??= build(now);
    return reference;
  };

  it('same seed, same now: the same chain, block hash for block hash', async () => {
    const a = await first();
    const b = await build(now);
    expect(b.head).toEqual(a.head);
    expect(a.stats?.unplannedTopUps).toEqual([]);
  }, 300_000);

  it('another time of day: the same history, shifted in time', async () => {
    const a = await first();
    const c = await build(earlier);
    expect(c.stats?.unplannedTopUps).toEqual([]);
    // History ends five minutes before the minute of "now"; everything in it moves with it.
    const shift = Math.floor(now / 60) * 60 - Math.floor(earlier / 60) * 60;
    expect(c.blocks.length).toBe(a.blocks.length);
    // The core contracts' blocks (before the first history block) are one second apart.
    const history = (blocks: [number, number][]) =>
      blocks.filter(([, ts]) => ts >= (blocks[0]?.[1] ?? 0) + 300);
    expect(history(c.blocks).map(([n]) => n)).toEqual(history(a.blocks).map(([n]) => n));
    expect(history(c.blocks).map(([, ts]) => ts + shift)).toEqual(history(a.blocks).map(([, ts]) => ts));
  }, 300_000);
});
