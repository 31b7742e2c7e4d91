// Acceptance of issue 21 ("UI kit"): one <QueryState> for pending / error / empty on every page.
// No component under src/web may hand-build the chain any more: a query's `isPending` branch
// followed by an `isError` branch (as a ternary `q.isPending ? … : q.isError ? …`, or as early
// returns `if (q.isPending) … if (q.isError) …`). Mutations are out of scope (a button's
// "Saving..." label or a form's submit status is not a query's state), and so are the few places named in ALLOWED below, each
// with the reason it is not a page state.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const QUERY_STATE = 'src/web/components/ui/query-state.tsx';

/** Not a page's pending / error / empty state, so not QueryState's job. */
const ALLOWED: Record<string, string> = {
  // A status word in the header badge ("Connecting…" / "Offline"), not a result card.
  'src/web/components/layout/network-badge.tsx': 'badge label',
  // One stat value inside a <dd> ("Unavailable"); an error card there would break the stat grid.
  'src/web/components/about/platform-stats.tsx': 'inline stat value',
  // The score submission's status line: `submit` is a mutation (use-target-hunter.ts calls its
  // mutate), out of scope, but the call sits in another file since the split.
  'src/web/components/gaming/target-hunter-parts.tsx': 'mutation status line',
};

function webFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...webFiles(rel));
    else if (/\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The code of a file with comments blanked out (a comment may describe the old chain). */
function code(file: string): string {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/**
 * The hand-built chains: `x.isPending ? … : x.isError ?` (same x), or `if (x.isPending)` /
 * `if (isPending)` followed by `if (x.isError` — within a short span, so two unrelated uses in a
 * long file (a mutation's button label, a banner) do not count as one chain.
 */
function handBuiltChains(src: string): string[] {
  const hits: string[] = [];
  const ternary = /\b(\w+)\.isPending\s*\?[\s\S]{0,800}?:\s*\1\.isError\s*(\?|&&)/g;
  const ifs = /if\s*\(\s*(?:(\w+)\.)?isPending\b[^)]*\)[\s\S]{0,800}?if\s*\(\s*(?:\1\.)?isError\b/g;
  for (const re of [ternary, ifs])
    for (const m of src.matchAll(re)) {
      // A mutation (something the file calls `.mutate(` on) has no page state to show: skip it.
      if (m[1] && new RegExp(`\\b${m[1]}\\.mutate(Async)?\\(`).test(src)) continue;
      hits.push(m[0].split('\n')[0] ?? m[0]);
    }
  return hits;
}

describe('one <QueryState> for pending / error / empty (issue 21)', () => {
  it('the check recognises both shapes of the old chain', () => {
    expect(
      handBuiltChains('{q.isPending ? (\n  <Skeleton />\n) : q.isError ? (\n  <p/>\n) : null}'),
    ).toHaveLength(1);
    expect(handBuiltChains('if (q.isPending) return <L/>;\nif (q.isError) return <E/>;')).toHaveLength(1);
    expect(
      handBuiltChains('const { isPending, isError } = q;\nif (isPending) return 1;\nif (isError) return 2;'),
    ).toHaveLength(1);
    // A mutation's button label next to a query is not a chain.
    expect(handBuiltChains("{add.isPending ? 'Adding...' : 'Add'}\n{list.isError ? <p/> : null}")).toEqual(
      [],
    );
    // A mutation's own pending / error lines (a form's submit status) are not a query's states.
    expect(handBuiltChains('m.mutate(x);\n{m.isPending ? <S/> : m.isError ? <E/> : null}')).toEqual([]);
  });

  it('no page or result component under src/web hand-builds the chain', () => {
    const files = webFiles('src/web').filter((f) => f !== QUERY_STATE && !(f in ALLOWED));
    const hits = files.flatMap((f) => handBuiltChains(code(f)).map((h) => `${f}: ${h}`));
    expect(hits, hits.join('\n')).toEqual([]);
  });

  it('every allowed exception still exists (a stale entry would hide nothing but mislead)', () => {
    for (const f of Object.keys(ALLOWED)) expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });

  it('the pages use QueryState', () => {
    const users = webFiles('src/web').filter((f) => f !== QUERY_STATE && /<QueryState(All)?\b/.test(code(f)));
    expect(users.length).toBeGreaterThanOrEqual(12);
  });
});
