/**
 * Offline fitting and evaluation for the rug model, used by scripts/train-rug-model.ts. Pure and
 * deterministic (no I/O, no unseeded randomness): a seeded PRNG drives the fold assignment, the fit is a
 * full-batch Newton method.
 */
import type { FeatureScale } from './features';
import {
  isValidFeatureValue,
  type RugModelFeature,
  scaleValue,
  sigmoid,
  standardizeValue,
  unscaleValue,
} from './model';

// ---------------------------------------------------------------------------------------------
// Randomness and folds

/** mulberry32: a tiny 32-bit seeded PRNG, uniform in [0, 1). */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/**
 * Stratified k-fold assignment: each class is shuffled with the seeded PRNG and dealt round-robin,
 * so every fold holds ⌊n_c/k⌋ or ⌈n_c/k⌉ rows of each class c. Returns the fold of each row.
 */
export function stratifiedFolds(labels: ArrayLike<number>, k: number, seed: number): Int32Array {
  if (!Number.isInteger(k) || k < 2) throw new Error('k must be an integer ≥ 2');
  const random = createPrng(seed);
  const fold = new Int32Array(labels.length);
  const classes = [...new Set(Array.from(labels))].sort((a, b) => a - b);
  for (const c of classes) {
    const idx: number[] = [];
    for (let i = 0; i < labels.length; i++) if (labels[i] === c) idx.push(i);
    shuffled(idx, random).forEach((row, position) => {
      fold[row] = position % k;
    });
  }
  return fold;
}

// ---------------------------------------------------------------------------------------------
// Pre-processing

/** Quantile of ascending-sorted values, linear interpolation between order statistics (type 7). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new Error('quantile of an empty list');
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}

export type PreprocessSpec = {
  /** A rug feature, or a diagnostic column (the script also scores the window length alone). */
  name: string;
  scale: FeatureScale;
  validMin: number | null;
};

export type FittedPreprocess = Omit<RugModelFeature, 'coefficient' | 'name'> & { name: string };

/**
 * Fits clip bounds (percentiles of the valid training values), then mean and population std of the
 * clipped, scaled values. `column` holds raw values, NaN for missing.
 */
export function fitPreprocess(
  spec: PreprocessSpec,
  column: ArrayLike<number>,
  rows: ArrayLike<number>,
  clipPercentiles: readonly [number, number],
): FittedPreprocess {
  const values: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const x = column[rows[r] as number];
    if (isValidFeatureValue(spec.validMin, x)) values.push(x);
  }
  if (values.length === 0) throw new Error(`feature ${spec.name}: no valid training values`);
  values.sort((a, b) => a - b);
  let clipMin = quantileSorted(values, clipPercentiles[0]);
  const clipMax = quantileSorted(values, clipPercentiles[1]);
  if (spec.scale === 'log1p' && clipMin <= -1) throw new Error(`feature ${spec.name}: log1p of a value ≤ −1`);
  if (spec.validMin !== null) clipMin = Math.max(clipMin, spec.validMin);
  let sum = 0;
  for (const x of values) sum += scaleValue(spec.scale, Math.min(clipMax, Math.max(clipMin, x)));
  const mean = sum / values.length;
  let ss = 0;
  for (const x of values) {
    const d = scaleValue(spec.scale, Math.min(clipMax, Math.max(clipMin, x))) - mean;
    ss += d * d;
  }
  const sd = Math.sqrt(ss / values.length);
  return {
    name: spec.name,
    scale: spec.scale,
    validMin: spec.validMin,
    clipMin,
    clipMax,
    mean,
    // A constant column carries no information; std 1 keeps z = 0 instead of dividing by zero.
    std: sd > 1e-12 ? sd : 1,
    imputedValue: unscaleValue(spec.scale, mean),
  };
}

/** Standardised design matrix (row-major, n × p); missing or invalid values become 0 (the mean). */
export function buildDesign(
  pre: readonly FittedPreprocess[],
  columns: readonly ArrayLike<number>[],
  rows: ArrayLike<number>,
): Float64Array {
  const p = pre.length;
  const X = new Float64Array(rows.length * p);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as number;
    for (let j = 0; j < p; j++) {
      const f = pre[j] as FittedPreprocess;
      const x = (columns[j] as ArrayLike<number>)[row];
      X[r * p + j] = isValidFeatureValue(f.validMin, x) ? standardizeValue(f, x) : 0;
    }
  }
  return X;
}

// ---------------------------------------------------------------------------------------------
// Logistic regression

export type LogisticFit = {
  intercept: number;
  coefficients: number[];
  iterations: number;
  converged: boolean;
  /** Weighted mean log-loss plus penalty at the solution. */
  objective: number;
};

