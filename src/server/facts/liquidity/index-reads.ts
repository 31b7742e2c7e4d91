/**
 * The ledger's reads of our index (no RPC; a V2 pair's LP holders are holders/index-reads.ts'
 * readLpHolders): V4 positions held directly in
 * the PoolManager (a hook's or a router's own, not a PositionManager NFT), who put a position into
 * a holder contract (its depositors), and which wallets the creator funded.
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

const big = (v: unknown) => BigInt(String(v ?? '0').split('.')[0] || '0');

/** A position held directly in the V4 PoolManager; its range is null when the index did not keep it. */
export type DirectV4Position = {
  holder: Address;
  liquidity: bigint;
  tickLower: number | null;
  tickUpper: number | null;
};

/**
 * V4 liquidity added minus removed per sender and salt, for changes made without the PositionManager
 * (whose positions are its NFTs, read by the venue): the sender is the position's owner in the
 * PoolManager (a hook that owns its launch position). The index keeps the salt in position_id.
 */
export async function readDirectV4Positions(
  db: Db,
  poolId: string,
  positionManager: string | null,
): Promise<DirectV4Position[]> {
  const pm = (positionManager ?? '').toLowerCase();
  // One position per owner, salt and range, as the PoolManager keys them; rows indexed before the
  // range was kept (migration 0014) group on their own with no range.
  const r = rowsOf(
    await db.execute(sql`
      select sender, position_id, tick_lower, tick_upper,
        sum(case when kind = 'add' then liquidity else -liquidity end)::text as net
      from liquidity_events
      where pair = ${poolId} and sender <> ${pm} and liquidity is not null and kind in ('add', 'remove')
      group by sender, position_id, tick_lower, tick_upper`),
  );
  const tick = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return r
    .map((x) => ({
      holder: String(x.sender).toLowerCase() as Address,
      liquidity: big(x.net),
      tickLower: tick(x.tick_lower),
      tickUpper: tick(x.tick_upper),
    }))
    .filter((x) => x.liquidity > 0n);
}

/**
 * Who sent each holder contract its positions: LP-token transfers (token = the pair) and position
 * NFT transfers (position_events). A fresh mint straight to the holder has no sender (0x0) and is
 * left out: the transaction's sender is not indexed per transfer.
 */
export async function readDepositors(
  db: Db,
  pair: string,
  holders: string[],
  nftIds: { manager: string; id: string }[],
): Promise<Map<string, Address[]>> {
  const out = new Map<string, Address[]>();
  if (holders.length === 0) return out;
  const zero = '0x0000000000000000000000000000000000000000';
  const add = (to: string, from: string) => {
    if (from === zero) return;
    const l = out.get(to) ?? [];
    if (!l.includes(from as Address)) l.push(from as Address);
    out.set(to, l);
  };
  const lp = rowsOf(
    await db.execute(sql`
      select distinct to_addr, from_addr from transfers
      where token = ${pair} and to_addr in ${holders} limit 200`),
  );
  for (const x of lp) add(String(x.to_addr), String(x.from_addr));
  for (const { manager, id } of nftIds.slice(0, 50)) {
    const nft = rowsOf(
      await db.execute(sql`
        select to_addr, from_addr from position_events
        where manager = ${manager} and token_id = ${id} and kind = 'transfer' and to_addr in ${holders}`),
    );
    for (const x of nft) add(String(x.to_addr), String(x.from_addr));
  }
  return out;
}

/**
 * Wallets among `wallets` that `creators` funded: sent any indexed token other than the analysed
 * one (the quote token, WETH, a USD coin, the LP token). The token itself is how every holder is
 * made — an allocation or an airdrop gives no control over the wallet's own liquidity — so it is not
 * a funding link; the value a provider puts beside it is. Native ETH transfers are not in the index
 * (they need traces), so a wallet funded only in ETH is not linked here: the ledger says so.
 */
export async function readFundedBy(
  db: Db,
  token: string,
  creators: string[],
  wallets: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (creators.length === 0 || wallets.length === 0) return out;
  const r = rowsOf(
    await db.execute(sql`
      select distinct on (to_addr) to_addr, from_addr from transfers
      where from_addr in ${creators} and to_addr in ${wallets} and token <> ${token}
      order by to_addr, block_number`),
  );
  for (const x of r) out.set(String(x.to_addr), String(x.from_addr));
  return out;
}

/**
 * Where each position NFT's fees were last collected to: the position manager's Collect names its
 * recipient (a V3 or Slipstream NFT; a V4 PositionManager's collection logs no recipient). Keyed
 * `manager:id`; a position whose fees were never collected is absent (not known, not "nobody").
 */
export async function readFeeCollectors(
  db: Db,
  nftIds: { manager: string; id: string }[],
): Promise<Map<string, Address>> {
  const out = new Map<string, Address>();
  if (nftIds.length === 0) return out;
  const r = rowsOf(
    await db.execute(sql`
      select distinct on (manager, token_id) manager, token_id::text as id, to_addr from position_events
      where kind = 'collect' and manager in ${[...new Set(nftIds.map((n) => n.manager))]}
        and token_id in ${[...new Set(nftIds.map((n) => n.id))]} and to_addr is not null
      order by manager, token_id, block_number desc, log_index desc`),
  );
  for (const x of r)
    out.set(`${String(x.manager).toLowerCase()}:${String(x.id)}`, String(x.to_addr).toLowerCase() as Address);
  return out;
}
