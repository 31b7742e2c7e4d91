/**
 * Base mode's follower (CreateIndexerOptions.follower): backfill streams that caught up merge into
 * it, streams it already covers are adopted at once, and tokens nobody asks for leave it.
 */
import {
  type IndexerState,
  mergeIntoFollower,
  type PendingUnfollow,
  restoreFollower,
  writeCheckpoint,
} from './indexer-state';
import type { StreamSpec } from './indexer-types';
import { type Checkpoint, loadCheckpoint } from './store';

/** Backfill streams that reached the head join the follower (same head: no gap, no overlap). */
export async function mergeCaughtUp(state: IndexerState, head: bigint): Promise<void> {
  const { follower, reached } = state;
  const { db } = state.opts;
  if (!follower || (reached.get(follower.id) ?? -1n) < head) return;
  const ready = state.streams.filter((s) => s !== follower && (reached.get(s.id) ?? -1n) >= head);
  if (ready.length === 0) return;
  const first = ready[0] as StreamSpec;
  const cp = await loadCheckpoint(db, first.id);
  if (!cp || cp.blockNumber !== head) return;
  const addresses = new Set(follower.addresses ?? []);
  for (const s of ready) for (const a of s.addresses ?? []) addresses.add(a.toLowerCase());
  const followerCp = await loadCheckpoint(db, follower.id);
  // The follower's checkpoint moves to the head with its new address list (an empty range).
  const at = followerCp && followerCp.blockNumber > head ? followerCp : cp;
  await writeCheckpoint(state, follower.id, at, [...addresses]);
  follower.addresses = [...addresses];
  reached.set(follower.id, at.blockNumber);
  for (const s of ready) mergeIntoFollower(state, s);
}

/**
 * Streams whose every address the follower already follows need no reading of their own: they
 * read as merged at once. So it goes after a restart, when a followed token's next report adds its
 * stream again (which process merged it is not remembered): without this the stream would re-read
 * from its own checkpoint, left where it was merged, up to the head — rows the follower has
 * already written (idempotent, but wasted reads).
 */
export async function adoptFollowed(state: IndexerState): Promise<void> {
  const { follower } = state;
  if (!follower) return;
  const candidates = state.streams.filter((s) => s !== follower && s.addresses?.length);
  if (candidates.length === 0) return;
  if (!state.followerRestored) restoreFollower(state, await loadCheckpoint(state.opts.db, follower.id));
  const followed = new Set(follower.addresses ?? []);
  for (const s of candidates) {
    if (!(s.addresses ?? []).every((a) => followed.has(a.toLowerCase()))) continue;
    mergeIntoFollower(state, s);
  }
}

/**
 * One unfollow: the token's own checkpoint moves to the follower's block with its addresses, which
 * are added to `dropped`. Undefined (nothing written) for a token still backfilling in its own
 * stream, or not followed at all: it stays as it is.
 */
async function unfollowOne(
  state: IndexerState,
  u: PendingUnfollow,
  cp: Checkpoint,
  followed: Set<string>,
  dropped: Set<string>,
): Promise<bigint | undefined> {
  const own = u.addresses.map((a) => a.toLowerCase()).filter((a) => followed.has(a));
  const token = u.addresses[0]?.toLowerCase() ?? '';
  if (!followed.has(token) || state.streams.some((s) => s.id === u.id)) return undefined;
  await writeCheckpoint(state, u.id, cp, own);
  for (const a of own) dropped.add(a);
  return cp.blockNumber;
}

/**
 * The unfollows asked for since the last pass, in one step: each token's own checkpoint moves to
 * the follower's block (with its addresses), then the follower's checkpoint loses them. A crash
 * between the two leaves the token followed and its checkpoint ahead: harmless either way.
 */
export async function applyUnfollows(state: IndexerState): Promise<void> {
  if (state.pendingUnfollows.length === 0) return;
  const batch = state.pendingUnfollows.splice(0);
  const { follower } = state;
  try {
    const cp = follower ? await loadCheckpoint(state.opts.db, follower.id) : undefined;
    if (!follower || !cp) {
      for (const u of batch) u.resolve(undefined);
      return;
    }
    restoreFollower(state, cp);
    const followed = new Set(follower.addresses ?? []);
    const dropped = new Set<string>();
    const done: { u: PendingUnfollow; block: bigint | undefined }[] = [];
    for (const u of batch) done.push({ u, block: await unfollowOne(state, u, cp, followed, dropped) });
    if (dropped.size > 0) {
      const kept = (follower.addresses ?? []).filter((a) => !dropped.has(a));
      await writeCheckpoint(state, follower.id, cp, kept);
      follower.addresses = kept;
    }
    for (const { u, block } of done) {
      if (block !== undefined) state.merged.delete(u.id);
      u.resolve(block);
    }
  } catch (e) {
    for (const u of batch) u.reject(e);
  }
}
