/**
 * The trade simulation over several blocks, in one eth_simulateV1 request (index.ts says what it
 * probes): the blocks are planned first (who calls what in which block), then sent together with
 * the later-date eth_call and the holders' wallet sells, then read back into the probe's reports.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  numberToHex,
  type PublicClient,
} from 'viem';
import { TradeProbe } from '../../probes/generated';
import type { SequentialExitFacts, TradeMoment, TradeSimulationFacts } from '../types';
import { sellFromWallets } from '../wallet-sells';
import {
  interpretHolderSells,
  interpretMoment,
  interpretSequence,
  interpretTrade,
  type LaterSell,
} from './interpret';
import {
  BLOCK_SECONDS,
  CLOCK_JUMP_DAYS,
  FRESH_USER,
  HOLDER_GAS,
  HOLDER_SELL_FRACTION_BPS,
  HOLDER_WHOLE_BPS,
  JUMP_BLOCKS,
  LAST_LATER,
  LATER_SELL_BLOCKS,
  MAX_SEQUENCE_HOLDERS,
  momentProbe,
  momentUser,
  PROBE_ADDRESS,
  PROBE_GAS,
  RECEIVER,
  routeArg,
  SELL_GAS,
  type SellResult,
  SIM_BLOCK_GAS,
  type SimBlock,
  type SimCall,
  TRADE_SCHEDULE_MAX_BLOCKS,
  TRADE_SCHEDULE_SECONDS,
  type TradeReport,
  type TradingSimulation,
  type TradingSimulationInput,
  USER_FUNDS,
  USER_MAX_FEE_WEI,
  USER_TIP_WEI,
} from './probe';

type Holders = TradingSimulationInput['holders'];
type Fee = { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
const JUMP_SECONDS = BigInt(CLOCK_JUMP_DAYS * 86_400);

function decodeSell(
  call: SimCall | undefined,
  fn: 'sellLater' | 'holderSell' | 'holderSellKept',
): SellResult | null {
  if (call?.status !== '0x1' || !call.returnData || call.returnData === '0x') return null;
  try {
    return decodeFunctionResult({ abi: TradeProbe.abi, functionName: fn, data: call.returnData });
  } catch {
    return null;
  }
}

export async function simulateOverBlocks(
  client: PublicClient,
  input: TradingSimulationInput,
  holders: Holders,
  probeData: Hex,
  where: { pair: Address; router: Address },
): Promise<TradingSimulation> {
  const fee: Fee = {
    maxFeePerGas: numberToHex(USER_MAX_FEE_WEI),
    maxPriorityFeePerGas: numberToHex(USER_TIP_WEI),
  };
  const plan = planBlocks(input, holders, probeData, fee);
  const { blockStateCalls, planned } = plan;
  // The later date with the block number moved too (see CLOCK_JUMP_DAYS): one eth_call, sent with
  // the simulation so that both leave in the same JSON-RPC batch. Its failure only drops it.
  const laterDateP = tradeAtLaterDate(client, input, probeData);
  const walletP = sellFromWallets(client, input, holders, fee);
  const blocks = (await client.request({
    method: 'eth_simulateV1' as never,
    params: [
      { blockStateCalls, validation: true, traceTransfers: false },
      input.block ? numberToHex(input.block.number) : 'latest',
    ] as never,
  })) as unknown as SimBlock[];
  const withCalls = (blocks ?? []).filter((b) => b.calls?.length > 0);
  if (withCalls.length !== planned) throw new Error('eth_simulateV1 returned an unexpected number of blocks');
  const first = withCalls[0] as SimBlock;
  const probeCall = first.calls[2 * holders.length];
  if (probeCall?.status !== '0x1' || probeCall.returnData === '0x')
    return {
      trade: {
        status: 'error',
        message: `Trade simulation failed: ${probeCall?.error?.message?.slice(0, 200) ?? 'the probe returned nothing'}`,
      },
      holderSells: null,
      requests: 2 + (walletP.sent ? 1 : 0),
    };
  const report = decodeFunctionResult({
    abi: TradeProbe.abi,
    functionName: 'probe',
    data: probeCall.returnData,
  });
  const later: LaterSell[] = [];
  LATER_SELL_BLOCKS.forEach((k, i) => {
    const s = decodeSell(withCalls[i + 1]?.calls[0], 'sellLater');
    if (s) later.push({ blocks: k, sell: s });
  });
  const jumped =
    plan.jumpBlock === null ? null : decodeSell(withCalls[plan.jumpBlock]?.calls[0], 'sellLater');
  const trade = withSchedule(
    interpretTrade(report, later, where, jumped, await laterDateP),
    readSchedule(input, report, plan.moments, withCalls),
  );
  // The block 20 blocks after the buy, where the holders sell again.
  const lastBlock = withCalls[LATER_SELL_BLOCKS.length] as SimBlock;
  const wallet = await walletP.results;
  const holderSells =
    holders.length === 0 || trade.status === 'no_pool' || trade.status === 'error'
      ? null
      : interpretHolderSells(
          holders,
          holders.map((_, i) => decodeSell(first.calls[i], 'holderSell')),
          holders.map((_, i) => decodeSell(lastBlock.calls[i + 1], 'holderSell')),
          {
            whole: holders.map((_, i) => decodeSell(first.calls[holders.length + i], 'holderSell')),
            wallet,
          },
        );
  if (holderSells && plan.sequence) holderSells.sequence = readSequence(holders, plan.sequence, withCalls);
  return { trade, holderSells, requests: (input.block ? 2 : 1) + (walletP.sent ? 1 : 0) };
}

/** Where in the simulated blocks each schedule moment's call sits, and when it runs. */
type MomentSlot = { block: number; call: number; secondsAfter: number; blocksAfter: number };
/** The sequential exit's call in the first block, and which holders (by index) sell in what order. */
type SequenceSlot = { blocks: number[]; order: number[] };
type Plan = {
  blockStateCalls: unknown[];
  /** How many blocks carry calls. */
  planned: number;
  moments: MomentSlot[];
  sequence: SequenceSlot | null;
  /** Index (among the blocks with calls) of the time-bomb block; null when not run. */
  jumpBlock: number | null;
};

