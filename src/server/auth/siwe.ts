/**
 * Sign-In with Ethereum (EIP-4361) without I/O: the message we issue, the checks a signed message
 * must pass against the one we stored, and session tokens (random, stored only as a hash).
 */
import { createHash, randomBytes } from 'node:crypto';
import { getAddress, verifyMessage } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { SIWE_STATEMENT, SIWE_TTL_SECONDS } from '../../shared/wallet-auth';

/** host[:port] as a browser sends it in the Host header (names, IPv4, bracketed IPv6). */
const HOST_RE =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(host: unknown): host is string {
  return typeof host === 'string' && host.length <= 255 && HOST_RE.test(host);
}

export type IssuedMessage = { nonce: string; message: string; issuedAt: Date; expiresAt: Date };

/** The message a wallet signs to prove it controls `address` for `domain` (the page's host). */
export function issueSiweMessage(x: {
  address: `0x${string}`;
  domain: string;
  scheme: 'http' | 'https';
  chainId: number;
  now: Date;
}): IssuedMessage {
  const nonce = generateSiweNonce();
  const issuedAt = new Date(Math.floor(x.now.getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + SIWE_TTL_SECONDS * 1000);
  const message = createSiweMessage({
    address: getAddress(x.address),
    chainId: x.chainId,
    domain: x.domain,
    nonce,
    uri: `${x.scheme}://${x.domain}/gaming`,
    version: '1',
    scheme: x.scheme,
    statement: SIWE_STATEMENT,
    issuedAt,
    expirationTime: expiresAt,
  });
  return { nonce, message, issuedAt, expiresAt };
}

/** The nonce of a message as signed, or null when it is not an EIP-4361 message. */
export function nonceOf(message: string): string | null {
  try {
    const parsed = parseSiweMessage(message);
    return typeof parsed.nonce === 'string' && /^[A-Za-z0-9]{8,96}$/.test(parsed.nonce) ? parsed.nonce : null;
  } catch {
    return null;
  }
}

export type MessageCheck = { ok: true; address: `0x${string}` } | { ok: false; reason: string };

/**
 * A signed message is acceptable only if it is byte for byte the one we issued for this nonce,
 * for this host, and still valid now.
 */
export function checkSignedMessage(x: {
  message: string;
  stored: { message: string; walletAddress: string; expiresAt: Date };
  domain: string;
  now: Date;
}): MessageCheck {
  if (x.message !== x.stored.message) return { ok: false, reason: 'is not the message this server issued' };
  if (x.stored.expiresAt.getTime() <= x.now.getTime())
    return { ok: false, reason: 'has expired; sign in again' };
  const parsed = parseSiweMessage(x.message);
  const valid = validateSiweMessage({
    message: parsed,
    domain: x.domain,
    nonce: parsed.nonce,
    address: getAddress(x.stored.walletAddress),
    time: x.now,
  });
  if (!valid || !parsed.address) return { ok: false, reason: 'is not valid for this site or time' };
  return { ok: true, address: parsed.address.toLowerCase() as `0x${string}` };
}

/** An EOA's signature, checked locally (ecrecover); false for malformed signatures. */
export async function isEoaSignature(address: `0x${string}`, message: string, signature: `0x${string}`) {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const SESSION_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