function softplus(t: number): number {
  return Math.max(t, 0) + Math.log1p(Math.exp(-Math.abs(t)));
}

/** Solves A x = b for a symmetric positive-definite A (row-major m × m) by Cholesky. */
export function solveSpd(A: Float64Array, b: Float64Array, m: number): Float64Array {
  const L = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * m + j] as number;
      for (let k = 0; k < j; k++) s -= (L[i * m + k] as number) * (L[j * m + k] as number);
      if (i === j) {
        if (!(s > 0)) throw new Error('matrix is not positive definite');
        L[i * m + i] = Math.sqrt(s);
      } else {
        L[i * m + j] = s / (L[j * m + j] as number);
      }
    }
  }
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (L[i * m + k] as number) * (y[k] as number);
    y[i] = s / (L[i * m + i] as number);
  }
  const x = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = y[i] as number;
    for (let k = i + 1; k < m; k++) s -= (L[k * m + i] as number) * (x[k] as number);
    x[i] = s / (L[i * m + i] as number);
  }
  return x;
}

/**
 * Minimises (1/Σw) Σ w_i · logloss(y_i, σ(b + x_i·β)) + (λ/2)·‖β‖² (intercept not penalised) by
 * Newton's method with step halving. X is row-major n × p, y ∈ {0,1}, w > 0.
 */
export function fitLogistic(
  X: Float64Array,
  y: ArrayLike<number>,
  w: ArrayLike<number>,
  p: number,
  lambda: number,
  options: { maxIterations?: number; tolerance?: number } = {},
): LogisticFit {
  const n = y.length;
  if (X.length !== n * p) throw new Error('design matrix size mismatch');
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-10;
  const m = p + 1; // parameter 0 is the intercept
  let totalW = 0;
  for (let i = 0; i < n; i++) totalW += w[i] as number;

  const objective = (beta: Float64Array): number => {
    let loss = 0;
    for (let i = 0; i < n; i++) {
      let t = beta[0] as number;
      for (let j = 0; j < p; j++) t += (beta[j + 1] as number) * (X[i * p + j] as number);
      loss += (w[i] as number) * (softplus(t) - (y[i] as number) * t);
    }
    let pen = 0;
    for (let j = 1; j < m; j++) pen += (beta[j] as number) ** 2;
    return loss / totalW + 0.5 * lambda * pen;
  };

  let beta = new Float64Array(m);
  let current = objective(beta);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations += 1;
    const grad = new Float64Array(m);
    const H = new Float64Array(m * m);
    const xi = new Float64Array(m);
    xi[0] = 1;
    for (let i = 0; i < n; i++) {
      let t = beta[0] as number;
      for (let j = 0; j < p; j++) {
        const v = X[i * p + j] as number;
        xi[j + 1] = v;
        t += (beta[j + 1] as number) * v;
      }
      const mu = sigmoid(t);
      const wi = (w[i] as number) / totalW;
      const r = wi * (mu - (y[i] as number));
      const h = wi * mu * (1 - mu);
      for (let a = 0; a < m; a++) {
        const xa = xi[a] as number;
        grad[a] = (grad[a] as number) + r * xa;
        const hx = h * xa;
        for (let b = 0; b <= a; b++) H[a * m + b] = (H[a * m + b] as number) + hx * (xi[b] as number);
      }
    }
    for (let a = 0; a < m; a++) for (let b = 0; b < a; b++) H[b * m + a] = H[a * m + b] as number;
    for (let j = 1; j < m; j++) {
      grad[j] = (grad[j] as number) + lambda * (beta[j] as number);
      H[j * m + j] = (H[j * m + j] as number) + lambda;
    }
    // A tiny ridge on the intercept keeps the system solvable if all weights saturate.
    H[0] = (H[0] as number) + 1e-12;
    const step = solveSpd(H, grad, m);
    let scale = 1;
    let next = beta;
    let nextObjective = current;
    for (let halving = 0; halving < 40; halving++) {
      const candidate = new Float64Array(m);
      for (let a = 0; a < m; a++) candidate[a] = (beta[a] as number) - scale * (step[a] as number);
      const value = objective(candidate);
      if (value <= current) {
        next = candidate;
        nextObjective = value;
        break;
      }
      scale /= 2;
    }
    let maxStep = 0;
    for (let a = 0; a < m; a++)
      maxStep = Math.max(maxStep, Math.abs((next[a] as number) - (beta[a] as number)));
    beta = next;
    current = nextObjective;
    if (maxStep < tolerance) {
      converged = true;
      break;
    }
  }
  return {
    intercept: beta[0] as number,
    coefficients: Array.from(beta.subarray(1)),
    iterations,
    converged,
    objective: current,
  };
}

