/**
 * Is the token's source verified? Locally: our registry (filled by POST /api/contracts/verify).
 * On Base: Sourcify, and Blockscout when BLOCKSCOUT_API_URL is set. A source that cannot be reached answers "unknown", never a guess.
 */
import { eq } from 'drizzle-orm';
import type { NetworkDescription } from '../../chain/network';
import type { Db } from '../../db/client';
import { verifiedContracts } from '../../db/schema';
import type { VerificationFacts } from '../types';
import { combineVerification, lookupBlockscout } from './blockscout';
import { lookupSourcify } from './verify-source';

export async function lookupVerification(
  deps: { db: Db; network: NetworkDescription; blockscoutUrl?: string | undefined },
  address: string,
): Promise<VerificationFacts> {
  const rows = await deps.db
    .select()
    .from(verifiedContracts)
    .where(eq(verifiedContracts.address, address))
    .limit(1);
  const hit = rows[0];
  if (hit) return { status: 'verified', source: 'FLAB Hub registry', contractName: hit.contractName };
  if (deps.network.mode === 'local') {
    // The local registry is the only verifier for the local chain: absence means unverified.
    return { status: 'unverified', source: 'FLAB Hub registry', contractName: null };
  }
  // The ABI is for capability detection, not for the API's JSON: keep only the verification facts.
  const [sourcify, blockscout] = await Promise.all([
    lookupSourcify(fetch, 8453, address).then(({ abi: _abi, ...facts }) => facts),
    deps.blockscoutUrl ? lookupBlockscout(fetch, deps.blockscoutUrl, address) : undefined,
  ]);
  return combineVerification(blockscout ? [sourcify, blockscout] : [sourcify]);
}
