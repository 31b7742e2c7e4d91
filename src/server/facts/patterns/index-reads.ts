/**
 * The trading patterns' reads of our index (no RPC): the pool's launch block, its side of the pair,
 * the token's pools, buyers' balances and sells, and what was sent to the buyers before they traded.
 * The swaps themselves are holders/index-reads' readSwaps and readSwapsInBlocks.
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { PatternFunding } from '../types';

const big = (v: unknown) => BigInt(String(v ?? '0').split('.')[0] || '0');
const ZERO = '0x0000000000000000000000000000000000000000';

/** The pool's pair row: whether the token is token0; null when the index holds no such pool. */
export async function readPoolSide(
  db: Db,
  pool: string,
  token: string,
): Promise<{ tokenIs0: boolean } | null> {
  const r = rowsOf(await db.execute(sql`select token0, token1 from pairs where pair = ${pool}`));
  const x = r[0];
  if (!x) return null;
  return { tokenIs0: String(x.token0) === token };
}

/** Every pool of the token the index knows (sells into any of them count). */
export async function readTokenPools(db: Db, token: string): Promise<string[]> {
  const r = rowsOf(
    await db.execute(sql`select pair from pairs where token0 = ${token} or token1 = ${token}`),
  );
  return r.map((x) => String(x.pair));
}

/** The block liquidity was first added in, else the pool's first swap; null: neither indexed. */
export async function readLaunchBlock(db: Db, pool: string): Promise<bigint | null> {
  const r = rowsOf(
    await db.execute(sql`
      select coalesce(
        (select min(block_number) from liquidity_events where pair = ${pool} and kind = 'add'),
        (select min(block_number) from swaps where pair = ${pool}))::text as b`),
  );
  const b = r[0]?.b;
  return b === null || b === undefined ? null : big(b);
}

/** Each wallet's token balance now (absent: none) and its sells (transfers of the token into a pool). */
export async function readHoldingsAndSells(
  db: Db,
  token: string,
  wallets: string[],
  pools: string[],
): Promise<{ balances: Record<string, bigint>; sells: Record<string, number> }> {
  const balances: Record<string, bigint> = {};
  const sells: Record<string, number> = {};
  if (wallets.length === 0) return { balances, sells };
  const b = rowsOf(
    await db.execute(
      sql`select holder, balance::text as balance from balances where token = ${token} and holder in ${wallets}`,
    ),
  );
  for (const x of b) balances[String(x.holder)] = big(x.balance);
  if (pools.length > 0) {
    const s = rowsOf(
      await db.execute(sql`
        select from_addr, count(distinct tx_hash)::int as n from transfers
        where token = ${token} and from_addr in ${wallets} and to_addr in ${pools} group by from_addr`),
    );
    for (const x of s) sells[String(x.from_addr)] = Number(x.n);
  }
  return { balances, sells };
}

/**
 * Tokens (any indexed ERC-20: WETH, a USD coin; the analysed token only from its deployer, since it
 * pays for no buy) sent to `wallets` at or before `toBlock` by an address that is not infrastructure
 * (a pool, a router) or the zero address, from `fromBlock` on (the deployer's at any time), newest
 * first; the caller keeps those before each wallet's first trade and outside its swaps.
 */
export async function readTokenFundings(
  db: Db,
  wallets: string[],
  excluded: string[],
  x: { fromBlock?: bigint; toBlock: bigint; token: string; deployer: string | null },
  limit = 3000,
): Promise<PatternFunding[]> {
  if (wallets.length === 0) return [];
  const r = rowsOf(
    await db.execute(sql`
      select from_addr, to_addr, token, value::text as value, block_number, tx_hash from transfers
      where to_addr in ${wallets} and block_number <= ${x.toBlock}
        and from_addr not in ${[ZERO, ...excluded]} and from_addr <> to_addr
        and (token <> ${x.token} or from_addr = ${x.deployer ?? ZERO})
        and (block_number >= ${x.fromBlock ?? 0n} or from_addr = ${x.deployer ?? ZERO})
      order by block_number desc, log_index desc limit ${limit}`),
  );
  return r.map((x) => ({
    from: String(x.from_addr) as Address,
    to: String(x.to_addr) as Address,
    asset: String(x.token) as Address,
    amount: big(x.value),
    blockNumber: big(x.block_number),
    txHash: String(x.tx_hash) as `0x${string}`,
  }));
}
