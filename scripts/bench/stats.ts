/** Small helpers the bench modules share: quantiles, formatting, verdicts, a table printer. */
import os from 'node:os';

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] as number;
}
export const median = (xs: number[]) => quantile(xs, 0.5);
export const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
export const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** Prints rows of [measure, value, aim, verdict] aligned. */
export function printTable(title: string, rows: [string, string, string, string][]): void {
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  console.log(`\n${title}\n`);
  for (const [a, b, c, d] of rows)
    console.log(`${a.padEnd(w[0] ?? 0)}  ${b.padStart(w[1] ?? 0)}  ${c.padEnd(w[2] ?? 0)}  ${d}`);
}

/** The machine and its load, printed with every run: figures from a busy machine must say so. */
export function machineLine(): string {
  const [l1, l5] = os.loadavg();
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)} (1 / 5 min), node ${process.version}, ${new Date().toISOString()}`;
}
