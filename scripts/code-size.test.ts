// Holds the code to the sizes a newcomer can read (issue 34), as lint-boundaries.test.ts holds it
// to the pipeline: no function in src/ over MAX_FUNCTION_LINES lines, no file over MAX_FILE_LINES
// (tests, test support and generated code aside; scripts/code-size.mjs measures). What is still
// over is listed in scripts/code-size-allowed.json with its size today: the test fails on anything
// new, on anything listed that grew, and on a listed entry that is no longer over (so the list
// only shrinks). `node scripts/code-size.mjs` prints the current state.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (it runs as a command too).
import { isExempt, MAX_FILE_LINES, MAX_FUNCTION_LINES, measure } from './code-size.mjs';

type Over = { file: string; name?: string; lines: number };
const allowed = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'code-size-allowed.json'), 'utf8'),
) as { functions: Over[]; files: Over[] };

const key = (o: Over) => (o.name ? `${o.file} ${o.name}` : o.file);

function compare(now: Over[], listed: Over[]) {
  const limit = new Map(listed.map((o) => [key(o), o.lines]));
  const nowKeys = new Set(now.map(key));
  return {
    unlisted: now.filter((o) => !limit.has(key(o))).map((o) => `${key(o)} (${o.lines} lines)`),
    grown: now
      .filter((o) => (limit.get(key(o)) ?? Number.POSITIVE_INFINITY) < o.lines)
      .map((o) => `${key(o)}: ${limit.get(key(o))} → ${o.lines} lines`),
    fixed: listed.filter((o) => !nowKeys.has(key(o))).map(key),
  };
}

describe('code size', () => {
  const r = measure() as { functions: Over[]; files: Over[] };

  it(`no new function over ${MAX_FUNCTION_LINES} lines, none listed grows`, () => {
    const c = compare(r.functions, allowed.functions);
    expect(c.unlisted).toEqual([]);
    expect(c.grown).toEqual([]);
    // Shrunk below the limit: take it off scripts/code-size-allowed.json.
    expect(c.fixed).toEqual([]);
  });

  it(`no new file over ${MAX_FILE_LINES} lines, none listed grows`, () => {
    const c = compare(r.files, allowed.files);
    expect(c.unlisted).toEqual([]);
    expect(c.grown).toEqual([]);
    expect(c.fixed).toEqual([]);
  });

  it('measures what it should: tests and generated code are left out, product code is not', () => {
    expect(isExempt('src/server/facts/gather.test.ts')).toBe(true);
    expect(isExempt('src/server/localchain/artifacts/generated/Token.ts')).toBe(true);
    expect(isExempt('src/server/test-support/fixtures.ts')).toBe(true);
    expect(isExempt('src/server/facts/gather.ts')).toBe(false);
    expect(isExempt('src/web/pages/security-page.tsx')).toBe(false);
  });
});
