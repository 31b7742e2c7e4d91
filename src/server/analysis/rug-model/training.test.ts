import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvParseError, parseCsv } from './csv';
import {
  averagePrecision,
  balancedClassWeights,
  buildDesign,
  classificationMetrics,
  createPrng,
  fitLogistic,
  fitPreprocess,
  quantileSorted,
  rocAuc,
  spearman,
  stratifiedFolds,
} from './training';
import { printedUncertainty, reconstructWindow } from './window-diagnostic';

describe('parseCsv', () => {
  it('parses plain records, a BOM and a final line end', () => {
    expect(parseCsv('\uFEFFid,Label\n0xab,TRUE\n0xcd,FALSE\n')).toEqual([
      ['id', 'Label'],
      ['0xab', 'TRUE'],
      ['0xcd', 'FALSE'],
    ]);
  });

  it('handles quotes, doubled quotes, commas and line breaks inside quotes, CRLF and CR', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"x\ny",,z\r"",1')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['x\ny', '', 'z'],
      ['', '1'],
    ]);
  });

  it('keeps empty trailing fields and empty lines as records', () => {
    expect(parseCsv('a,\n\nb')).toEqual([['a', ''], [''], ['b']]);
  });

  it('rejects malformed quoting with the line number', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvParseError);
    expect(() => parseCsv('a\n"open')).toThrow(/line 2/);
    expect(() => parseCsv('a"b"')).toThrow(/quote inside an unquoted field/);
    expect(() => parseCsv('"a"b')).toThrow(/after a closing quote/);
  });

  it('round-trips any table written with full quoting', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        (table) => {
          const text = table
            .map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
            .join('\r\n');
          expect(parseCsv(text)).toEqual(table);
        },
      ),
    );
  });
});

describe('seeded randomness and folds', () => {
  it('mulberry32 is deterministic and in [0, 1)', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(createPrng(43)()).not.toBe(xs[0]);
  });

  it('stratified folds balance each class and depend only on the seed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 10, maxLength: 300 }),
        fc.integer(),
        (labels, seed) => {
          const folds = stratifiedFolds(labels, 5, seed);
          expect(stratifiedFolds(labels, 5, seed)).toEqual(folds);
          for (const c of [0, 1]) {
            const perFold = [0, 0, 0, 0, 0];
            labels.forEach((y, i) => {
              if (y === c) perFold[folds[i] as number] = (perFold[folds[i] as number] as number) + 1;
            });
            expect(Math.max(...perFold) - Math.min(...perFold)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe('metrics', () => {
  it('ROC AUC counts ties between the classes as one half', () => {
    expect(rocAuc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBeCloseTo(0.75, 12);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
    expect(rocAuc([0.2, 0.5, 0.5, 0.9], [0, 0, 1, 1])).toBeCloseTo(0.875, 12);
    expect(rocAuc([1, 2], [1, 1])).toBeNaN();
  });

  it('ROC AUC equals the pairwise definition', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1 })), {
          minLength: 2,
          maxLength: 60,
        }),
        (pairs) => {
          const scores = pairs.map(([s]) => s);
          const labels = pairs.map(([, y]) => y);
          let wins = 0;
          let total = 0;
          pairs.forEach(([sp, yp]) => {
            if (yp !== 1) return;
            pairs.forEach(([sn, yn]) => {
              if (yn !== 0) return;
              total++;
              wins += sp > sn ? 1 : sp === sn ? 0.5 : 0;
            });
          });
          const auc = rocAuc(scores, labels);
          if (total === 0) expect(auc).toBeNaN();
          else expect(auc).toBeCloseTo(wins / total, 12);
        },
      ),
    );
  });

  it('average precision steps through distinct thresholds, tied rows together', () => {
    // Ranked: 0.9 (pos), 0.8 (neg), 0.7 (pos): AP = 0.5·1 + 0.5·(2/3).
    expect(averagePrecision([0.9, 0.8, 0.7], [1, 0, 1])).toBeCloseTo(0.5 + 1 / 3, 12);
    // One tie group holding everything: precision is the prevalence whatever the order.
    expect(averagePrecision([0.5, 0.5, 0.5, 0.5], [1, 0, 0, 1])).toBeCloseTo(0.5, 12);
    expect(averagePrecision([0.5, 0.5, 0.5, 0.5], [0, 1, 1, 0])).toBeCloseTo(0.5, 12);
    expect(averagePrecision([0.9, 0.1], [1, 0])).toBe(1);
  });

  it('thresholded metrics from a literal confusion matrix', () => {
    // tp = 2, fn = 1, fp = 1, tn = 2
    const m = classificationMetrics([0.9, 0.6, 0.2, 0.7, 0.1, 0.3], [1, 1, 1, 0, 0, 0], 0.5);
    expect(m.precision).toBeCloseTo(2 / 3, 12);
    expect(m.recall).toBeCloseTo(2 / 3, 12);
    expect(m.f1).toBeCloseTo(2 / 3, 12);
    expect(m.specificity).toBeCloseTo(2 / 3, 12);
    expect(m.balancedAccuracy).toBeCloseTo(2 / 3, 12);
    expect(m.accuracy).toBeCloseTo(4 / 6, 12);
  });

  it('Spearman with ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
  });

  it('quantiles interpolate between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([0, 10], 0.25)).toBe(2.5);
  });
});

