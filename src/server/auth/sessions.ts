/**
 * Wallet sessions in the database: created after a verified signature, found again by the session
 * token the client presents (how it travels, cookie or header, is the API's: api/sessions.ts). Only
 * the token's SHA-256 is stored.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { SESSION_TTL_SECONDS } from '../../shared/wallet-auth';
import type { Db } from '../db/client';
import { siweNonces, walletSessions } from '../db/schema';
import { hashSessionToken, newSessionToken } from './siwe';

export type Session = { walletAddress: `0x${string}`; expiresAt: Date; tokenHash: string };

/** The unexpired session of `token`, or null. */
export async function readSession(db: Db, token: string, now: Date): Promise<Session | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select()
    .from(walletSessions)
    .where(and(eq(walletSessions.tokenHash, tokenHash), gt(walletSessions.expiresAt, now)));
  return row
    ? { walletAddress: row.walletAddress as `0x${string}`, expiresAt: row.expiresAt, tokenHash }
    : null;
}

/** A new session for `walletAddress` and the token that opens it (stored only as its hash). */
export async function storeSession(
  db: Db,
  x: { walletAddress: `0x${string}`; now: Date },
): Promise<{ session: Session; token: string }> {
  const token = newSessionToken();
  const tokenHash = hashSessionToken(token);
  const expiresAt = new Date(x.now.getTime() + SESSION_TTL_SECONDS * 1000);
  await db
    .insert(walletSessions)
    .values({ tokenHash, walletAddress: x.walletAddress, createdAt: x.now, expiresAt });
  // Housekeeping: expired sessions and nonces are of no use to anyone (also swept on a timer).
  await sweepExpiredSignIns(db, x.now);
  return { session: { walletAddress: x.walletAddress, expiresAt, tokenHash }, token };
}

/**
 * A nonce is kept an hour past its expiry, so a late sign-in attempt hears "has expired" rather
 * than "was not issued by this server"; after that it is only a row.
 */
const NONCE_KEEP_MS = 3_600_000;

/** Deletes expired sessions and nonces long expired; the counts deleted. */
export async function sweepExpiredSignIns(db: Db, now: Date): Promise<{ sessions: number; nonces: number }> {
  const sessions = await db
    .delete(walletSessions)
    .where(lt(walletSessions.expiresAt, now))
    .returning({ k: walletSessions.tokenHash });
  const nonces = await db
    .delete(siweNonces)
    .where(lt(siweNonces.expiresAt, new Date(now.getTime() - NONCE_KEEP_MS)))
    .returning({ k: siweNonces.nonce });
  return { sessions: sessions.length, nonces: nonces.length };
}

export async function deleteSession(db: Db, session: Session): Promise<void> {
  await db.delete(walletSessions).where(eq(walletSessions.tokenHash, session.tokenHash));
}
