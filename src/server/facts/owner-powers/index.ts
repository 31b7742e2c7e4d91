/**
 * Owner powers, measured by simulation: the one entry point the rest of the server imports from.
 * simulateOwnerPowers runs the steps (simulate.ts names them); the building blocks below are shared
 * with the V4 hook powers (the same candidate calls on a hook's functions) and the benchmarks.
 */
export { callsFor, type ProbeContext, probeCallBuilder } from './candidates';
export { decodeOutcomes } from './decode-outcomes';
export { encodeRun, type RunMarket } from './encode-run';
export { roleIdsOf } from './role-ids';
export { selectorsOf } from './selectors-memo';
export { signatureOf } from './signatures';
export { MAX_REQUESTS, type OwnerPowerInput, simulateOwnerPowers } from './simulate';