/**
 * The simulated blocks: holders sell first in the buy's block (a tenth, then all of it, each
 * undone), then the fresh user buys in the same block; the later blocks retry the fresh user's
 * sell (the last one with the holders' again) and carry the schedule's fresh wallets; then the
 * time bomb; last, the largest holders' exit one after another, one block each.
 */
function planBlocks(input: TradingSimulationInput, holders: Holders, probeData: Hex, fee: Fee): Plan {
  const route = routeArg(input.route);
  const code = TradeProbe.deployedBytecode as Hex;
  type Call = { from: Address; to: Address; data: Hex; gas: Hex } & Fee;
  const call = (from: Address, to: Address, data: Hex, gas: bigint): Call => ({
    from,
    to,
    data,
    gas: numberToHex(gas),
    ...fee,
  });
  const user = (data: Hex, gas: bigint) => call(FRESH_USER, PROBE_ADDRESS, data, gas);
  const holderCallsOf = (bps: bigint) =>
    holders.map((h) =>
      call(
        h.address,
        h.address,
        encodeFunctionData({ abi: TradeProbe.abi, functionName: 'holderSell', args: [route, bps] }),
        HOLDER_GAS,
      ),
    );
  const holderCalls = holderCallsOf(HOLDER_SELL_FRACTION_BPS);
  const wholeCalls = holderCallsOf(HOLDER_WHOLE_BPS);
  const laterData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'sellLater',
    args: [route, RECEIVER],
  });
  const order = exitOrder(holders);
  const keptData = encodeFunctionData({ abi: TradeProbe.abi, functionName: 'holderSellKept', args: [route] });
  type Planned = { k: number; calls: Call[]; jump?: bigint };
  const planned: Planned[] = [
    // Holders first (today's pool: a tenth, then all of it, each undone), then the fresh user's buy
    // in the same block, then the holders' exit one after another (undone as a whole).
    {
      k: 0,
      calls: [...holderCalls, ...wholeCalls, user(probeData, PROBE_GAS)],
    },
    ...LATER_SELL_BLOCKS.map((k) => ({
      k,
      calls: k === LAST_LATER ? [user(laterData, SELL_GAS), ...holderCalls] : [user(laterData, SELL_GAS)],
    })),
  ];
  const moments: { i: number; k: number; jump: bigint; seconds: number }[] = [];
  const momentAddresses: Address[] = [];
  if (input.block) {
    // The schedule: a small buy (a tenth of the tax buy: under any max-tx limit the main buy met)
    // and its sell, by a fresh wallet per moment. Moments keep Base's pace of blocks while they can.
    const momentData = encodeFunctionData({
      abi: TradeProbe.abi,
      functionName: 'probe',
      args: [route, RECEIVER, input.buyWei / 10n > 0n ? input.buyWei / 10n : input.buyWei, 0n, []],
    });
    TRADE_SCHEDULE_SECONDS.forEach((seconds, i) => {
      const natural = Math.round(seconds / Number(BLOCK_SECONDS));
      const lastK = (planned[planned.length - 1] as Planned).k;
      const fits =
        natural <= TRADE_SCHEDULE_MAX_BLOCKS &&
        (natural > lastK || planned.some((p) => p.k === natural && !p.jump));
      const k = fits ? natural : lastK + 1;
      const jump = BigInt(seconds) - BLOCK_SECONDS * BigInt(k);
      const c = call(momentUser(i), momentProbe(i), momentData, SELL_GAS);
      const same = planned.find((p) => p.k === k && !p.jump);
      if (same && jump === 0n) same.calls.push(c);
      else planned.push({ k, calls: [c], ...(jump !== 0n ? { jump } : {}) });
      moments.push({ i, k, jump, seconds });
      momentAddresses.push(momentUser(i), momentProbe(i));
    });
    // The time bomb: the next block, with the clock moved ahead.
    planned.push({
      k: (planned[planned.length - 1] as Planned).k + 1,
      calls: [user(laterData, SELL_GAS)],
      jump: JUMP_SECONDS,
    });
    // The sequential exit, last so that it changes no other test's state: each of the largest
    // holders sells its whole balance from its own address (its own transaction and block), kept,
    // into the state the previous sellers left. After the time bomb (the clock stays moved).
    if (order.length >= 2)
      for (const i of order)
        planned.push({
          k: (planned[planned.length - 1] as Planned).k + 1,
          calls: [
            call(
              (holders[i] as Holders[number]).address,
              (holders[i] as Holders[number]).address,
              keptData,
              HOLDER_GAS,
            ),
          ],
          jump: JUMP_SECONDS,
        });
  }
  const at = blockAt(input);
  const blockStateCalls: unknown[] = [];
  let prev = -1;
  for (const p of planned) {
    if (!input.block)
      for (let gap = prev + 1; gap < p.k; gap++) blockStateCalls.push({ blockOverrides: at(gap), calls: [] });
    blockStateCalls.push({
      blockOverrides: at(p.k, p.jump),
      calls: p.calls,
      ...(p.k === 0
        ? {
            stateOverrides: Object.fromEntries([
              [PROBE_ADDRESS, { code, balance: numberToHex(USER_FUNDS) }],
              [FRESH_USER, { balance: numberToHex(USER_FUNDS) }],
              // Holders pay their gas too: their own address carries the probe code and a balance.
              ...holders.map((h) => [h.address, { code, balance: numberToHex(USER_FUNDS) }]),
              // The schedule's wallets (even places) and their probes (odd places: these carry the code).
              ...momentAddresses.map((a, j) => [
                a,
                j % 2 === 1
                  ? { code, balance: numberToHex(USER_FUNDS) }
                  : { balance: numberToHex(USER_FUNDS) },
              ]),
            ]),
          }
        : {}),
    });
    prev = p.k;
  }
  const blockOf = (k: number, jump: bigint) => planned.findIndex((p) => p.k === k && (p.jump ?? 0n) === jump);
  return {
    blockStateCalls,
    planned: planned.length,
    moments: moments.map((m) => {
      const block = blockOf(m.k, m.jump);
      const calls = (planned[block] as Planned).calls;
      return {
        block,
        call: calls.findIndex((c) => c.from === momentUser(m.i)),
        secondsAfter: m.seconds,
        blocksAfter: m.k,
      };
    }),
    sequence:
      input.block && order.length >= 2
        ? { blocks: order.map((_, j) => planned.length - order.length + j), order }
        : null,
    jumpBlock: input.block ? planned.length - 1 - (order.length >= 2 ? order.length : 0) : null,
  };
}

