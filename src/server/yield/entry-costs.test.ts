import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainClients } from '../chain/client';
import { createGasMeter, ENTRY_EVENTS } from './entry-costs';

const POOL = '0x00000000000000000000000000000000000000aa' as Address;
const { enter, exit } = ENTRY_EVENTS.pair;
/** The pair's events without skipping the opening Mint (the tests below count every sample). */
const PLAIN = { enter, exit };
const SWAP = '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822' as Hex;
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

/** A chain whose logs, receipts and block hashes the test controls, counting what is read. */
function fakeChain() {
  const logs: { blockNumber: bigint; topics: Hex[]; transactionHash: Hex }[] = [];
  const gas = new Map<Hex, bigint>();
  let generation = 0;
  const reads = { logs: [] as [bigint, bigint][], receipts: 0, topics: [] as Hex[][][] };
  const pub = {
    // eth_getLogs as a node answers it: the filter's topics apply (position 0: any of the list).
    request: async ({
      method,
      params,
    }: {
      method: string;
      params: [{ topics: Hex[][]; fromBlock: Hex; toBlock: Hex }];
    }) => {
      if (method !== 'eth_getLogs') throw new Error(`unexpected ${method}`);
      const [q] = params;
      const [from, to] = [BigInt(q.fromBlock), BigInt(q.toBlock)];
      reads.logs.push([from, to]);
      reads.topics.push(q.topics);
      return logs
        .filter((l) => l.blockNumber >= from && l.blockNumber <= to)
        .filter((l) => (q.topics[0] ?? []).includes(l.topics[0] as Hex))
        .map((l) => ({ ...l, blockNumber: `0x${l.blockNumber.toString(16)}` }));
    },
    getTransactionReceipt: async ({ hash }: { hash: Hex }) => {
      reads.receipts++;
      const g = gas.get(hash);
      if (g === undefined) throw new Error('no receipt');
      return { gasUsed: g };
    },
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({
      hash: `0x${generation}0${blockNumber}`,
    }),
  };
  let n = 0;
  return {
    chain: { public: pub } as unknown as Pick<ChainClients, 'public'>,
    reads,
    add(block: bigint, topic: Hex, gasUsed: bigint) {
      const h = hashOf(++n);
      logs.push({ blockNumber: block, topics: [topic], transactionHash: h });
      gas.set(h, gasUsed);
    },
    /** Another chain from here on (anvil restarted from an older save, then mined on). */
    replace(keepUpTo: bigint) {
      generation++;
      for (let i = logs.length - 1; i >= 0; i--)
        if ((logs[i]?.blockNumber ?? 0n) > keepUpTo) logs.splice(i, 1);
    },
  };
}

describe('gas meter', () => {
  it('reads a contract history once, then only the new blocks, and keeps receipts it has read', async () => {
    const c = fakeChain();
    c.add(5n, enter, 100_000n);
    c.add(7n, exit, 80_000n);
    c.add(9n, enter, 110_000n);
    c.add(9n, SWAP, 1_000_000n); // another event of the same contract: not an entry or exit
    const meter = createGasMeter(c.chain);
    expect(await meter.measure(POOL, PLAIN, 10n)).toEqual({
      enter: 105_000,
      exit: 80_000,
      firstBlock: 5n,
    });
    expect(c.reads.logs).toEqual([[0n, 10n]]);
    expect(c.reads.topics[0]).toEqual([[enter, exit]]); // the node filters: a busy pair's swaps stay there
    expect(c.reads.receipts).toBe(3);

    c.add(12n, enter, 200_000n);
    c.add(13n, enter, 210_000n);
    // The latest three enters: 13, 12 and 9.
    expect(await meter.measure(POOL, PLAIN, 14n)).toEqual({
      enter: 200_000,
      exit: 80_000,
      firstBlock: 5n,
    });
    expect(c.reads.logs).toEqual([
      [0n, 10n],
      [11n, 14n],
    ]);
    expect(c.reads.receipts).toBe(5);

    // Nothing new: no log read, no receipt read.
    await meter.measure(POOL, PLAIN, 14n);
    expect(c.reads.logs).toHaveLength(2);
    expect(c.reads.receipts).toBe(5);
  });

  it('reads everything again when the chain went back or was replaced', async () => {
    const c = fakeChain();
    c.add(5n, enter, 100_000n);
    c.add(9n, enter, 300_000n);
    const meter = createGasMeter(c.chain);
    expect((await meter.measure(POOL, PLAIN, 10n)).enter).toBe(200_000);

    // Back to block 6: the head is below what was read.
    c.replace(6n);
    expect((await meter.measure(POOL, PLAIN, 8n)).enter).toBe(100_000);
    expect(c.reads.logs.at(-1)).toEqual([0n, 8n]);

    // Same height, other block hash: replaced again.
    const meter2 = createGasMeter(c.chain);
    await meter2.measure(POOL, ENTRY_EVENTS.pair, 8n);
    c.replace(8n);
    c.add(8n, enter, 50_000n);
    await meter2.measure(POOL, ENTRY_EVENTS.pair, 8n);
    expect(c.reads.logs.at(-1)).toEqual([0n, 8n]);
  });

  it('leaves a kind of transaction never seen unknown', async () => {
    const c = fakeChain();
    c.add(3n, enter, 90_000n);
    expect(await createGasMeter(c.chain).measure(POOL, PLAIN, 4n)).toEqual({
      enter: 90_000,
      exit: null,
      firstBlock: 3n,
    });
  });

  it("skips a pair's opening Mint (the pair's creation), and leaves a pair with only that one unknown", async () => {
    const c = fakeChain();
    c.add(3n, enter, 2_800_000n); // addLiquidityETH that deployed the pair
    const meter = createGasMeter(c.chain);
    expect((await meter.measure(POOL, ENTRY_EVENTS.pair, 5n)).enter).toBeNull();
    c.add(8n, enter, 150_000n);
    c.add(9n, enter, 160_000n);
    expect((await meter.measure(POOL, ENTRY_EVENTS.pair, 10n)).enter).toBe(155_000);
  });
});
