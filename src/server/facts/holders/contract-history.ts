/** The contract's history as the index holds it (no RPC). */
import type { Address } from 'viem';
import type { Deps } from '../gather-deps';
import { countTokensDeployedBy } from './deployers';
import { readContractEventCounts, readMintsAfterLaunch } from './index-reads';

/**
 * What the index holds of the contract's history: ownership, upgrade and pause events (the
 * implementation's too, behind a proxy), mints after launch, and its deployer's other tokens and rugs.
 */
export async function gatherContractHistory(
  deps: Deps,
  t: Address,
  x: {
    implementation: string | null;
    creationTx: string | null;
    deployer: string | null;
    rugHistoryOf: (wallet: string) => number;
  },
) {
  const { db } = deps;
  const contractAddrs = [t, ...(x.implementation ? [x.implementation.toLowerCase()] : [])];
  const events = await readContractEventCounts(db, contractAddrs);
  const mintsAfterLaunch = await readMintsAfterLaunch(db, t, x.creationTx);
  const deployerTokens = x.deployer ? await countTokensDeployedBy(db, x.deployer) : 0;
  const deployerRugs = x.deployer ? x.rugHistoryOf(x.deployer) : 0;
  return { events, mintsAfterLaunch, deployerTokens, deployerRugs };
}
