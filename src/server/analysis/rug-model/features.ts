/**
 * The rug model's input features: names match the columns of the training set
 * (`../shared/datasets/rugpull-uniswap-v2-features.csv`, from the 2021 project
 * kangmyoungseok/RugPull-Prediction-AI, `Dataset_v1.9.csv`), and each definition is how that
 * project computed the column, read from its feature code. Our indexer must compute them the same way
 * from a Uniswap V2 pair's Mint/Burn/Swap events and from token and LP balances, or the fitted
 * weights do not apply. Where the source is ambiguous or differs from the dataset README, the
 * definition says so.
 *
 * Common terms:
 * - Pool: the Uniswap V2 pair of the token against WETH.
 * - Window: the pool's events from its first Mint up to the evaluation time. In the training set the
 *   evaluation time was "just before the rug" (the event that dropped the pool's WETH to ≤ 1% of
 *   what it held just before) for rugs, and the pool's last event for the others, so the two classes
 *   have very different windows (median ≈ 1.5 hours vs ≈ 60 days). At run time it is "now".
 * - Active period T: timestamp of the window's last event − timestamp of its first Mint, in seconds.
 * - Weeks W = T / 604 800. "Per week" columns are count / (W + 1), not count / W: for windows much
 *   shorter than a week they are close to the raw count.
 * - Mint / Burn / Swap: the pair's own events (`Mint(sender,amount0,amount1)`,
 *   `Burn(sender,amount0,amount1,to)`, `Swap(...)`); Sync and LP Transfer events are not counted.
 */

export type RiskDirection = 'higher_is_riskier' | 'lower_is_riskier';

export type FeatureScale = 'linear' | 'log1p';

export type RugFeatureDefinition = {
  readonly name: string;
  readonly group: 'activity' | 'timing' | 'liquidity_ownership' | 'token' | 'creator';
  readonly unit: string;
  readonly definition: string;
  /** Plain words for the UI. */
  readonly explanation: string;
  /**
   * Which way the training data point: higher values more often rugs (univariate ROC AUC > 0.5) or
   * less often. The training script fails if this disagrees with the data, and if a coefficient of
   * the runtime model disagrees with it.
   */
  readonly riskDirection: RiskDirection;
  /**
   * True when the value depends on how long the window is (counts per week, times as a fraction of
   * the window, accumulated event mixes): in the training set that length differs between the
   * classes by design, so such a feature can teach the model the window instead of the risk.
   */
  readonly windowSensitive: boolean;
  /** Transform applied (after clipping) before standardisation when fitting. */
  readonly scale: FeatureScale;
  /**
   * Smallest valid value. Below it the value is an error (the source stored failed look-ups as −1);
   * such values are treated as missing, in training and at run time. `null`: no bound.
   */
  readonly validMin: number | null;
};

