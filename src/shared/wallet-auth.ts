/**
 * Wallet ownership by signature (issue 15, ADR 0003): request and response shapes of the
 * Sign-In with Ethereum (EIP-4361) flow, the local test wallet's faucet and server-started games,
 * shared by the API and the browser.
 */
import { z } from 'zod';
import { addressField, type WalletVerification } from './trader-tools';

/** The statement every sign-in message carries (what the wallet shows the user). */
export const SIWE_STATEMENT = 'Sign in to the FLAB Hub Gaming Arena to post scores for this wallet.';
/** A sign-in message must be signed within this many seconds of being issued. */
export const SIWE_TTL_SECONDS = 300;
/** How long a wallet session lasts. */
export const SESSION_TTL_SECONDS = 24 * 3600;
/** The httpOnly cookie that carries the session token (only its hash is stored). */
export const SESSION_COOKIE = 'flab_wallet_session';

export const siweNonceRequestSchema = z.strictObject({ address: addressField() });
export type SiweNonceRequest = z.input<typeof siweNonceRequestSchema>;

export type SiweNonceResponse = {
  /** The exact EIP-4361 text to sign (personal_sign). */
  message: string;
  nonce: string;
  /** ISO time after which the message is refused. */
  expiresAt: string;
};

/** 65-byte signatures are 132 characters; ERC-1271 / ERC-6492 signatures can be longer. */
const MAX_SIGNATURE_CHARS = 8192;

export const siweVerifyRequestSchema = z.strictObject({
  message: z.string({ error: 'is required' }).min(1, 'is required').max(2000, 'is too long'),
  signature: z
    .string({ error: 'is required' })
    .max(MAX_SIGNATURE_CHARS, 'is too long')
    .regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x followed by hex bytes'),
});
export type SiweVerifyRequest = z.input<typeof siweVerifyRequestSchema>;

export type WalletSession = {
  signedIn: true;
  walletAddress: string;
  expiresAt: string;
};
export type SessionState = WalletSession | { signedIn: false };
/** A verified signature: the session plus the wallet's FLAB balance read from chain. */
export type SiweVerifyResponse = WalletSession & { verification: WalletVerification };

export const faucetRequestSchema = z.strictObject({ address: addressField() });

export type FaucetResponse = {
  address: string;
  /** Whole FLAB sent now (decimal string); '0' when the wallet already held FLAB. */
  flabSent: string;
  /** Wei sent now (decimal string). */
  ethSent: string;
  /** Transaction hashes of the transfers sent now. */
  transactions: string[];
  /** The wallet's FLAB balance afterwards (whole tokens). */
  flabBalance: string;
};

export type StartGameResponse = {
  gameId: string;
  /** When the server started the game (ISO); the score is checked against time since then. */
  startedAt: string;
};

/** Browser storage key of the local test wallet's private key (local chain only). */
export const LOCAL_TEST_WALLET_KEY = 'flab-hub.local-test-wallet.private-key';
