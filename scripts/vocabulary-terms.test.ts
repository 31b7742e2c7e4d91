// Acceptance of issue 21 ("one vocabulary", "unknown is a value"), checked over the source tree the
// way a reviewer would grep it:
// - no score → level function outside src/shared/vocabulary.ts (SCORE_BANDS + levelOf): no
//   `if (score >= 80) return '…'`, no `score >= 70 ? '…'` ladder on a score, no `scoreColour`;
// - no `?? 18` standing in for unknown token decimals;
// - no literal 0.5 share where the vocabulary has the honeypot and drain shares;
// - no "Confidence" label for the rug detector's data coverage (the trading-call form's own
//   confidence, which the caller types in, is a different thing and is left alone);
// - the web and the CLI import no band function or threshold from the vocabulary (levelOf,
//   scoreBandOf, subScoreBand, shownBand, SCORE_BANDS; types and labels are fine): every coloured
//   score arrives with the band the server decided (issue 21, ADR 0031).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const VOCABULARY = 'src/shared/vocabulary.ts';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    // Generated artifacts (compiled contracts' bytecode as one long line) are not written code.
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !rel.includes('/generated/'))
      out.push(rel);
  }
  return out;
}

/** Code lines of the app (tests, the dev chain's scenario and the replica are not the app). */
const FILES = sourceFiles('src').filter(
  (f) => !f.startsWith('src/server/localchain/') && !f.startsWith('src/server/replica/'),
);

type Hit = { file: string; line: number; text: string };

function grep(re: RegExp, files = FILES): Hit[] {
  const hits: Hit[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      const code = text.trim();
      if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
      if (re.test(text)) hits.push({ file, line: i + 1, text: code });
    });
  }
  return hits;
}

const show = (hits: Hit[]) => hits.map((h) => `${h.file}:${h.line}: ${h.text}`).join('\n');

/** The vocabulary's values that turn a score into a band or a level: the server's, never a client's. */
const BAND_VALUES = ['levelOf', 'scoreBandOf', 'subScoreBand', 'shownBand', 'SCORE_BANDS'];

/**
 * A call of one of them (however it was reached), of the web's old number → colour helpers, or the
 * pump finder's top-badge cut-off (the server sends `strongMomentum`).
 */
const BAND_FROM_A_NUMBER =
  /\b(levelOf|scoreBandOf|subScoreBand|shownBand|scoreTextClass|scoreTone)\s*\(|\b(SCORE_BANDS|PUMP_STRONG_SCORE)\b/;

/**
 * The band values a source file imports (or re-exports) from src/shared/vocabulary.ts, by name; a
 * namespace import counts too (it reaches every value). Type-only specifiers are allowed.
 */
function forbiddenVocabularyImports(source: string): string[] {
  const out: string[] = [];
  const statement = /\b(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const m of source.matchAll(statement)) {
    const [, , typeOnly, clause = '', from = ''] = m;
    if (!/(^|[/@])shared\/vocabulary(\.ts)?$/.test(from) || typeOnly) continue;
    const ns = clause.match(/\*\s*as\s+\w+/);
    if (ns) out.push(ns[0].replace(/\s+/g, ' '));
    const named = clause.match(/\{([^}]*)\}/)?.[1] ?? '';
    for (const spec of named.split(',')) {
      const name = spec.trim().split(/\s+/)[0];
      if (name && name !== 'type' && BAND_VALUES.includes(name)) out.push(name);
    }
  }
  return out;
}

