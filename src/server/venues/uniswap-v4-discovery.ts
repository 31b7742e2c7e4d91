/**
 * Where a token's Uniswap V4 pools come from when the index does not have them. Local chain: the
 * PoolManager's Initialize logs naming the token (its whole history is one getLogs range). Base:
 * no logs (the PoolManager's history is beyond one range; the index finds hooked pools range by
 * range) — the candidates are the pools without a hook at a standard fee tier, whose keys are known
 * in advance as a V3 pool's address is; readPools keeps only those the PoolManager has initialised.
 */
import type { Address, PublicClient } from 'viem';
import { ChainUnavailableError } from '../errors';
import { poolManagerEventsAbi, type UniswapV4Contracts } from './uniswap-v4-abis';
import { NATIVE_CURRENCY, type PoolKey, sortCurrencies } from './uniswap-v4-pool-key';
import type { PoolRef } from './venue';

/** The fee tiers (pips) and tick spacings of Uniswap's interface for pools without a hook. */
const STANDARD_TIERS: [number, number][] = [
  [100, 1],
  [500, 10],
  [3000, 60],
  [10000, 200],
];

type RefOf = (key: PoolKey, createdTs: number | null) => PoolRef;

/**
 * Base: the no-hook standard-tier pools of the token against each quote (the WETH side as native
 * ETH, how V4 pairs ETH). This is how the WETH/USD price finds a V4 ETH/USDC pool.
 */
export function standardCandidates(
  token: Address,
  quotes: Address[],
  weth: Address,
  refOf: RefOf,
): PoolRef[] {
  const t = token.toLowerCase() as Address;
  return quotes.flatMap((q) => {
    const other = q.toLowerCase() === weth ? NATIVE_CURRENCY : (q.toLowerCase() as Address);
    const [currency0, currency1] = sortCurrencies(t, other);
    return STANDARD_TIERS.map(([fee, tickSpacing]) =>
      refOf({ currency0, currency1, fee, tickSpacing, hooks: NATIVE_CURRENCY }, null),
    );
  });
}

type InitializeArgs = {
  currency0?: Address;
  currency1?: Address;
  fee?: number;
  tickSpacing?: number;
  hooks?: Address;
};

/**
 * Local chain: the token's pools against `quotes` from its Initialize logs (the token is currency0
 * or currency1: two indexed-topic queries). A failed query throws ChainUnavailableError: an RPC
 * error is not "no pools".
 */
export async function poolsFromInitializeLogs(
  client: PublicClient,
  addr: UniswapV4Contracts,
  token: Address,
  quotes: Address[],
  weth: Address,
  refOf: RefOf,
): Promise<PoolRef[]> {
  const wanted = new Set(
    quotes
      .map((q) => q.toLowerCase())
      .concat(quotes.some((q) => q.toLowerCase() === weth) ? [NATIVE_CURRENCY] : []),
  );
  let logs: { args: InitializeArgs }[];
  try {
    const event = poolManagerEventsAbi[0];
    const fromBlock = addr.fromBlock ?? 0n;
    const [as0, as1] = await Promise.all([
      client.getLogs({ address: addr.poolManager, event, args: { currency0: token }, fromBlock }),
      client.getLogs({ address: addr.poolManager, event, args: { currency1: token }, fromBlock }),
    ]);
    logs = [...as0, ...as1];
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC failed the look-up of V4 pool creations.', cause);
  }
  const out: PoolRef[] = [];
  for (const { args } of logs) {
    const key = keyOfInitialize(args);
    if (!key) continue;
    const other = key.currency0 === token.toLowerCase() ? key.currency1 : key.currency0;
    if (wanted.has(other)) out.push(refOf(key, null));
  }
  return out;
}

/** An Initialize event's pool key; null when a field is missing. */
function keyOfInitialize(a: InitializeArgs): PoolKey | null {
  if (!a.currency0 || !a.currency1 || a.fee === undefined || a.tickSpacing === undefined || !a.hooks)
    return null;
  return {
    currency0: a.currency0.toLowerCase() as Address,
    currency1: a.currency1.toLowerCase() as Address,
    fee: a.fee,
    tickSpacing: a.tickSpacing,
    hooks: a.hooks.toLowerCase() as Address,
  };
}
