/**
 * Entry and exit costs of a yield position, measured on chain: the gas that recent transactions of
 * the same kind actually used (receipts of the contract's enter and exit events), plus, for a
 * two-sided pool, the engine's simulated swap gas for the half that has to be bought and sold back;
 * the current gas price; ETH's USD price from the pool path. Nothing is assumed: a kind of
 * transaction we have not seen leaves the gas unknown (null) and the page says so.
 */
import { type Address, type Hex, toEventSelector } from 'viem';
import type { EntryCosts } from '../../shared/yield';
import type { ChainClients } from '../chain/client';

/** How many receipts to read per kind of transaction. */
export const GAS_SAMPLE = 3;

export const ENTRY_EVENTS = {
  pair: {
    enter: toEventSelector('Mint(address,uint256,uint256)'),
    exit: toEventSelector('Burn(address,uint256,uint256,address)'),
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

/**
 * Median gasUsed of the latest transactions that emitted `enter` and `exit` on `address`, and the
 * block of its first enter/exit event (the position's age when nothing better is known). The local
 * chain is read from block 0 (its history is ours and short).
 */
export async function measuredGas(
  chain: Pick<ChainClients, 'public'>,
  address: Address,
  topics: { enter: Hex; exit: Hex },
  head: bigint,
  fromBlock = 0n,
): Promise<{ enter: number | null; exit: number | null; firstBlock: bigint | null }> {
  const logs = await chain.public.getLogs({
    address,
    fromBlock,
    toBlock: head,
    // biome-ignore lint/suspicious/noExplicitAny: raw topic filter (either event)
    topics: [[topics.enter, topics.exit]] as any,
  } as never);
  const latest = (topic: Hex) => {
    const hashes: Hex[] = [];
    for (let i = logs.length - 1; i >= 0 && hashes.length < GAS_SAMPLE; i--) {
      const l = logs[i] as { topics: Hex[]; transactionHash: Hex | null };
      if (l.topics[0] === topic && l.transactionHash && !hashes.includes(l.transactionHash))
        hashes.push(l.transactionHash);
    }
    return hashes;
  };
  const gasOf = async (hashes: Hex[]) =>
    median(
      (
        await Promise.all(
          hashes.map((hash) =>
            chain.public
              .getTransactionReceipt({ hash })
              .then((r) => Number(r.gasUsed))
              .catch(() => null),
          ),
        )
      ).filter((g): g is number => g !== null),
    );
  const [enter, exit] = await Promise.all([gasOf(latest(topics.enter)), gasOf(latest(topics.exit))]);
  const first = logs[0] as { blockNumber: bigint | null } | undefined;
  return { enter, exit, firstBlock: first?.blockNumber ?? null };
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
