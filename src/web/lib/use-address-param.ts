import { useSearch } from 'wouter';

/**
 * The `?address=` a tool page was opened with (links from pump cards, call cards, search results),
 * or null. Only a 42-character value counts (spec §5); the page still validates it.
 */
export function useAddressParam(): string | null {
  const a = new URLSearchParams(useSearch()).get('address')?.trim() ?? '';
  return a.length === 42 ? a : null;
}
