/**
 * Wallet sessions in the database: created after a verified signature, found again from the
 * httpOnly cookie (browsers) or an `Authorization: Bearer` header (scripts). Only the token's
 * SHA-256 is stored.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../shared/wallet-auth';
import type { Db } from '../db/client';
import { siweNonces, walletSessions } from '../db/schema';
import { UnauthorizedError } from '../errors';
import { cookieValue } from '../trader-tools/http';
import { hashSessionToken, newSessionToken, SESSION_TOKEN_RE } from './siwe';

export type Session = { walletAddress: `0x${string}`; expiresAt: Date; tokenHash: string };

function tokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const t = auth.slice(7).trim();
    return SESSION_TOKEN_RE.test(t) ? t : undefined;
  }
  const c = cookieValue(req.headers.cookie, SESSION_COOKIE);
  return c && SESSION_TOKEN_RE.test(c) ? c : undefined;
}

export async function findSession(db: Db, req: FastifyRequest, now: Date): Promise<Session | null> {
  const token = tokenOf(req);
  if (!token) return null;
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select()
    .from(walletSessions)
    .where(and(eq(walletSessions.tokenHash, tokenHash), gt(walletSessions.expiresAt, now)));
  return row
    ? { walletAddress: row.walletAddress as `0x${string}`, expiresAt: row.expiresAt, tokenHash }
    : null;
}

/** The request's session, or 401 saying how to get one. */
export async function requireSession(db: Db, req: FastifyRequest, now: Date): Promise<Session> {
  const s = await findSession(db, req, now);
  if (!s)
    throw new UnauthorizedError(
      'Sign in with your wallet first: the leaderboard needs a signed Sign-In with Ethereum message.',
      { field: 'session', reason: 'missing or expired' },
    );
  return s;
}

export async function createSession(
  db: Db,
  reply: FastifyReply,
  x: { walletAddress: `0x${string}`; now: Date; secure: boolean },
): Promise<Session> {
  const token = newSessionToken();
  const tokenHash = hashSessionToken(token);
  const expiresAt = new Date(x.now.getTime() + SESSION_TTL_SECONDS * 1000);
  await db
    .insert(walletSessions)
    .values({ tokenHash, walletAddress: x.walletAddress, createdAt: x.now, expiresAt });
  // Housekeeping: expired sessions and nonces are of no use to anyone.
  await db.delete(walletSessions).where(lt(walletSessions.expiresAt, x.now));
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, new Date(x.now.getTime() - 3600_000)));
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/api; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Strict${x.secure ? '; Secure' : ''}`,
  );
  return { walletAddress: x.walletAddress, expiresAt, tokenHash };
}

export async function endSession(db: Db, reply: FastifyReply, session: Session | null): Promise<void> {
  if (session) await db.delete(walletSessions).where(eq(walletSessions.tokenHash, session.tokenHash));
  reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict`);
}
