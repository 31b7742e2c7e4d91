/**
 * The simulator's block clock (issue 11): the chain's time is the wall clock's. anvil's own clock
 * is not trusted for this: evm_setTime and explicit timestamps move its offset, and a restored
 * state does not reset it, which once left the chain days ahead of real time.
 */

/** A chain this far ahead of the wall clock (built by an older version) catches up slowly instead. */
export const MAX_WAIT_AHEAD_S = 600;

/**
 * The next simulator block's timestamp given the head's and the wall clock's (unix seconds), or
 * undefined when the block should wait for the wall clock to pass the head's second: so blocks are
 * stamped max(head + 1, wall) and never run ahead of real time, however fast the simulator ticks.
 * After a restart the first block carries the real time, so the time the app was stopped is a
 * real gap. A chain already far ahead (an older build) advances one second per block instead of
 * freezing until the wall clock catches up.
 */
export function nextBlockTime(headTs: number, wallTs: number): number | undefined {
  if (headTs < wallTs) return wallTs;
  if (headTs - wallTs < MAX_WAIT_AHEAD_S) return undefined;
  return headTs + 1;
}
