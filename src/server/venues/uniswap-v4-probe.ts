/**
 * The probes trade a V4 pool as a user does: Universal Router V4_SWAP, native ETH as msg.value,
 * ERC-20 input through Permit2 (ProbeVenue's V4 adapter; ADR 0026 amendment 5). Single hop from
 * ETH or WETH, or ETH → USD token → token when V4 has an ETH (or WETH) / USD pool to hop through.
 */
import { encodeAbiParameters } from 'viem';
import { probePath } from './probe-path';
import type { UniswapV4Contracts } from './uniswap-v4-abis';
import { POOL_KEY_ABI, type PoolKey } from './uniswap-v4-pool-key';
import { type PoolState, PROBE_VENUE, type ProbeRoute, type TradeTarget } from './venue';

/**
 * `target`'s route, or null when the pool's key is unknown or its quote cannot be reached from
 * ETH on V4. A pool quoted in a USD token is bought in one V4_SWAP along both pools' PathKeys
 * (SWAP_EXACT_IN), through the deepest ETH / USD pool the planner hands as `hop`; the tax is still
 * the token leg's: the probe compares what arrived with V4Quoter's quote along the same path.
 */
export function v4ProbeRoute(
  addr: UniswapV4Contracts,
  keyOf: (pool: PoolState) => PoolKey | undefined,
  target: TradeTarget,
): ProbeRoute | null {
  const key = keyOf(target.pool);
  if (!key) return null;
  const hop = target.hop;
  const hopKey = hop ? keyOf(hop) : undefined;
  const path = probePath(target.token, target.pool, target.weth, hopKey ? hop : null);
  if (!path) return null;
  if (path.length === 3 && !hopKey) return null;
  const keys = path.length === 3 ? [hopKey as PoolKey, key] : [key];
  return {
    venue: PROBE_VENUE.v4,
    router: addr.universalRouter,
    quoter: addr.v4Quoter,
    // The PoolManager holds the tokens: liveness is read there, a failed sell replayed into it.
    pool: addr.poolManager,
    path,
    fees: keys.map((k) => k.fee),
    minQuote: target.minQuote,
    v4Key:
      keys.length === 2
        ? encodeAbiParameters([{ type: 'tuple[]', components: POOL_KEY_ABI.components }], [keys])
        : encodeAbiParameters([POOL_KEY_ABI], [key]),
  };
}
