/**
 * Pure mapping from decoded events to the rows store.ts writes (no I/O): one function per table, so
 * applyRange reads as the list of tables a range touches.
 */
import type * as schema from '../db/schema';
import type { DecodedEvent } from './events';

export type EventOf<T extends DecodedEvent['type']> = Extract<DecodedEvent, { type: T }>;

/** The events of one type, typed as that type. */
export const eventsOf = <T extends DecodedEvent['type']>(events: DecodedEvent[], type: T): EventOf<T>[] =>
  events.filter((e): e is EventOf<T> => e.type === type);

/** The columns every log row carries. */
export const logCols = (e: DecodedEvent) => ({
  blockNumber: e.blockNumber,
  logIndex: e.logIndex,
  txHash: e.txHash,
  ts: e.ts,
});

export const transferRow = (e: EventOf<'transfer'>): typeof schema.transfers.$inferInsert => ({
  blockNumber: e.blockNumber,
  logIndex: e.logIndex,
  txHash: e.txHash,
  ts: e.ts,
  token: e.token,
  from: e.from,
  to: e.to,
  value: e.value.toString(),
});

export const pairRow = (e: EventOf<'pairCreated'>): typeof schema.pairs.$inferInsert => ({
  pair: e.pair,
  factory: e.factory,
  token0: e.token0,
  token1: e.token1,
  fee: e.fee ?? null,
  sqrtPriceX96: e.sqrtPriceX96?.toString() ?? null,
  tickSpacing: e.tickSpacing ?? null,
  hooks: e.hooks ?? null,
  createdBlock: e.blockNumber,
  createdTs: e.ts,
});

export const syncRow = (e: EventOf<'sync'>): typeof schema.syncs.$inferInsert => ({
  ...logCols(e),
  pair: e.pair,
  reserve0: e.reserve0.toString(),
  reserve1: e.reserve1.toString(),
});

export const swapRow = (e: EventOf<'swap'>): typeof schema.swaps.$inferInsert => ({
  ...logCols(e),
  pair: e.pair,
  sender: e.sender,
  recipient: e.recipient,
  amount0In: e.amount0In.toString(),
  amount1In: e.amount1In.toString(),
  amount0Out: e.amount0Out.toString(),
  amount1Out: e.amount1Out.toString(),
  sqrtPriceX96: e.sqrtPriceX96?.toString() ?? null,
});

type PoolLiquidityEvent = EventOf<'mint'> | EventOf<'burn'> | EventOf<'collect'>;

/** V2/V3-style Mint, Burn and Collect (V4's ModifyLiquidity is valued separately, store.ts). */
export const poolLiquidityEvents = (events: DecodedEvent[]): PoolLiquidityEvent[] =>
  events.filter(
    (e): e is PoolLiquidityEvent => e.type === 'mint' || e.type === 'burn' || e.type === 'collect',
  );

export const liquidityRow = (e: PoolLiquidityEvent): typeof schema.liquidityEvents.$inferInsert => ({
  ...logCols(e),
  pair: e.pair,
  kind: e.type === 'mint' ? ('add' as const) : e.type === 'burn' ? ('remove' as const) : ('collect' as const),
  sender: e.sender,
  recipient: e.type === 'mint' ? null : e.recipient,
  amount0: e.amount0.toString(),
  amount1: e.amount1.toString(),
});

export const positionRow = (e: EventOf<'position'>): typeof schema.positionEvents.$inferInsert => ({
  ...logCols(e),
  manager: e.manager,
  tokenId: e.tokenId.toString(),
  kind: e.kind,
  from: e.from,
  to: e.to,
  liquidity: e.liquidity?.toString() ?? null,
  amount0: e.amount0?.toString() ?? null,
  amount1: e.amount1?.toString() ?? null,
});

export const contractRow = (e: EventOf<'contract'>): typeof schema.contractEvents.$inferInsert => ({
  ...logCols(e),
  address: e.address,
  kind: e.kind,
  data: e.data,
});
