/**
 * Entry and exit costs of a yield position, measured on chain: the gas that recent transactions of
 * the same kind actually used (receipts of the contract's enter and exit events), plus, for a
 * two-sided pool, the engine's simulated swap gas for the half that has to be bought and sold back;
 * the current gas price; ETH's USD price from the pool path. Nothing is assumed: a kind of
 * transaction we have not seen leaves the gas unknown (null) and the page says so.
 */
import { type Address, type Hex, toEventSelector, toHex } from 'viem';
import type { EntryCosts } from '../../shared/yield';
import type { ChainClients } from '../chain/client';

/** How many receipts to read per kind of transaction. */
export const GAS_SAMPLE = 3;

export const ENTRY_EVENTS = {
  pair: {
    enter: toEventSelector('Mint(address,uint256,uint256)'),
    exit: toEventSelector('Burn(address,uint256,uint256,address)'),
    // A pair's first Mint is usually in the transaction that created it (the router's
    // addLiquidityETH deploys the pair: 2.8 M gas, ten times a later add): not what an entry costs.
    skipOpening: true,
  },
  /** Aerodrome classic pools: Uniswap V2's Mint, their own Burn (sender and recipient indexed). */
  aerodrome: {
    enter: toEventSelector('Mint(address,uint256,uint256)'),
    exit: toEventSelector('Burn(address,address,uint256,uint256)'),
    skipOpening: true,
  },
  staking: {
    enter: toEventSelector('Staked(address,uint256)'),
    exit: toEventSelector('Withdrawn(address,uint256)'),
  },
  lending: {
    enter: toEventSelector('Supplied(address,uint256)'),
    exit: toEventSelector('Withdrawn(address,uint256)'),
  },
} as const;

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export type MeasuredGas = { enter: number | null; exit: number | null; firstBlock: bigint | null };

type Topics = { enter: Hex; exit: Hex; skipOpening?: boolean };

/** What the meter remembers per contract and pair of events, up to `scannedTo`. */
type Scan = {
  scannedTo: bigint;
  /** Hash of block `scannedTo` when it was read: another hash there means the chain was replaced. */
  scannedHash: Hex | null;
  firstBlock: bigint | null;
  /** The transaction of the first enter event ever read (skipped when topics.skipOpening). */
  opening: Hex | null;
  /** The latest transactions per event, newest first, at most GAS_SAMPLE. */
  enter: Hex[];
  exit: Hex[];
};

/** Receipts are immutable: their gas is kept by hash (bounded). */
const MAX_RECEIPTS = 2_000;

export type GasMeter = {
  /**
   * Median gasUsed of the latest transactions that emitted `topics.enter` and `topics.exit` on
   * `address`, and the block of its first such event (the position's age when nothing better is
   * known). The local chain is read from block 0 (its history is ours).
   */
  measure(address: Address, topics: Topics, head: bigint, fromBlock?: bigint): Promise<MeasuredGas>;
};

/**
 * A meter that reads each contract's history once and then only the blocks added since: the yield
 * pass measures every pool every 30 s, and reading every pool's logs from block 0 each time was
 * what kept anvil busy (39 eth_getLogs from block 0 in three passes, 6.4 s of anvil, up to 375 ms
 * each, competing with requests for the cores). Keep one meter for the life of the app.
 */