export const RUG_FEATURES = [
  {
    name: 'mint_count_per_week',
    group: 'activity',
    unit: 'events / (weeks + 1)',
    definition:
      'Number of Mint events of the pool in the window divided by (W + 1), W = active period in weeks. ' +
      'Includes the first (pool-creating) Mint, so it is > 0 for every pool.',
    explanation: 'How often liquidity was added, per week of pool life.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'burn_count_per_week',
    group: 'activity',
    unit: 'events / (weeks + 1)',
    definition:
      'Number of Burn events (liquidity removals) of the pool in the window divided by (W + 1). For rugs ' +
      'the window ends before the rug, so the rug itself is not counted.',
    explanation: 'How often liquidity was removed, per week of pool life.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'mint_ratio',
    group: 'activity',
    unit: 'ratio 0..1',
    definition: 'Mint events / (Mint + Swap + Burn events) of the pool in the window.',
    explanation: 'Share of pool events that added liquidity; high when there is little trading.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'swap_ratio',
    group: 'activity',
    unit: 'ratio 0..1',
    definition:
      'Swap events / (Mint + Swap + Burn events) in the window. mint_ratio + swap_ratio + burn_ratio = 1.',
    explanation: 'Share of pool events that were trades.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'burn_ratio',
    group: 'activity',
    unit: 'ratio 0..1',
    definition: 'Burn events / (Mint + Swap + Burn events) in the window.',
    explanation: 'Share of pool events that removed liquidity.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'mint_mean_period',
    group: 'timing',
    unit: 'fraction of the active period, 0..1',
    definition:
      'Mean over the Mint events of (event timestamp − first Mint timestamp), divided by the active period T. ' +
      'Not seconds: the dataset README says "mean time after the first event", but the source divides by T. ' +
      '0 when there is only the first Mint. Undefined when T = 0 (the source dropped such pools).',
    explanation: 'Whether liquidity kept being added late in the pool life (high) or only at launch (0).',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'swap_mean_period',
    group: 'timing',
    unit: 'fraction of the active period, 0..1',
    definition:
      'Mean over the Swap events of (event timestamp − first Mint timestamp) / T. 0 when there are no swaps.',
    explanation: 'Where in the pool life the trading sits: early (low) or spread out / late (high).',
    riskDirection: 'higher_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'burn_mean_period',
    group: 'timing',
    unit: 'fraction of the active period, 0..1',
    definition:
      'Mean over the Burn events of (event timestamp − first Mint timestamp) / T. 0 when there are no burns.',
    explanation: 'Where in the pool life liquidity was removed.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'swap_in_per_week',
    group: 'activity',
    unit: 'swaps / (weeks + 1)',
    definition:
      'Swaps whose WETH amountIn is non-zero (WETH paid into the pool: buys of the token), divided by (W + 1).',
    explanation: 'Buys per week of pool life.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'swap_out_per_week',
    group: 'activity',
    unit: 'swaps / (weeks + 1)',
    definition:
      'Swaps whose WETH amountIn is zero (WETH taken out of the pool: sells of the token), divided by (W + 1).',
    explanation: 'Sells per week of pool life.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'swap_rate',
    group: 'activity',
    unit: 'ratio ≥ 0',
    definition:
      'buy swaps / (sell swaps + 1), counts over the window (the README says "in / out"; the source adds 1 ' +
      'to the denominator). Because of the + 1 it also grows with the number of swaps, so it is not free ' +
      'of the window length.',
    explanation: 'Buys against sells: high when almost everyone is buying and nobody sells yet.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'lp_avg',
    group: 'liquidity_ownership',
    unit: 'percent of LP, 0..100',
    definition:
      '100 / n, n = number of LP holders, where holders and their positions come from events only: ' +
      'Σ LP minted to an address (Mint → LP Transfer from 0x0 `to`) − Σ LP it sent back to the pair to burn; ' +
      'positions below 1e-17 LP are dropped. LP transfers between wallets (to lockers, for instance) are ' +
      'ignored by the source; a run-time computation from real LP balances would differ for such pools.',
    explanation: 'Average share of the liquidity per provider: 100 means a single provider.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: true,
    scale: 'log1p',
    validMin: 0,
  },
  {
    name: 'lp_std',
    group: 'liquidity_ownership',
    unit: 'percentage points',
    definition:
      'Population standard deviation of the event-derived LP positions (see lp_avg) expressed as percent of ' +
      'their sum: sqrt(mean((100·share_i − 100/n)²)). 0 with a single provider.',
    explanation: 'How unevenly the liquidity is spread among its providers (0 with a single provider).',
    riskDirection: 'lower_is_riskier',
    windowSensitive: true,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'lp_creator_holding_ratio',
    group: 'liquidity_ownership',
    unit: 'ratio 0..1',
    definition:
      'LP-token balance of the LP creator (the `to` of the pool’s first Mint) at the end of the window, divided ' +
      'by the event-derived LP total (Σ positions, see lp_avg; ≈ LP totalSupply minus the 1000-wei minimum ' +
      'liquidity and LP sent by others). Can slightly exceed 1 when the two sources disagree.',
    explanation:
      'Share of the pool liquidity still in the wallet that created the pool (can be pulled at any time).',
    riskDirection: 'higher_is_riskier',
    windowSensitive: false,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'lp_lock_ratio',
    group: 'liquidity_ownership',
    unit: 'ratio, ≈ 0..1',
    definition:
      '(event-derived LP position of the LP creator − its LP-token balance) / event-derived LP total, at the end ' +
      'of the window. The README calls it "LP share held by lockers", but it is the share the creator minted and ' +
      'no longer holds: sent to a locker, to a burn address, or to any other wallet. Small negative values ' +
      'occur when the creator received LP by transfer.',
    explanation:
      'Share of the liquidity the creator moved out of reach (locked or burned LP, in most cases).',
    riskDirection: 'lower_is_riskier',
    windowSensitive: false,
    scale: 'linear',
    validMin: null,
  },
  {
    name: 'token_burn_ratio',
    group: 'token',
    unit: 'ratio, usually 0..1',
    definition:
      'Σ token amounts transferred to 0x0…0000, 0x0…0001 or 0x0…dEaD before the end of the window, divided by ' +
      'the token totalSupply. Ambiguity: the source used the totalSupply at crawl time (2021), not at the end ' +
      'of the window, so values above 1 occur when supply later shrank; at run time use totalSupply now.',
    explanation: 'Share of the token supply sent to burn addresses.',
    riskDirection: 'lower_is_riskier',
    windowSensitive: false,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'token_creator_holding_ratio',
    group: 'token',
    unit: 'ratio, usually 0..1',
    definition:
      'Token balance of the token creator at the end of the window / token totalSupply (crawl-time supply in the ' +
      'source, see token_burn_ratio). Creator = the receiver of the tokens transferred in the token’s creation ' +
      'block (one address; the source reduced several receivers to one). Negative values in the dataset are ' +
      'failed look-ups (−1 sentinel) and are treated as missing.',
    explanation: 'Share of the supply still held by the wallet that received the initial supply.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: false,
    scale: 'linear',
    validMin: 0,
  },
  {
    name: 'number_of_token_creation_of_creator',
    group: 'creator',
    unit: 'count ≥ 1',
    definition:
      'Number of tokens, this one included, whose creator (see token_creator_holding_ratio) is the same ' +
      'address. Population-dependent: the source counted within its own ≈ 18 000-pool sample of Ethereum ' +
      'Uniswap V2 WETH pairs; at run time count the tokens with a WETH pool indexed on our chain.',
    explanation: 'How many tokens the same wallet has launched: serial launchers are a known rug pattern.',
    riskDirection: 'higher_is_riskier',
    windowSensitive: false,
    scale: 'log1p',
    validMin: 0,
  },
] as const satisfies readonly RugFeatureDefinition[];

export type RugFeatureName = (typeof RUG_FEATURES)[number]['name'];

/** One value per feature, in the units defined above. */
export type RugFeatures = Record<RugFeatureName, number>;

export const RUG_FEATURE_NAMES: readonly RugFeatureName[] = RUG_FEATURES.map((f) => f.name);

export function isRugFeatureName(name: string): name is RugFeatureName {
  return (RUG_FEATURE_NAMES as readonly string[]).includes(name);
}

export function getRugFeature(name: RugFeatureName): RugFeatureDefinition {
  const found = RUG_FEATURES.find((f) => f.name === name);
  if (!found) throw new Error(`unknown rug feature ${name}`);
  return found;
}
