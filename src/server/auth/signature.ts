/** Whether a signed Sign-In with Ethereum message proves its wallet: ecrecover, else ERC-1271 on chain. */
import type { PublicClient } from 'viem';
import { ChainUnavailableError } from '../errors';
import { isEoaSignature } from './siwe';

/**
 * Does `signature` prove `address` signed `message`? Ordinary wallets by ecrecover (no chain
 * needed); if that fails and the address holds code, its ERC-1271 isValidSignature on chain.
 */
export async function signatureProves(
  client: PublicClient,
  address: `0x${string}`,
  message: string,
  signature: `0x${string}`,
): Promise<boolean> {
  if (await isEoaSignature(address, message, signature)) return true;
  let code: string | undefined;
  try {
    code = await client.getCode({ address });
  } catch (e) {
    throw new ChainUnavailableError('Could not reach the chain to check a contract wallet signature.', e);
  }
  if (!code || code === '0x') return false;
  try {
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}
