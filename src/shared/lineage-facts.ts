/**
 * The lineage facts of one token (issue 39 item 3) as server/facts/patterns/lineage.ts gathers them
 * and server/analysis/pattern-lineage.ts judges them: the deployer, its funder, their earlier tokens
 * and the code twins, each with its rugged pool (index) and our stored verdict.
 */
import type { CodeFingerprint, TwinMatch } from './code-fingerprint';

export type LineageRelation = 'deployer' | 'funder' | 'twin';

export type EarlierToken = {
  address: string;
  relations: LineageRelation[];
  createdBlock: bigint | null;
  rugged: boolean;
  /** Our stored verdict of it; null: we never analysed it. */
  verdict: string | null;
  twin: TwinMatch | null;
};

export type LineageFacts =
  | { status: 'indexing'; reason: string }
  | { status: 'error'; message: string }
  | {
      status: 'read';
      deployer: string | null;
      createdBlock: bigint | null;
      /** Tokens the deployer created up to and with this one (the index's creations). */
      deployerTokens: number;
      funder: { address: string; txHash: string; blockNumber: bigint; asset: 'eth' | string } | null;
      /** The blocks read for the deployer's ETH funding; failed: why they could not be read. */
      funderScan: { fromBlock: bigint; toBlock: bigint; failed: string | null } | null;
      fingerprint: CodeFingerprint | null;
      earlier: EarlierToken[];
      /** Stored fingerprints this token's code was compared with (same hash or selector set). */
      compared: number;
    };
