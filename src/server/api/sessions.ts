/**
 * Wallet sessions over HTTP: the session token travels in an httpOnly cookie (browsers) or an
 * `Authorization: Bearer` header (scripts); the sessions themselves are auth/sessions.ts's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../shared/wallet-auth';
import { deleteSession, readSession, type Session, storeSession } from '../auth/sessions';
import { SESSION_TOKEN_RE } from '../auth/siwe';
import type { Db } from '../db/client';
import { UnauthorizedError } from '../errors';
import { cookieValue } from './http';

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
  return readSession(db, token, now);
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
  const { session, token } = await storeSession(db, x);
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/api; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Strict${x.secure ? '; Secure' : ''}`,
  );
  return session;
}

export async function endSession(db: Db, reply: FastifyReply, session: Session | null): Promise<void> {
  if (session) await deleteSession(db, session);
  reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict`);
}
