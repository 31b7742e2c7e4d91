/**
 * One row of the training set (`rugpull-uniswap-v2-features.csv`) → model inputs, exactly as the
 * training script reads it: a value is used when it parses as a finite number at or above the
 * feature's valid minimum (the source stored failed look-ups as −1), and lp_lock_ratio is dropped
 * when lp_creator_holding_ratio is a failed look-up (both come from the same LP balance). The
 * training script (scripts/train-rug-model.ts) and the train/serve parity test both call this, so
 * the row representation has one reader.
 */
import { getRugFeature, RUG_FEATURE_NAMES, type RugFeatureName } from './features';

export type DatasetRowFeatures = {
  /** Every feature; NaN when missing. */
  values: Record<RugFeatureName, number>;
  /** Cleaning applied, as "feature|rule" keys (for the training report's cleaning table). */
  cleaning: string[];
};

/** `cell(name)` returns the row's text for a feature column. */
export function featuresFromDatasetRow(cell: (name: RugFeatureName) => string): DatasetRowFeatures {
  const cleaning: string[] = [];
  const values = {} as Record<RugFeatureName, number>;
  for (const name of RUG_FEATURE_NAMES) {
    const text = cell(name).trim();
    const x = text === '' ? Number.NaN : Number(text);
    const { validMin } = getRugFeature(name);
    if (!Number.isFinite(x)) cleaning.push(`${name}|not a number`);
    else if (validMin !== null && x < validMin)
      cleaning.push(`${name}|below ${validMin}: failed look-up (−1 sentinel) in the source`);
    values[name] = Number.isFinite(x) && (validMin === null || x >= validMin) ? x : Number.NaN;
  }
  // lp_lock_ratio is computed from the same LP balance look-up as lp_creator_holding_ratio: when that
  // look-up failed (negative holding ratio), the lock ratio is wrong too.
  if (Number.isNaN(values.lp_creator_holding_ratio) && !Number.isNaN(values.lp_lock_ratio)) {
    values.lp_lock_ratio = Number.NaN;
    cleaning.push(
      'lp_lock_ratio|set missing where lp_creator_holding_ratio is a failed look-up (same LP balance)',
    );
  }
  return { values, cleaning };
}
