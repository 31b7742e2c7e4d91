// Acceptance of issue 21 ("one vocabulary", "unknown is a value"), checked over the source tree the
// way a reviewer would grep it:
// - no score → level function outside src/shared/vocabulary.ts (SCORE_BANDS + levelOf): no
//   `if (score >= 80) return '…'`, no `score >= 70 ? '…'` ladder on a score, no `scoreColour`;
// - no `?? 18` standing in for unknown token decimals;
// - no literal 0.5 share where the vocabulary has the honeypot and drain shares;
// - no "Confidence" label for the rug detector's data coverage (the trading-call form's own
//   confidence, which the caller types in, is a different thing and is left alone).
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

  it('the web turns no score into a level or a colour with levelOf (the server sends the level)', () => {
    const web = FILES.filter((f) => f.startsWith('src/web/'));
    expect(show(grep(/\blevelOf\s*\(|\bSCORE_BANDS\b|\bscoreBandOf\s*\(/, web))).toBe('');
  });

  it('Token Health and the whale tracker colour their scores by the band the server sent', () => {
    // Other pages' score cards still band in the browser through the vocabulary's shownBand (not
    // yet sent by their analysers); these two read `bands` / `spread` from the API and derive none.
    const files = FILES.filter(
      (f) =>
        f.startsWith('src/web/components/health/') || f === 'src/web/components/whales/whale-results.tsx',
    );
    expect(files.length).toBeGreaterThan(1);
    expect(show(grep(/\b(subScoreBand|shownBand|scoreTextClass|scoreTone|levelOf)\s*\(/, files))).toBe('');
    const health = fs.readFileSync(path.join(ROOT, 'src/web/components/health/health-results.tsx'), 'utf8');
    for (const k of ['overall', 'security', 'liquidity', 'community', 'momentum'])
      expect(health, `the ${k} card reads data.bands.${k}`).toContain(`shown={data.bands.${k}}`);
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
