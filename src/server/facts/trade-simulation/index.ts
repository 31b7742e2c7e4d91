/**
 * Honeypot / tax / max-buy / cooldown detection by simulation, on any venue. The TradeProbe
 * helper (contracts/probes/TradeProbe.sol, venue adapter in contracts/probes/ProbeVenue.sol) is placed by state
 * override at a throwaway address; a venue only says how to route a trade (`ProbeRoute`), this
 * module runs the probe, and interpret.ts is the ONE interpretation of its reports. Nothing is sent
 * to the chain.
 *
 * One eth_simulateV1 request simulates a fresh user over several blocks, as a real user would trade:
 * a fresh EOA is tx.origin and pays an EIP-1559 gas price (the block's base fee plus a tip) from its
 * own balance; in the next block it buys and tries to sell at once, then tries again 1, 2, 3, 5, 10 and 20
 * blocks later (each try undone), which tells a sell cooldown or transfer delay from a honeypot and
 * counts its blocks. Real holders sell from their own address (tx.origin = the holder) in the same
 * request, before the fresh buy and again 20 blocks later. Last, the fresh buyer's sell is tried
 * once more with the clock moved 30 days ahead (a time bomb). Providers without eth_simulateV1 get
 * the same-block probe and the holder sells by eth_call; the later blocks are then reported as not
 * probed (over-blocks.ts is the eth_simulateV1 request; the eth_call fallback is here).
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { TradeProbe } from '../../probes/generated';
import { rejectAfter } from '../budget';
import { rejectsStateOverride, safeMessage } from '../rpc-errors';
import type { HolderSellSimulationFacts, TradeSimulationFacts } from '../types';
import { interpretHolderSells, interpretTrade } from './interpret';
import { simulateOverBlocks } from './over-blocks';
import {
  DEFAULT_LADDER_ETH,
  FRESH_USER,
  HOLDER_SELL_FRACTION_BPS,
  MAX_HOLDERS,
  PROBE_ADDRESS,
  PROBE_GAS,
  RECEIVER,
  routeArg,
  SIMULATION_TIMEOUT_MS,
  type TradingSimulation,
  type TradingSimulationInput,
  toWei,
  USER_FUNDS,
  USER_MAX_FEE_WEI,
  USER_TIP_WEI,
} from './probe';

/**
 * The fresh user's trade and the holders' sells, in one eth_simulateV1 request (fallback: two
 * eth_calls, same block only). Never throws: an RPC failure is an `error` trade and null holders.
 */
export async function simulateTrading(
  client: PublicClient,
  input: TradingSimulationInput,
): Promise<TradingSimulation> {
  const route = routeArg(input.route);
  const where = { pair: input.route.pool, router: input.route.router };
  const holders = dedupeHolders(input.holders);
  const ladder = (input.ladderEth ?? DEFAULT_LADDER_ETH).filter((x) => x > 0).map(toWei);
  const probeData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'probe',
    args: [route, RECEIVER, input.buyWei, input.maxLadderWei, ladder],
  });
  const code = TradeProbe.deployedBytecode as Hex;
  try {
    return await bounded(simulateOverBlocks(client, input, holders, probeData, where));
  } catch (e) {
    if (!rejectsStateOverride(e))
      return {
        trade: { status: 'error', message: `Trade simulation failed: ${safeMessage(e)}` },
        holderSells: null,
        requests: 1,
      };
  }
  // Fallback: eth_call (one block; later-block sells not probed). Holders sell through the probe.
  const fee = { maxFeePerGas: USER_MAX_FEE_WEI, maxPriorityFeePerGas: USER_TIP_WEI };
  const call = (data: Hex, extra: { address: Address; code: Hex }[]) =>
    client.call({
      account: FRESH_USER,
      to: PROBE_ADDRESS,
      data,
      gas: PROBE_GAS,
      ...fee,
      stateOverride: [
        { address: PROBE_ADDRESS, code, balance: USER_FUNDS },
        { address: FRESH_USER, balance: USER_FUNDS },
        ...extra,
      ],
    });
  const holderData = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'holderSells',
    args: [route, holders.map((h) => h.address), HOLDER_SELL_FRACTION_BPS],
  });
  const [tradeRes, holderRes] = await Promise.allSettled([
    call(probeData, []),
    holders.length
      ? call(
          holderData,
          holders.map((h) => ({ address: h.address, code })),
        )
      : null,
  ]);
  let trade: TradeSimulationFacts;
  if (tradeRes.status === 'rejected' || !tradeRes.value.data || tradeRes.value.data === '0x')
    trade = {
      status: 'error',
      message: `Trade simulation failed: ${tradeRes.status === 'rejected' ? safeMessage(tradeRes.reason) : 'the node ignored the state overrides'}`,
    };
  else
    try {
      const r = decodeFunctionResult({
        abi: TradeProbe.abi,
        functionName: 'probe',
        data: tradeRes.value.data,
      });
      trade = interpretTrade(r, null, where);
    } catch (e) {
      trade = { status: 'error', message: `Trade simulation failed: ${safeMessage(e)}` };
    }
  let holderSells: HolderSellSimulationFacts | null = null;
  if (holderRes.status === 'fulfilled' && holderRes.value?.data && holderRes.value.data !== '0x') {
    try {
      const [pooled, outs] = decodeFunctionResult({
        abi: TradeProbe.abi,
        functionName: 'holderSells',
        data: holderRes.value.data,
      });
      if (pooled) holderSells = interpretHolderSells(holders, [...outs], null);
    } catch {
      holderSells = null;
    }
  }
  return { trade, holderSells, requests: 1 + (holders.length ? 2 : 1) };
}

const bounded = <T>(p: Promise<T>) =>
  rejectAfter(p, SIMULATION_TIMEOUT_MS, `the simulation took longer than ${SIMULATION_TIMEOUT_MS / 1000} s`);

function dedupeHolders(all: TradingSimulationInput['holders']): TradingSimulationInput['holders'] {
  const seen = new Set<string>();
  const out: TradingSimulationInput['holders'] = [];
  for (const h of all) {
    const a = h.address.toLowerCase() as Address;
    if (a === zeroAddress || a === PROBE_ADDRESS || a === FRESH_USER || seen.has(a)) continue;
    seen.add(a);
    out.push({ ...h, address: a });
  }
  return out.slice(0, MAX_HOLDERS);
}
