/**
 * Real holders who bought through the token's pools, sampled by age: the oldest, the median and
 * the most recent buyers still holding (from the index's transfers out of the pools). They are sold
 * as in the holder-sell simulation: a token can let a fresh round trip pass and still lock wallets
 * some blocks after their first buy.
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type PoolBuyer = { address: Address; role: string; boughtBlock: bigint; balance: bigint };

/** Two oldest, the median and two most recent pool buyers with a balance, oldest first. */
export async function readPoolBuyers(
  db: Db,
  token: string,
  pools: string[],
  exclude: string[],
): Promise<PoolBuyer[]> {
  if (pools.length === 0) return [];
  const skip = exclude.length > 0 ? exclude : [''];
  const r = rowsOf(
    await db.execute(sql`
      with buyers as (
        select t.to_addr as holder, min(t.block_number) as first_buy
        from transfers t
        where t.token = ${token} and t.from_addr in ${pools} and t.to_addr not in ${skip}
        group by t.to_addr
      ), live as (
        select b.holder, b.first_buy, bal.balance
        from buyers b join balances bal on bal.token = ${token} and bal.holder = b.holder
        where bal.balance > 0
      ), ranked as (
        select holder, first_buy, balance,
          row_number() over (order by first_buy, holder) as rn, count(*) over () as n
        from live
      )
      select holder, first_buy::text as first_buy, balance::text as balance, rn, n from ranked
      where rn <= 2 or rn > n - 2 or rn = (n + 1) / 2
      order by rn`),
  );
  return r.map((x) => {
    const rn = Number(x.rn);
    const n = Number(x.n);
    const role =
      rn === 1
        ? 'oldest buyer'
        : rn === n
          ? 'latest buyer'
          : rn === Math.floor((n + 1) / 2)
            ? 'median buyer'
            : rn <= 2
              ? 'early buyer'
              : 'recent buyer';
    return {
      address: String(x.holder) as Address,
      role,
      boughtBlock: BigInt(String(x.first_buy)),
      balance: BigInt(String(x.balance)),
    };
  });
}
