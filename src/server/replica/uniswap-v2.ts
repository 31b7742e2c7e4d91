/**
 * Uniswap V2 on the replica: the WETH/USDC pool the USD price path reads, the V2 token launches
 * (pool, buys, some sells) and the rug's pulled liquidity.
 */
import { type Abi, type Address, erc20Abi, maxUint256, parseEther } from 'viem';
import { Stablecoin, UniswapV2Pair, UniswapV2Router02 } from '../localchain/artifacts/generated';
import { REPLICA_CONTRACTS, replicaPairFor, replicaWallet } from './addresses';
import { DEADLINE, deployAs, gap, type LaunchContext, type Launched, POOL_SHARE, tradersBuy } from './launch';
import type { ReplicaTokenKind } from './manifest';

/** ETH/USD at which the WETH/USDC pool is seeded. */
const ETH_USD = 3000n;
const router = UniswapV2Router02.abi as Abi;
const c = REPLICA_CONTRACTS;

/** WETH/USDC at ETH_USD, as the USD price path expects. Returns the pair. */
export async function seedWethUsdc(ctx: LaunchContext): Promise<Address> {
  const { send, infra } = ctx;
  const usdLp = replicaWallet('usdc-lp');
  const usdcAmount = 300n * ETH_USD * 10n ** 6n;
  await send(infra, c.usdc, Stablecoin.abi as Abi, 'mint', [usdLp, usdcAmount]);
  await send(usdLp, c.usdc, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await send(
    usdLp,
    c.uniswapV2Router,
    router,
    'addLiquidityETH',
    [c.usdc, usdcAmount, 0n, 0n, usdLp, DEADLINE],
    parseEther('300'),
  );
  return replicaPairFor(c.weth, c.usdc);
}

const buy = (ctx: LaunchContext, who: Address, token: Address, eth: bigint) =>
  ctx.send(
    who,
    c.uniswapV2Router,
    router,
    'swapExactETHForTokensSupportingFeeOnTransferTokens',
    [0n, [c.weth, token], who, DEADLINE],
    eth,
  );

/** `who` sells `share` % of its `token` through the V2 router. */
async function sellPart(ctx: LaunchContext, who: Address, token: Address, share: bigint): Promise<void> {
  const bal = await ctx.chain.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  });
  await ctx.send(who, token, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await ctx.send(who, c.uniswapV2Router, router, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
    (bal * share) / 100n,
    0n,
    [token, c.weth],
    who,
    DEADLINE,
  ]);
}

/** Deploy, optional pre-pool setup, pool with `poolEth`, then buys (and some sells). */
export async function launchV2Token(
  ctx: LaunchContext,
  kind: ReplicaTokenKind,
  deploy: (owner: Address) => Promise<Address>,
  o: {
    poolEth: bigint;
    beforePool?: (token: Address, owner: Address, pair: Address) => Promise<void>;
    sells: boolean;
  },
): Promise<Launched> {
  const { send } = ctx;
  const { owner, token } = await deployAs(ctx, kind, deploy);
  const pair = replicaPairFor(token, c.weth);
  await o.beforePool?.(token, owner, pair);
  await send(owner, token, erc20Abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await send(
    owner,
    c.uniswapV2Router,
    router,
    'addLiquidityETH',
    [token, POOL_SHARE, 0n, 0n, owner, DEADLINE],
    o.poolEth,
  );
  await tradersBuy(ctx, (t, eth) => buy(ctx, t, token, eth));
  if (o.sells) for (const t of ctx.traders.slice(0, 4)) await sellPart(ctx, t, token, 50n);
  await gap(ctx, 100);
  return { token, pair, owner };
}

/** The rug: the deployer pulls all its liquidity. */
export async function pullAllLiquidity(ctx: LaunchContext, rug: Launched): Promise<void> {
  const { send } = ctx;
  const lp = (await ctx.chain.public.readContract({
    address: rug.pair,
    abi: UniswapV2Pair.abi as Abi,
    functionName: 'balanceOf',
    args: [rug.owner],
  })) as bigint;
  await send(rug.owner, rug.pair, UniswapV2Pair.abi as Abi, 'approve', [c.uniswapV2Router, maxUint256]);
  await send(rug.owner, c.uniswapV2Router, router, 'removeLiquidityETHSupportingFeeOnTransferTokens', [
    rug.token,
    lp,
    0n,
    0n,
    rug.owner,
    DEADLINE,
  ]);
  await gap(ctx, 50);
}