/** The holders who exit in sequence, largest balance first (the index's balance; unknown last). */
function exitOrder(holders: Holders): number[] {
  return holders
    .map((h, i) => ({ i, b: h.balance ?? -1n }))
    .sort((x, y) => (y.b > x.b ? 1 : y.b < x.b ? -1 : x.i - y.i))
    .slice(0, MAX_SEQUENCE_HOLDERS)
    .map((x) => x.i);
}

/** The schedule read back: now (the first buy) and each later moment that returned a report. */
function readSchedule(
  input: TradingSimulationInput,
  report: TradeReport,
  slots: MomentSlot[],
  blocks: SimBlock[],
): TradeMoment[] | null {
  if (!input.block || slots.length === 0) return null;
  const start = Number(input.block.timestamp + BLOCK_SECONDS);
  const out: TradeMoment[] = [];
  const now = interpretMoment(report, { secondsAfter: 0, blocksAfter: 0, at: start });
  if (now) out.push(now);
  for (const s of slots) {
    const c = blocks[s.block]?.calls[s.call];
    if (c?.status !== '0x1' || !c.returnData || c.returnData === '0x') continue;
    try {
      const r = decodeFunctionResult({ abi: TradeProbe.abi, functionName: 'probe', data: c.returnData });
      const m = interpretMoment(r, {
        secondsAfter: s.secondsAfter,
        blocksAfter: s.blocksAfter,
        at: start + s.secondsAfter,
      });
      if (m) out.push(m);
    } catch {
      // not our report: the moment is left out, never read as a pass or a failure
    }
  }
  return out;
}

