/**
 * Answers serialised once: the JSON bytes of a result and a strong ETag derived from them, so a
 * cached answer is a lookup and a socket write, and the pages' polling can be answered with a 304.
 */
import { createHash } from 'node:crypto';

export type Serialised = {
  /** UTF-8 JSON. */
  body: Buffer;
  /** Strong validator (quoted), a hash of the body: same bytes ⇔ same ETag, across restarts too. */
  etag: string;
};

/** JSON with chain amounts (bigint) as decimal strings — the API's one wire rule. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export function serialise(value: unknown): Serialised {
  const body = Buffer.from(toJson(value), 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}

/**
 * Serialises each result object once: cached results (yield, pump, portfolio…) are the same object
 * until they are recomputed, so every request between two computations gets the same bytes and
 * ETag without another JSON.stringify. `derive` caches a value computed from a result the same way
 * (keyed by the result and a string), e.g. the strategies built from the opportunities.
 */
export function createSerialiseMemo() {
  const bytes = new WeakMap<object, Serialised>();
  const derived = new WeakMap<object, Map<string, Serialised>>();
  return {
    of(value: object): Serialised {
      let s = bytes.get(value);
      if (!s) {
        s = serialise(value);
        bytes.set(value, s);
      }
      return s;
    },
    derive(from: object, key: string, compute: () => unknown): Serialised {
      let m = derived.get(from);
      if (!m) {
        m = new Map();
        derived.set(from, m);
      }
      let s = m.get(key);
      if (!s) {
        s = serialise(compute());
        // Bounded: a few query variants per result (filters), not one per request.
        if (m.size < 64) m.set(key, s);
      }
      return s;
    },
  };
}

/**
 * If-None-Match (RFC 9110 §13.1.2): a list of entity tags or `*`, compared weakly — a `W/` prefix on
 * the client's tag still matches our strong tag.
 */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === etag) return true;
  }
  return false;
}
