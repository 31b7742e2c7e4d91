// Part of the shared vocabulary (re-exported by vocabulary.ts): the words for a V4 hook's flags.

/**
 * Uniswap V4 hook permissions (v4-core Hooks.sol): the flag bit each one takes in the hook's
 * address, the words a trader reads, and what it lets the hook do to a swap — change the amounts,
 * take a fee, stop swaps; null when it touches only liquidity or set-up.
 */
export type HookPermission = {
  /** v4-core Hooks.sol name, e.g. beforeSwapReturnDelta. */
  name: string;
  bit: number;
  /** Plain words for the page. */
  words: string;
  /** What it can do to a trade: change the price/amount, take a fee, stop swaps; null when it touches only liquidity or set-up. */
  power: 'change-amounts' | 'take-fee' | 'stop-swaps' | null;
};

export const HOOK_PERMISSIONS: readonly HookPermission[] = [
  { name: 'beforeInitialize', bit: 13, words: 'runs code before the pool is created', power: null },
  { name: 'afterInitialize', bit: 12, words: 'runs code when the pool is created', power: null },
  { name: 'beforeAddLiquidity', bit: 11, words: 'can refuse new liquidity', power: null },
  { name: 'afterAddLiquidity', bit: 10, words: 'runs code after liquidity is added', power: null },
  {
    name: 'beforeRemoveLiquidity',
    bit: 9,
    words: 'can stop liquidity providers from withdrawing',
    power: null,
  },
  { name: 'afterRemoveLiquidity', bit: 8, words: 'runs code after liquidity is removed', power: null },
  {
    name: 'beforeSwap',
    bit: 7,
    words: 'can stop swaps and set the fee of every swap',
    power: 'stop-swaps',
  },
  { name: 'afterSwap', bit: 6, words: 'can stop swaps after seeing their result', power: 'stop-swaps' },
  { name: 'beforeDonate', bit: 5, words: 'runs code before donations to the pool', power: null },
  { name: 'afterDonate', bit: 4, words: 'runs code after donations to the pool', power: null },
  {
    name: 'beforeSwapReturnDelta',
    bit: 3,
    words: 'can change the price you get: it may take part or all of what you pay into the swap',
    power: 'change-amounts',
  },
  {
    name: 'afterSwapReturnDelta',
    bit: 2,
    words: 'can take a fee from every swap: it may keep part or all of what you receive',
    power: 'take-fee',
  },
  {
    name: 'afterAddLiquidityReturnDelta',
    bit: 1,
    words: 'can take a cut of liquidity added',
    power: null,
  },
  {
    name: 'afterRemoveLiquidityReturnDelta',
    bit: 0,
    words: 'can take a cut of liquidity withdrawn',
    power: null,
  },
];
