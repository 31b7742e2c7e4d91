/**
 * CSV (RFC 4180) writing and reading. Written cells are neutralised against formula injection: a
 * text cell starting with '=', '+', '-', '@', tab or carriage return gets a leading apostrophe, so
 * a spreadsheet shows it as text instead of evaluating it. Numbers are written as plain decimals
 * without float noise or exponents (shared/format.ts decimalString; a negative number is not a formula). Fields containing a comma, quote, CR or LF are quoted, with
 * quotes doubled; records end with CRLF.
 */
import { decimalString } from '../../shared/format';

export type CsvCell = string | number | boolean | null | undefined;

const DANGEROUS_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return DANGEROUS_START.test(value) ? `'${value}` : value;
}

function quote(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return decimalString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return quote(neutraliseCell(value));
}

/** One CSV document. `bom` adds a UTF-8 byte-order mark so Excel reads non-ASCII text correctly. */
export function toCsv(rows: readonly (readonly CsvCell[])[], opts: { bom?: boolean } = {}): string {
  const body = rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');
  return opts.bom ? `\uFEFF${body}` : body;
}

/** RFC 4180 parser (accepts LF or CRLF record ends and a leading BOM). */
export function parseCsv(text: string): string[][] {
  const s = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < s.length) {
    const c = s[i] as string;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    fieldStarted = true;
    i++;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (fieldStarted || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
