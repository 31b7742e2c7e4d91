/**
 * The momentum score (0–100): ranks tokens by how strongly trading activity is building in the
 * window — volume accelerating, buyers outnumbering sellers, new holders arriving, price rising.
 * It is a SCORE, uncalibrated: the weights below are a judgement, written down so the ranking
 * can be read and tested, and have not been calibrated against what prices did afterwards (see
 * docs/decisions/0005-market-figures.md). It says which tokens are moving most, not whether they
 * will keep moving. Seven signals measured from our index are squashed onto 0–100:
 *
 *   z = BIAS + Σ wᵢ · xᵢ,   momentumScore = 100 / (1 + e^(−z))
 *
 * Each xᵢ is the signal normalised to about −1…1:
 * - volumeAcceleration: log₂(window volume / previous window volume), clamped to ±3, ÷ 3.
 * - buyPressure: buy share of quote volume in the window, (share − 0.5) × 2.
 * - uniqueBuyers: log₁₀(1 + distinct buyers) ÷ 2, capped at 1 (100 buyers → 1).
 * - holderGrowth: new holders in the window ÷ holders now, × 2, capped at 1 (+50% → 1).
 * - priceMomentum: price change over the window, tanh(change ÷ 50%).
 * - liquidityDepth: log₁₀(pool USD value ÷ $10k) ÷ 2, clamped to ±1 (thin pools score low:
 *   easy to move, but also easy to drain; a small positive weight).
 * - launchAge: 1 for a pool created within the window's 24 h horizon, falling linearly to 0 at
 *   30 days, so new launches carry their own momentum.
 *
 * An input that is not known (price change without two prices, pool value unpriced, pool age
 * unread) is reported with a null value and adds nothing (x = 0): it neither helps nor hurts, and
 * it is never shown as 0 %, $0 or "0 days".
 *
 * The bias −2 puts a token with no signal at 12; all signals at their maximum give 97. No entry
 * price, exit target or potential gain is derived from it: we have no tested method for those.
 */
export const PUMP_BIAS = -2;
export const PUMP_WEIGHTS = {
  volumeAcceleration: 1.2,
  buyPressure: 1.0,
  uniqueBuyers: 0.8,
  holderGrowth: 0.9,
  priceMomentum: 0.8,
  liquidityDepth: 0.3,
  launchAge: 0.6,
} as const;
export type PumpSignalName = keyof typeof PUMP_WEIGHTS;

export type PumpInputs = {
  windowVolume: number;
  previousVolume: number;
  buyVolume: number;
  sellVolume: number;
  uniqueBuyers: number;
  newHolders: number;
  holders: number;
  /** Percent. */
  priceChangePct: number | null;
  poolValueUsd: number | null;
  /** Seconds since the pool was created, or null. */
  ageSeconds: number | null;
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const DAY = 86_400;

export function normaliseSignals(
  i: PumpInputs,
): Record<PumpSignalName, { value: number | null; unit: string; x: number }> {
  const accel =
    i.windowVolume <= 0
      ? -3
      : i.previousVolume <= 0
        ? 3
        : clamp(Math.log2(i.windowVolume / i.previousVolume), -3, 3);
  const total = i.buyVolume + i.sellVolume;
  const buyShare = total > 0 ? i.buyVolume / total : 0.5;
  const growth = i.holders > 0 ? i.newHolders / i.holders : 0;
  const change = i.priceChangePct;
  const pool = i.poolValueUsd;
  const depth = pool === null ? 0 : pool > 0 ? clamp(Math.log10(pool / 10_000) / 2, -1, 1) : -1;
  const age = i.ageSeconds === null ? 0 : clamp(1 - Math.max(0, i.ageSeconds - DAY) / (29 * DAY), 0, 1);
  return {
    volumeAcceleration: { value: accel, unit: 'log2 ×', x: accel / 3 },
    buyPressure: { value: buyShare * 100, unit: '% buys', x: (buyShare - 0.5) * 2 },
    uniqueBuyers: {
      value: i.uniqueBuyers,
      unit: 'buyers',
      x: Math.min(1, Math.log10(1 + i.uniqueBuyers) / 2),
    },
    holderGrowth: { value: growth * 100, unit: '% new holders', x: Math.min(1, growth * 2) },
    priceMomentum: { value: change, unit: '%', x: change === null ? 0 : Math.tanh(change / 50) },
    liquidityDepth: { value: pool, unit: 'USD', x: depth },
    launchAge: { value: i.ageSeconds === null ? null : i.ageSeconds / DAY, unit: 'days', x: age },
  };
}

export function momentumScore(i: PumpInputs) {
  const s = normaliseSignals(i);
  let z = PUMP_BIAS;
  const signals = (Object.keys(PUMP_WEIGHTS) as PumpSignalName[]).map((name) => {
    const weight = PUMP_WEIGHTS[name];
    const contribution = weight * s[name].x;
    z += contribution;
    return { name, value: s[name].value, unit: s[name].unit, normalised: s[name].x, weight, contribution };
  });
  const score = Math.round(100 / (1 + Math.exp(-z)));
  return { score, z, signals };
}

/**
 * Window volatility (shown for context, not part of the score): stdev of consecutive log price moves
 * × √n, capped at 1. null with fewer than two moves: unknown, not a floor value.
 */
export function windowVolatility(prices: number[]): number | null {
  const r: number[] = [];
  for (let k = 1; k < prices.length; k++) {
    const a = prices[k - 1] as number;
    const b = prices[k] as number;
    if (a > 0 && b > 0) r.push(Math.log(b / a));
  }
  if (r.length < 2) return null;
  const mean = r.reduce((s, x) => s + x, 0) / r.length;
  const sd = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1));
  return clamp(sd * Math.sqrt(r.length), 0, 1);
}

const LABELS: Record<PumpSignalName, (v: number) => string> = {
  volumeAcceleration: (v) =>
    `Volume ${v >= 0 ? 'up' : 'down'} ${Math.round(2 ** Math.abs(v) * 10) / 10}× vs previous window`,
  buyPressure: (v) => `${Math.round(v)}% of volume is buys`,
  uniqueBuyers: (v) => `${v} unique buyers`,
  holderGrowth: (v) => `Holders +${Math.round(v * 10) / 10}% in window`,
  priceMomentum: (v) => `Price ${v >= 0 ? '+' : ''}${Math.round(v * 10) / 10}% in window`,
  liquidityDepth: (v) => `Pool depth $${Math.round(v).toLocaleString('en-US')}`,
  launchAge: (v) => `Launched ${Math.round(v * 10) / 10} days ago`,
};

const UNKNOWN_LABELS: Record<PumpSignalName, string> = {
  volumeAcceleration: 'Volume change unknown',
  buyPressure: 'Buy share unknown',
  uniqueBuyers: 'Unique buyers unknown',
  holderGrowth: 'Holder growth unknown',
  priceMomentum: 'Price change unknown (fewer than two prices in the window)',
  liquidityDepth: 'Pool value unknown (the pool could not be priced)',
  launchAge: 'Launch date unknown',
};

export function signalLabel(name: PumpSignalName, value: number | null): string {
  return value === null ? UNKNOWN_LABELS[name] : LABELS[name](value);
}
