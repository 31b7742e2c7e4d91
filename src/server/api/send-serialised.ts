/** Answers from bytes serialised once (ADR 0004): every cached endpoint sends them this way. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, type Serialised } from '../engine/serialised';

/** Sends cached bytes, or 304 when the client already has them. `no-cache` = revalidate each time. */
export function sendSerialised(req: FastifyRequest, reply: FastifyReply, s: Serialised): FastifyReply {
  reply.header('etag', s.etag).header('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], s.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(s.body);
}
