/**
 * The verified-source registry (engine issue part 5):
 *   POST /api/contracts/verify                 sources + settings → compile with solc, compare the
 *                                              runtime bytecode with the chain's, store on a match
 *   GET  /api/contracts/:address/verification  the stored record (without the sources) or 404
 * A match drops the engine's cached facts for the address, so reports stop saying "unverified".
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addressField as sharedAddressField } from '../../../shared/trader-tools';
import { AppError, NotFoundError } from '../../errors';
import { getVerifiedContract, storeVerifiedContract } from '../../facts/verification/verified-store';
import { verifySource } from '../../facts/verification/verify-source';
import type { AppContext } from '../context';
import { parseWith } from '../http';
import { addressParam } from '../params';

export const MAX_SOURCES = 50;
/** Total size of all source contents (characters, ~bytes for Solidity). */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;
/** The JSON body: the sources plus escaping (newlines, quotes) and settings. */
const BODY_LIMIT = 3 * 1024 * 1024;

const addressField = sharedAddressField();

/**
 * The compiler settings we pass on to solc. Anything else (modelChecker, stopAfter, …) is refused:
 * it cannot change the bytecode but can make a compile very slow. outputSelection is accepted and
 * replaced by ours.
 */
const settingsSchema = z
  .object({
    optimizer: z
      .looseObject({
        enabled: z.boolean().optional(),
        runs: z.number().int().min(0).max(4_294_967_295).optional(),
      })
      .optional(),
    evmVersion: z.string().max(40).optional(),
    viaIR: z.boolean().optional(),
    remappings: z.array(z.string().max(500)).max(100).optional(),
    libraries: z.record(z.string().max(300), z.record(z.string().max(200), z.string().max(100))).optional(),
    metadata: z.looseObject({}).optional(),
    outputSelection: z.unknown().optional(),
  })
  .strict();

const verifyBodySchema = z
  .object({
    address: addressField,
    contractName: z.string().trim().min(1, 'is required').max(300),
    sources: z
      .record(z.string().min(1).max(500), z.object({ content: z.string() }).strict())
      .refine((s) => Object.keys(s).length > 0, 'must hold at least one source')
      .refine((s) => Object.keys(s).length <= MAX_SOURCES, `must hold at most ${MAX_SOURCES} sources`)
      .refine(
        (s) => Object.values(s).reduce((n, f) => n + f.content.length, 0) <= MAX_SOURCE_BYTES,
        `must total at most ${MAX_SOURCE_BYTES / 1024 / 1024} MB`,
      ),
    settings: settingsSchema.optional(),
  })
  .strict();

export type VerifyContractBody = z.input<typeof verifyBodySchema>;
export type VerifyContractResponse = {
  match: 'exact' | 'partial';
  contractName: string;
  address: string;
};

export function registerContractRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/api/contracts/verify',
    { bodyLimit: BODY_LIMIT, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (req): Promise<VerifyContractResponse> => {
      const body = parseWith(verifyBodySchema, req.body);
      const settings = (body.settings ?? {}) as Record<string, unknown>;
      const result = await verifySource(
        { address: body.address, contractName: body.contractName, sources: body.sources, settings },
        ctx.chain.public,
      );
      if (result.match === 'none') {
        throw new AppError(
          'verification_failed',
          result.reason ?? 'The compiled runtime bytecode differs from the code on chain.',
          { status: 422, details: { contractName: result.contractName } },
        );
      }
      const { outputSelection: _ignored, ...stored } = settings;
      await storeVerifiedContract(ctx.database.db, {
        address: body.address,
        contractName: result.contractName,
        match: result.match,
        abi: result.abi,
        sources: body.sources,
        settings: stored,
      });
      ctx.engine.invalidate(body.address);
      ctx.log.info({
        msg: 'contract verified',
        address: body.address,
        contract: result.contractName,
        match: result.match,
      });
      return { match: result.match, contractName: result.contractName, address: body.address };
    },
  );

  app.get<{ Params: { address: string } }>('/api/contracts/:address/verification', async (req) => {
    const address = addressParam(req.params.address);
    const record = await getVerifiedContract(ctx.database.db, address);
    if (!record) throw new NotFoundError(`No verified source is registered for ${address}.`);
    return record;
  });
}
