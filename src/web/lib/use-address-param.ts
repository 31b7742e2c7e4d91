import { useSearch } from 'wouter';

/**
 * The `?address=` a tool page was opened with (links from pump cards, call cards, search results),
 * or null. Only a 42-character value counts (spec §5); the page still validates it.
 */
export function useAddressParam(): string | null {
  const a = new URLSearchParams(useSearch()).get('address')?.trim() ?? '';
  return a.length === 42 ? a : null;
}

/**
 * The `?amount=` (USD) a page was opened with (the home Liquidity card hands its amount on), or
 * null when absent or not a positive number: the page then keeps its own default.
 */
export function useAmountParam(): number | null {
  const raw = new URLSearchParams(useSearch()).get('amount')?.trim() ?? '';
  const n = raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}
