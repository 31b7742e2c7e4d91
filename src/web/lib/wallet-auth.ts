/**
 * Signing in with a wallet (ADR 0003): the server issues a Sign-In with Ethereum message, the
 * wallet signs it, the server verifies it and sets an httpOnly session cookie. Two wallets:
 * the browser's own (EIP-1193 `window.ethereum`, personal_sign) and, on the local chain only, a
 * local test wallet: a key generated in this browser and funded by the local chain's faucet.
 */
import type { StartGameResponse } from '@shared/wallet-auth';
import {
  type FaucetResponse,
  LOCAL_TEST_WALLET_KEY,
  type SiweNonceResponse,
  type SiweVerifyResponse,
} from '@shared/wallet-auth';
import { stringToHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { apiPost } from './api';

type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
};

function provider(): Eip1193Provider | undefined {
  const eth = (globalThis as { ethereum?: Eip1193Provider }).ethereum;
  return eth && typeof eth.request === 'function' ? eth : undefined;
}

export const hasBrowserWallet = () => provider() !== undefined;

export type Signer = { address: `0x${string}`; sign(message: string): Promise<`0x${string}`> };

/** The browser wallet's selected account (asks the user to connect). */
export async function browserWalletSigner(): Promise<Signer> {
  const eth = provider();
  if (!eth) throw new Error('No browser wallet found. Install a wallet extension such as MetaMask.');
  const accounts = (await eth.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts?.[0];
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new Error('The browser wallet did not share an account.');
  return {
    address: address as `0x${string}`,
    sign: async (message) =>
      (await eth.request({
        method: 'personal_sign',
        params: [stringToHex(message), address],
      })) as `0x${string}`,
  };
}

/** The local test wallet's account: its key lives in this browser's localStorage only. */
export function localTestAccount(): PrivateKeyAccount {
  let key = localStorage.getItem(LOCAL_TEST_WALLET_KEY);
  if (!key || !/^0x[0-9a-f]{64}$/.test(key)) {
    key = generatePrivateKey();
    localStorage.setItem(LOCAL_TEST_WALLET_KEY, key);
  }
  return privateKeyToAccount(key as `0x${string}`);
}

export function localTestSigner(): Signer {
  const account = localTestAccount();
  return { address: account.address, sign: (message) => account.signMessage({ message }) };
}

/** Local chain only: FLAB and a little ETH for the local test wallet (real transfers). */
export function fundFromFaucet(address: string): Promise<FaucetResponse> {
  return apiPost<FaucetResponse>('/api/local/faucet', { address });
}

/** Nonce → signature → session. */
export async function signIn(signer: Signer): Promise<SiweVerifyResponse> {
  const { message } = await apiPost<SiweNonceResponse>('/api/auth/nonce', { address: signer.address });
  const signature = await signer.sign(message);
  return apiPost<SiweVerifyResponse>('/api/auth/verify', { message, signature });
}

/** A game the server starts for the signed-in wallet; its score is checked against its time. */
export function startServerGame(): Promise<StartGameResponse> {
  return apiPost<StartGameResponse>('/api/gaming/games', {});
}
