/**
 * The one Drizzle schema. Money and token amounts are `numeric` (never floats); addresses are
 * lowercase hex text. Migrations are generated from this file by `npm run db:generate`.
 *
 * Index tables hold raw chain events keyed by (block_number, log_index) — the idempotency key that
 * makes a replayed range a no-op — plus tables derived from them inside the same transaction.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Small facts about this installation, e.g. which chain the index was built from. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per indexer stream: the last block fully applied and its hash (reorg detection). */
export const indexCheckpoints = pgTable('index_checkpoints', {
  stream: text('stream').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  /** Addresses the stream follows; null = every contract (local chain). */
  addresses: jsonb('addresses').$type<string[] | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The worker that wrote it last (ROLE=worker's WORKER_ID); null in ROLE=all. */
  writtenBy: text('written_by'),
});

/**
 * The hash of every block a stream's ranges ended at (a checkpoint history). After a crash the
 * chain may hold a different or shorter history than the index; the newest of these blocks whose
 * hash the chain still has is the last block both agree on, so the rollback goes exactly there.
 */
export const indexBlockHashes = pgTable(
  'index_block_hashes',
  {
    stream: text('stream').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stream, t.blockNumber] })],
);

const logKey = {
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  logIndex: integer('log_index').notNull(),
  txHash: text('tx_hash').notNull(),
  /** Block timestamp, unix seconds. */
  ts: bigint('ts', { mode: 'number' }).notNull(),
};

export const transfers = pgTable(
  'transfers',
  {
    ...logKey,
    token: text('token').notNull(),
    from: text('from_addr').notNull(),
    to: text('to_addr').notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('transfers_token_idx').on(t.token, t.blockNumber),
    // A token's transfers out of its pools (pool buyers, sampled by age for the holder sells): the
    // from-address index alone read every transfer out of a pool, WETH's too (~50 ms vs ~15 ms).
    index('transfers_token_from_idx').on(t.token, t.from, t.blockNumber),
    index('transfers_from_idx').on(t.from),
    index('transfers_to_idx').on(t.to),
    index('transfers_tx_idx').on(t.txHash),
  ],
);

/** Derived from transfers: current balance per (token, holder). */
export const balances = pgTable(
  'balances',
  {
    token: text('token').notNull(),
    holder: text('holder').notNull(),
    balance: numeric('balance', { precision: 78, scale: 0 }).notNull(),
    lastActiveTs: bigint('last_active_ts', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.holder] }), index('balances_holder_idx').on(t.holder)],
);

/** Derived: the first time an address appears in any indexed event (wallet age). */
export const walletFirstSeen = pgTable('wallet_first_seen', {
  address: text('address').primaryKey(),
  firstBlock: bigint('first_block', { mode: 'bigint' }).notNull(),
  firstTs: bigint('first_ts', { mode: 'number' }).notNull(),
});

export const pairs = pgTable(
  'pairs',
  {
    pair: text('pair').primaryKey(),
    factory: text('factory').notNull(),
    token0: text('token0').notNull(),
    token1: text('token1').notNull(),
    /** Fee tier (hundredths of a bip) of a V3 pool; null for V2 pairs (their fee is fixed). */
    fee: integer('fee'),
    /** A V4 pool's price at Initialize: what its liquidity changes before any swap are valued at. */
    sqrtPriceX96: numeric('sqrt_price_x96', { precision: 78, scale: 0 }),
    /** A V4 pool's tick spacing and hook (its PoolKey with the row's currencies and fee). */
    tickSpacing: integer('tick_spacing'),
    hooks: text('hooks'),
    createdBlock: bigint('created_block', { mode: 'bigint' }).notNull(),
    createdTs: bigint('created_ts', { mode: 'number' }).notNull(),
  },
  (t) => [index('pairs_token0_idx').on(t.token0), index('pairs_token1_idx').on(t.token1)],
);

export const swaps = pgTable(
  'swaps',
  {
    ...logKey,
    pair: text('pair').notNull(),
    sender: text('sender').notNull(),
    recipient: text('recipient').notNull(),
    amount0In: numeric('amount0_in', { precision: 78, scale: 0 }).notNull(),
    amount1In: numeric('amount1_in', { precision: 78, scale: 0 }).notNull(),
    amount0Out: numeric('amount0_out', { precision: 78, scale: 0 }).notNull(),
    amount1Out: numeric('amount1_out', { precision: 78, scale: 0 }).notNull(),
    /** A V4 pool's price after the swap (null for other venues): values its later liquidity changes. */
    sqrtPriceX96: numeric('sqrt_price_x96', { precision: 78, scale: 0 }),
  },
  (t) => [primaryKey({ columns: [t.blockNumber, t.logIndex] }), index('swaps_pair_idx').on(t.pair, t.ts)],
);

