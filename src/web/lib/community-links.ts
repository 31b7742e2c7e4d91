/**
 * Where the community lives (spec §2: official chat, platform, footer Telegram and X links), as the
 * server is configured (COMMUNITY_TELEGRAM_URL, COMMUNITY_X_URL, served at /api/site). A link that
 * is not configured is not shown: a guessed handle could belong to someone else (issue 37).
 */
import type { SiteInfo } from '@shared/network';
import { useQuery } from '@tanstack/react-query';

export type CommunityLinks = SiteInfo['community'];

const NONE: CommunityLinks = { telegram: null, x: null };

/** The configured links; none while loading or when the site answer failed. */
export function useCommunityLinks(): CommunityLinks {
  const site = useQuery<SiteInfo>({ queryKey: ['/api/site'], staleTime: Number.POSITIVE_INFINITY });
  return site.data?.community ?? NONE;
}
