/**
 * Uniswap V4 on the Base replica (issue 22): PoolManager, PositionDescriptor, PositionManager,
 * StateView, V4Quoter and the Universal Router at their canonical Base addresses
 * (chain/base-mainnet-v4.ts), placed by the replica's "deploy, then transplant" (build.ts) from the
 * same npm artifacts the local chain deploys; each later constructor names the canonical addresses,
 * and the PoolManager's one self-referencing immutable (NoDelegateCall's `original`) is rewritten
 * by the transplant. Permit2 has the same address everywhere. Then two ETH-paired V4-only tokens: a
 * clean one in a pool without a hook (a standard fee tier) and one behind the NoOp hook (keeps what
 * a swap pays in), placed by CREATE2 at its flag address as on the local chain; each bought through
 * the Universal Router.
 */
import { type Address, parseEther, zeroAddress } from 'viem';
import { BASE_UNISWAP_V4, BASE_UNISWAP_V4_POSITION_DESCRIPTOR } from '../chain/base-mainnet-v4';
import type { LocalChainClients } from '../chain/client';
import {
  approveThroughPermit2,
  deployHook,
  deployUniswapV4,
  initializePool,
  mintPosition,
  swapExactIn,
  type UniswapV4Addresses,
} from '../localchain/uniswap-v4';
import { poolHandle } from '../venues/uniswap-v4';
import { type PoolKey, poolIdOf } from '../venues/uniswap-v4-pool-key';
import type { PlaceAt } from './transplant';

/** 10000 tokens per ETH (ETH is currency0): sqrt(10000) · 2^96. */
const SQRT_PRICE = 100n * 2n ** 96n;
const FULL_RANGE = [-887220, 887220] as const;
const BURN: Address = '0x000000000000000000000000000000000000dEaD';

/** Puts V4 at its Base addresses (needs WETH and the V2/V3 contracts at theirs first). */
export async function placeUniswapV4(
  chain: LocalChainClients,
  o: {
    placeAt: PlaceAt;
    infra: Address;
    weth: Address;
    v2Factory: Address;
    v3Factory: Address;
    v3PositionManager: Address;
  },
): Promise<UniswapV4Addresses> {
  const a = BASE_UNISWAP_V4;
  const targets = {
    poolManager: a.poolManager,
    positionDescriptor: BASE_UNISWAP_V4_POSITION_DESCRIPTOR,
    positionManager: a.positionManager,
    stateView: a.stateView,
    v4Quoter: a.v4Quoter,
    universalRouter: a.universalRouter,
  } as const;
  return deployUniswapV4(chain, {
    deployer: o.infra,
    weth: o.weth,
    v2Factory: o.v2Factory,
    v3Factory: o.v3Factory,
    v3PositionManager: o.v3PositionManager,
    deploy: async (artifact, args, role) => {
      const target = targets[role] as Address;
      await o.placeAt(artifact, args, target);
      return target;
    },
  });
}

/**
 * A V4-only token launched as on Base: its pool against native ETH (with `hook`, or none at the
 * 0.3% tier), full-range liquidity from the creator (position NFT burned), then the traders' buys
 * through the Universal Router. Returns the token and the pool's handle.
 */
export async function launchV4Token(
  chain: LocalChainClients,
  v4: UniswapV4Addresses,
  o: {
    owner: Address;
    token: Address;
    hook: 'noOp' | null;
    infra: Address;
    traders: Address[];
  },
): Promise<{ pool: Address; key: PoolKey }> {
  const hook = o.hook
    ? await deployHook(chain, o.hook, { deployer: o.infra, owner: o.owner, poolManager: v4.poolManager })
    : zeroAddress;
  const key: PoolKey = {
    currency0: zeroAddress,
    currency1: o.token,
    fee: 3000,
    tickSpacing: 60,
    hooks: hook.toLowerCase() as Address,
  };
  await initializePool(chain, v4, o.owner, key, SQRT_PRICE);
  await approveThroughPermit2(chain, o.owner, o.token, v4.positionManager);
  await mintPosition(chain, v4, o.owner, {
    key,
    tickLower: FULL_RANGE[0],
    tickUpper: FULL_RANGE[1],
    liquidity: parseEther('500'),
    amount0Max: parseEther('6'),
    amount1Max: parseEther('60000'),
    recipient: BURN,
  });
  for (const [i, t] of o.traders.entries()) {
    await chain.test.setBalance({ address: t, value: parseEther('100') });
    await swapExactIn(chain, v4, t, {
      key,
      zeroForOne: true,
      amountIn: parseEther(String(0.02 + (i % 3) * 0.02)),
    });
  }
  return { pool: poolHandle(poolIdOf(key)), key };
}
