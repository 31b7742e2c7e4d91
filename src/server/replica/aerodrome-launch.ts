/**
 * The replica's Aerodrome-only tokens: a clean one on a classic volatile pool, a honeypot on
 * Slipstream (the newest factory), each bought by the traders through Aerodrome's own routers.
 */
import type { Abi, Address } from 'viem';
import { HoneypotToken } from '../localchain/artifacts/generated';
import { REPLICA_CONTRACTS } from './addresses';
import {
  aerodromeBuy,
  openAerodromeClassic,
  openSlipstreamFullRange,
  REPLICA_AERO_ETH,
  REPLICA_AERODROME,
} from './aerodrome';
import { deployAs, gap, type LaunchContext, type Launched, POOL_SHARE, tradersBuy } from './launch';

/** A factory's getPool(tokenA, tokenB, <third>) (classic: stable flag; Slipstream: tick spacing). */
const getPoolAbi = (third: 'bool' | 'int24') =>
  [
    {
      type: 'function',
      name: 'getPool',
      inputs: [{ type: 'address' }, { type: 'address' }, { type: third }],
      outputs: [{ type: 'address' }],
      stateMutability: 'view',
    },
  ] as const;

/** A classic volatile pool with the deployer's liquidity. */
async function openClassic(ctx: LaunchContext, owner: Address, token: Address, ethAmount: bigint) {
  await openAerodromeClassic(ctx.send, { owner, token, tokenAmount: POOL_SHARE, ethAmount });
  return (await ctx.chain.public.readContract({
    address: REPLICA_AERODROME.poolFactory,
    abi: getPoolAbi('bool'),
    functionName: 'getPool',
    args: [token, REPLICA_CONTRACTS.weth, false],
  })) as Address;
}

/** A full-range Slipstream pool (factory `i`) whose token then blocks sells into it (a honeypot). */
async function openSlipstreamHoneypot(
  ctx: LaunchContext,
  i: number,
  owner: Address,
  token: Address,
  ethAmount: bigint,
) {
  const weth = REPLICA_CONTRACTS.weth;
  await openSlipstreamFullRange(ctx.send, { i, owner, token, tokenAmount: POOL_SHARE, ethAmount, weth });
  const pool = (await ctx.chain.public.readContract({
    address: REPLICA_AERODROME.slipstream[i]?.factory as Address,
    abi: getPoolAbi('int24'),
    functionName: 'getPool',
    args: [token, weth, 100],
  })) as Address;
  // The owner is whitelisted, so its own liquidity went in; from now on sells into the pool revert.
  await ctx.send(owner, token, HoneypotToken.abi as Abi, 'setPair', [pool, true]);
  return pool;
}

export async function launchAerodromeToken(
  ctx: LaunchContext,
  kind: 'aeroClean' | 'aeroHoneypot',
  deploy: (owner: Address) => Promise<Address>,
): Promise<Launched> {
  const { owner, token } = await deployAs(ctx, kind, deploy);
  const ethAmount = kind === 'aeroClean' ? REPLICA_AERO_ETH.clean : REPLICA_AERO_ETH.honeypot;
  const slipstream = kind === 'aeroHoneypot' ? REPLICA_AERODROME.slipstream.length - 1 : undefined;
  const pool =
    slipstream === undefined
      ? await openClassic(ctx, owner, token, ethAmount)
      : await openSlipstreamHoneypot(ctx, slipstream, owner, token, ethAmount);
  await tradersBuy(ctx, (who, eth) =>
    aerodromeBuy(ctx.send, { who, token, eth, weth: REPLICA_CONTRACTS.weth, slipstream }),
  );
  await gap(ctx, 100);
  return { token, pair: pool.toLowerCase() as Address, owner };
}
