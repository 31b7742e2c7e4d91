/**
 * Who can pull a pool's liquidity: the position ledger (issue 35), shared by the server's facts and
 * analysis, the API schemas and the browser. Every position of a pool — a V2 LP-token balance, a
 * V3/Slipstream/V4 position — with its holder and, judged by simulating the holder's own functions
 * (not by its name), who can withdraw it and when. Built in src/server/facts (I/O), judged in
 * src/server/analysis (pure), shown in src/web.
 */

/**
 * What a position's holder is, by effect:
 * - `burned`: held where no key exists (a burn address; a contract with no call that moves it).
 *   A contract counts as burned only when the simulation proved no call by anyone moves it —
 *   then it is `locked_forever` instead; `burned` is for key-less addresses (0x…dEaD, 0x0).
 * - `locked_until`: nobody can withdraw before `unlockTime` (proved by simulating the holder's calls
 *   now and just before that time; the time read from the holder's state).
 * - `locked_forever`: no call by anyone removes it (a launchpad locker with no withdraw path, a hook
 *   that owns its positions), at any of the simulated times.
 * - `withdrawable`: `withdrawer` can remove it (or move it to another holder) now, with `withdrawCall`.
 *   An externally owned account holding its own position is withdrawable by itself.
 * - `staked`: only the address that put it into the holder (its depositor) can take it back now, and
 *   nobody the holder names (owner, admin) can — a gauge or farm stake, by effect; `withdrawer` is the
 *   staker, whose side decides whether the creator can pull it.
 * - `unknown`: the holder could not be judged (the simulation failed or ran over budget): `note` says why.
 *   Never read as locked.
 */
export const LIQUIDITY_HOLDER_KINDS = [
  'burned',
  'locked_until',
  'locked_forever',
  'withdrawable',
  'staked',
  'unknown',
] as const;
export type LiquidityHolderKind = (typeof LIQUIDITY_HOLDER_KINDS)[number];

/**
 * Whose side a withdrawer is on. `creator`: the token's deployer, wallets it funded, or an address
 * holding owner powers over the token (or the holder contract's owner when that is one of these).
 * `independent`: an address with no funding or deployment link to the creator that we could find.
 * `none`: nobody can withdraw (burned, locked). `unknown`: could not tell.
 */
export const LIQUIDITY_SIDES = ['creator', 'independent', 'none', 'unknown'] as const;
export type LiquiditySide = (typeof LIQUIDITY_SIDES)[number];

export type LiquidityPosition = {
  /** Who holds it on chain: the LP-token holder (V2) or the position NFT's owner / V4 position owner. */
  holder: string;
  /** Whether the holder has code (a contract) — then its calls were simulated. */
  holderIsContract: boolean;
  /** The position NFT id (V3, Slipstream, V4 via the PositionManager); null for a V2 LP balance. */
  positionId: string | null;
  /** Share (0..1) of all the pool's liquidity this position holds. */
  share: number;
  /** Share (0..1) of the liquidity active at the current price (in range); V2: same as share. */
  activeShare: number;
  /** What it holds at the current price, in whole units (decimals applied); null when not read. */
  tokenAmount: number | null;
  quoteAmount: number | null;
  /** USD value: quote side at its price, token side at what selling it would return; null: unpriced. */
  valueUsd: number | null;
  kind: LiquidityHolderKind;
  side: LiquiditySide;
  /** Unix seconds when a `locked_until` position can first be withdrawn; null otherwise. */
  unlockTime: number | null;
  /** Who can withdraw it now (withdrawable, staked) or at unlockTime (locked_until); null: nobody/unknown. */
  withdrawer: string | null;
  /** The call that withdraws or moves it, as a signature when known ("withdraw(uint256)") or selector. */
  withdrawCall: string | null;
  /**
   * Where its fees were last collected to (a V3/Slipstream position manager's Collect recipient, from
   * the index): who takes the fees while the principal stays locked. null: never collected, or a
   * venue whose collections name no recipient (a V2 LP balance, V4).
   */
  feeCollector: string | null;
  /** A label from a known locker/launchpad list; never replaces the simulation. */
  label: string | null;
  /** One plain sentence naming the holder and the call: the evidence line. */
  evidence: string;
};

export type UnlockStep = {
  /** Unix seconds. */
  time: number;
  /** Share (0..1) of the active liquidity that becomes withdrawable then. */
  activeShare: number;
};

export type LiquidityLedger = {
  positions: LiquidityPosition[];
  /** Share (0..1) of active liquidity the creator's side can pull now; null when not known. */
  creatorPullableShare: number | null;
  /** USD value of what the creator's side can pull now; null when unpriced or unknown. */
  creatorPullableUsd: number | null;
  /** Share (0..1) of active liquidity held by independent providers who can withdraw it. */
  independentShare: number | null;
  /** Share (0..1) of active liquidity locked for good or burned. */
  lockedForeverShare: number | null;
  /** When locked positions unlock, soonest first. */
  unlockSchedule: UnlockStep[];
  /** Share (0..1) of active liquidity whose holder could not be judged. */
  unknownShare: number;
  /** False when some positions could not be listed (index incomplete, read failed): `note` says why. */
  complete: boolean;
  note: string | null;
};

/**
 * The address the holder simulation tries as "a stranger": what it can do, anyone can. Derived from
 * a hash (keccak256 of 'flab liquidity stranger'), so nobody holds its key in practice.
 */
export const LIQUIDITY_STRANGER = '0x7e9cfddc3bd59ede7c6e6be2c26f525a683958fe';
