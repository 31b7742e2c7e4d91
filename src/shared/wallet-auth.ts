/**
 * Wallet ownership by signature (issue 15, ADR 0003): request and response shapes of the
 * Sign-In with Ethereum (EIP-4361) flow, the local test wallet's faucet and server-started games,
 * shared by the API and the browser.
 */
import { z } from 'zod';
import type * as S from './api/market-schemas';
import { addressField } from './trader-tools';

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

export type SiweNonceResponse = z.infer<typeof S.siweNonceResponseSchema>;

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

export type WalletSession = z.infer<typeof S.walletSessionSchema>;
export type SessionState = z.infer<typeof S.sessionStateSchema>;
/** A verified signature: the session plus the wallet's FLAB balance read from chain. */
export type SiweVerifyResponse = z.infer<typeof S.siweVerifyResponseSchema>;

export const faucetRequestSchema = z.strictObject({ address: addressField() });

export type FaucetResponse = z.infer<typeof S.faucetResponseSchema>;

export type StartGameResponse = z.infer<typeof S.startGameResponseSchema>;

/** Browser storage key of the local test wallet's private key (local chain only). */
export const LOCAL_TEST_WALLET_KEY = 'flab-hub.local-test-wallet.private-key';