describe('pre-processing', () => {
  it('clips at percentiles, skips invalid values and standardises', () => {
    const column = [0, 1, 2, 3, 4, 5, 6, 7, 8, 1000, -1, Number.NaN];
    const rows = Int32Array.from(column.keys());
    const pre = fitPreprocess({ name: 'x', scale: 'linear', validMin: 0 }, column, rows, [0, 0.9]);
    expect(pre.clipMin).toBe(0);
    expect(pre.clipMax).toBeCloseTo(8 + 0.1 * 992, 9); // 90th percentile of the 10 valid values
    const X = buildDesign([pre], [column], rows);
    expect(X[10]).toBe(0); // −1 is invalid → the mean
    expect(X[11]).toBe(0); // NaN → the mean
    const valid = Array.from(X.subarray(0, 10));
    expect(valid.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 9);
    expect(valid.reduce((s, x) => s + x * x, 0) / 10).toBeCloseTo(1, 9);
  });
});

describe('fitLogistic', () => {
  it('recovers a known intercept when there is no feature signal', () => {
    // 3 positives and 1 negative per x value: the MLE intercept is log(3), the slope 0.
    const x = [-1, -1, -1, -1, 1, 1, 1, 1];
    const y = [1, 1, 1, 0, 1, 1, 1, 0];
    const fit = fitLogistic(Float64Array.from(x), y, new Float64Array(8).fill(1), 1, 0);
    expect(fit.converged).toBe(true);
    expect(fit.intercept).toBeCloseTo(Math.log(3), 8);
    expect(fit.coefficients[0]).toBeCloseTo(0, 8);
  });

  it('balanced class weights remove the prior from the intercept', () => {
    const y = [1, 1, 1, 0, 1, 1, 1, 0];
    const cw = balancedClassWeights(y);
    expect(cw).toEqual({ positive: 8 / 12, negative: 2 });
    const w = y.map((v) => (v === 1 ? cw.positive : cw.negative));
    const fit = fitLogistic(new Float64Array(8), y, w, 1, 1e-6);
    expect(fit.intercept).toBeCloseTo(0, 8);
  });

  it('finds the slope of a noisy monotone relation and shrinks it with the penalty', () => {
    const x: number[] = [];
    const y: number[] = [];
    const random = createPrng(7);
    for (let i = 0; i < 400; i++) {
      const xi = random() * 4 - 2;
      x.push(xi);
      y.push(random() < 1 / (1 + Math.exp(-(0.5 + 2 * xi))) ? 1 : 0);
    }
    const w = new Float64Array(400).fill(1);
    const free = fitLogistic(Float64Array.from(x), y, w, 1, 0);
    const penalised = fitLogistic(Float64Array.from(x), y, w, 1, 1);
    expect(free.coefficients[0]).toBeGreaterThan(1.4);
    expect(free.coefficients[0]).toBeLessThan(2.8);
    expect(Math.abs(penalised.coefficients[0] as number)).toBeLessThan(
      Math.abs(free.coefficients[0] as number),
    );
    // Deterministic: same input, same bits.
    expect(fitLogistic(Float64Array.from(x), y, w, 1, 0)).toEqual(free);
  });
});

describe('window reconstruction (diagnostic)', () => {
  /** Prints a value the way the data set does: 9 decimals and 10 significant digits at most. */
  const printed = (x: number) =>
    String(
      Number(x.toPrecision(10))
        .toFixed(9)
        .replace(/\.?0+$/, '') || '0',
    );

  it('knows the printing precision', () => {
    expect(printedUncertainty('0.148132428')).toBeCloseTo(5e-10, 20);
    expect(printedUncertainty('44.07147509')).toBeCloseTo(5e-9, 20);
    expect(printedUncertainty('4.00E-07')).toBeCloseTo(5e-10, 20);
    expect(printedUncertainty('0.07')).toBeCloseTo(5e-10, 20);
  });

  it('recovers event counts and the active period from the published features', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        // At least one buy: with no swaps at all, swap_rate cannot tell 1 mint + 1 burn from 2 + 2.
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 60, max: 300 * 86_400 }),
        (mints, swapsIn, swapsOut, burns, seconds) => {
          const total = mints + swapsIn + swapsOut + burns;
          const weeksPlusOne = seconds / 604_800 + 1;
          const w = reconstructWindow({
            mint_ratio: printed(mints / total),
            swap_ratio: printed((swapsIn + swapsOut) / total),
            burn_ratio: printed(burns / total),
            mint_count_per_week: printed(mints / weeksPlusOne),
            swap_in_per_week: printed(swapsIn / weeksPlusOne),
            swap_out_per_week: printed(swapsOut / weeksPlusOne),
            swap_rate: printed(swapsIn / (swapsOut + 1)),
          });
          expect(w).not.toBeNull();
          expect(w?.swapsIn).toBe(swapsIn);
          expect(w?.swapsOut).toBe(swapsOut);
          expect(w?.mints).toBe(mints);
          expect(w?.burns).toBe(burns);
          expect(Math.abs((w?.activePeriodSeconds ?? 0) - seconds)).toBeLessThan(1 + seconds * 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});
