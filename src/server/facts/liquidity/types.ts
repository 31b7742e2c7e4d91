/**
 * The liquidity ledger's facts (issue 35): gathered by facts/liquidity, judged by
 * analysis/liquidity-ledger.ts; re-exported by facts/types.ts.
 */
type Address = `0x${string}`;

export type LedgerPositionFact = {
  holder: Address;
  holderIsContract: boolean;
  /** The NFT's manager and id; null for a V2 LP balance or a V4 position held directly. */
  manager: Address | null;
  positionId: string | null;
  /** Share (0..1) of all the pool's liquidity and of the liquidity in range now. */
  share: number;
  activeShare: number;
  /** What it holds at the current price, raw units as floats (decimals not applied). */
  tokenRaw: number | null;
  quoteRaw: number | null;
  /** Where its fees were last collected to (a V3/Slipstream NFT's Collect, index); null: none seen. */
  feeCollector: Address | null;
};

/** One call that removed or moved a position in the simulation. */
export type HolderWithdrawal = {
  caller: Address;
  /** Why the caller was tried: "owner()", "depositor", "token deployer", "a stranger". */
  role: string;
  /** Unix seconds the call was simulated at (the report's now, or a later date). */
  at: number;
  selector: `0x${string}`;
  signature: string | null;
  args: string;
  /** Which positions of the holder it removed or moved (indexes into the pool's positions). */
  positions: number[];
};

export type HolderSimulation =
  | {
      status: 'simulated';
      holder: Address;
      /** The code simulated was a proxy's implementation. */
      implementation: Address | null;
      /** Candidate calls tried per caller and time, and those left out by the limit. */
      tried: number;
      notTried: number;
      callers: { address: Address; role: string }[];
      /** The dates simulated (unix seconds), the report's now first. */
      times: number[];
      withdrawals: HolderWithdrawal[];
      /** A known locker's own unlock answer for these positions (a label, proved by the times). */
      statedUnlock: number | null;
    }
  | { status: 'failed' | 'skipped'; holder: Address; reason: string };

export type PoolLiquidityFacts = {
  positions: LedgerPositionFact[];
  /** Per holder contract (lower-case address): what its calls did. */
  holders: Record<string, HolderSimulation>;
  /** Addresses on the creator's side: deployer, token owner, and wallets they funded (index). */
  creatorSide: Address[];
  /** How each creator-side address is linked ("token deployer", "funded by the deployer"). */
  creatorLinks: Record<string, string>;
  /** Share (0..1) of all / active liquidity not listed (holders not indexed, positions unknown). */
  unlistedShare: number;
  unlistedActiveShare: number;
  complete: boolean;
  note: string | null;
  /** Known-locker or burn labels by holder (labels only). */
  labels: Record<string, string>;
  /** The quote side's USD price per raw unit and the token side's sell value per raw unit; null: unpriced. */
  quoteUsdPerRaw: number | null;
  tokenUsdPerRaw: number | null;
  tokenDecimals: number | null;
  quoteDecimals: number;
};
