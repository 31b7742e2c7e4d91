/**
 * The DEX venues the server reads, by id: one list for the server's venue modules, the facts, the
 * API contract and the pages. Adding a venue is one line here (and its module under
 * src/server/venues/); every `VenueId` then knows it.
 */
// biome-ignore format: one venue a line, so adding one is a one-line change that merges cleanly.
export const VENUE_IDS = [
  'uniswap-v2',
  'uniswap-v3',
  'uniswap-v4',
  'aerodrome',
  'aerodrome-slipstream',
] as const;

export type VenueId = (typeof VENUE_IDS)[number];
