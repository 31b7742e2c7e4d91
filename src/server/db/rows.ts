/**
 * Raw `db.execute(sql…)` results differ by driver: node-postgres and PGlite return `{ rows }`,
 * some drizzle versions return the array itself. One helper reads both.
 */
export type Row = Record<string, unknown>;

export function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/** numeric column → number (null stays null). */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));
export const numOr0 = (v: string | null): number => (v === null ? 0 : Number(v));
