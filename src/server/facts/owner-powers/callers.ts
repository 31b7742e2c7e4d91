/**
 * Who may hold the token's powers (I/O): the privileged addresses the contract reveals — owner(),
 * other owner-like getters, wallets its getters return, addresses kept in its storage — and the
 * deployer. Each is tried as the caller of every candidate.
 */
import { type Address, type Hex, type PublicClient, toFunctionSelector } from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import { ALT_OWNER_GETTERS } from '../capabilities/selectors';
import { isSkipped } from './candidates';
import { knownAddresses, type OwnerPowerInput } from './input';
import { type Counter, MAX_CALLERS } from './limits';
import { looksLikeAddress, tryAggregate3, tryReadSlots } from './reads';
import { signatureOf, WALLET_GETTERS } from './signatures';

export type Caller = { address: Address; role: string; current: boolean };

/** Getters whose answer is an owner: owner() and the other names contracts give it. */
export const OWNER_LIKE = ['owner()', ...ALT_OWNER_GETTERS];
/** The same getters with their selectors (the called contracts' owners are asked through them). */
export const OWNER_LIKE_SELECTORS = OWNER_LIKE.map((s) => ({
  sig: s,
  sel: toFunctionSelector(`function ${s}`),
}));

const selectorSet = (sigs: string[]) =>
  new Set(sigs.map((s) => toFunctionSelector(`function ${s}`).toLowerCase()));

/**
 * Privileged addresses the contract reveals: owner-like getters and addresses any getter returns.
 * Also which selectors answered a call with no arguments at all (`noArgs`): a function with
 * parameters reverts when its arguments are missing (the ABI decoder checks the calldata's size), so
 * those take none and extra calldata is ignored — one probe call per caller says all the ladder would.
 */
export async function revealCallers(
  client: PublicClient,
  input: OwnerPowerInput,
  selectors: Hex[],
  count: Counter,
  noArgs: Set<Hex>,
  /** Contracts the token calls during a transfer: never callers (the probe's code would replace theirs). */
  excludeP: Promise<Address[]>,
): Promise<Caller[]> {
  const known = knownAddresses(input);
  const ownerLike = selectorSet(OWNER_LIKE);
  const wallets = selectorSet(WALLET_GETTERS);
  const out: Caller[] = [];
  const push = (address: Address, role: string, current: boolean) => {
    const a = address.toLowerCase() as Address;
    if (known.has(a) || isBurnAddress(a) || out.some((c) => c.address === a)) return;
    out.push({ address: a, role, current });
  };
  if (input.owner && !isBurnAddress(input.owner)) push(input.owner, 'owner()', true);
  // Every no-argument selector, called once through Multicall3: owner-like getters, fee and
  // marketing wallets and any other stored address show up as address-shaped return words.
  const getters = selectors.filter((s) => !isSkipped(s) || ownerLike.has(s));
  // Private variables: the token's first storage slots, read by placing SlotReader's code at the
  // token's own address (an override keeps the storage). Sent with the getter multicall.
  count.n++;
  const slotsP = tryReadSlots(client, input.token);
  let readsFailed = false;
  if (getters.length > 0) {
    count.n++;
    const answered = await tryAggregate3(
      client,
      getters.map((s) => ({ target: input.token, allowFailure: true, callData: s })),
    );
    if (answered === null) readsFailed = true;
    const res = answered ?? [];
    const found: { address: Address; role: string; rank: number }[] = [];
    res.forEach((r, i) => {
      const sel = getters[i] as Hex;
      if (r.success) noArgs.add(sel);
      const a = r.success ? looksLikeAddress(r.returnData) : null;
      if (!a) return;
      const sig = signatureOf(sel);
      const rank = ownerLike.has(sel) ? 0 : wallets.has(sel) ? 1 : 2;
      found.push({ address: a, role: sig ?? `address returned by ${sel}`, rank });
    });
    found.sort((x, y) => x.rank - y.rank);
    for (const f of found) push(f.address, f.role, true);
  }
  for (const a of await excludeP) known.add(a.toLowerCase());
  for (let i = out.length - 1; i >= 0; i--)
    if (known.has((out[i] as { address: Address }).address)) out.splice(i, 1);
  // Addresses kept in storage that no getter names, then the deployer; at most MAX_CALLERS in all,
  // the deployer kept (the replay of powers given up needs it).
  const slots = await slotsP;
  if (slots === null) readsFailed = true;
  const stored = (slots ?? []).filter((x) => !out.some((c) => c.address === x.address));
  const deployer = input.deployer?.toLowerCase() as Address | undefined;
  const room = MAX_CALLERS - out.length - (deployer && !out.some((c) => c.address === deployer) ? 1 : 0);
  for (const x of stored.slice(0, Math.max(0, room))) push(x.address, x.role, true);
  if (input.deployer) push(input.deployer, 'deployer', false);
  // No caller found because the reads that find them got no answer is not "nobody holds powers"
  // (issue 40): it fails the simulation, and every owner-power check says it could not be checked.
  if (out.length === 0 && readsFailed)
    throw new Error('the reads that reveal privileged addresses (getters, storage slots) got no answer');
  return out.slice(0, MAX_CALLERS);
}
