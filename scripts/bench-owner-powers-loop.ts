/**
 * `npx tsx scripts/bench-owner-powers-loop.ts`: the longest event-loop task during one owner-power
 * simulation at full size (4 callers, 9 phase-1 chunks of 400 candidates, the most a gather sends).
 * The node is a stand-in answering every chunk at once after 5 ms, as a JSON-RPC batch arrives, with
 * precomputed replies, so the figure is the simulation's own main-thread work. A ticker chained on
 * setImmediate notes the longest gap between its turns: the longest task the loop ran meanwhile.
 * Imports only simulateOwnerPowers, so the same script measures an older checkout.
 */
import { performance } from 'node:perf_hooks';
import { encodeFunctionResult, type Hex, type PublicClient } from 'viem';
import { simulateOwnerPowers } from '../src/server/facts/owner-powers';
import { SwapRouter02 } from '../src/server/localchain/artifacts/generated';
import { PowerProbe } from '../src/server/probes/generated';
import { machineLine } from './bench/stats';

const addr = (n: number) => `0x${n.toString(16).padStart(40, 'a')}` as Hex;
const word = (a: Hex) => `0x${a.slice(2).padStart(64, '0')}` as Hex;

const replies = new Map<number, Hex>();
function reply(n: number, watch: number): Hex {
  const key = n * 100 + watch;
  let r = replies.get(key);
  if (!r) {
    const outs = Array.from({ length: n }, (_, i) => ({
      called: i > 0,
      callOk: false,
      gasUsed: 30_000n + BigInt(i),
      revertData: (i % 3 ? '0x08c379a0' : '0x') as Hex,
      supplyBefore: 10n ** 27n,
      supplyAfter: 10n ** 27n,
      before: Array.from({ length: watch }, (_, k) => 10n ** 20n + BigInt(k)),
      afterCall: Array.from({ length: watch }, (_, k) => 10n ** 20n + BigInt(k)),
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
    }));
    r = encodeFunctionResult({ abi: PowerProbe.abi, functionName: 'run', result: outs });
    replies.set(key, r);
  }
  return r;
}

/** Reads the candidate and watch counts from run's calldata (words 2 and 3 of the head). */
function counts(data: Hex) {
  const at = (byte: number) => Number.parseInt(data.slice(10 + byte * 2, 10 + byte * 2 + 64), 16);
  return { cands: at(at(64)), watch: at(at(32)) };
}

function fakeNode() {
  let pending: (() => void)[] = [];
  const flush = () => {
    const p = pending;
    pending = [];
    for (const f of p) f();
  };
  const later = <T>(v: () => T) =>
    new Promise<T>((resolve) => {
      if (pending.length === 0) setTimeout(flush, 5);
      pending.push(() => resolve(v()));
    });
  return {
    readContract: (req: { args: [{ callData: Hex }[]] }) =>
      later(() =>
        req.args[0].map((_, i) =>
          // Two getters return wallets: with owner() and the deployer, four callers.
          i < 2
            ? { success: true, returnData: word(addr(0xb0 + i)) }
            : { success: false, returnData: '0x' as Hex },
        ),
      ),
    call: (req: { data: Hex }) => {
      const { cands, watch } = counts(req.data);
      return later(() => ({ data: reply(cands + 1, watch) }));
    },
  } as unknown as PublicClient;
}

async function once() {
  const client = fakeNode();
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const t = performance.now();
  const facts = await simulateOwnerPowers(client, {
    token: addr(1),
    code: SwapRouter02.deployedBytecode as Hex,
    implementationCode: null,
    owner: addr(2),
    deployer: addr(3),
    pool: null,
    holders: [{ address: addr(4), balance: 10n ** 20n }],
    createdAtBlock: null,
  });
  const wall = performance.now() - t;
  // The ticker's next turn (queued before this one) records the gap the simulation's last task left.
  await new Promise((r) => setImmediate(r));
  running = false;
  if (facts.status !== 'simulated') throw new Error(`simulation did not run: ${JSON.stringify(facts)}`);
  return { longest, wall, calls: facts.callsSimulated, callers: facts.callers.length };
}

console.log(machineLine());
const runs = Number(process.env.RUNS ?? 12);
const results = [];
for (let i = 0; i < runs + 2; i++) results.push(await once());
const warm = results.slice(2);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `${warm[0]?.callers} callers, ${warm[0]?.calls} simulated calls; first run: longest task ${results[0]?.longest.toFixed(1)} ms`,
);
console.log(
  `warm (${runs} runs): longest task median ${med(warm.map((r) => r.longest)).toFixed(1)} ms, max ${Math.max(...warm.map((r) => r.longest)).toFixed(1)} ms; wall median ${med(warm.map((r) => r.wall)).toFixed(1)} ms`,
);