export function createGasMeter(chain: Pick<ChainClients, 'public'>): GasMeter {
  const scans = new Map<string, Scan>();
  const gasByHash = new Map<Hex, number>();

  const gasOf = async (hashes: Hex[]) =>
    median(
      (
        await Promise.all(
          hashes.map(async (hash) => {
            const known = gasByHash.get(hash);
            if (known !== undefined) return known;
            const gas = await chain.public
              .getTransactionReceipt({ hash })
              .then((r) => Number(r.gasUsed))
              .catch(() => null);
            if (gas !== null) {
              gasByHash.set(hash, gas);
              if (gasByHash.size > MAX_RECEIPTS) gasByHash.delete(gasByHash.keys().next().value as Hex);
            }
            return gas;
          }),
        )
      ).filter((g): g is number => g !== null),
    );

  const blockHash = (n: bigint) =>
    chain.public
      .getBlock({ blockNumber: n })
      .then((b) => b.hash)
      .catch(() => null);

  return {
    async measure(address, topics, head, fromBlock = 0n) {
      const key = `${address.toLowerCase()}:${topics.enter}:${topics.exit}:${fromBlock}`;
      let scan = scans.get(key);
      // A chain that went back (anvil restarted from an older save) or was replaced: read it all again.
      if (scan && (head < scan.scannedTo || (await blockHash(scan.scannedTo)) !== scan.scannedHash))
        scan = undefined;
      const from = scan ? scan.scannedTo + 1n : fromBlock;
      if (from <= head) {
        // Raw eth_getLogs: viem's getLogs takes events, not topics, and silently dropped the topic
        // filter, so every log of the contract came back (10 MB and more for a busy pair).
        const raw = (await chain.public.request({
          method: 'eth_getLogs',
          params: [
            { address, topics: [[topics.enter, topics.exit]], fromBlock: toHex(from), toBlock: toHex(head) },
          ],
        } as never)) as { topics: Hex[]; transactionHash: Hex | null; blockNumber: Hex | null }[];
        const logs = raw.map((l) => ({
          topics: l.topics,
          transactionHash: l.transactionHash,
          blockNumber: l.blockNumber === null ? null : BigInt(l.blockNumber),
        }));
        const opening = scan
          ? scan.opening
          : (logs.find((l) => l.topics[0] === topics.enter)?.transactionHash ?? null);
        const skip = topics.skipOpening ? opening : null;
        const latest = (topic: Hex, before: Hex[]) => {
          const hashes: Hex[] = [];
          for (let i = logs.length - 1; i >= 0 && hashes.length < GAS_SAMPLE; i--) {
            const l = logs[i];
            const h = l?.transactionHash;
            if (l && l.topics[0] === topic && h && h !== skip && !hashes.includes(h)) hashes.push(h);
          }
          for (const h of before) if (hashes.length < GAS_SAMPLE && !hashes.includes(h)) hashes.push(h);
          return hashes;
        };
        scan = {
          scannedTo: head,
          scannedHash: await blockHash(head),
          firstBlock: scan?.firstBlock ?? logs[0]?.blockNumber ?? null,
          opening,
          enter: latest(topics.enter, scan?.enter ?? []),
          exit: latest(topics.exit, scan?.exit ?? []),
        };
        scans.set(key, scan);
      }
      if (!scan) return { enter: null, exit: null, firstBlock: null };
      const [enter, exit] = await Promise.all([gasOf(scan.enter), gasOf(scan.exit)]);
      return { enter, exit, firstBlock: scan.firstBlock };
    },
  };
}

export type CostInputs = {
  gas: { enter: number | null; exit: number | null };
  /** Simulated swap gas (buy, sell) for the token half of a two-sided pool; null otherwise. */
  swapGas: { buy: number; sell: number } | null;
  gasPriceWei: bigint;
  ethUsd: number | null;
  twoSided: boolean;
  /** USD value of one side of the pool (what the half-swap buys from). */
  sideReserveUsd: number | null;
  swapFeePct: number;
  what: string;
};

export function entryCosts(x: CostInputs): EntryCosts {
  const withSwap = (g: number | null, s: number | undefined) =>
    g === null ? null : x.twoSided ? (s === undefined ? null : g + s) : g;
  const gasEnter = withSwap(x.gas.enter, x.swapGas?.buy);
  const gasExit = withSwap(x.gas.exit, x.swapGas?.sell);
  const parts = [
    `gas: median of the latest ${x.what} enter/exit transactions on chain${x.twoSided ? ' plus a simulated swap each way' : ''}`,
    `at the current gas price ${(Number(x.gasPriceWei) / 1e9).toPrecision(3)} gwei`,
  ];
  if (x.twoSided)
    parts.push(`swap fee ${x.swapFeePct}% and constant-product price impact on half the amount`);
  if (gasEnter === null || gasExit === null) parts.push('no such transaction seen recently: gas unknown');
  return {
    gasEnter,
    gasExit,
    gasPriceGwei: Number(x.gasPriceWei) / 1e9,
    ethUsd: x.ethUsd,
    swapShare: x.twoSided ? 0.5 : 0,
    swapFeePct: x.twoSided ? x.swapFeePct : 0,
    swapReserveUsd: x.twoSided ? x.sideReserveUsd : null,
    impermanentLoss: x.twoSided,
    basis: `${parts.join('; ')}.`,
  };
}
