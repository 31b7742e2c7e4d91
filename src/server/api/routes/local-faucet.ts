/**
 * `POST /api/local/faucet`: the Gaming Arena's local test wallet asks for a little FLAB and ETH
 * (local mode only; the route does not exist on Base). The transfers are trader-tools/local-faucet.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import { type FaucetResponse, faucetRequestSchema } from '../../../shared/wallet-auth';
import type { LocalChainClients } from '../../chain/client';
import { AppError, BadRequestError } from '../../errors';
import { createLocalFaucet } from '../../trader-tools/local-faucet';
import type { AppContext } from '../context';
import { parseWith } from '../http';

export function registerLocalFaucetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { manifest: ScenarioManifest },
): void {
  if (ctx.chain.mode !== 'local') return;
  const chain = ctx.chain as LocalChainClients;
  const flab = opts.manifest.tokens.FLAB as Address | undefined;
  const faucet = flab ? createLocalFaucet(chain, opts.manifest, flab) : undefined;

  app.post(
    '/api/local/faucet',
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (req): Promise<FaucetResponse> => {
      const { address } = parseWith(faucetRequestSchema, req.body);
      if (/^0x0{40}$/.test(address))
        throw new BadRequestError('address must not be the zero address.', {
          field: 'address',
          reason: 'must not be the zero address',
        });
      if (!faucet)
        throw new AppError('config_error', 'The local scenario has no FLAB token.', { status: 503 });
      return faucet.fund(address);
    },
  );
}
