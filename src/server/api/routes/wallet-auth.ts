/**
 * Wallet ownership by signature (issue 15, ADR 0003): the server issues an expiring, single-use
 * Sign-In with Ethereum (EIP-4361) message; the wallet signs it (personal_sign); the server checks
 * the signature (ecrecover for ordinary wallets, ERC-1271 for contract wallets) and opens a
 * session. The leaderboard trusts only that session, never a typed address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type SessionState,
  type SiweNonceResponse,
  siweNonceRequestSchema,
  siweVerifyRequestSchema,
  type WalletSession,
} from '../../../shared/wallet-auth';
import { spendNonce, storeNonce } from '../../auth/nonces';
import { signatureProves } from '../../auth/signature';
import { checkSignedMessage, issueSiweMessage, isValidHost, nonceOf } from '../../auth/siwe';
import { BadRequestError, UnauthorizedError } from '../../errors';
import { verifyFlabHolder } from '../../trader-tools/flab-balance';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { createSession, endSession, findSession } from '../sessions';

/** The host the visitor typed: X-Forwarded-Host from a trusted proxy (TRUST_PROXY), else Host. */
function hostOf(req: FastifyRequest): string {
  const host = req.host;
  if (!isValidHost(host))
    throw new BadRequestError('The Host header must be a host name with an optional port.', {
      field: 'host',
      reason: 'must be a host name with an optional port',
    });
  return host;
}

/** https behind a TLS proxy only when TRUST_PROXY trusts its X-Forwarded-Proto (Fastify's req.protocol). */
const schemeOf = (req: FastifyRequest): 'http' | 'https' => (req.protocol === 'https' ? 'https' : 'http');

export function registerWalletAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
): void {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());

  app.post('/api/auth/nonce', { config: WRITE_RATE_LIMIT }, async (req): Promise<SiweNonceResponse> => {
    const { address } = parseWith(siweNonceRequestSchema, req.body);
    let issued: ReturnType<typeof issueSiweMessage>;
    try {
      issued = issueSiweMessage({
        address,
        domain: hostOf(req),
        scheme: schemeOf(req),
        chainId: ctx.network.chainId,
        now: now(),
      });
    } catch {
      // viem's EIP-4361 check is stricter than ours on hosts (e.g. "internal:5000"): the host is
      // the client's (or its proxy's) input, so this is a 400, not a 500.
      throw new BadRequestError('The Host header cannot be used in a sign-in message.', {
        field: 'host',
        reason: 'is not a valid EIP-4361 domain',
      });
    }
    await storeNonce(db, address, issued);
    return { message: issued.message, nonce: issued.nonce, expiresAt: issued.expiresAt.toISOString() };
  });

  app.post('/api/auth/verify', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const body = parseWith(siweVerifyRequestSchema, req.body);
    const signature = body.signature as `0x${string}`;
    const t = now();
    const nonce = nonceOf(body.message);
    if (!nonce)
      throw new BadRequestError('message must be a Sign-In with Ethereum message issued by this server.', {
        field: 'message',
        reason: 'is not a Sign-In with Ethereum message',
      });
    const stored = await spendNonce(db, nonce, t);
    const check = checkSignedMessage({ message: body.message, stored, domain: hostOf(req), now: t });
    if (!check.ok)
      throw new UnauthorizedError(`This sign-in message ${check.reason}.`, {
        field: 'message',
        reason: check.reason,
      });
    if (!(await signatureProves(ctx.chain.public, check.address, body.message, signature)))
      throw new UnauthorizedError(`The signature was not made by ${check.address}.`, {
        field: 'signature',
        reason: 'does not match the wallet',
      });

    const session = await createSession(db, reply, {
      walletAddress: check.address,
      now: t,
      secure: schemeOf(req) === 'https',
    });
    const verification = await verifyFlabHolder(ctx.chain.public, ctx.network.flabToken, check.address);
    return {
      signedIn: true,
      walletAddress: session.walletAddress,
      expiresAt: session.expiresAt.toISOString(),
      verification,
    };
  });

  app.get('/api/auth/session', async (req): Promise<SessionState> => {
    const s = await findSession(db, req, now());
    if (!s) return { signedIn: false };
    const out: WalletSession = {
      signedIn: true,
      walletAddress: s.walletAddress,
      expiresAt: s.expiresAt.toISOString(),
    };
    return out;
  });

  app.post('/api/auth/logout', async (req, reply) => {
    await endSession(db, reply, await findSession(db, req, now()));
    return { signedIn: false };
  });
}
