// How big the code's pieces are: every function (declaration, expression, arrow, method, accessor,
// constructor) in src/ longer than MAX_FUNCTION_LINES and every file longer than MAX_FILE_LINES.
// Tests, test support and generated code are left out (issue 34: a newcomer reads the rest).
// `node scripts/code-size.mjs` prints what is over; scripts/code-size.test.ts fails on it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 150;
export const MAX_FILE_LINES = 600;

const ROOT = path.resolve(import.meta.dirname, '..');

/** Paths (relative to the repository) that are not hand-written product code. */
export function isExempt(rel) {
  return (
    /\.test\.tsx?$/.test(rel) ||
    /(^|\/)(generated|artifacts)\//.test(rel) ||
    rel.startsWith('src/server/test-support/')
  );
}

/** The tracked and untracked (not ignored) .ts/.tsx files under src/. */
function sourceFiles() {
  const out = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'src/*.ts', 'src/*.tsx'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return out.split('\n').filter((f) => f && !isExempt(f) && fs.existsSync(path.join(ROOT, f)));
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)))
    return p.name.getText();
  if (p && ts.isCallExpression(p)) return `(callback of ${p.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** Every over-long function and file in `files` (paths relative to the repository). */
export function measure(files = sourceFiles()) {
  const functions = [];
  const bigFiles = [];
  for (const rel of files) {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) bigFiles.push({ file: rel, lines });
    const sf = ts.createSourceFile(
      rel,
      text,
      ts.ScriptTarget.Latest,
      true,
      rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)
      ) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = sf.getLineAndCharacterOfPosition(node.end).line;
        const length = end - start + 1;
        if (length > MAX_FUNCTION_LINES)
          functions.push({ file: rel, line: start + 1, name: nameOf(node), lines: length });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  functions.sort((a, b) => b.lines - a.lines);
  bigFiles.sort((a, b) => b.lines - a.lines);
  return { functions, files: bigFiles };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const r = measure();
  if (args.includes('--write-allowed')) {
    // Rewrites the ratchet list from what is over the limits now: run it after a split shrank an entry.
    const allowed = {
      _comment:
        'What is still over the size limits (scripts/code-size.test.ts). It may only shrink: split an entry below the limit, then run `node scripts/code-size.mjs --write-allowed`.',
      functions: r.functions.map(({ file, name, lines }) => ({ file, name, lines })),
      files: r.files,
    };
    fs.writeFileSync(
      path.join(ROOT, 'scripts/code-size-allowed.json'),
      `${JSON.stringify(allowed, null, 2)}\n`,
    );
  }
  const only = args.filter((a) => !a.startsWith('--'));
  const keep = (f) => only.length === 0 || only.some((o) => f.startsWith(o));
  const fns = r.functions.filter((f) => keep(f.file));
  const big = r.files.filter((f) => keep(f.file));
  console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${fns.length}`);
  for (const f of fns) console.log(`  ${f.lines}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`files over ${MAX_FILE_LINES} lines: ${big.length}`);
  for (const f of big) console.log(`  ${f.lines}  ${f.file}`);
}