/** Weights making each class weigh half of the total: w_c = n / (2 · n_c). */
export function balancedClassWeights(y: ArrayLike<number>): { positive: number; negative: number } {
  let pos = 0;
  for (let i = 0; i < y.length; i++) if (y[i] === 1) pos++;
  const neg = y.length - pos;
  if (pos === 0 || neg === 0) throw new Error('both classes are needed');
  return { positive: y.length / (2 * pos), negative: y.length / (2 * neg) };
}

// ---------------------------------------------------------------------------------------------
// Metrics (positive class = label 1)

/** ROC AUC by the Mann–Whitney statistic with mid-ranks: a tie between classes counts one half. */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[a] as number) - (scores[b] as number),
  );
  let pos = 0;
  let rankSumPos = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    const s = scores[order[i] as number] as number;
    while (j < n && scores[order[j] as number] === s) j++;
    const midRank = (i + 1 + j) / 2; // ranks i+1 … j
    for (let k = i; k < j; k++) {
      if (labels[order[k] as number] === 1) {
        pos++;
        rankSumPos += midRank;
      }
    }
    i = j;
  }
  const neg = n - pos;
  if (pos === 0 || neg === 0) return Number.NaN;
  return (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * PR AUC as average precision: Σ (R_k − R_{k−1}) · P_k over the distinct score thresholds, taken
 * from the highest score down; rows with equal scores enter together (no optimistic tie order).
 */
export function averagePrecision(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (scores[b] as number) - (scores[a] as number),
  );
  let totalPos = 0;
  for (let i = 0; i < n; i++) if (labels[i] === 1) totalPos++;
  if (totalPos === 0) return Number.NaN;
  let tp = 0;
  let seen = 0;
  let ap = 0;
  let prevRecall = 0;
  let i = 0;
  while (i < n) {
    const s = scores[order[i] as number] as number;
    while (i < n && scores[order[i] as number] === s) {
      if (labels[order[i] as number] === 1) tp++;
      seen++;
      i++;
    }
    const recall = tp / totalPos;
    ap += (recall - prevRecall) * (tp / seen);
    prevRecall = recall;
  }
  return ap;
}

export type ClassificationMetrics = {
  precision: number;
  recall: number;
  f1: number;
  specificity: number;
  balancedAccuracy: number;
  accuracy: number;
  rocAuc: number;
  prAuc: number;
  /** PR AUC for the negative class (scores negated): informative when the positive class is the majority. */
  prAucNegative: number;
};

/** Metrics for scores in [0,1]; a row is predicted positive when score ≥ threshold. */
export function classificationMetrics(
  scores: ArrayLike<number>,
  labels: ArrayLike<number>,
  threshold: number,
): ClassificationMetrics {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (let i = 0; i < scores.length; i++) {
    const predicted = (scores[i] as number) >= threshold;
    if (labels[i] === 1) predicted ? tp++ : fn++;
    else predicted ? fp++ : tn++;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const specificity = tn + fp > 0 ? tn / (tn + fp) : 0;
  const negated = Array.from(scores, (s) => -s);
  const negLabels = Array.from(labels, (l) => (l === 1 ? 0 : 1));
  return {
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    specificity,
    balancedAccuracy: (recall + specificity) / 2,
    accuracy: (tp + tn) / Math.max(1, scores.length),
    rocAuc: rocAuc(scores, labels),
    prAuc: averagePrecision(scores, labels),
    prAucNegative: averagePrecision(negated, negLabels),
  };
}

/** Spearman rank correlation (mid-ranks for ties); NaN if either side is constant. */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ra = midRanks(a);
  const rb = midRanks(b);
  const n = ra.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += ra[i] as number;
    mb += rb[i] as number;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = (ra[i] as number) - ma;
    const db = (rb[i] as number) - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : Number.NaN;
}

function midRanks(v: ArrayLike<number>): Float64Array {
  const n = v.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => (v[x] as number) - (v[y] as number));
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && v[order[j] as number] === v[order[i] as number]) j++;
    for (let k = i; k < j; k++) ranks[order[k] as number] = (i + 1 + j) / 2;
    i = j;
  }
  return ranks;
}

export function meanAndStd(values: readonly number[]): { mean: number; std: number } {
  const n = values.length;
  if (n === 0) return { mean: Number.NaN, std: Number.NaN };
  const mean = values.reduce((s, x) => s + x, 0) / n;
  // Sample standard deviation across folds (n − 1), the usual way to report CV spread.
  const variance = n > 1 ? values.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, std: Math.sqrt(variance) };
}
