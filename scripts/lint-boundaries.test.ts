// Proves the import-boundary check in `npm run lint` bites: a module that imports against the
// pipeline, and two modules that import each other, are each reported by dependency-cruiser with the
// project's own configuration (.dependency-cruiser.cjs, the same command lint runs). The temporary
// modules are removed afterwards. A last test holds the README's architecture sketch to the layer
// order the check enforces (scripts/pipeline-layers.cjs), so the drawing cannot drift from the rule.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const require = createRequire(import.meta.url);
const { LAYERS } = require('./pipeline-layers.cjs') as {
  LAYERS: { name: string; folders: string[] }[];
};

type Violation = { from: string; to: string; rule: { name: string } };

const written: string[] = [];

/** Writes a throwaway module (relative to the repository root) that afterEach removes. */
function writeModule(rel: string, source: string): string {
  const file = path.join(ROOT, rel);
  fs.writeFileSync(file, source);
  written.push(file);
  return rel;
}

/** The violations lint's dependency check reports for `files` only (JSON reporter). */
function violationsOf(files: string[]): Violation[] {
  const r = depcruise([...files, '--output-type', 'json']);
  if (!r.stdout) throw new Error(`depcruise printed nothing (exit ${r.status}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

function depcruise(args: string[]) {
  return spawnSync(
    process.execPath,
    [DEPCRUISE, ...args, '--config', '.dependency-cruiser.cjs', '--no-cache'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
}

afterEach(() => {
  for (const f of written.splice(0)) fs.rmSync(f, { force: true });
});

describe('the import-boundary check', () => {
  it('fails on an import against the pipeline (chain importing the API)', () => {
    const bad = writeModule(
      `src/server/chain/lint-boundaries-probe-${process.pid}.ts`,
      "import { sendSerialised } from '../api/send-serialised';\nexport const probe = sendSerialised;\n",
    );
    // As lint runs it (the default reporter): a failing exit status naming the rule.
    const lint = depcruise([bad]);
    expect(lint.status).not.toBe(0);
    expect(lint.stdout).toContain('pipeline-chain');
    expect(violationsOf([bad])).toContainEqual(
      expect.objectContaining({
        from: bad,
        to: 'src/server/api/send-serialised.ts',
        rule: expect.objectContaining({ name: 'pipeline-chain' }),
      }),
    );
  });

  it('fails on a domain tool importing another one', () => {
    const bad = writeModule(
      `src/server/pump/lint-boundaries-probe-${process.pid}.ts`,
      "import { readFlabBalance } from '../trader-tools/flab-balance';\nexport const probe = readFlabBalance;\n",
    );
    expect(violationsOf([bad]).map((v) => v.rule.name)).toContain('domain-tools-side-by-side');
  });

  it('fails on I/O in the pure analysis layer (a built-in, or code of the facts layer)', () => {
    const bad = writeModule(
      `src/server/analysis/lint-boundaries-probe-${process.pid}.ts`,
      "import fs from 'node:fs';\nimport { readTokenBasics } from '../facts/token-reads';\nexport const probe = [fs, readTokenBasics];\n",
    );
    expect(violationsOf([bad]).map((v) => v.rule.name)).toEqual(
      expect.arrayContaining([
        'analysis-without-node-io',
        'analysis-is-pure',
        'analysis-takes-fact-types-only',
      ]),
    );
  });

  it('fails on an import circle', () => {
    const a = `src/server/db/lint-boundaries-circle-a-${process.pid}.ts`;
    const b = `src/server/db/lint-boundaries-circle-b-${process.pid}.ts`;
    writeModule(a, `import { b } from './${path.basename(b, '.ts')}';\nexport const a = () => b;\n`);
    writeModule(b, `import { a } from './${path.basename(a, '.ts')}';\nexport const b = () => a;\n`);
    // One violation per circle, reported at whichever of its modules comes first.
    const circles = violationsOf([a, b]).filter((v) => v.rule.name === 'no-circular');
    expect(circles).toHaveLength(1);
    expect([circles[0]?.from, circles[0]?.to].sort()).toEqual([a, b].sort());
  });

  it('passes an import down the pipeline', () => {
    const good = writeModule(
      `src/server/jobs/lint-boundaries-probe-${process.pid}.ts`,
      "import { readHead } from '../chain/client';\nexport const probe = readHead;\n",
    );
    expect(violationsOf([good])).toEqual([]);
    expect(depcruise([good]).status).toBe(0);
  });
});

describe("the README's architecture sketch", () => {
  it('draws every layer folder, top layer first, in the order the check enforces', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Architecture'));
    const sketch = section.slice(
      section.indexOf('```') + 3,
      section.indexOf('```', section.indexOf('```') + 3),
    );
    const layerOf = new Map(LAYERS.flatMap((l, i) => l.folders.map((f) => [f, i] as const)));
    const drawn = [...sketch.matchAll(/^(src\/[\w./-]+?)\/?(?=\s)/gm)]
      .map((m) => m[1] as string)
      .filter((f) => layerOf.has(f));
    expect(new Set(drawn)).toEqual(new Set(layerOf.keys()));
    const order = drawn.map((f) => layerOf.get(f) as number);
    // Drawn top-down: each folder's layer is at or below the one drawn before it.
    const upward = drawn.filter((_, i) => i > 0 && (order[i] as number) > (order[i - 1] as number));
    expect(upward).toEqual([]);
  });
});