/** The sequential exit read back (one kept sell per block); null when no sell returned a report. */
function readSequence(holders: Holders, slot: SequenceSlot, blocks: SimBlock[]): SequentialExitFacts | null {
  const first = blocks[0] as SimBlock;
  const inLine = slot.blocks.map((b) => decodeSell(blocks[b]?.calls[0], 'holderSellKept'));
  if (inLine.every((x) => x === null)) return null;
  return interpretSequence(
    slot.order.map((i) => holders[i] as Holders[number]),
    inLine,
    slot.order.map((i) => decodeSell(first.calls[holders.length + i], 'holderSell')),
  );
}

/** The trade facts with their schedule (only a trade that reached the pool has one). */
function withSchedule(t: TradeSimulationFacts, schedule: TradeMoment[] | null): TradeSimulationFacts {
  return t.status === 'no_pool' || t.status === 'error' ? t : { ...t, schedule };
}

/**
 * Block k after the buy's block (k = 0 is the buy's). With a known start block the later blocks
 * are numbered and timed at Base's pace; otherwise empty blocks fill the gaps.
 */
const blockAt =
  (input: TradingSimulationInput) =>
  (k: number, jump = 0n) =>
    input.block
      ? {
          number: numberToHex(input.block.number + 1n + BigInt(k)),
          time: numberToHex(input.block.timestamp + BLOCK_SECONDS * (1n + BigInt(k)) + jump),
          gasLimit: numberToHex(SIM_BLOCK_GAS),
        }
      : { gasLimit: numberToHex(SIM_BLOCK_GAS) };

/** The buy and same-block sell with clock and block number moved 30 days ahead (eth_call); null when not run or failed. */
function tradeAtLaterDate(
  client: PublicClient,
  input: TradingSimulationInput,
  probeData: Hex,
): Promise<TradeReport | null> {
  if (!input.block) return Promise.resolve(null);
  return client
    .call({
      account: FRESH_USER,
      to: PROBE_ADDRESS,
      data: probeData,
      gas: PROBE_GAS,
      maxFeePerGas: USER_MAX_FEE_WEI,
      maxPriorityFeePerGas: USER_TIP_WEI,
      stateOverride: [
        { address: PROBE_ADDRESS, code: TradeProbe.deployedBytecode as Hex, balance: USER_FUNDS },
        { address: FRESH_USER, balance: USER_FUNDS },
      ],
      blockNumber: input.block.number,
      blockOverrides: {
        number: input.block.number + 1n + JUMP_BLOCKS,
        time: input.block.timestamp + BLOCK_SECONDS + JUMP_SECONDS,
      },
    })
    .then((res) =>
      res.data && res.data !== '0x'
        ? decodeFunctionResult({ abi: TradeProbe.abi, functionName: 'probe', data: res.data })
        : null,
    )
    .catch(() => null);
}