describe('one vocabulary (issue 21)', () => {
  it('has no score → level function outside the vocabulary module', () => {
    const outside = FILES.filter((f) => f !== VOCABULARY);
    const hits = [
      // if (score >= 80) return 'green';
      ...grep(/if \(\s*[\w.]*[sS]core\w*\s*[<>]=?\s*\d+\s*\)\s*return\s*['"]/, outside),
      // score >= 70 ? 'low' : …   /   rugScore < 30 ? 'low' : …
      ...grep(/[\w.]*[sS]core\w*\s*[<>]=?\s*\d+\s*\?\s*['"]/, outside),
      // the web's old re-derivations
      ...grep(
        /\b(scoreColour|rugClass|riskLevelOf|riskFromRugScore|rugRiskLevel|healthLevel|scoreStatus|scoreGrade)\s*\(/,
        outside,
      ),
    ];
    expect(show(hits)).toBe('');
  });

  it('the web and the CLI take no band function or threshold from the vocabulary (the server sends the band)', () => {
    // Types (ShownBand, SubScoreBand) and labels (VERDICTS, subScoreNote) may be imported; a value
    // that turns a number into a band or a level may not: every coloured score arrives with its band
    // (`bands`, `level`, `spread`, `riskLevel`) decided on the server.
    const clients = FILES.filter((f) => f.startsWith('src/web/') || f.startsWith('src/cli/'));
    expect(clients.length).toBeGreaterThan(10);
    const imports = clients.flatMap((f) =>
      forbiddenVocabularyImports(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((name) => `${f}: ${name}`),
    );
    expect(imports.join('\n')).toBe('');
    // Nor through another module that re-exports them, nor the score-style helpers that took a number.
    expect(show(grep(BAND_FROM_A_NUMBER, clients))).toBe('');
    // Every score card is given the server's band (ScoreCard's `shown` is required, and read as is).
    const card = fs.readFileSync(path.join(ROOT, 'src/web/components/analysis/score-card.tsx'), 'utf8');
    expect(card).toMatch(/\n\s*shown: ShownBand;/);
  });

  it('the band check bites: a value import of a band function or threshold is found, types and labels are not', () => {
    expect(forbiddenVocabularyImports("import { levelOf, VERDICTS } from '@shared/vocabulary';")).toEqual([
      'levelOf',
    ]);
    expect(
      forbiddenVocabularyImports(
        "import {\n  type ShownBand,\n  shownBand,\n  SCORE_BANDS as B,\n  subScoreNote,\n} from '../../shared/vocabulary';",
      ),
    ).toEqual(['shownBand', 'SCORE_BANDS']);
    expect(
      forbiddenVocabularyImports("import { subScoreBand, scoreBandOf } from '../shared/vocabulary.ts';"),
    ).toEqual(['subScoreBand', 'scoreBandOf']);
    expect(forbiddenVocabularyImports("import * as vocabulary from '@shared/vocabulary';")).toEqual([
      '* as vocabulary',
    ]);
    expect(forbiddenVocabularyImports("export { levelOf } from '@shared/vocabulary';")).toEqual(['levelOf']);
    // Allowed: types, labels, and modules that are not the vocabulary.
    expect(
      forbiddenVocabularyImports(
        "import type { SubScoreBand, ShownBand } from '@shared/vocabulary';\n" +
          "import { type ShownBand, subScoreNote, VERDICTS } from '@shared/vocabulary';\n" +
          "import { levelOf } from './somewhere-else';",
      ),
    ).toEqual([]);
    for (const call of [
      'scoreTextClass(h.flabScore)',
      'scoreTone(score, v)',
      'subScoreBand(s, k)',
      'SCORE_BANDS.colour',
      'o.momentumScore >= PUMP_STRONG_SCORE',
    ])
      expect(BAND_FROM_A_NUMBER.test(call), call).toBe(true);
    expect(BAND_FROM_A_NUMBER.test('bandTextClass(h.bands.flabScore)')).toBe(false);
  });

  it('has no `?? 18` standing in for unknown decimals', () => {
    expect(show(grep(/\?\?\s*18\b/))).toBe('');
  });

  it('has no literal 0.5 share (the vocabulary has HONEYPOT.failedHolderShare and LIQUIDITY_DRAIN.severeShare)', () => {
    const hits = grep(/[<>]=?\s*0\.5\b/).filter(
      // A rug-model feature's contribution in log-odds, not a share.
      (h) => !(h.file === 'src/server/analysis/rug-detector.ts' && h.text.includes('c.contribution > 0.5')),
    );
    expect(show(hits)).toBe('');
  });

  it('labels the rug detector\'s feature share "Data coverage", never "Confidence"', () => {
    const notCalls = FILES.filter((f) => !/\/(calls|trader-tools)\/|trader-tools\.ts$/.test(f));
    expect(show(grep(/['">]\s*Confidence\b|confidence \$\{/, notCalls))).toBe('');
    expect(show(grep(/\brugPullRisk\b|RUG_PULL_RISK/))).toBe('');
  });
});
