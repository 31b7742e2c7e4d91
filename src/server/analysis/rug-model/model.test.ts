import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getRugFeature, RUG_FEATURE_NAMES, type RugFeatureName, type RugFeatures } from './features';
import { loadRugModel, predictRug, type RugModel, sigmoid, standardizeValue } from './model';
import weightsJson from './weights.json';

/** A hand-made model whose outputs can be worked out on paper. */
const FIXTURE = {
  formatVersion: 1,
  variant: 'fixture',
  intercept: 0.5,
  features: [
    {
      name: 'lp_creator_holding_ratio',
      scale: 'linear',
      validMin: 0,
      clipMin: 0,
      clipMax: 1,
      mean: 0.5,
      std: 0.25,
      coefficient: 2,
      imputedValue: 0.5,
    },
    {
      name: 'number_of_token_creation_of_creator',
      scale: 'log1p',
      validMin: 0,
      clipMin: 1,
      clipMax: 99,
      mean: Math.log(2),
      std: Math.log(2),
      coefficient: 1,
      imputedValue: 1,
    },
    {
      name: 'token_burn_ratio',
      scale: 'linear',
      validMin: 0,
      clipMin: 0,
      clipMax: 1,
      mean: 0.2,
      std: 0.4,
      coefficient: -1,
      imputedValue: 0.2,
    },
  ],
};

const fixture = loadRugModel(FIXTURE);
const shipped = loadRugModel(weightsJson);

describe('predictRug on a literal fixture', () => {
  it('computes the logit from clipped, scaled, standardised values', () => {
    // lp: (1 − 0.5)/0.25 = 2 → +4; creations: (log 4 − log 2)/log 2 = 1 → +1; burn: (0.6 − 0.2)/0.4 = 1 → −1.
    const p = predictRug(fixture, {
      lp_creator_holding_ratio: 1,
      number_of_token_creation_of_creator: 3,
      token_burn_ratio: 0.6,
    });
    expect(p.score).toBeCloseTo(sigmoid(0.5 + 4 + 1 - 1), 12);
    expect(p.missing).toEqual([]);
    expect(p.contributions.map((c) => c.feature)).toEqual([
      'lp_creator_holding_ratio',
      'number_of_token_creation_of_creator',
      'token_burn_ratio',
    ]);
    expect(p.contributions[0]?.contribution).toBeCloseTo(4, 12);
    expect(p.contributions[1]?.contribution).toBeCloseTo(1, 12);
    expect(p.contributions[2]?.contribution).toBeCloseTo(-1, 12);
  });

  it('clips out-of-range values to the training bounds but reports the raw value', () => {
    const clipped = predictRug(fixture, {
      lp_creator_holding_ratio: 7,
      number_of_token_creation_of_creator: 1e9,
      token_burn_ratio: 0,
    });
    const atBounds = predictRug(fixture, {
      lp_creator_holding_ratio: 1,
      number_of_token_creation_of_creator: 99,
      token_burn_ratio: 0,
    });
    expect(clipped.score).toBe(atBounds.score);
    expect(clipped.contributions.find((c) => c.feature === 'lp_creator_holding_ratio')?.value).toBe(7);
  });

  it('imputes missing and invalid features with the training mean and lists them', () => {
    const p = predictRug(fixture, { number_of_token_creation_of_creator: Number.NaN, token_burn_ratio: -1 });
    expect(p.missing).toEqual([
      'lp_creator_holding_ratio',
      'number_of_token_creation_of_creator',
      'token_burn_ratio',
    ]);
    expect(p.score).toBe(sigmoid(0.5));
    expect(p.contributions).toEqual([
      { feature: 'lp_creator_holding_ratio', value: 0.5, contribution: 0 },
      { feature: 'number_of_token_creation_of_creator', value: 1, contribution: 0 },
      { feature: 'token_burn_ratio', value: 0.2, contribution: 0 },
    ]);
  });

  it('ignores features the model does not use', () => {
    const base = predictRug(fixture, { lp_creator_holding_ratio: 0.3 });
    const extra = predictRug(fixture, {
      lp_creator_holding_ratio: 0.3,
      mint_count_per_week: 1e6,
      swap_rate: 50,
    });
    expect(extra).toEqual(base);
  });
});

describe('loadRugModel', () => {
  it('accepts the shipped weights and keeps their features in order', () => {
    expect(shipped.features.length).toBeGreaterThan(0);
    expect(shipped.variant).toBe(weightsJson.variant);
    expect(shipped.features.map((f) => f.name)).toEqual(weightsJson.features.map((f) => f.name));
  });

  it.each([
    ['an unknown feature', { features: [{ ...FIXTURE.features[0], name: 'vibes' }] }],
    ['a zero std', { features: [{ ...FIXTURE.features[0], std: 0 }] }],
    ['clipMin above clipMax', { features: [{ ...FIXTURE.features[0], clipMin: 2 }] }],
    ['log1p with clipMin ≤ −1', { features: [{ ...FIXTURE.features[1], clipMin: -1 }] }],
    ['a duplicate feature', { features: [FIXTURE.features[0], FIXTURE.features[0]] }],
    ['no features', { features: [] }],
    ['another format version', { formatVersion: 2 }],
    ['a non-finite intercept', { intercept: Number.POSITIVE_INFINITY }],
  ])('rejects %s', (_, patch) => {
    expect(() => loadRugModel({ ...FIXTURE, ...patch })).toThrow(/invalid rug model weights/);
  });

  it('rejects values that are not objects', () => {
    expect(() => loadRugModel(null)).toThrow(/invalid rug model weights/);
    expect(() => loadRugModel('{}')).toThrow(/invalid rug model weights/);
  });
});

