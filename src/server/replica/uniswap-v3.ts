/**
 * Uniswap V3 on the replica: a token/WETH pool opened through the position manager, swaps through
 * SwapRouter02 (the path a Base user's wallet takes), the V3-only token launches, and a pool added
 * after the build.
 */
import { type Abi, type Address, erc20Abi, maxUint256, parseEther } from 'viem';
import type { LocalChainClients } from '../chain/client';
import {
  NonfungiblePositionManager,
  SwapRouter02,
  UniswapV3Factory,
  WETH9,
} from '../localchain/artifacts/generated';
import {
  rangeAround,
  sortTokens as sortV3,
  sqrtPriceX96FromRaw,
  tickFromRaw,
  v3PoolAddress,
} from '../venues/uniswap-v3-math';
import { REPLICA_CONTRACTS } from './addresses';
import { deployAs, gap, type LaunchContext, type Launched, POOL_SHARE, tradersBuy } from './launch';
import { REPLICA_V3_FEES, type ReplicaManifest, type ReplicaTokenKind } from './manifest';
import { createSender, type Send } from './transplant';

const V3 = REPLICA_CONTRACTS.uniswapV3;
const npm = NonfungiblePositionManager.abi as Abi;
/** Where a burned V3 position NFT goes (as launchpads do on Base). */
const V3_BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD' as Address;

/**
 * A new token/WETH V3 pool at `wethPerToken` (raw units) through the position manager, and a
 * position of `ethAmount` and `tokenAmount` over ×/÷50 around the price, minted to `owner`.
 * Throws unless the canonical factory put the pool where Base's PoolAddress computes it (the
 * init-code hash check).
 */
async function openV3Pool(
  chain: LocalChainClients,
  send: Send,
  o: { owner: Address; token: Address; fee: number; ethAmount: bigint; tokenAmount: bigint },
): Promise<Address> {
  const weth = REPLICA_CONTRACTS.weth;
  const pool = v3PoolAddress(V3.factory, o.token, weth, o.fee);
  const [t0, t1] = sortV3(o.token, weth);
  const tokenIs0 = t0 === o.token.toLowerCase();
  const wethPerToken = Number(o.ethAmount) / Number(o.tokenAmount);
  const raw = tokenIs0 ? wethPerToken : 1 / wethPerToken;
  const [tickLower, tickUpper] = rangeAround(tickFromRaw(raw), o.fee, 50);
  await send(o.owner, weth, WETH9.abi as Abi, 'deposit', [], o.ethAmount);
  await send(o.owner, weth, erc20Abi as Abi, 'approve', [V3.positionManager, maxUint256]);
  await send(o.owner, o.token, erc20Abi as Abi, 'approve', [V3.positionManager, maxUint256]);
  await send(o.owner, V3.positionManager, npm, 'createAndInitializePoolIfNecessary', [
    t0,
    t1,
    o.fee,
    sqrtPriceX96FromRaw(raw),
  ]);
  const created = (await chain.public.readContract({
    address: V3.factory,
    abi: UniswapV3Factory.abi,
    functionName: 'getPool',
    args: [t0, t1, o.fee],
  })) as Address;
  if (created.toLowerCase() !== pool)
    throw new Error(`replica: V3 pool at ${created}, but Base's PoolAddress computes ${pool}`);
  await send(o.owner, V3.positionManager, npm, 'mint', [
    {
      token0: t0,
      token1: t1,
      fee: o.fee,
      tickLower,
      tickUpper,
      amount0Desired: tokenIs0 ? o.tokenAmount : o.ethAmount,
      amount1Desired: tokenIs0 ? o.ethAmount : o.tokenAmount,
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: o.owner,
      deadline: 2n ** 40n,
    },
  ]);
  return pool;
}

