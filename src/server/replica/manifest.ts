/** What a built replica holds: its tokens by kind, their pools, deployers and traders. */
import type { Address } from 'viem';
import type { REPLICA_CONTRACTS } from './addresses';

export type ReplicaTokenKind =
  | 'clean'
  | 'honeypot'
  | 'tax'
  | 'rug'
  | 'v3Clean'
  | 'v3Honeypot'
  | 'aeroClean'
  | 'aeroHoneypot'
  | 'v4Clean'
  | 'v4NoOp';
/** Fee tier of each V3-only token's one pool. */
export const REPLICA_V3_FEES = { v3Clean: 3000, v3Honeypot: 10000 } as const;

export type ReplicaManifest = {
  contracts: typeof REPLICA_CONTRACTS;
  /** WETH/USDC pair (as on Base: factory.getPair(WETH, USDC)). */
  wethUsdcPair: Address;
  tokens: Record<ReplicaTokenKind, Address>;
  pairs: Record<ReplicaTokenKind, Address>;
  deployers: Record<ReplicaTokenKind, Address>;
  /** Wallets that bought the tokens (their holders). */
  traders: Address[];
  /** V3 tokens: their pool's fee tier (V2 tokens: absent). */
  fees: Partial<Record<ReplicaTokenKind, number>>;
  /** Tax token's rates after the owner raised them (basis points). */
  taxBps: { buy: number; sell: number };
  headBlock: bigint;
};
