/**
 * The first JSON-RPC batch besides the getters (I/O): where the token's transfers reach — access
 * lists of a real holder's sells, a buy and the deployer's router sell, and a traced baseline run —
 * and the role ids its RoleGranted logs name. All asked at once, read when needed.
 */
import { type Address, type Hex, numberToHex, type PublicClient, zeroAddress } from 'viem';
import type { ProbeRoute } from '../../venues/venue';
import { walletSellable, walletSellData } from '../wallet-sells/wallet-sell';
import {
  MAX_CALLED_CONTRACTS,
  type TransferProbe,
  touchedByProbeTrace,
  touchedByTransfers,
} from './called-contracts';
import { encodeRun } from './encode-run';
import { FROM, FUNDS, knownAddresses, type OwnerPowerInput, PROBE, PROBE_CODE } from './input';
import { type Counter, TRACE_GAS, withTimeout } from './limits';
import { ROLE_ADMIN_CHANGED_TOPIC, ROLE_GRANTED_TOPIC, roleIdsFromLogs } from './role-ids';

/** Contracts the token calls during a transfer, and how many access lists went unanswered. */
export type Called = { touched: Address[]; failed: number };

type Holder = OwnerPowerInput['holders'][number];

/**
 * A sell through the venue's router by the deployer, for its access list: the router's path
 * (transferFrom by the router, the pool's swap) reaches guards a plain transfer never asks — and
 * where the node refuses debug_traceCall (public Base endpoints, our gateway) nothing else follows
 * that path. eth_createAccessList takes no state override, so only an account that has approved
 * the router can make it: the deployer, who usually did to add the liquidity. A tenth of its balance
 * when the holder list knows it, else a millionth of the supply. A deployer without an allowance
 * or a balance makes the router revert before any guard: nothing found, as before.
 */
function routerSellProbe(input: OwnerPowerInput, route: ProbeRoute): TransferProbe[] {
  const deployer = input.deployer?.toLowerCase() as Address | undefined;
  if (!deployer || !walletSellable(route)) return [];
  const held = input.holders.find((h) => h.address.toLowerCase() === deployer)?.balance ?? 0n;
  const amount = held >= 10n ? held / 10n : (input.totalSupply ?? 0n) / 1_000_000n;
  if (amount === 0n) return [];
  return [
    {
      from: deployer,
      to: route.pool,
      amount,
      call: { to: route.router, data: walletSellData(route, deployer, amount) },
    },
  ];
}

/**
 * The transfers whose access lists are asked: a tenth of a real holder's balance and all of it (a
 * guard may be asked only above an amount), a buy to a wallet the token has never seen, sized like
 * a real holder's buy, and the deployer's router sell. The seller is a holder that is neither the
 * owner nor the deployer.
 */
function baselineTransfers(input: OwnerPowerInput): {
  seller: Holder | undefined;
  transfers: TransferProbe[];
} {
  const pool = input.pool;
  if (!pool) return { seller: undefined, transfers: [] };
  const owned = new Set([input.owner, input.deployer].map((a) => a?.toLowerCase()));
  const seller = input.holders.find((h) => h.balance >= 10n && !owned.has(h.address.toLowerCase()));
  const transfers: TransferProbe[] = [
    ...(seller
      ? [
          { from: seller.address, to: pool.route.pool, amount: seller.balance / 10n },
          { from: seller.address, to: pool.route.pool, amount: seller.balance },
        ]
      : []),
    { from: pool.route.pool, to: PROBE as Address, amount: seller ? seller.balance : 1n },
    ...routerSellProbe(input, pool.route),
  ];
  return { seller, transfers };
}

/**
 * The probe's own baseline trades, traced where the node offers debug_traceCall (anvil): the
 * holder's sells and a fresh wallet's round trip through the router reach guards the plain
 * transfers do not (the router's transferFrom, a wallet never seen).
 */
function traceBaseline(client: PublicClient, input: OwnerPowerInput, seller: Holder | undefined) {
  const pool = input.pool;
  if (!pool) return Promise.resolve({ touched: [] as Address[], ok: false });
  const market = {
    token: input.token,
    route: pool.route,
    victim: (seller?.address ?? zeroAddress) as Address,
    buyWei: pool.buyWei || 1n,
    setup: [],
    target: zeroAddress,
  };
  const call = {
    from: FROM,
    to: PROBE,
    data: encodeRun(market, [], [], true),
    gas: TRACE_GAS,
    overrides: [
      { address: PROBE, code: PROBE_CODE, balance: FUNDS },
      { address: FROM, balance: FUNDS },
      ...(seller ? [{ address: seller.address, code: PROBE_CODE }] : []),
    ],
  };
  return touchedByProbeTrace(client, call, input.token, knownAddresses(input), withTimeout);
}

/**
 * Role ids granted once (issue 23 gap 3): the token's RoleGranted / RoleAdminChanged logs from its
 * creation block, one eth_getLogs — only for code that emits RoleGranted (`ask`). A node that
 * refuses the range (public Base endpoints cap it) answers an error: the code's constants stand alone.
 */
function roleLogs(client: PublicClient, input: OwnerPowerInput, ask: boolean): Promise<Hex[]> {
  if (!ask) return Promise.resolve([]);
  const logs = client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: input.token,
        fromBlock: numberToHex(input.createdAtBlock ?? 0n),
        toBlock: 'latest',
        topics: [[ROLE_GRANTED_TOPIC, ROLE_ADMIN_CHANGED_TOPIC]],
      },
    ],
  } as never) as Promise<{ topics?: Hex[] }[]>;
  return withTimeout(logs)
    .then((l) => roleIdsFromLogs(l ?? []))
    .catch(() => []);
}

/**
 * Sends the discovery requests (same JSON-RPC batch as the getter multicall that follows) and counts
 * them: the access lists and the trace against the probe's budget, the router sell's access list and
 * the role logs outside it. `askRoleLogs`: the code emits RoleGranted.
 */
export function startDiscovery(
  client: PublicClient,
  input: OwnerPowerInput,
  count: Counter,
  askRoleLogs: boolean,
): {
  seller: Holder | undefined;
  transfers: TransferProbe[];
  calledP: Promise<Called>;
  roleLogsP: Promise<Hex[]>;
} {
  const { seller, transfers } = baselineTransfers(input);
  const routerSells = transfers.filter((t) => t.call).length;
  count.n += transfers.length - routerSells;
  count.extra = (count.extra ?? 0) + routerSells;
  const listsP = touchedByTransfers(client, input.token, transfers, knownAddresses(input), withTimeout);
  if (input.pool) count.n++;
  const traceP = traceBaseline(client, input, seller);
  if (askRoleLogs) count.extra = (count.extra ?? 0) + 1;
  const roleLogsP = roleLogs(client, input, askRoleLogs);
  const calledP = Promise.all([listsP, traceP]).then(([lists, trace]) => ({
    touched: [...new Set([...lists.touched, ...trace.touched])].slice(0, MAX_CALLED_CONTRACTS),
    // Unanswered access lists are reported only when the trace did not run either.
    failed: trace.ok ? 0 : lists.failed,
  }));
  return { seller, transfers, calledP, roleLogsP };
}
