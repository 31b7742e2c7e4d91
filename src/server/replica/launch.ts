/**
 * What every token launch on the replica shares: the build's context (chain, sender, traders), a
 * funded deployer per kind, and the traders' round of buys.
 */
import { type Address, parseEther } from 'viem';
import type { LocalChainClients } from '../chain/client';
import { replicaWallet } from './addresses';
import type { ReplicaTokenKind } from './manifest';
import type { Send } from './transplant';

export const SUPPLY = 1_000_000_000n * 10n ** 18n;
/** What a launch puts in its pool: 80 % of the supply. */
export const POOL_SHARE = (SUPPLY * 80n) / 100n;
export const DEADLINE = 2n ** 40n;

export type LaunchContext = {
  chain: LocalChainClients;
  send: Send;
  infra: Address;
  traders: Address[];
};

/** A launched token: its address, its pool and its deployer. */
export type Launched = { token: Address; pair: Address; owner: Address };

/** Mines `blocks` blocks 2 s apart (time passing between a launch's steps). */
export const gap = (ctx: LaunchContext, blocks: number) => ctx.chain.test.mine({ blocks, interval: 2 });

/** The kind's deployer, funded, and the token it deploys (lower-case). */
export async function deployAs(
  ctx: LaunchContext,
  kind: ReplicaTokenKind,
  deploy: (owner: Address) => Promise<Address>,
): Promise<{ owner: Address; token: Address }> {
  const owner = replicaWallet(`deployer-${kind}`);
  await ctx.chain.test.setBalance({ address: owner, value: parseEther('100') });
  const token = (await deploy(owner)).toLowerCase() as Address;
  return { owner, token };
}

/** Every trader buys once (0.05–0.2 ETH), with a pause after every fourth. */
export async function tradersBuy(
  ctx: LaunchContext,
  buy: (who: Address, eth: bigint) => Promise<unknown>,
): Promise<void> {
  for (const [i, t] of ctx.traders.entries()) {
    await buy(t, parseEther(String(0.05 + (i % 4) * 0.05)));
    if (i % 4 === 3) await gap(ctx, 20);
  }
}