describe('the shipped model', () => {
  it('has every coefficient in the documented risk direction', () => {
    for (const f of shipped.features) {
      const expected = getRugFeature(f.name).riskDirection === 'higher_is_riskier' ? 1 : -1;
      expect(Math.sign(f.coefficient), f.name).toBe(expected);
    }
  });

  it('maps each imputed value back to the training mean', () => {
    for (const f of shipped.features) expect(standardizeValue(f, f.imputedValue)).toBeCloseTo(0, 9);
  });

  it('scores a pool whose creator keeps all the LP above one whose LP is locked', () => {
    const unlocked = predictRug(shipped, { lp_creator_holding_ratio: 1 });
    const locked = predictRug(shipped, { lp_creator_holding_ratio: 0 });
    expect(unlocked.score).toBeGreaterThan(locked.score);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const models: [string, RugModel][] = [
  ['fixture', fixture],
  ['shipped', shipped],
];

/** Any number, including the awkward ones. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e300,
    -1e300,
  ),
);

/** A valid raw value: finite and at least the feature's valid minimum. */
function validValue(model: RugModel, name: RugFeatureName): fc.Arbitrary<number> {
  const f = model.features.find((x) => x.name === name);
  const min = f?.validMin ?? -1e6;
  return fc.oneof(
    fc.double({ min, max: 1e6, noNaN: true }),
    fc.double({ min: Math.max(min, f ? f.clipMin - 1 : min), max: f ? f.clipMax + 1 : 1, noNaN: true }),
  );
}

function anyFeatures(): fc.Arbitrary<Partial<RugFeatures>> {
  return fc.record(
    Object.fromEntries(RUG_FEATURE_NAMES.map((n) => [n, anyNumber])) as Record<
      RugFeatureName,
      fc.Arbitrary<number>
    >,
    {
      requiredKeys: [],
    },
  );
}

function validFeatures(model: RugModel): fc.Arbitrary<Partial<RugFeatures>> {
  return fc.record(
    Object.fromEntries(model.features.map((f) => [f.name, validValue(model, f.name)])) as Record<
      RugFeatureName,
      fc.Arbitrary<number>
    >,
    { requiredKeys: [] },
  );
}

describe.each(models)('properties of the %s model', (_, model) => {
  it('returns a score in [0, 1] for any input', () => {
    fc.assert(
      fc.property(anyFeatures(), (features) => {
        const p = predictRug(model, features);
        return p.score >= 0 && p.score <= 1 && p.contributions.every((c) => Number.isFinite(c.contribution));
      }),
    );
  });

  it('is monotone in each feature, in the direction of its coefficient', () => {
    for (const f of model.features) {
      fc.assert(
        fc.property(
          validFeatures(model),
          validValue(model, f.name),
          validValue(model, f.name),
          (others, a, b) => {
            const [lo, hi] = a <= b ? [a, b] : [b, a];
            const pLo = predictRug(model, { ...others, [f.name]: lo }).score;
            const pHi = predictRug(model, { ...others, [f.name]: hi }).score;
            return f.coefficient >= 0 ? pHi >= pLo : pHi <= pLo;
          },
        ),
        { numRuns: 200 },
      );
    }
  });

  it('reports exactly the model features that are missing or invalid', () => {
    fc.assert(
      fc.property(anyFeatures(), (features) => {
        const p = predictRug(model, features);
        const expected = model.features
          .filter((f) => {
            const x = features[f.name];
            return x === undefined || !Number.isFinite(x) || (f.validMin !== null && x < f.validMin);
          })
          .map((f) => f.name);
        const missingContributions = p.contributions.filter((c) => expected.includes(c.feature));
        return (
          JSON.stringify(p.missing) === JSON.stringify(expected) &&
          missingContributions.every((c) => c.contribution === 0)
        );
      }),
    );
  });

  it('treats a missing feature like its imputed value', () => {
    fc.assert(
      fc.property(validFeatures(model), fc.constantFrom(...model.features), (features, f) => {
        const { [f.name]: _dropped, ...rest } = features;
        const missing = predictRug(model, rest);
        const imputed = predictRug(model, { ...rest, [f.name]: f.imputedValue });
        return Math.abs(missing.score - imputed.score) < 1e-9;
      }),
    );
  });

  it('sorts contributions by magnitude and adds them up to the logit', () => {
    fc.assert(
      fc.property(anyFeatures(), (features) => {
        const p = predictRug(model, features);
        const sorted = p.contributions.every(
          (c, i, all) => i === 0 || Math.abs(all[i - 1]?.contribution ?? 0) >= Math.abs(c.contribution),
        );
        const logit = model.intercept + p.contributions.reduce((s, c) => s + c.contribution, 0);
        return (
          sorted &&
          p.contributions.length === model.features.length &&
          Math.abs(sigmoid(logit) - p.score) < 1e-9
        );
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(anyFeatures(), (features) => {
        const first = predictRug(model, features);
        const second = predictRug(loadRugModel(JSON.parse(JSON.stringify(model))), { ...features });
        return JSON.stringify(first) === JSON.stringify(second);
      }),
    );
  });
});
