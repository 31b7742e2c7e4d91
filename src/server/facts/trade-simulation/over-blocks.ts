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
import { sellFromWallets } from '../wallet-sells';
import { interpretHolderSells, interpretTrade, type LaterSell } from './interpret';
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
  PROBE_ADDRESS,
  PROBE_GAS,
  RECEIVER,
  routeArg,
  SELL_GAS,
  type SellResult,
  SIM_BLOCK_GAS,
  type SimBlock,
  type SimCall,
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

function decodeSell(call: SimCall | undefined, fn: 'sellLater' | 'holderSell'): SellResult | null {
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
  const { blockStateCalls, planned } = planBlocks(input, holders, probeData, fee);
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
  const jumped = input.block
    ? decodeSell(withCalls[LATER_SELL_BLOCKS.length + 1]?.calls[0], 'sellLater')
    : null;
  const trade = interpretTrade(report, later, where, jumped, await laterDateP);
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
  return { trade, holderSells, requests: (input.block ? 2 : 1) + (walletP.sent ? 1 : 0) };
}

/**
 * The simulated blocks: holders sell first in the buy's block (a tenth, then all of it, each
 * undone), then the fresh user buys in the same block; the later blocks retry the fresh user's sell
 * (the last one with the holders' again); last, the time bomb. `planned`: how many blocks carry calls.
 */
function planBlocks(
  input: TradingSimulationInput,
  holders: Holders,
  probeData: Hex,
  fee: Fee,
): { blockStateCalls: unknown[]; planned: number } {
  const route = routeArg(input.route);
  const code = TradeProbe.deployedBytecode as Hex;
  const user = (data: Hex, gas: bigint) => ({
    from: FRESH_USER,
    to: PROBE_ADDRESS,
    data,
    gas: numberToHex(gas),
    ...fee,
  });
  const holderCallsOf = (bps: bigint) =>
    holders.map((h) => ({
      from: h.address,
      to: h.address,
      data: encodeFunctionData({ abi: TradeProbe.abi, functionName: 'holderSell', args: [route, bps] }),
      gas: numberToHex(HOLDER_GAS),
      ...fee,
    }));
  const holderCalls = holderCallsOf(HOLDER_SELL_FRACTION_BPS);
  const wholeCalls = holderCallsOf(HOLDER_WHOLE_BPS);
  const laterData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'sellLater',
    args: [route, RECEIVER],
  });
  type Planned = { k: number; calls: ReturnType<typeof user>[] | typeof holderCalls; jump?: bigint };
  const planned: Planned[] = [
    // Holders first (today's pool: a tenth, then all of it, each undone), then the fresh user's buy
    // in the same block.
    { k: 0, calls: [...holderCalls, ...wholeCalls, user(probeData, PROBE_GAS)] },
    ...LATER_SELL_BLOCKS.map((k) => ({
      k,
      calls: k === LAST_LATER ? [user(laterData, SELL_GAS), ...holderCalls] : [user(laterData, SELL_GAS)],
    })),
    // The time bomb: the next block, with the clock moved ahead. Needs a known start block to time it.
    ...(input.block ? [{ k: LAST_LATER + 1, calls: [user(laterData, SELL_GAS)], jump: JUMP_SECONDS }] : []),
  ];
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
            ]),
          }
        : {}),
    });
    prev = p.k;
  }
  return { blockStateCalls, planned: planned.length };
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
