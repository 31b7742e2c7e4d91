/**
 * Raw `db.execute(sql…)` results differ by driver: node-postgres and PGlite return `{ rows }`,
 * some drizzle versions return the array itself. One helper reads both.
 */
export type Row = Record<string, unknown>;

export function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}
