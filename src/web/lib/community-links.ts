/**
 * Where the community lives (spec §2: official chat, platform, footer Telegram and X links).
 * The project's official handles are not settled yet, so these point at the services' front pages
 * rather than at an account that might belong to someone else. Replace with the real handles.
 */
export const COMMUNITY_LINKS = {
  telegram: 'https://t.me/',
  x: 'https://x.com/',
} as const;
