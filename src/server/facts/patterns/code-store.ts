/**
 * The code fingerprints of the tokens we analysed, with our verdict of each (issue 39 item 3): what
 * a later token's code is compared against, and where an earlier token's "honeypot" comes from —
 * never guessed from its code. Kept in shared_results under one name (every replica reads the same
 * rows; no table of its own), at most LINEAGE.maxStored rows, the oldest going first.
 */
import { sql } from 'drizzle-orm';
import type { CodeFingerprint } from '../../../shared/code-fingerprint';
import { LINEAGE } from '../../../shared/vocabulary';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

const NAME = 'code-fingerprint';

export type StoredCode = { address: string; fingerprint: CodeFingerprint; verdict: string | null };

const parse = (address: string, v: unknown): StoredCode | null => {
  const x = v as { fingerprint?: CodeFingerprint; verdict?: string | null } | null;
  if (!x?.fingerprint?.hash || !Array.isArray(x.fingerprint.sketch)) return null;
  return { address, fingerprint: x.fingerprint, verdict: x.verdict ?? null };
};

/**
 * The stored tokens that can be twins of `fp` — the same hash, or the same selector set (a near
 * twin needs it), newest first, at most LINEAGE.maxCandidates — and those of `addresses` (the
 * deployer's and funder's earlier tokens, for their verdicts). JSON fields are compared in SQL so
 * a report reads a few rows, not the whole store.
 */
export async function readStoredCodes(
  db: Db,
  fp: CodeFingerprint | null,
  addresses: string[],
): Promise<StoredCode[]> {
  const selectors = JSON.stringify(fp?.selectors ?? null);
  const r = rowsOf(
    await db.execute(sql`
      (select key, value from shared_results where name = ${NAME} and ${fp !== null} and (
        value->'fingerprint'->>'hash' = ${fp?.hash ?? ''}
        or value->'fingerprint'->'selectors' = ${selectors}::jsonb)
      order by computed_at desc limit ${LINEAGE.maxCandidates})
      union
      (select key, value from shared_results where name = ${NAME} and key in ${['', ...addresses]})`),
  );
  return r.flatMap((x) => parse(String(x.key), x.value) ?? []);
}

/** Records a token's fingerprint and our verdict of it, then trims the store to LINEAGE.maxStored. */
export async function storeCode(
  db: Db,
  address: string,
  fingerprint: CodeFingerprint,
  verdict: string | null,
): Promise<void> {
  const value = JSON.stringify({ fingerprint, verdict });
  await db.execute(sql`
    insert into shared_results (name, key, value, computed_at)
    values (${NAME}, ${address.toLowerCase()}, ${value}::jsonb, now())
    on conflict (name, key) do update set value = excluded.value, computed_at = excluded.computed_at`);
  await db.execute(sql`
    delete from shared_results where name = ${NAME} and key in (
      select key from shared_results where name = ${NAME}
      order by computed_at desc offset ${LINEAGE.maxStored})`);
}
