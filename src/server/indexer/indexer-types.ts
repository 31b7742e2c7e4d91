/**
 * The indexer's public shapes: the streams it follows, its options and the object createIndexer
 * returns (indexer.ts re-exports them; the modules beside it share them without a circle).
 */
import type { ChainClients } from '../chain/client';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

export type StreamSpec = {
  id: string;
  /** null = every contract (the local chain is ours, so we index all of it). */
  addresses: string[] | null;
  fromBlock: bigint;
  /**
   * With `dex.poolFactories`: from this block on, pools created for the stream's addresses join it
   * (Base: the block after the token's pools were looked up at the factories). The follower: always.
   */
  poolsFrom?: bigint;
};

export type Indexer = {
  /**
   * Index every stream up to the current head once. Returns the head reached. `head`, when the
   * caller just read it, saves the pass its own eth_blockNumber (used only if a pass starts now).
   */
  syncOnce(opts?: { head?: bigint }): Promise<bigint>;
  /** Resolves when every stream has applied `block` (or the indexer stopped). */
  waitForBlock(block: bigint, timeoutMs?: number): Promise<boolean>;
  /** Block the slowest stream has fully applied. */
  indexedBlock(): bigint;
  /**
   * Follow one more stream from now on (per-token backfill on Base). Idempotent per id. With a
   * follower, the stream is merged into it once it has caught up (see `follower` below).
   */
  addStream(spec: StreamSpec): void;
  hasStream(id: string): boolean;
  /** Block a stream has fully applied (-1 before its first range). */
  streamBlock(id: string): bigint;
  /** Where a stream started, for progress figures; undefined for unknown ids. */
  streamStart(id: string): bigint | undefined;
  /**
   * Follower mode: stop following a token nobody asks for any more (FOLLOW_IDLE_MINUTES). Its
   * `addresses` (the token and its pools) leave the follower, and the stream `id` gets a checkpoint
   * at the block the follower had reached, so a later addStream with the same id catches up from
   * there. Applied at the start of the next pass, never under one. Resolves to that block, or
   * undefined when the token was not in the follower (still backfilling, or already dropped).
   */
  unfollow(id: string, addresses: string[]): Promise<bigint | undefined>;
  start(): void;
  stop(): Promise<void>;
};

export type CreateIndexerOptions = {
  db: Db;
  chain: ChainClients;
  log: Logger;
  streams: StreamSpec[];
  followIntervalMs?: number;
  /** First eth_getLogs range size (default INITIAL_RANGE_BLOCKS); tests use small ranges. */
  initialRangeBlocks?: bigint;
  /** Test hook: called after each range is committed. */
  onRangeApplied?: (range: { from: bigint; to: bigint; events: number }) => void | Promise<void>;
  /**
   * Base mode: the id of ONE stream that follows the head for every tracked address. A stream added
   * with addStream backfills its addresses up to the head and is then merged into the follower, so
   * each new block costs one eth_getLogs for all tokens, not one per token. Its address list is kept
   * in its checkpoint and restored at start.
   */
  follower?: string;
  /**
   * Base mode (address-filtered streams): the DEX contracts whose logs concern tracked tokens but are
   * not emitted by them. `poolFactories`: the follower also reads their pool-creation logs, and a
   * pool created later for a tracked token joins it (with that range's logs). `positionManagers`:
   * a concentrated-liquidity pool's Mint by one of these NFT managers (Uniswap V3's, every
   * Slipstream factory's) is paired with that manager's IncreaseLiquidity in the same transaction
   * (that position's id), so lock and burn checks find it without following every position on the
   * chain.
   */
  dex?: {
    poolFactories: string[];
    positionManagers?: string[];
    /**
     * Uniswap V4's PoolManager: it holds every pool, so its logs are asked by topic, never by
     * address — each range, the Initialize of pools whose currency0 or currency1 is a stream
     * address, and the Swap and ModifyLiquidity of the stream's V4 pools by PoolId. A stream keeps
     * its V4 pools' PoolIds (32 bytes) in its address list, so they survive in its checkpoint and
     * move into the follower with it (ADR 0026, amendment 4).
     */
    v4PoolManager?: string | undefined;
  };
  /**
   * Told, after a range is committed, which tokens got new Transfer or contract events (several
   * processes: the worker tells the API replicas their cached answers for them are stale).
   */
  onTokensChanged?: (tokens: string[]) => Promise<void>;
  /** Several workers: the leader's id, written with each checkpoint (who indexed, for the audit). */
  writer?: string;
};
