/**
 * The owner-power simulation's budget: JSON-RPC requests per token, candidates and bytes per
 * eth_call, gas and time per call. Every number here trades what is found against the report's time.
 */
import { rejectAfter } from '../budget';

/**
 * JSON-RPC calls per token. 22 (was 20): the two more calls that find guards on other paths (a
 * holder-sized transfer's access list, the traced baseline) ride in the first batch and leave the
 * probe's own eth_calls the 18 they had. Raising it further made ~70-function tokens do more work
 * than the report's time budget allows on a loaded machine; the order of the calls decides instead
 * what a cut drops. Every body stays within the 1 MB budget whatever the count.
 */
export const PROBE_REQUESTS = 22;
/**
 * Discovery requests that ride in the first batch outside that budget (ADR 0033 amendment 3): the
 * deployer's router sell's access list and the RoleGranted logs. Counted in `rpcRequests`, never
 * taken from the probe's own eth_calls (which decide the report's time).
 */
const DISCOVERY_EXTRA = 2;
/** Most JSON-RPC requests of the owner-power simulation per token, all included. */
export const MAX_REQUESTS = PROBE_REQUESTS + DISCOVERY_EXTRA;
/**
 * Most candidates per eth_call: phase 1 (balance reads only; ~50–100k gas each inside CALL_GAS, and
 * PowerProbe stops before the call's gas runs out) and phase 2 (with trades). A candidate costs
 * ~50–100k gas with its reads (every sub-call reverts, so each pays cold access again), and memory
 * for the reply grows with the square of the count.
 */
export const PHASE1_CHUNK = 600;
export const PHASE2_CHUNK = 60;
/** Requests kept for after phase 1. */
export const LATER_REQUESTS = 5;
/**
 * Largest eth_call body built, in bytes of JSON: the chain client refuses a single call over its
 * 1 MB budget (chain/request-budget.ts), so chunks are cut by size as well as by count — a contract
 * with many functions or long typed arguments makes more, smaller calls instead of one refused one.
 */
export const CALL_BODY_BYTES = 900_000;
/** Successful calls per (caller, function) re-run with trades. */
export const PHASE2_PER_FUNCTION = 8;
export const MAX_CALLERS = 4;
/**
 * Real holders watched besides the victim, the largest (a reserve, a team wallet). Each adds two
 * balance reads to every candidate (~3.6k gas of a ~50–100k candidate): two keep a 60-function
 * contract's phase 1 within its eth_calls and the report near its old time.
 */
export const MORE_HOLDERS = 2;
/** Most callers tried on a contract the token calls: its owner-like getters, its storage, the token's holders. */
export const MAX_CALLED_CALLERS = 3;
/** Candidates per eth_call on a contract the token calls (with trades), and eth_calls for them all. */
export const CALLED_CHUNK = 80;
export const CALLED_MAX_CHUNKS = 3;
/** Grant calls run before the gated ones (each a distinct function, or a distinct role of one). */
export const MAX_GRANTS = 6;
/** Gated calls re-run after the grants: at most this many, in at most this many bytes of calldata. */
export const GRANT_CHUNK = 200;
export const GRANT_BODY_BYTES = 200_000;
export const CALL_GAS = 120_000_000n;
/** Gas for the traced baseline run (no candidates: the holder's two sells and a round trip). */
export const TRACE_GAS = 30_000_000n;
/** Gas PowerProbe gives each power call (its POWER_GAS); a call that used it all was cut off. */
export const POWER_GAS = 1_000_000n;
const CALL_TIMEOUT_MS = 8_000;

/** Requests sent: `n` counts against PROBE_REQUESTS, `extra` the discovery requests outside it. */
export type Counter = { n: number; extra?: number };

/** `p`, or a rejection once a probe request has taken longer than it may. */
export const withTimeout = <T>(p: Promise<T>) =>
  rejectAfter(p, CALL_TIMEOUT_MS, `probe timed out after ${CALL_TIMEOUT_MS} ms`);
