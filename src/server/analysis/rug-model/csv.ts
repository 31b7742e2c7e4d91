/**
 * A small RFC 4180 CSV parser: comma-separated fields, double-quoted fields that may contain
 * commas, line breaks and doubled quotes (`""`), LF / CRLF / CR line ends, an optional UTF-8 BOM,
 * an optional final line end. Returns the records as arrays of strings; no type conversion.
 */
export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`CSV line ${line}: ${message}`);
    this.name = 'CsvParseError';
  }
}

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  // True once the current field started with a quote and its closing quote was read.
  let quotedFieldClosed = false;
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;

  const endField = () => {
    record.push(field);
    field = '';
    quotedFieldClosed = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };

  while (i < n) {
    const c = text[i] as string;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        quotedFieldClosed = true;
        i += 1;
        continue;
      }
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === ',') {
      endField();
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      continue;
    }
    if (quotedFieldClosed)
      throw new CsvParseError(`unexpected character ${JSON.stringify(c)} after a closing quote`, line);
    if (c === '"') {
      if (field.length > 0) throw new CsvParseError('quote inside an unquoted field', line);
      inQuotes = true;
      i += 1;
      continue;
    }
    field += c;
    i += 1;
  }
  if (inQuotes) throw new CsvParseError('unterminated quoted field', line);
  // A final line end does not start another record.
  if (field.length > 0 || record.length > 0 || quotedFieldClosed) endRecord();
  return records;
}
