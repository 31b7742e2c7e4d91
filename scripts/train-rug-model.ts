/**
 * Fits and evaluates the rug model offline (`npm run train:rug`).
 *
 *   tsx scripts/train-rug-model.ts [--data <csv>] [--weights <json>] [--report <md>] [--check]
 *
 * Reads the labelled data set from ../shared/datasets/ (never copied into the repository), runs a
 * stratified 5-fold cross-validation of several feature sets, fits the chosen one on all rows and
 * writes src/server/analysis/rug-model/weights.json and docs/rug-model-report.md. Deterministic:
 * no clock, no Math.random; two runs give byte-identical files. `--check` compares instead of
 * writing and exits 1 on a difference.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../src/server/analysis/rug-model/csv';
import { featuresFromDatasetRow } from '../src/server/analysis/rug-model/dataset-row';
import {
  getRugFeature,
  RUG_FEATURE_NAMES,
  RUG_FEATURES,
  type RugFeatureName,
  type RugFeatures,
} from '../src/server/analysis/rug-model/features';
import {
  loadRugModel,
  predictRug,
  RUG_MODEL_FORMAT_VERSION,
  type RugModel,
  sigmoid,
} from '../src/server/analysis/rug-model/model';
import {
  balancedClassWeights,
  buildDesign,
  type ClassificationMetrics,
  classificationMetrics,
  type FittedPreprocess,
  fitLogistic,
  fitPreprocess,
  meanAndStd,
  type PreprocessSpec,
  quantileSorted,
  rocAuc,
  spearman,
  stratifiedFolds,
} from '../src/server/analysis/rug-model/training';
import { reconstructWindow } from '../src/server/analysis/rug-model/window-diagnostic';

// ---------------------------------------------------------------------------------------------
// Configuration

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DATA_PATH = path.resolve(REPO_ROOT, '../shared/datasets/rugpull-uniswap-v2-features.csv');
const DEFAULT_WEIGHTS_PATH = path.join(REPO_ROOT, 'src/server/analysis/rug-model/weights.json');
const DEFAULT_REPORT_PATH = path.join(REPO_ROOT, 'docs/rug-model-report.md');

const SEED = 0x5eed_2021;
const FOLDS = 5;
const LAMBDA = 1e-3;
const LAMBDA_GRID = [1e-4, 1e-3, 1e-2, 1e-1] as const;
const CLIP_PERCENTILES = [0.005, 0.995] as const;
const THRESHOLD = 0.5;
const SIGNIFICANT_DIGITS = 12;

type VariantId = 'all' | 'no_window_rates' | 'snapshot' | 'snapshot_core';

type Variant = { id: VariantId; title: string; features: readonly RugFeatureName[]; summary: string };

const WINDOW_RATE_FEATURES: readonly RugFeatureName[] = [
  'mint_count_per_week',
  'burn_count_per_week',
  'swap_in_per_week',
  'swap_out_per_week',
  'mint_mean_period',
  'swap_mean_period',
  'burn_mean_period',
];

/** Fixed candidate feature sets; `snapshot_core` is derived from `snapshot` by the sign rule below. */
const CANDIDATES: readonly Variant[] = [
  {
    id: 'all',
    title: 'All 18 features',
    features: RUG_FEATURE_NAMES,
    summary: 'every column of the data set',
  },
  {
    id: 'no_window_rates',
    title: 'Without per-week rates and mean periods (11)',
    features: RUG_FEATURE_NAMES.filter((f) => !WINDOW_RATE_FEATURES.includes(f)),
    summary:
      'drops the 4 `*_per_week` counts and the 3 `*_mean_period` fractions, which are normalised by the window length',
  },
  {
    id: 'snapshot',
    title: 'Snapshot features (5)',
    features: RUG_FEATURES.filter((f) => !f.windowSensitive).map((f) => f.name),
    summary:
      'only balances and ownership read at one moment (`windowSensitive: false` in features.ts), no event counts, ' +
      'mixes or timings accumulated over the window',
  },
];

/**
 * The runtime model: the snapshot features whose coefficient has the documented risk direction in
 * every CV fold fit of `snapshot` (a feature whose sign flips or contradicts its documented
 * direction cannot be explained to a user and is dropped).
 */
const CHOSEN_VARIANT: VariantId = 'snapshot_core';

function agreesWithDirection(name: RugFeatureName, coefficient: number): boolean {
  return getRugFeature(name).riskDirection === 'higher_is_riskier' ? coefficient > 0 : coefficient < 0;
}

// ---------------------------------------------------------------------------------------------
// Arguments

type Args = { data: string; weights: string; report: string; check: boolean };

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    data: DEFAULT_DATA_PATH,
    weights: DEFAULT_WEIGHTS_PATH,
    report: DEFAULT_REPORT_PATH,
    check: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return path.resolve(v);
    };
    if (a === '--data') args.data = value();
    else if (a === '--weights') args.weights = value();
    else if (a === '--report') args.report = value();
    else if (a === '--check') args.check = true;
    else
      throw new Error(
        `unknown argument ${a}; usage: train-rug-model [--data csv] [--weights json] [--report md] [--check]`,
      );
  }
  return args;
}

// ---------------------------------------------------------------------------------------------
// Data

type Dataset = {
  n: number;
  labels: Uint8Array;
  /** Raw values per feature, NaN where missing or invalid. */
  columns: Record<RugFeatureName, Float64Array>;
  /** Reconstructed active period in seconds per row, NaN when it could not be recovered. */
  activePeriod: Float64Array;
  cleaning: { feature: RugFeatureName; rows: number; rule: string }[];
  sha256: string;
  fileName: string;
};

