/** The chain provider's status (server/chain/provider-check.ts): in /api/health and in a report's facts. */
import { z } from 'zod';

const d = (description: string) => ({ description });

export const providerStatusSchema = z
  .object({
    checked: z.boolean(),
    headAgeSeconds: z
      .number()
      .nullable()
      .meta(d("Seconds between the latest block's time and the server's clock.")),
    staleHead: z.boolean().meta(d('Base mode: the latest block is more than 30 s old.')),
    chainId: z.number().nullable(),
    wrongChain: z.boolean().meta(d("Base mode: the provider's chain id is not 8453.")),
    simulateV1: z.boolean().nullable().meta(d('eth_simulateV1: true answered, false missing, null unknown.')),
    warnings: z.array(z.string()).meta(d('One sentence per finding; empty when all is well.')),
  })
  .meta({ id: 'ProviderStatus' });
