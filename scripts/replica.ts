/**
 * `npm run replica`: a Base replica (chain id 8453, Base's contracts at their canonical addresses,
 * a few tokens with history) behind a gateway that behaves like a public Base RPC. Prints the URL
 * to start the app with (`BASE_RPC_URL=<url> npm start`) and the tokens to analyse; Ctrl-C stops it.
 *
 * Options (environment): REPLICA_PORT (gateway port, default any free one), REPLICA_LATENCY_MS (80),
 * REPLICA_ERROR_RATE / REPLICA_TIMEOUT_RATE (0..1), REPLICA_STATE_OVERRIDES=off,
 * REPLICA_SIMULATE_V1=off, REPLICA_RATE_LIMIT_RPS (50; 0 = unlimited), REPLICA_SLOW_SIMULATION_MS
 * (extra delay on requests carrying eth_simulateV1; 0).
 */
import pino from 'pino';
import { startReplica } from '../src/server/replica';

const env = process.env;
const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));
const log = pino({ level: env.LOG_LEVEL ?? 'info' });
const rps = num(env.REPLICA_RATE_LIMIT_RPS, 50);

const replica = await startReplica({
  log,
  gateway: {
    port: num(env.REPLICA_PORT, 0),
    latencyMs: num(env.REPLICA_LATENCY_MS, 80),
    errorRate: num(env.REPLICA_ERROR_RATE, 0),
    timeoutRate: num(env.REPLICA_TIMEOUT_RATE, 0),
    stateOverrides: env.REPLICA_STATE_OVERRIDES !== 'off',
    simulateV1: env.REPLICA_SIMULATE_V1 !== 'off',
    slowSimulationMs: num(env.REPLICA_SLOW_SIMULATION_MS, 0),
    rateLimit: rps > 0 ? { rps, burst: rps * 2 } : null,
  },
});
const m = replica.manifest;
console.log(`\nBase replica ready (head block ${m.headBlock}).`);
console.log(`  BASE_RPC_URL=${replica.rpcUrl}   (gateway; the chain itself: ${replica.anvil.rpcUrl})`);
for (const [kind, address] of Object.entries(m.tokens)) console.log(`  ${kind.padEnd(9)} ${address}`);
console.log('Ctrl-C to stop.');

const stop = async () => {
  const s = replica.gateway.stats();
  console.log(`\nGateway: ${s.requests} requests, ${s.calls} calls.`);
  await replica.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
