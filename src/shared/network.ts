/** What /api/network answers; shared by server and browser (the type is its API schema's). */
import type { z } from 'zod';
import type * as S from './api/market-schemas';
export type Address = `0x${string}`;

export type NetworkInfo = z.infer<typeof S.networkInfoSchema>;
export type SiteInfo = z.infer<typeof S.siteInfoSchema>;

export type UniswapV3Contracts = z.infer<typeof S.uniswapV3ContractsSchema>;

export type UniswapV4Contracts = z.infer<typeof S.uniswapV4ContractsSchema>;
export type AerodromeContracts = z.infer<typeof S.aerodromeContractsSchema>;

export const NETWORK_LABELS = {
  local: 'Local Base chain · simulated market',
  base: 'Base mainnet',
} as const;