/** Buys `eth` worth of `token` through SwapRouter02 from `who` (ETH wrapped by the router). */
function v3Swap(
  send: Send,
  o: { who: Address; tokenIn: Address; tokenOut: Address; fee: number; amountIn: bigint; value: bigint },
) {
  return send(
    o.who,
    V3.swapRouter02,
    SwapRouter02.abi as Abi,
    'exactInputSingle',
    [
      {
        tokenIn: o.tokenIn,
        tokenOut: o.tokenOut,
        fee: o.fee,
        recipient: o.who,
        amountIn: o.amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
    o.value,
  );
}

/**
 * After the replica is built (and the app may have analysed the token): the `kind` token's deployer
 * opens a new V3 pool (fee tier `fee`) next to its existing ones, and a trader buys through it.
 * Returns the pool. Used to check that the app follows pools created after a token's first report.
 */
export async function addV3PoolLater(
  chain: LocalChainClients,
  m: ReplicaManifest,
  kind: ReplicaTokenKind,
  fee: number,
): Promise<Address> {
  const send = createSender(chain, { spaced: false });
  const owner = m.deployers[kind];
  const token = m.tokens[kind];
  const bal = await chain.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
  const pool = await openV3Pool(chain, send, {
    owner,
    token,
    fee,
    ethAmount: parseEther('1'),
    tokenAmount: bal / 4n,
  });
  const trader = m.traders[0] as Address;
  const eth = parseEther('0.05');
  await v3Swap(send, {
    who: trader,
    tokenIn: REPLICA_CONTRACTS.weth,
    tokenOut: token,
    fee,
    amountIn: eth,
    value: eth,
  });
  return pool;
}

/** The deployer sends its position NFT to 0x…dEaD (liquidity burned for good). */
async function burnFirstPosition(ctx: LaunchContext, owner: Address): Promise<void> {
  const id = (await ctx.chain.public.readContract({
    address: V3.positionManager,
    abi: npm,
    functionName: 'tokenOfOwnerByIndex',
    args: [owner, 0n],
  })) as bigint;
  await ctx.send(owner, V3.positionManager, npm, 'transferFrom', [owner, V3_BURN_ADDRESS, id]);
}

/**
 * A V3-only token: a pool created through the position manager, a wide position, then buys (and
 * some sells) through SwapRouter02 — the path a Base user's wallet takes.
 */
export async function launchV3Token(
  ctx: LaunchContext,
  kind: keyof typeof REPLICA_V3_FEES,
  deploy: (owner: Address) => Promise<Address>,
  o: {
    poolEth: bigint;
    beforePool?: (token: Address, owner: Address, pool: Address) => Promise<void>;
    sells: boolean;
    /** Send the position NFT to 0x…dEaD afterwards (liquidity burned for good). */
    burnPosition: boolean;
  },
): Promise<Launched> {
  const { chain, send } = ctx;
  const weth = REPLICA_CONTRACTS.weth;
  const fee = REPLICA_V3_FEES[kind];
  const { owner, token } = await deployAs(ctx, kind, deploy);
  await o.beforePool?.(token, owner, v3PoolAddress(V3.factory, token, weth, fee));
  const pool = await openV3Pool(chain, send, {
    owner,
    token,
    fee,
    ethAmount: o.poolEth,
    tokenAmount: POOL_SHARE,
  });
  if (o.burnPosition) await burnFirstPosition(ctx, owner);
  const swap = (who: Address, tokenIn: Address, tokenOut: Address, amountIn: bigint, value: bigint) =>
    v3Swap(send, { who, tokenIn, tokenOut, fee, amountIn, value });
  await tradersBuy(ctx, (t, eth) => swap(t, weth, token, eth, eth));
  if (o.sells) {
    for (const t of ctx.traders.slice(0, 4)) {
      const bal = await chain.public.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [t],
      });
      await send(t, token, erc20Abi as Abi, 'approve', [V3.swapRouter02, maxUint256]);
      await swap(t, token, weth, bal / 2n, 0n);
    }
  }
  await gap(ctx, 100);
  return { token, pair: pool, owner };
}
