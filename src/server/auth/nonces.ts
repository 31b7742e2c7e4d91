/**
 * Sign-in nonces in the database: each issued message is stored, and spent by the first attempt to
 * use it, whatever its outcome (single use, expiring).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siweNonces } from '../db/schema';
import { UnauthorizedError } from '../errors';
import type { IssuedMessage } from './siwe';

export type StoredNonce = typeof siweNonces.$inferSelect;

export async function storeNonce(db: Db, address: `0x${string}`, issued: IssuedMessage): Promise<void> {
  await db.insert(siweNonces).values({
    nonce: issued.nonce,
    walletAddress: address,
    message: issued.message,
    issuedAt: issued.issuedAt,
    expiresAt: issued.expiresAt,
  });
}

/** Spends `nonce` now; its stored message, or 401 saying why it cannot be used. */
export async function spendNonce(db: Db, nonce: string, t: Date): Promise<StoredNonce> {
  // Single use: the nonce is spent by the first attempt, whatever its outcome.
  const [stored] = await db
    .update(siweNonces)
    .set({ usedAt: t })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, t)))
    .returning();
  if (stored) return stored;
  const [seen] = await db.select().from(siweNonces).where(eq(siweNonces.nonce, nonce));
  const reason = !seen
    ? 'was not issued by this server'
    : seen.usedAt
      ? 'was already used; sign in again'
      : 'has expired; sign in again';
  throw new UnauthorizedError(`This sign-in message ${reason}.`, { field: 'message', reason });
}