function loadDataset(file: string): Dataset {
  const bytes = fs.readFileSync(file);
  const records = parseCsv(bytes.toString('utf8'));
  const header = records[0];
  if (!header) throw new Error(`${file}: empty`);
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: column ${name} missing`);
    return i;
  };
  const labelCol = col('Label');
  const featureCols = RUG_FEATURE_NAMES.map(col);
  const rows = records.slice(1).filter((r) => !(r.length === 1 && r[0] === ''));
  const n = rows.length;
  const labels = new Uint8Array(n);
  const columns = Object.fromEntries(RUG_FEATURE_NAMES.map((f) => [f, new Float64Array(n)])) as Record<
    RugFeatureName,
    Float64Array
  >;
  const activePeriod = new Float64Array(n);
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

  rows.forEach((r, i) => {
    if (r.length !== header.length)
      throw new Error(`${file}: row ${i + 2} has ${r.length} fields, expected ${header.length}`);
    const label = (r[labelCol] ?? '').trim().toUpperCase();
    if (label !== 'TRUE' && label !== 'FALSE')
      throw new Error(`${file}: row ${i + 2}: Label ${JSON.stringify(label)}`);
    labels[i] = label === 'TRUE' ? 1 : 0;
    // One reader of the row representation, shared with the train/serve parity test.
    const parsed = featuresFromDatasetRow(
      (name) => r[featureCols[RUG_FEATURE_NAMES.indexOf(name)] as number] ?? '',
    );
    for (const name of RUG_FEATURE_NAMES) columns[name][i] = parsed.values[name];
    for (const key of parsed.cleaning) bump(key);
    const window = reconstructWindow({
      mint_ratio: r[col('mint_ratio')] ?? '',
      swap_ratio: r[col('swap_ratio')] ?? '',
      burn_ratio: r[col('burn_ratio')] ?? '',
      mint_count_per_week: r[col('mint_count_per_week')] ?? '',
      swap_in_per_week: r[col('swap_in_per_week')] ?? '',
      swap_out_per_week: r[col('swap_out_per_week')] ?? '',
      swap_rate: r[col('swap_rate')] ?? '',
    });
    activePeriod[i] = window ? window.activePeriodSeconds : Number.NaN;
  });

  const cleaning = [...counts.entries()]
    .map(([key, rowsAffected]) => {
      const [feature, rule] = key.split('|') as [RugFeatureName, string];
      return { feature, rows: rowsAffected, rule };
    })
    .sort(
      (a, b) =>
        RUG_FEATURE_NAMES.indexOf(a.feature) - RUG_FEATURE_NAMES.indexOf(b.feature) ||
        a.rule.localeCompare(b.rule),
    );
  return {
    n,
    labels,
    columns,
    activePeriod,
    cleaning,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fileName: path.basename(file),
  };
}

// ---------------------------------------------------------------------------------------------
// Fitting and cross-validation

type Column = { spec: PreprocessSpec; values: Float64Array };

type FittedModel = { pre: FittedPreprocess[]; intercept: number; coefficients: number[]; iterations: number };

function featureColumns(data: Dataset, names: readonly RugFeatureName[]): Column[] {
  return names.map((name) => {
    const f = getRugFeature(name);
    return { spec: { name, scale: f.scale, validMin: f.validMin }, values: data.columns[name] };
  });
}

function fitModel(
  columns: readonly Column[],
  labels: Uint8Array,
  rows: Int32Array,
  lambda: number,
): FittedModel {
  const pre = columns.map((c) => fitPreprocess(c.spec, c.values, rows, CLIP_PERCENTILES));
  const X = buildDesign(
    pre,
    columns.map((c) => c.values),
    rows,
  );
  const y = Uint8Array.from(rows, (r) => labels[r] as number);
  const cw = balancedClassWeights(y);
  const w = Float64Array.from(y, (v) => (v === 1 ? cw.positive : cw.negative));
  const result = fitLogistic(X, y, w, pre.length, lambda);
  if (!result.converged)
    throw new Error(`logistic regression did not converge in ${result.iterations} iterations`);
  return {
    pre,
    intercept: result.intercept,
    coefficients: result.coefficients,
    iterations: result.iterations,
  };
}

function score(model: FittedModel, columns: readonly Column[], rows: Int32Array): Float64Array {
  const p = model.pre.length;
  const X = buildDesign(
    model.pre,
    columns.map((c) => c.values),
    rows,
  );
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    let t = model.intercept;
    for (let j = 0; j < p; j++) t += (model.coefficients[j] as number) * (X[i * p + j] as number);
    out[i] = sigmoid(t);
  }
  return out;
}

type MetricName = keyof ClassificationMetrics;
const METRICS: readonly { key: MetricName; label: string }[] = [
  { key: 'rocAuc', label: 'ROC AUC' },
  { key: 'prAuc', label: 'PR AUC (rug)' },
  { key: 'prAucNegative', label: 'PR AUC (non-rug)' },
  { key: 'precision', label: 'Precision (rug)' },
  { key: 'recall', label: 'Recall (rug)' },
  { key: 'f1', label: 'F1 (rug)' },
  { key: 'specificity', label: 'Specificity' },
  { key: 'balancedAccuracy', label: 'Balanced accuracy' },
];

type CvResult = {
  folds: ClassificationMetrics[];
  /** Per fold: ROC AUC comparing only rugs and non-rugs whose windows fall in the same length band. */
  windowMatchedAuc: number[];
  summary: Record<MetricName, { mean: number; std: number }>;
  /** Coefficients per fold, in column order. */
  foldCoefficients: number[][];
};

function crossValidate(
  columns: readonly Column[],
  data: Dataset,
  fold: Int32Array,
  lambda: number,
  rowFilter?: Uint8Array,
): CvResult {
  const folds: ClassificationMetrics[] = [];
  const windowMatchedAuc: number[] = [];
  const foldCoefficients: number[][] = [];
  for (let f = 0; f < FOLDS; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < data.n; i++) {
      if (rowFilter && !rowFilter[i]) continue;
      (fold[i] === f ? test : train).push(i);
    }
    const model = fitModel(columns, data.labels, Int32Array.from(train), lambda);
    const testRows = Int32Array.from(test);
    const scores = score(model, columns, testRows);
    folds.push(
      classificationMetrics(
        scores,
        Uint8Array.from(testRows, (r) => data.labels[r] as number),
        THRESHOLD,
      ),
    );
    windowMatchedAuc.push(windowMatchedRocAuc(scores, testRows, data));
    foldCoefficients.push(model.coefficients);
  }
  const summary = Object.fromEntries(
    METRICS.map(({ key }) => [key, meanAndStd(folds.map((m) => m[key]))]),
  ) as Record<MetricName, { mean: number; std: number }>;
  return { folds, windowMatchedAuc, summary, foldCoefficients };
}

/** Window-length bands (seconds) for the matched AUC. */
const WINDOW_BANDS = [
  0,
  3_600,
  6 * 3_600,
  86_400,
  3 * 86_400,
  7 * 86_400,
  30 * 86_400,
  90 * 86_400,
  Number.POSITIVE_INFINITY,
];

/**
 * Probability that a rug scores above a non-rug whose window falls in the same band (ties count one
 * half): the pair-weighted mean of the per-band ROC AUCs. A score that only knows the window length
 * gets little above 0.5 here.
 */
function windowMatchedRocAuc(scores: Float64Array, rows: Int32Array, data: Dataset): number {
  let weighted = 0;
  let pairs = 0;
  for (let b = 0; b + 1 < WINDOW_BANDS.length; b++) {
    const lo = WINDOW_BANDS[b] as number;
    const hi = WINDOW_BANDS[b + 1] as number;
    const s: number[] = [];
    const y: number[] = [];
    rows.forEach((row, i) => {
      const t = data.activePeriod[row] as number;
      if (t >= lo && t < hi) {
        s.push(scores[i] as number);
        y.push(data.labels[row] as number);
      }
    });
    const pos = y.reduce((acc, v) => acc + v, 0);
    const bandPairs = pos * (y.length - pos);
    if (bandPairs === 0) continue;
    weighted += rocAuc(s, y) * bandPairs;
    pairs += bandPairs;
  }
  return pairs > 0 ? weighted / pairs : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

type FeatureDiagnostic = {
  name: RugFeatureName;
  missing: number;
  medianRug: number;
  medianNonRug: number;
  /** ROC AUC of the raw value alone for the rug class (> 0.5: higher values are more often rugs). */
  univariateAuc: number;
  /** The same, comparing only rugs and non-rugs in the same window-length band. */
  univariateMatchedAuc: number;
  /** Spearman correlation with the reconstructed window length, within each class. */
  rhoWindowRug: number;
  rhoWindowNonRug: number;
};

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? quantileSorted(sorted, 0.5) : Number.NaN;
}

function diagnoseFeatures(data: Dataset): FeatureDiagnostic[] {
  return RUG_FEATURE_NAMES.map((name) => {
    const v = data.columns[name];
    const rug: number[] = [];
    const nonRug: number[] = [];
    const scores: number[] = [];
    const labels: number[] = [];
    const validRows: number[] = [];
    const winRug: [number[], number[]] = [[], []];
    const winNon: [number[], number[]] = [[], []];
    let missing = 0;
    for (let i = 0; i < data.n; i++) {
      const x = v[i] as number;
      if (Number.isNaN(x)) {
        missing++;
        continue;
      }
      const y = data.labels[i] as number;
      (y === 1 ? rug : nonRug).push(x);
      scores.push(x);
      labels.push(y);
      validRows.push(i);
      const t = data.activePeriod[i] as number;
      if (!Number.isNaN(t)) {
        const target = y === 1 ? winRug : winNon;
        target[0].push(x);
        target[1].push(t);
      }
    }
    return {
      name,
      missing,
      medianRug: median(rug),
      medianNonRug: median(nonRug),
      univariateAuc: rocAuc(scores, labels),
      univariateMatchedAuc: windowMatchedRocAuc(Float64Array.from(scores), Int32Array.from(validRows), data),
      rhoWindowRug: spearman(winRug[0], winRug[1]),
      rhoWindowNonRug: spearman(winNon[0], winNon[1]),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Output

function round(x: number): number {
  return x === 0 ? 0 : Number(x.toPrecision(SIGNIFICANT_DIGITS));
}

function roundStat(s: { mean: number; std: number }): { mean: number; std: number } {
  return { mean: round(s.mean), std: round(s.std) };
}

function fmt(x: number, digits = 3): string {
  if (Number.isNaN(x)) return '–';
  const s = x.toFixed(digits);
  return s === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : s;
}

function fmtG(x: number): string {
  if (Number.isNaN(x)) return '–';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e4 || a < 1e-3) return x.toExponential(2);
  return Number(x.toPrecision(3)).toString();
}

function pm(s: { mean: number; std: number }): string {
  return `${fmt(s.mean)} ± ${fmt(s.std)}`;
}

function days(seconds: number): string {
  const d = seconds / 86_400;
  if (d < 1) return `${fmtG(d * 24)} h`;
  return `${fmtG(d)} d`;
}

type Results = {
  data: Dataset;
  diagnostics: FeatureDiagnostic[];
  windowOnly: CvResult;
  windowStats: { label: string; count: number; quantiles: number[] }[];
  windowCoverage: number;
  variants: Variant[];
  droppedBySign: RugFeatureName[];
  cv: Map<VariantId, CvResult>;
  lambdaSweep: { lambda: number; cv: CvResult }[];
  chosen: Variant;
  final: FittedModel;
};

function buildWeights(r: Results): unknown {
  const { chosen, final, data } = r;
  const cv = r.cv.get(chosen.id) as CvResult;
  const rug = data.labels.reduce((s, y) => s + y, 0);
  return {
    formatVersion: RUG_MODEL_FORMAT_VERSION,
    model: 'logistic-regression',
    variant: chosen.id,
    description:
      'Class-weighted L2 logistic regression. Per feature: clip to [clipMin, clipMax], apply scale, z = (x - mean) / std; ' +
      'logit = intercept + sum(coefficient * z). Probability is under a 50/50 class prior.',
    intercept: round(final.intercept),
    features: final.pre.map((p, j) => ({
      name: p.name,
      scale: p.scale,
      validMin: p.validMin,
      clipMin: round(p.clipMin),
      clipMax: round(p.clipMax),
      mean: round(p.mean),
      std: round(p.std),
      coefficient: round(final.coefficients[j] as number),
      imputedValue: round(p.imputedValue),
    })),
    training: {
      dataset: { file: data.fileName, sha256: data.sha256, rows: data.n, rug, nonRug: data.n - rug },
      lambda: LAMBDA,
      classWeights: 'balanced: n / (2 n_class)',
      clipPercentiles: { lower: CLIP_PERCENTILES[0], upper: CLIP_PERCENTILES[1] },
      seed: SEED,
      newtonIterations: final.iterations,
    },
    metrics: {
      evaluation: `stratified ${FOLDS}-fold cross-validation, mean and sample std over folds, threshold ${THRESHOLD}`,
      cv: {
        ...Object.fromEntries(METRICS.map(({ key }) => [key, roundStat(cv.summary[key])])),
        windowMatchedRocAuc: roundStat(meanAndStd(cv.windowMatchedAuc)),
      },
      ablation: r.variants.map((v) => {
        const s = (r.cv.get(v.id) as CvResult).summary;
        return {
          variant: v.id,
          features: v.features.length,
          rocAuc: round(s.rocAuc.mean),
          windowMatchedRocAuc: round(meanAndStd((r.cv.get(v.id) as CvResult).windowMatchedAuc).mean),
          balancedAccuracy: round(s.balancedAccuracy.mean),
        };
      }),
      windowLengthOnlyRocAuc: round(r.windowOnly.summary.rocAuc.mean),
    },
  };
}

function buildReport(r: Results, model: RugModel): string {
  const { data, chosen, final } = r;
  const rug = data.labels.reduce((s, y) => s + y, 0);
  const nonRug = data.n - rug;
  const chosenCv = r.cv.get(chosen.id) as CvResult;
  const L: string[] = [];
  /** `align`: one letter per column, l or r (default: first column left, the others right). */
  const table = (head: string[], rows: string[][], align?: string) => {
    L.push(`| ${head.join(' | ')} |`);
    L.push(
      `|${head.map((_, i) => ((align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? ' --- ' : ' ---: ')).join('|')}|`,
    );
    for (const row of rows) L.push(`| ${row.join(' | ')} |`);
    L.push('');
  };

  L.push('# Rug model: data, method and cross-validated evaluation');
  L.push('');
  L.push(
    '_Generated by `npm run train:rug` (scripts/train-rug-model.ts); do not edit by hand. The decision record is ' +
      '[docs/decisions/0002-rug-model.md](decisions/0002-rug-model.md); the feature definitions are in ' +
      '`src/server/analysis/rug-model/features.ts`._',
  );
  L.push('');
  const allCv = r.cv.get('all') as CvResult;
  const nwrCv = r.cv.get('no_window_rates') as CvResult;
  const diag = (name: RugFeatureName) => r.diagnostics.find((d) => d.name === name) as FeatureDiagnostic;
  const shift = (name: RugFeatureName) =>
    `\`${name}\` ${fmt(diag(name).univariateAuc)} → ${fmt(diag(name).univariateMatchedAuc)}`;
  const matched = (cv: CvResult) => pm(meanAndStd(cv.windowMatchedAuc));
  const nonRugWindow = r.windowStats[1]?.quantiles ?? [];
  const rugWindow = r.windowStats[0]?.quantiles ?? [];

  L.push('## Summary');
  L.push('');
  L.push(
    `The runtime model is the **${chosen.title.toLowerCase()}** logistic regression (variant \`${chosen.id}\`: ` +
      `${chosen.features.map((f) => `\`${f}\``).join(', ')}). Stratified ${FOLDS}-fold CV: ROC AUC ` +
      `${pm(chosenCv.summary.rocAuc)}, balanced accuracy ${pm(chosenCv.summary.balancedAccuracy)}, rug recall ` +
      `${pm(chosenCv.summary.recall)} at specificity ${pm(chosenCv.summary.specificity)}, non-rug PR AUC ` +
      `${pm(chosenCv.summary.prAucNegative)} (baseline ${fmt(nonRug / data.n)}), window-matched ROC AUC ${matched(chosenCv)}.`,
  );
  L.push('');
  L.push(
    `The all-feature model scores higher (ROC AUC ${pm(allCv.summary.rocAuc)}), but the length of the observation ` +
      `window alone, which differs between the classes by construction, already reaches ROC AUC ${pm(r.windowOnly.summary.rocAuc)}. ` +
      'Much of the extra score is the window, not the risk, and would not carry over to a live pool observed "now".',
  );
  L.push('');
  L.push('### Why this feature set');
  L.push('');
  L.push(
    `1. **The window is a label proxy.** Rug rows are observed for a median ${days(rugWindow[2] ?? Number.NaN)}, ` +
      `non-rug rows for ${days(nonRugWindow[2] ?? Number.NaN)}; only 10 % of non-rug rows are younger than ` +
      `${days(nonRugWindow[0] ?? Number.NaN)}. FLAB Hub scores live pools, new ones above all: exactly where a model that ` +
      'learned "short history = rug" would extrapolate.',
  );
  L.push(
    '2. **Window-based features lose their signal when the window is held fixed.** Comparing only rugs and non-rugs ' +
      `in the same window-length band (the window-matched AUC, below), the univariate AUC moves ${shift('mint_count_per_week')}, ` +
      `${shift('swap_mean_period')}, ${shift('swap_rate')}, ${shift('mint_ratio')}, while the snapshot features keep ` +
      `theirs: ${shift('lp_creator_holding_ratio')}, ${shift('token_creator_holding_ratio')}. The event mixes and ` +
      'LP-holder counts kept by the README-suggested ablation (`no_window_rates`) still accumulate over the window ' +
      '(within-class Spearman ρ with the window length up to ±0.48).',
  );
  L.push(
    `3. **Every kept coefficient has the sign a user would expect, in every fold.** In the five-feature snapshot fit ` +
      `${r.droppedBySign.map((f) => `\`${f}\``).join(' and ')} did not (\`lp_lock_ratio\` turns positive next to ` +
      '`lp_creator_holding_ratio`, with which it is collinear: for a single-provider pool the two add up to about 1; ' +
      '`token_burn_ratio` is about 0 with a sign that varies by fold), so they were dropped; the script fails if a kept ' +
      'coefficient contradicts its documented direction.',
  );
  L.push(
    `4. **The cost is stated, not hidden.** \`all\` and \`no_window_rates\` keep a higher window-matched AUC ` +
      `(${matched(allCv)} and ${matched(nwrCv)}) than \`${chosen.id}\` (${matched(chosenCv)}). The bands are coarse and ` +
      `leave some window information (the window length alone still scores ${matched(r.windowOnly)} there), so part of ` +
      'that gap may be real signal we give up; we accept it for features whose meaning does not depend on pool age ' +
      'and that our indexer can compute from a snapshot.',
  );
  L.push('');

  L.push('## Data');
  L.push('');
  L.push(
    `- File \`${data.fileName}\` (sha256 \`${data.sha256}\`), read from \`../shared/datasets/\`, not copied into the ` +
      'repository. Source: kangmyoungseok/RugPull-Prediction-AI, `Dataset_v1.9.csv` (a 2021 student project; no ' +
      'licence stated, used as research data only).',
  );
  L.push(
    `- ${data.n} Uniswap V2 WETH pools on **Ethereum**: ${rug} labelled rug (TRUE, ${fmt((100 * rug) / data.n, 1)} %) ` +
      `and ${nonRug} not (FALSE). The rug class is the majority, so accuracy, rug precision and rug PR AUC look good ` +
      `for any model (always answering "rug" has precision ${fmt(rug / data.n)} and PR AUC ${fmt(rug / data.n)}); ` +
      'balanced accuracy, specificity and the non-rug PR AUC (baseline ' +
      `${fmt(nonRug / data.n)}) are the figures to read.`,
  );
  L.push(
    '- Label: TRUE when one event dropped the pool’s WETH to ≤ 1 % of what it held just before (a rule, not a ' +
      'manual review; swaps whose token input exceeded 5× the initial liquidity count, smaller ones are treated as MEV ' +
      'noise). Features are measured from the pool’s first Mint up to just before the rug (TRUE) or up to the pool’s ' +
      'last event (FALSE).',
  );
  L.push('');
  L.push(
    'Data cleaning (values the source stored for failed look-ups; treated as missing, i.e. imputed with the training mean):',
  );
  L.push('');
  table(
    ['Feature', 'Rows', 'Rule'],
    data.cleaning.map((c) => [`\`${c.feature}\``, String(c.rows), c.rule]),
    'lrl',
  );

  L.push('### The observation window differs between the classes');
  L.push('');
  L.push(
    'The published features are counts divided by (weeks + 1) and by the number of events, so each row’s window ' +
      `length and event counts can be recovered exactly (\`window-diagnostic.ts\`; ${r.windowCoverage} of ${data.n} ` +
      'rows recovered, every one consistent with its `swap_rate`). Active period (first Mint → last event in the window):',
  );
  L.push('');
  table(
    ['Class', 'Rows', 'p10', 'p25', 'median', 'p75', 'p90'],
    r.windowStats.map((s) => [s.label, String(s.count), ...s.quantiles.map(days)]),
  );
  L.push(
    `A logistic regression on log(1 + active period) alone reaches ROC AUC ${pm(r.windowOnly.summary.rocAuc)} and ` +
      `balanced accuracy ${pm(r.windowOnly.summary.balancedAccuracy)} in the same CV. Any feature that encodes the window ` +
      'length inherits that separation; at run time every pool is observed "now", young legitimate pools included, so ' +
      'such a feature would flag youth, not rugs.',
  );
  L.push('');
  L.push('### Per-feature view');
  L.push('');
  L.push(
    'Medians per class, the ROC AUC of the raw value alone (> 0.5: higher values are more often rugs), and the Spearman ' +
      'correlation with the window length **within** each class (how much the value is a function of the window):',
  );
  L.push('');
  table(
    [
      'Feature',
      'Window-sensitive',
      'Missing',
      'Median rug',
      'Median non-rug',
      'Univariate AUC',
      'Window-matched AUC',
      'ρ window (rug)',
      'ρ window (non-rug)',
    ],
    r.diagnostics.map((d) => [
      `\`${d.name}\``,
      getRugFeature(d.name).windowSensitive ? 'yes' : 'no',
      String(d.missing),
      fmtG(d.medianRug),
      fmtG(d.medianNonRug),
      fmt(d.univariateAuc),
      fmt(d.univariateMatchedAuc),
      fmt(d.rhoWindowRug, 2),
      fmt(d.rhoWindowNonRug, 2),
    ]),
  );

  L.push('## Method');
  L.push('');
  L.push(
    `- Pre-processing, fitted on the training rows of each fold (and on all rows for the final model): clip each raw ` +
      `value to the ${CLIP_PERCENTILES[0] * 100} and ${CLIP_PERCENTILES[1] * 100} percentiles of the valid training values, ` +
      'apply `log1p` to heavy-tailed counts and rates (`scale` in features.ts), standardise to mean 0 and std 1. Missing ' +
      'values become 0 after standardisation (the training mean), so they contribute nothing.',
  );
  L.push(
    `- Model: logistic regression with L2 penalty λ = ${LAMBDA} on the standardised coefficients (not the intercept), ` +
      'balanced class weights n / (2·n_class), fitted by Newton’s method with step halving (pure TypeScript, ' +
      'full batch, deterministic). Each transform is monotone and each coefficient has one sign, so the score is ' +
      'monotone in every feature and each feature’s contribution (coefficient × standardised value) explains the ' +
      'score additively.',
  );
  L.push(
    '- Window-matched ROC AUC: the probability that a rug scores above a non-rug **whose window falls in the same ' +
      `length band** (bands at ${WINDOW_BANDS.slice(1, -1)
        .map((b) => days(b))
        .join(
          ', ',
        )}), pooled over bands by number of pairs. A score that only knows the window gets little above ` +
      '0.5; a feature that keeps its AUC here carries information beyond the window.',
  );
  L.push(
    `- Evaluation: stratified ${FOLDS}-fold CV, folds dealt from a mulberry32 shuffle seeded with ${SEED}. Metrics per ` +
      `fold, then mean ± sample std over the folds. Thresholded metrics at probability ${THRESHOLD}, which with balanced ` +
      'weights means "more likely rug than not under a 50/50 prior". ROC AUC by the Mann–Whitney statistic with ' +
      'mid-ranks for ties; PR AUC as average precision with tied scores entering together.',
  );
  L.push(
    '- Because of the weighting the output probability refers (approximately) to a 50/50 prior, not to the 90 % rug ' +
      'prevalence of this sample, which says nothing about Base; read it as a score, not a calibrated frequency.',
  );
  L.push('');

  L.push('## Cross-validated results');
  L.push('');
  L.push('Feature sets:');
  L.push('');
  for (const v of r.variants) {
    L.push(
      `- \`${v.id}\`${v.id === chosen.id ? ' (**runtime model**)' : ''}: ${v.title.toLowerCase()}; ${v.summary}.`,
    );
  }
  L.push(
    '- `window_length_only` (diagnostic, not a candidate): log(1 + reconstructed active period), to show how much the ' +
      'window alone explains.',
  );
  L.push('');
  const cvColumns: [string, CvResult][] = [
    ...r.variants.map((v): [string, CvResult] => [`\`${v.id}\``, r.cv.get(v.id) as CvResult]),
    ['`window_length_only`', r.windowOnly],
  ];
  table(
    ['Metric (mean ± std over 5 folds)', ...cvColumns.map(([name]) => name)],
    [
      ...METRICS.map(({ key, label }) => [label, ...cvColumns.map(([, cv]) => pm(cv.summary[key]))]),
      ['Window-matched ROC AUC', ...cvColumns.map(([, cv]) => pm(meanAndStd(cv.windowMatchedAuc)))],
    ],
  );
  L.push(
    `Regularisation sensitivity of \`${chosen.id}\` (λ is fixed at ${LAMBDA} beforehand, not tuned on these folds):`,
  );
  L.push('');
  table(
    ['λ', 'ROC AUC', 'Balanced accuracy', 'PR AUC (non-rug)'],
    r.lambdaSweep.map(({ lambda, cv }) => [
      String(lambda),
      pm(cv.summary.rocAuc),
      pm(cv.summary.balancedAccuracy),
      pm(cv.summary.prAucNegative),
    ]),
  );

  L.push('## Runtime model coefficients');
  L.push('');
  L.push(
    `Fitted on all ${data.n} rows; intercept ${fmt(final.intercept, 4)}. Coefficient = change of the log-odds per ` +
      'standard deviation of the (clipped, scaled) feature; exp(coefficient) is the odds ratio per standard deviation. ' +
      '"CV range" is the smallest and largest coefficient across the 5 fold fits.',
  );
  L.push('');
  table(
    [
      'Feature',
      'Scale',
      'Clip (raw)',
      'Mean',
      'Std',
      'Coefficient',
      'Odds ratio / SD',
      'CV range',
      'Documented direction',
    ],
    final.pre.map((p, j) => {
      const c = final.coefficients[j] as number;
      const perFold = chosenCv.foldCoefficients.map((fc) => fc[j] as number);
      const def = getRugFeature(p.name as RugFeatureName);
      const agrees = c > 0 === (def.riskDirection === 'higher_is_riskier');
      return [
        `\`${p.name}\``,
        p.scale,
        `[${fmtG(p.clipMin)}, ${fmtG(p.clipMax)}]`,
        fmt(p.mean, 4),
        fmt(p.std, 4),
        fmt(c, 4),
        fmt(Math.exp(c), 3),
        `${fmt(Math.min(...perFold), 3)} … ${fmt(Math.max(...perFold), 3)}`,
        `${def.riskDirection === 'higher_is_riskier' ? 'higher = riskier' : 'lower = riskier'} (${agrees ? 'agrees' : 'CONTRADICTS'})`,
      ];
    }),
  );
  L.push(
    'Reading a prediction: each contribution is coefficient × standardised value, in log-odds, relative to the ' +
      'average training pool; a missing or invalid feature is imputed with the training mean (contribution 0) and ' +
      `listed as missing. With every feature missing the model returns σ(intercept) = ${fmt(sigmoid(model.intercept))}: ` +
      'the average of a 90 %-rug sample, not evidence, so callers must show "not enough data" instead. Examples ' +
      '(computed with `predictRug`):',
  );
  L.push('');
  const examples: { label: string; features: Partial<RugFeatures> }[] = [
    {
      label: 'creator holds all LP and half the supply, first launch',
      features: {
        lp_creator_holding_ratio: 1,
        token_creator_holding_ratio: 0.5,
        number_of_token_creation_of_creator: 1,
      },
    },
    {
      label: 'LP locked or burned, creator holds no supply, first launch',
      features: {
        lp_creator_holding_ratio: 0,
        token_creator_holding_ratio: 0,
        number_of_token_creation_of_creator: 1,
      },
    },
    {
      label: 'LP locked, creator holds 5 %, tenth launch',
      features: {
        lp_creator_holding_ratio: 0,
        token_creator_holding_ratio: 0.05,
        number_of_token_creation_of_creator: 10,
      },
    },
    { label: 'creator holds all LP, nothing else known', features: { lp_creator_holding_ratio: 1 } },
  ];
  table(
    ['Pool', 'Probability', 'Contributions (log-odds)', 'Missing'],
    examples.map(({ label, features }) => {
      const p = predictRug(model, features);
      return [
        label,
        fmt(p.score),
        p.contributions
          .map((c) => `${c.feature} ${c.contribution >= 0 ? '+' : ''}${fmt(c.contribution, 2)}`)
          .join('; '),
        p.missing.join(', ') || '–',
      ];
    }),
    'lrll',
  );
  for (const v of r.variants.filter((x) => x.id !== chosen.id)) {
    const coefs = (r.cv.get(v.id) as CvResult).foldCoefficients;
    L.push(`<details><summary>Coefficients of \`${v.id}\` (mean over the 5 fold fits)</summary>`);
    L.push('');
    table(
      ['Feature', 'Coefficient'],
      v.features.map((name, j) => [
        `\`${name}\``,
        fmt(meanAndStd(coefs.map((fc) => fc[j] as number)).mean, 4),
      ]),
    );
    L.push('</details>');
    L.push('');
  }

  L.push('## Caveats');
  L.push('');
  L.push(
    '- **Ethereum, 2021, not Base.** Different fees, bots, launch platforms and locker contracts; expect a shift. The ' +
      'figures above are in-distribution CV on one sample and overstate what to expect on Base.',
  );
  L.push(
    '- **Labels are a rule.** "WETH dropped to ≤ 1 % in one event" catches liquidity pulls and large dumps; slow rugs, ' +
      'honeypots and tax rugs are labelled FALSE, and an honest project moving all its liquidity in one transaction ' +
      'is labelled TRUE.',
  );
  L.push(
    `- **Window leakage.** Rug rows stop just before the rug, others at the last event (median ${days(rugWindow[2] ?? Number.NaN)} ` +
      `vs ${days(nonRugWindow[2] ?? Number.NaN)}). Rates per week, mean periods, event mixes and LP-holder counts encode that ` +
      'length; the runtime model leaves them out. The snapshot features it keeps are also read at different moments ' +
      'per class (just before the rug vs end of life), and for a rug done by burning LP the creator necessarily still ' +
      'holds that LP just before: `lp_creator_holding_ratio` is the classic "unlocked LP" check, but partly the ' +
      'precondition of the label too, so its effect size is optimistic.',
  );
  L.push(
    '- **Imbalance.** 90 % of rows are rugs, a property of how the source sampled pools, not of Base. The balanced ' +
      'weighting removes that prior from the probability, but with few non-rug rows specificity and the non-rug PR AUC ' +
      'are the noisiest figures.',
  );
  L.push(
    '- **Data quality.** Failed look-ups were stored as −1 (cleaned above); `token_*` ratios divide by the totalSupply at ' +
      'crawl time, not at the window end; LP holders come from Mint/Burn events only (LP transfers ignored); ' +
      '`number_of_token_creation_of_creator` counts within the source sample, so tokens of one serial creator share a ' +
      'value across CV folds (no creator address is published to group folds by).',
  );
  L.push(
    '- **Use.** The model is one line of evidence next to the contract checks and the trade simulation, shown with its ' +
      'per-feature contributions; it is not a verdict on its own.',
  );
  L.push('');
  return `${L.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------
// Main

function main(): void {
  const started = performance.now();
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(args.data)) {
    throw new Error(
      `data set not found at ${args.data}; pass --data <path to rugpull-uniswap-v2-features.csv>`,
    );
  }
  const data = loadDataset(args.data);
  const fold = stratifiedFolds(data.labels, FOLDS, SEED);

  const cv = new Map<VariantId, CvResult>();
  for (const v of CANDIDATES)
    cv.set(v.id, crossValidate(featureColumns(data, v.features), data, fold, LAMBDA));
  const snapshot = CANDIDATES.find((v) => v.id === 'snapshot') as Variant;
  const snapshotCv = cv.get('snapshot') as CvResult;
  const keep = snapshot.features.map((name, j) =>
    snapshotCv.foldCoefficients.every((fc) => agreesWithDirection(name, fc[j] as number)),
  );
  const droppedBySign = snapshot.features.filter((_, j) => !keep[j]);
  const core: Variant = {
    id: 'snapshot_core',
    title: `Snapshot core (${keep.filter(Boolean).length})`,
    features: snapshot.features.filter((_, j) => keep[j]),
    summary: `the snapshot features whose coefficient has its documented risk direction in every fold (drops ${droppedBySign.map((f) => `\`${f}\``).join(', ') || 'none'})`,
  };
  cv.set(core.id, crossValidate(featureColumns(data, core.features), data, fold, LAMBDA));
  const variants = [...CANDIDATES, core];

  const windowColumn: Column = {
    spec: { name: 'window_length', scale: 'log1p', validMin: 0 },
    values: data.activePeriod,
  };
  const hasWindow = Uint8Array.from(data.activePeriod, (t) => (Number.isNaN(t) ? 0 : 1));
  const windowOnly = crossValidate([windowColumn], data, fold, LAMBDA, hasWindow);
  const windowCoverage = hasWindow.reduce((s, x) => s + x, 0);
  const windowStats = [
    { label: 'rug (TRUE)', y: 1 },
    { label: 'non-rug (FALSE)', y: 0 },
  ].map(({ label, y }) => {
    const sorted = Array.from(data.activePeriod)
      .filter((t, i) => !Number.isNaN(t) && data.labels[i] === y)
      .sort((a, b) => a - b);
    return {
      label,
      count: sorted.length,
      quantiles: [0.1, 0.25, 0.5, 0.75, 0.9].map((q) => quantileSorted(sorted, q)),
    };
  });

  const chosen = variants.find((v) => v.id === CHOSEN_VARIANT) as Variant;
  const chosenColumns = featureColumns(data, chosen.features);
  const lambdaSweep = LAMBDA_GRID.map((lambda) => ({
    lambda,
    cv:
      lambda === LAMBDA ? (cv.get(chosen.id) as CvResult) : crossValidate(chosenColumns, data, fold, lambda),
  }));
  const final = fitModel(
    chosenColumns,
    data.labels,
    Int32Array.from({ length: data.n }, (_, i) => i),
    LAMBDA,
  );
  // Guard: the runtime model must be explainable, every coefficient in its documented direction.
  const chosenCv = cv.get(chosen.id) as CvResult;
  chosen.features.forEach((name, j) => {
    const all = [...chosenCv.foldCoefficients.map((fc) => fc[j] as number), final.coefficients[j] as number];
    if (!all.every((c) => agreesWithDirection(name, c))) {
      throw new Error(
        `${name}: coefficient sign contradicts its documented risk direction (${all.join(', ')})`,
      );
    }
  });

  const diagnostics = diagnoseFeatures(data);
  // Guard: the documented risk directions in features.ts must match what the data show.
  for (const d of diagnostics) {
    const documented = getRugFeature(d.name).riskDirection === 'higher_is_riskier';
    if (documented !== d.univariateAuc > 0.5) {
      throw new Error(
        `${d.name}: documented risk direction contradicts the univariate AUC ${d.univariateAuc}`,
      );
    }
  }
  const results: Results = {
    data,
    diagnostics,
    windowOnly,
    windowStats,
    windowCoverage,
    variants,
    droppedBySign,
    cv,
    lambdaSweep,
    chosen,
    final,
  };
  const weights = buildWeights(results);
  // Round-trip through the runtime loader: the file we write is the file the server can read.
  const model = loadRugModel(weights);
  const outputs: [string, string][] = [
    [args.weights, `${JSON.stringify(weights, null, 2)}\n`],
    [args.report, buildReport(results, model)],
  ];

  let differs = false;
  for (const [file, content] of outputs) {
    if (args.check) {
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (current !== content) {
        differs = true;
        console.error(`differs: ${path.relative(process.cwd(), file)}`);
      }
    } else {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
  }
  for (const v of variants) {
    const s = (cv.get(v.id) as CvResult).summary;
    console.log(
      `${v.id.padEnd(16)} matched AUC ${pm(meanAndStd((cv.get(v.id) as CvResult).windowMatchedAuc))} ROC AUC ${pm(s.rocAuc)}  balanced acc ${pm(s.balancedAccuracy)}  specificity ${pm(s.specificity)}${v.id === chosen.id ? '  ← runtime' : ''}`,
    );
  }
  console.log(
    `window length only ROC AUC ${pm(windowOnly.summary.rocAuc)} matched ${pm(meanAndStd(windowOnly.windowMatchedAuc))}`,
  );
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (differs) process.exit(1);
}

main();
