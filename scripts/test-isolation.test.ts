// The unit project shares one module registry between its files (vitest.config.ts, isolate: false),
// so a module replaced with vi.mock in one file would reach, or miss, the files beside it by chance
// of scheduling. Such files are named *.isolated.test.ts and run in the unit-isolated project.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..');
const MOCKS = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock)\s*\(/;

function unitTestFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...unitTestFiles(p));
    else if (/\.test\.tsx?$/.test(e.name) && !/\.(int|isolated)\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('unit files that replace a module', () => {
  it('are named *.isolated.test.ts, so they get a module registry of their own', () => {
    const shared = [...unitTestFiles(path.join(ROOT, 'src')), ...unitTestFiles(path.join(ROOT, 'scripts'))]
      .filter((f) => f !== import.meta.filename && MOCKS.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(shared).toEqual([]);
  });
});
