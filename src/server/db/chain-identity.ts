/**
 * The index belongs to one chain. When the chain under DATA_DIR is rebuilt (deleted state, a new
 * scenario) or the app is pointed at another chain, the genesis hash changes and every indexed
 * table is emptied, so no figure is ever computed from another chain's events. User data stays.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { getMeta, setMeta } from './meta';

const KEY = 'chain_identity';
const CHAIN_TABLES = [
  'index_checkpoints',
  'index_block_hashes',
  'transfers',
  'balances',
  'wallet_first_seen',
  'pairs',
  'swaps',
  'syncs',
  'liquidity_events',
  'contract_events',
  'position_events',
  'contract_creations',
  'verified_contracts',
] as const;

export async function ensureChainIdentity(
  db: Db,
  identity: { chainId: number; genesisHash: string },
): Promise<boolean> {
  const known = await getMeta<{ chainId: number; genesisHash: string }>(db, KEY);
  if (known && known.chainId === identity.chainId && known.genesisHash === identity.genesisHash) return false;
  await db.transaction(async (tx) => {
    if (known) await tx.execute(sql.raw(`truncate ${CHAIN_TABLES.join(', ')}`));
    await setMeta(tx as unknown as Db, KEY, identity);
  });
  return known !== undefined;
}
