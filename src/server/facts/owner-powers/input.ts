/**
 * What the owner-power simulation is given about a token, and the fixed accounts it works with:
 * the probe's own addresses (state overrides place PowerProbe's code there) and the addresses that
 * are never a privileged caller.
 */
import { type Abi, type Address, type Hex, parseEther, zeroAddress } from 'viem';
import { MULTICALL3_ADDRESS } from '../../chain/client';
import { PowerProbe } from '../../probes/generated';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';

export type OwnerPowerInput = {
  token: Address;
  /** Runtime code of the token and, behind a proxy, of its implementation. */
  code: Hex;
  implementationCode: Hex | null;
  abi?: Abi | undefined;
  owner: Address | null;
  deployer: Address | null;
  /** How to trade the token on its venue (the trade simulation's route) and the buy size in wei. */
  pool: { route: ProbeRoute; buyWei: bigint } | null;
  /** Real holders (EOAs that bought through the pool first), best victim first. */
  holders: { address: Address; balance: bigint }[];
  /** Total supply today: amounts on the token's own scale are probed too (a fraction, a multiple). */
  totalSupply?: bigint | null;
  /**
   * The token's creation block: the deployer's calls that fail today are replayed there, when the
   * deployer still held its powers, to find powers that exist but are no longer usable.
   */
  createdAtBlock?: bigint | null;
  /**
   * The transaction that created the token (its first mint). When it is the deployment itself, the
   * replay runs on a fresh copy built by re-running it today, so no old state is needed (a restored
   * local chain, a non-archive Base RPC); otherwise at `createdAtBlock`.
   */
  creationTx?: Hex | null;
};

/** Where PowerProbe runs, and the account every probe eth_call is sent from. */
export const PROBE = '0x00000000000000000000000000000000f1ab9077' as const;
export const FROM = '0x00000000000000000000000000000000f1ab0f70' as const;
/**
 * A fresh address (no balance, no role, carrying the probe's code) that a power holder's grant names
 * instead of itself: the follow-up is then made from it (two steps through another address).
 */
export const GRANTEE = '0x00000000000000000000000000000000f1ab6a47' as const;
export const FUNDS = parseEther('1000000');
export const PROBE_CODE = PowerProbe.deployedBytecode as Hex;
/** The market of a token without a pool: an empty path trades nothing. */
export const NO_ROUTE: ProbeRoute = {
  venue: PROBE_VENUE.v2,
  router: zeroAddress,
  quoter: zeroAddress,
  pool: zeroAddress,
  path: [],
  fees: [],
  minQuote: 0n,
  v4Key: '0x',
};

/** The token, its venue's contracts and ours: never a privileged caller, never a contract to follow. */
export const knownAddresses = (input: OwnerPowerInput) =>
  new Set(
    [
      input.token,
      input.pool?.route.pool,
      input.pool?.route.router,
      input.pool?.route.quoter,
      ...(input.pool?.route.path ?? []),
      MULTICALL3_ADDRESS,
      zeroAddress,
      PROBE,
      FROM,
    ]
      .filter((a): a is Address => !!a)
      .map((a) => a.toLowerCase()),
  );
