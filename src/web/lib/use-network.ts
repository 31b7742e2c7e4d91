import type { NetworkInfo } from '@shared/network';
import { useQuery } from '@tanstack/react-query';

/** Which chain the server reads (`GET /api/network`); fetched once and shared by every user. */
export function useNetwork() {
  return useQuery<NetworkInfo>({ queryKey: ['/api/network'] });
}
