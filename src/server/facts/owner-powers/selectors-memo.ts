/**
 * Function selectors in a runtime bytecode (whatsabi.selectorsFromBytecode), memoized per bytecode.
 *
 * whatsabi disassembles the whole code on every call: tens of ms on the main thread for a large
 * contract, and the same token (or the same proxy implementation behind many tokens) is gathered
 * again and again. The result is a pure function of the bytecode, so a module-level cache is safe
 * here (unlike the rest of the app, which builds its state in factories): no configuration, chain
 * or request can make the same code map to different selectors. Bounded LRU so hostile or simply
 * many distinct codes cannot grow it: at most MAX_ENTRIES codes of ≤ 24 KB each (EIP-170).
 */
import { whatsabi } from '@shazow/whatsabi';
import type { Hex } from 'viem';

const MAX_ENTRIES = 64;
const cache = new Map<string, readonly Hex[]>();

/** Lowercase selectors whatsabi finds in `code` (in its order); the array is shared, do not mutate. */
export function selectorsOf(code: Hex): readonly Hex[] {
  const hit = cache.get(code);
  if (hit) {
    // Most recently used goes last; the first key is the one to evict.
    cache.delete(code);
    cache.set(code, hit);
    return hit;
  }
  const sels = Object.freeze(whatsabi.selectorsFromBytecode(code).map((s) => s.toLowerCase() as Hex));
  cache.set(code, sels);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return sels;
}

const viewCache = new Map<string, ReadonlySet<Hex>>();

/**
 * Selectors whose code, as whatsabi reads it, can reach no SSTORE: likely views. Only a HINT for the
 * order of probe calls (whatsabi does not follow dynamic jumps, so a setter can read as a view):
 * such selectors are still probed, only after the rest, so a request-budget cut falls on them first.
 */
export function viewHintsOf(code: Hex): ReadonlySet<Hex> {
  const hit = viewCache.get(code);
  if (hit) return hit;
  const out = new Set<Hex>();
  try {
    for (const item of whatsabi.abiFromBytecode(code))
      if (item.type === 'function' && item.stateMutability === 'view')
        out.add(item.selector.toLowerCase() as Hex);
  } catch {
    // Unreadable code: no hints, every selector keeps its place.
  }
  viewCache.set(code, out);
  if (viewCache.size > MAX_ENTRIES) viewCache.delete(viewCache.keys().next().value as string);
  return out;
}
