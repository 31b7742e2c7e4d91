/**
 * Run-time side of the rug model: a class-weighted, L2-regularised logistic regression fitted
 * offline by `scripts/train-rug-model.ts` (see docs/rug-model-report.md). Pure: the caller imports
 * weights.json and passes it to `loadRugModel`.
 *
 * Per feature, raw value x → clip to [clipMin, clipMax] → scale (identity or log1p) → z = (s − mean) / std;
 * logit = intercept + Σ coefficient · z. A feature that is missing or invalid is imputed with the
 * training mean (z = 0, contribution 0) and listed in `missing`.
 */
import { z } from 'zod';
import { type FeatureScale, RUG_FEATURE_NAMES, type RugFeatureName, type RugFeatures } from './features';

export const RUG_MODEL_FORMAT_VERSION = 1;

export type RugModelFeature = {
  name: RugFeatureName;
  scale: FeatureScale;
  /** Values below this are errors, treated as missing; null: no bound. */
  validMin: number | null;
  /** Clip bounds in raw units (training-set percentiles). */
  clipMin: number;
  clipMax: number;
  /** Mean and standard deviation of the clipped, scaled training values. */
  mean: number;
  std: number;
  /** Change of the logit per standard deviation of the scaled feature. */
  coefficient: number;
  /** The raw value that maps to the training mean: what a missing value is imputed with. */
  imputedValue: number;
};

export type RugModel = {
  formatVersion: number;
  variant: string;
  intercept: number;
  features: RugModelFeature[];
};

export type RugContribution = {
  feature: RugFeatureName;
  /** Raw value used: the input, or the imputed value when the input was missing or invalid. */
  value: number;
  /** Additive share of the logit (log-odds), relative to an average training pool. */
  contribution: number;
};

export type RugPrediction = {
  /**
   * Rug score in [0, 1]: the logistic output of a fit with balanced class weights. It ranks tokens
   * and is uncalibrated (docs/rug-model-report.md), so it is named a score.
   */
  score: number;
  contributions: RugContribution[];
  /**
   * Model features that were absent, non-finite or below their valid minimum, imputed with the mean.
   * When it lists every model feature, `score` is σ(intercept), the average training pool, not
   * evidence: show "not enough data" instead.
   */
  missing: RugFeatureName[];
};

const featureNameSchema = z
  .string()
  .refine((s): s is RugFeatureName => (RUG_FEATURE_NAMES as readonly string[]).includes(s), {
    message: 'unknown rug feature',
  });

const modelSchema = z.object({
  formatVersion: z.literal(RUG_MODEL_FORMAT_VERSION),
  variant: z.string(),
  intercept: z.number().finite(),
  features: z
    .array(
      z
        .object({
          name: featureNameSchema,
          scale: z.enum(['linear', 'log1p']),
          validMin: z.number().finite().nullable(),
          clipMin: z.number().finite(),
          clipMax: z.number().finite(),
          mean: z.number().finite(),
          std: z.number().finite().positive(),
          coefficient: z.number().finite(),
          imputedValue: z.number().finite(),
        })
        .refine((f) => f.clipMin <= f.clipMax, { message: 'clipMin > clipMax' })
        .refine((f) => f.scale !== 'log1p' || f.clipMin > -1, { message: 'log1p needs clipMin > -1' }),
    )
    .min(1)
    .refine((fs) => new Set(fs.map((f) => f.name)).size === fs.length, { message: 'duplicate feature' }),
});

/** Validates weights.json (already parsed) and returns the model; throws with the reasons if malformed. */
export function loadRugModel(weightsJson: unknown): RugModel {
  const parsed = modelSchema.safeParse(weightsJson);
  if (!parsed.success) {
    const reasons = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new Error(`invalid rug model weights: ${reasons}`);
  }
  const m = parsed.data;
  return {
    formatVersion: m.formatVersion,
    variant: m.variant,
    intercept: m.intercept,
    features: m.features.map((f) => ({ ...f, name: f.name as RugFeatureName })),
  };
}

export function scaleValue(scale: FeatureScale, x: number): number {
  return scale === 'log1p' ? Math.log1p(x) : x;
}

export function unscaleValue(scale: FeatureScale, s: number): number {
  return scale === 'log1p' ? Math.expm1(s) : s;
}

/** Whether a raw value can be used (finite and not below the feature's valid minimum). */
export function isValidFeatureValue(validMin: number | null, x: number | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x) && (validMin === null || x >= validMin);
}

/** Raw value → standardised model input (clip, scale, centre, divide by std). */
export function standardizeValue(
  f: Pick<RugModelFeature, 'scale' | 'clipMin' | 'clipMax' | 'mean' | 'std'>,
  x: number,
): number {
  const clipped = Math.min(f.clipMax, Math.max(f.clipMin, x));
  return (scaleValue(f.scale, clipped) - f.mean) / f.std;
}

export function sigmoid(t: number): number {
  if (t >= 0) return 1 / (1 + Math.exp(-t));
  const e = Math.exp(t);
  return e / (1 + e);
}

export function predictRug(model: RugModel, features: Partial<RugFeatures>): RugPrediction {
  const missing: RugFeatureName[] = [];
  const contributions: RugContribution[] = [];
  let logit = model.intercept;
  for (const f of model.features) {
    const x = features[f.name];
    if (!isValidFeatureValue(f.validMin, x)) {
      missing.push(f.name);
      contributions.push({ feature: f.name, value: f.imputedValue, contribution: 0 });
      continue;
    }
    const contribution = f.coefficient * standardizeValue(f, x);
    logit += contribution;
    contributions.push({ feature: f.name, value: x, contribution });
  }
  // Array.prototype.sort is stable: equal magnitudes keep the model's feature order.
  contributions.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  return { score: sigmoid(logit), contributions, missing };
}
