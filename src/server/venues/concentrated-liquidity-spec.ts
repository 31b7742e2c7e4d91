/**
 * How a concentrated-liquidity venue of Uniswap V3's design describes itself to the shared reader
 * (concentrated-liquidity.ts): its deployments, what keys its pools, its ABIs and its trade route.
 */
import type { Abi, Address } from 'viem';
import type { PoolState, ReadPoolsContext, TradeTarget, Venue, VenueId } from './venue';

/** One deployment of the venue: the factory and the periphery bound to it. */
export type ClDeployment = { factory: Address; positionManager: Address; quoterV2: Address };

/** A pool's key and the deployment it belongs to: all a quote needs besides the tokens. */
export type ClPoolKey = { key: number; deployment: ClDeployment };

export type ClVenueSpec = {
  id: Extract<VenueId, 'uniswap-v3' | 'aerodrome-slipstream'>;
  label: string;
  /** Error text: "V3 pools", "Slipstream pools". */
  noun: string;
  /**
   * What getPool, the quoter's params and a position carry as the pool's key: the fee tier (V3,
   * known from the pool's ref) or the tick spacing (Slipstream: the pool's fee is dynamic and read
   * from the pool, its tick spacing and factory read once and kept).
   */
  keyedBy: 'fee' | 'tickSpacing';
  keys: readonly number[];
  deployments: ClDeployment[];
  positionLockers: Address[];
  abis: { factory: Abi; pool: Abi; quoter: Abi; positionManager: Abi };
  /** Position NFTs the index links to a pool, with the manager that minted each. */
  positionsOf(ctx: ReadPoolsContext, pool: Address): { manager: Address; id: bigint }[];
  /** The venue's trade route, given how to find a pool's key and deployment. */
  probeRoute(
    target: TradeTarget,
    keyOf: (pool: PoolState) => ClPoolKey | null,
  ): ReturnType<Venue['probeRoute']>;
};
