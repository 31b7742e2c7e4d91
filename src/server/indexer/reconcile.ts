/**
 * Start-up (and every-pass) reconciliation of a stream's index with the chain it reads.
 *
 * The index and the chain can disagree in two ways: the chain is shorter than the checkpoint (the
 * local chain restarted from a state saved a few blocks before a crash, while the index had already
 * committed those blocks), or the chain holds another block at the checkpoint's height (a reorg, or
 * a restarted local chain that has mined new blocks since). Either way the index is rolled back to
 * the newest block both agree on — found among the recorded range-end hashes — and read again, so
 * holders and balances always equal the chain's.
 */
import type { Hex } from 'viem';
import type { Db } from '../db/client';
import { type Checkpoint, recordedBlockHashes, rollbackTo } from './store';

export type Reconciliation =
  | { kind: 'agreed' }
  | { kind: 'rolled_back'; reason: 'ahead_of_chain' | 'hash_mismatch'; from: bigint; to: bigint };

/**
 * Newest recorded block whose hash the chain still has. Agreement is a prefix property (each
 * block commits to its parent), so a binary search over the recorded blocks finds it in
 * O(log n) header reads. undefined when none of them is on the chain any more.
 */
export async function lastCommonBlock(
  recorded: { blockNumber: bigint; blockHash: string }[],
  hashAt: (n: bigint) => Promise<Hex | undefined>,
): Promise<{ blockNumber: bigint; blockHash: string } | undefined> {
  const sorted = [...recorded].sort((a, b) => (a.blockNumber < b.blockNumber ? -1 : 1));
  let lo = 0;
  let hi = sorted.length - 1;
  let found: (typeof sorted)[number] | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = sorted[mid];
    if (!r) break;
    if ((await hashAt(r.blockNumber)) === r.blockHash) {
      found = r;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export async function reconcileStream(opts: {
  db: Db;
  checkpoint: Checkpoint;
  /** Where the stream starts: with no common block it is re-read from here. */
  fromBlock: bigint;
  head: bigint;
  hashAt: (n: bigint) => Promise<Hex | undefined>;
}): Promise<{ checkpoint: Checkpoint; result: Reconciliation }> {
  const { db, checkpoint: cp, head, hashAt } = opts;
  if (cp.blockNumber < 0n) return { checkpoint: cp, result: { kind: 'agreed' } };
  const ahead = cp.blockNumber > head;
  if (!ahead && (await hashAt(cp.blockNumber)) === cp.blockHash) {
    return { checkpoint: cp, result: { kind: 'agreed' } };
  }
  const candidates = (await recordedBlockHashes(db, cp.stream)).filter(
    (r) => r.blockNumber < cp.blockNumber && r.blockNumber <= head,
  );
  const common = await lastCommonBlock(candidates, hashAt);
  const back: Checkpoint = common
    ? { ...cp, blockNumber: common.blockNumber, blockHash: common.blockHash }
    : { ...cp, blockNumber: opts.fromBlock - 1n, blockHash: '' };
  await rollbackTo(db, back);
  return {
    checkpoint: back,
    result: {
      kind: 'rolled_back',
      reason: ahead ? 'ahead_of_chain' : 'hash_mismatch',
      from: cp.blockNumber,
      to: back.blockNumber,
    },
  };
}
