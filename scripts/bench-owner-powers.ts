/**
 * `npx tsx scripts/bench-owner-powers.ts`: CPU time of the owner-power simulation's pure steps, the
 * ones that run on the main thread between RPC round trips (issue #12: no long main-thread task).
 * A benchmark, not a test: figures depend on the machine, whose load average is printed.
 *
 *   decode      one JSON-RPC batch of phase-1 responses (5 × 400 outcomes, 7 watched balances)
 *               decoded back to back (= one task), viem's decodeFunctionResult vs the hand decoder
 *   selectors   whatsabi.selectorsFromBytecode on large runtime codes, cold and memoized
 *   candidates  every probe call of a gather: 4 callers × all bundled signatures + unknown selectors
 *   calldata    PowerProbe.run calldata for 9 phase-1 chunks of 400 candidates (the most a gather
 *               sends), all encoded in the task that builds them: viem vs encodeRun
 */
import { performance } from 'node:perf_hooks';
import { whatsabi } from '@shazow/whatsabi';
import {
  decodeFunctionResult,
  encodeFunctionData,
  encodeFunctionResult,
  type Hex,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { CAPABILITY_SELECTORS } from '../src/server/facts/capabilities/selectors';
import {
  decodeOutcomes,
  encodeRun,
  type ProbeContext,
  probeCallBuilder,
  type RunMarket,
  selectorsOf,
} from '../src/server/facts/owner-powers';
import {
  NonfungiblePositionManager,
  SwapRouter02,
  UniswapV2Router02,
  UniswapV3Factory,
} from '../src/server/localchain/artifacts/generated';
import { PowerProbe } from '../src/server/probes/generated';
import { machineLine } from './bench/stats';

const RUNS = Number(process.env.RUNS ?? 15);

function time(label: string, fn: () => unknown, runs = RUNS) {
  // The first call pays for the JIT (a server's first gather does too); then a few warm-up calls.
  const t0 = performance.now();
  fn();
  const first = performance.now() - t0;
  for (let i = 0; i < 2; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const med = ms[Math.floor(ms.length / 2)] as number;
  const f = (v: number) => v.toFixed(2).padStart(8);
  console.log(`${label.padEnd(52)} median ${f(med)} ms  min ${f(ms[0] as number)} ms  first ${f(first)} ms`);
  return med;
}

// A deterministic pseudo-random generator: the same payload on every run.
let seed = 12345;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const big = () => (rnd() < 0.3 ? 0n : BigInt(Math.floor(rnd() * 2 ** 52)) * 10n ** 18n);
const hexBytes = (n: number) =>
  `0x${Array.from({ length: n }, () =>
    Math.floor(rnd() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('')}` as Hex;

function outcome(watch: number) {
  const revert = rnd();
  return {
    called: true,
    callOk: rnd() < 0.3,
    gasUsed: BigInt(Math.floor(rnd() * 1_000_000)),
    revertData: revert < 0.4 ? ('0x' as Hex) : hexBytes(revert < 0.7 ? 4 : 68),
    supplyBefore: big(),
    supplyAfter: big(),
    before: Array.from({ length: watch }, big),
    afterCall: Array.from({ length: watch }, big),
    traded: false,
    victimTried: false,
    victimSellOk: false,
    buyOk: false,
    smallBuyOnly: false,
    sellOk: false,
    buyExpected: 0n,
    buyReceived: 0n,
    sellExpected: 0n,
    sellReceived: 0n,
    readOnly: false,
    codeReplaced: false,
    setupOk: false,
    ownerBefore: 0n,
    ownerAfter: 0n,
    victimSellExpected: 0n,
    victimSellReceived: 0n,
    allowanceGranted: 0n,
    followUpOk: false,
    victimFullTried: false,
    victimFullSellOk: false,
    allowances: [],
  };
}

function payload(n: number, watch: number): Hex {
  return encodeFunctionResult({
    abi: PowerProbe.abi,
    functionName: 'run',
    result: Array.from({ length: n }, () => outcome(watch)),
  });
}

console.log(machineLine());

console.log('\n# decode: one JSON-RPC batch of 5 phase-1 responses (400 outcomes each) in one task');
const batch = Array.from({ length: 5 }, () => payload(401, 7));
console.log(`payload: ${batch.length} × ${(batch[0] as string).length / 2 - 1} bytes`);
time('viem decodeFunctionResult ×5', () => {
  for (const data of batch) decodeFunctionResult({ abi: PowerProbe.abi, functionName: 'run', data });
});
time('decodeOutcomes ×5', () => {
  for (const data of batch) decodeOutcomes(data);
});
const phase2 = payload(61, 7);
time('viem decodeFunctionResult, one phase-2 chunk (60)', () =>
  decodeFunctionResult({ abi: PowerProbe.abi, functionName: 'run', data: phase2 }),
);
time('decodeOutcomes, one phase-2 chunk (60)', () => decodeOutcomes(phase2));

console.log('\n# selectors: whatsabi.selectorsFromBytecode per runtime code');
const codes = { SwapRouter02, NonfungiblePositionManager, UniswapV3Factory, UniswapV2Router02 };
for (const [name, art] of Object.entries(codes)) {
  const code = art.deployedBytecode as Hex;
  time(`${name} (${code.length / 2 - 1} B) cold whatsabi`, () => whatsabi.selectorsFromBytecode(code), 5);
  time(`${name} memoized (selectorsOf)`, () => selectorsOf(code));
}

console.log('\n# candidates: every probe call of one gather (4 callers, one probeCallBuilder)');
const sigs = [...CAPABILITY_SELECTORS.values()].map((e) => e.signature);
const unknown = Array.from({ length: 40 }, (_, i) => toFunctionSelector(`function unknownFn${i}(uint256)`));
const callers = [
  '0x1111111111111111111111111111111111111111',
  '0x2222222222222222222222222222222222222222',
  '0x3333333333333333333333333333333333333333',
  '0x4444444444444444444444444444444444444444',
] as const;
let calls = 0;
time(`callsFor: ${sigs.length} signed + ${unknown.length} unknown selectors × 4 callers`, () => {
  calls = 0;
  const callsFor = probeCallBuilder(); // one per gather, as simulate.ts does
  for (const caller of callers) {
    const ctx: ProbeContext = {
      victim: '0x9999999999999999999999999999999999999999',
      victimBalance: 123_456_789n * 10n ** 18n,
      caller,
      pair: '0x8888888888888888888888888888888888888888',
    };
    for (const sig of sigs) calls += callsFor(toFunctionSelector(`function ${sig}`), ctx, sig).length;
    for (const sel of unknown) calls += callsFor(sel, ctx, null).length;
  }
});
console.log(`(${calls} probe calls per gather)`);

console.log('\n# calldata: 9 phase-1 chunks of 400 candidates');
const all: { caller: Hex; data: Hex }[] = [];
{
  const callsFor = probeCallBuilder();
  for (const caller of callers) {
    const ctx: ProbeContext = { victim: caller, victimBalance: 10n ** 24n, caller, pair: zeroAddress };
    for (const sig of sigs)
      for (const c of callsFor(toFunctionSelector(`function ${sig}`), ctx, sig))
        all.push({ caller, data: c.data });
  }
}
const chunks = Array.from({ length: 9 }, (_, i) => all.slice(i * 400, i * 400 + 400));
const market: RunMarket = {
  token: callers[0],
  route: {
    venue: 0,
    router: callers[1],
    quoter: zeroAddress,
    pool: callers[2],
    path: [callers[3], callers[0]],
    fees: [],
    minQuote: 0n,
    v4Key: '0x',
  },
  victim: callers[3],
  buyWei: 10n ** 16n,
  setup: [],
  target: zeroAddress,
};
const watch = [...callers, zeroAddress];
time('viem encodeFunctionData ×9', () => {
  for (const c of chunks)
    encodeFunctionData({ abi: PowerProbe.abi, functionName: 'run', args: [market, watch, c, false] });
});
time('encodeRun ×9', () => {
  for (const c of chunks) encodeRun(market, watch, c, false);
});
