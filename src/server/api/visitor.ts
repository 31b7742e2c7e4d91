/**
 * Who a watchlist request is from: the signed-in wallet (SIWE session cookie or Bearer token) when
 * there is one, else the browser's client id (x-client-id header or our cookie, minted on first
 * use). A script can keep a watchlist by sending its own x-client-id (8–64 of [A-Za-z0-9_-]).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WatchOwner } from '../alerts/visitor-watchlists';
import type { Db } from '../db/client';
import { ensureClientId } from './http';
import { findSession } from './sessions';

export async function visitorOf(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<WatchOwner> {
  const session = await findSession(db, req, new Date());
  if (session) return { kind: 'wallet', id: session.walletAddress.toLowerCase() };
  return { kind: 'client', id: ensureClientId(req, reply) };
}