export const syncs = pgTable(
  'syncs',
  {
    ...logKey,
    pair: text('pair').notNull(),
    reserve0: numeric('reserve0', { precision: 78, scale: 0 }).notNull(),
    reserve1: numeric('reserve1', { precision: 78, scale: 0 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('syncs_pair_idx').on(t.pair, t.blockNumber),
  ],
);

/**
 * Liquidity added (kind 'add': V2 Mint, V3 Mint, V4 ModifyLiquidity with a positive delta) and
 * removed (kind 'remove': V2 Burn, V3 Burn, V4 negative delta) per pool; V3 pools also log
 * 'collect' (tokens actually paid out of the pool, fees included), V4 pools 'collect' for a fee
 * collection (ModifyLiquidity with zero delta; amounts null: not logged). A V4 row's amounts are computed
 * from its liquidity delta and range at the pool's price then (the event logs none, ADR 0026);
 * `positionId` is its position NFT id when a PositionManager made the change.
 */
export const liquidityEvents = pgTable(
  'liquidity_events',
  {
    ...logKey,
    pair: text('pair').notNull(),
    kind: text('kind').$type<'add' | 'remove' | 'collect'>().notNull(),
    sender: text('sender').notNull(),
    recipient: text('recipient'),
    /**
     * Null only for a V4 fee collection (a ModifyLiquidity with zero delta, kind 'collect'): the
     * PoolManager logs no amounts and the fees cannot be told from the range and delta (migration 0011).
     */
    amount0: numeric('amount0', { precision: 78, scale: 0 }),
    amount1: numeric('amount1', { precision: 78, scale: 0 }),
    /** V4 only: the liquidity added or removed (unsigned; `kind` says which) and the position's salt. */
    liquidity: numeric('liquidity', { precision: 78, scale: 0 }),
    positionId: numeric('position_id', { precision: 78, scale: 0 }),
    /**
     * V4 only: the position's range. A position held directly in the PoolManager (a hook's or a
     * launchpad's own) has no NFT to read it from, so its amounts and whether it is active follow from
     * these (migration 0014; rows indexed before it have none and read as a range unknown).
     */
    tickLower: integer('tick_lower'),
    tickUpper: integer('tick_upper'),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('liquidity_events_pair_idx').on(t.pair, t.ts),
  ],
);

/**
 * Uniswap V3 position NFTs (NonfungiblePositionManager): ERC-721 Transfer (kind 'transfer', from/to),
 * IncreaseLiquidity ('increase'), DecreaseLiquidity ('decrease') and Collect ('collect', to = the
 * recipient). Which pool a position is in comes from the pool's Mint in the same transaction.
 */
export const positionEvents = pgTable(
  'position_events',
  {
    ...logKey,
    manager: text('manager').notNull(),
    tokenId: numeric('token_id', { precision: 78, scale: 0 }).notNull(),
    kind: text('kind').$type<'transfer' | 'increase' | 'decrease' | 'collect'>().notNull(),
    from: text('from_addr'),
    to: text('to_addr'),
    liquidity: numeric('liquidity', { precision: 78, scale: 0 }),
    amount0: numeric('amount0', { precision: 78, scale: 0 }),
    amount1: numeric('amount1', { precision: 78, scale: 0 }),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('position_events_token_idx').on(t.manager, t.tokenId),
    index('position_events_tx_idx').on(t.txHash),
  ],
);

/** OwnershipTransferred, Upgraded, Paused, Unpaused. */
export const contractEvents = pgTable(
  'contract_events',
  {
    ...logKey,
    address: text('address').notNull(),
    kind: text('kind').$type<'ownership_transferred' | 'upgraded' | 'paused' | 'unpaused'>().notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('contract_events_addr_idx').on(t.address, t.ts),
  ],
);

/** Who created a token contract (first mint's transaction sender) and when. */
export const contractCreations = pgTable('contract_creations', {
  address: text('address').primaryKey(),
  deployer: text('deployer'),
  createdBlock: bigint('created_block', { mode: 'bigint' }),
  createdTs: bigint('created_ts', { mode: 'number' }),
  txHash: text('tx_hash'),
});

/** Source verified through POST /api/contracts/verify (the local registry). */
export const verifiedContracts = pgTable('verified_contracts', {
  address: text('address').primaryKey(),
  contractName: text('contract_name').notNull(),
  compilerVersion: text('compiler_version').notNull(),
  match: text('match').$type<'exact' | 'partial'>().notNull(),
  abi: jsonb('abi').notNull(),
  sources: jsonb('sources').notNull(),
  settings: jsonb('settings').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './schema-market';
export * from './schema-scale';
export * from './schema-user';
export * from './schema-watch';
