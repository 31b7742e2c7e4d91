/**
 * Candidate role ids (pure): the 32-byte constants a contract's runtime code pushes (PUSH32). An
 * AccessControl role is `keccak256("SOME_ROLE")`, folded by the compiler into a PUSH32 wherever the
 * contract checks or grants it, whatever the role is called — the probe cannot guess such a value,
 * but the code carries it. Event topics (a PUSH32 shortly before a LOG), masks and small numbers
 * (many zero or 0xff bytes) are left out; what is left is only tried as a bytes32 argument, so a
 * wrong pick costs a reverted call, never a finding.
 */
import { type Hex, toEventSelector } from 'viem';
import { immediateAt, instructions, nextPc, PUSH32 } from '../capabilities/evm-instructions';

const LOG0 = 0xa0;
const LOG4 = 0xa4;
const JUMP = 0x56;
const JUMPI = 0x57;
/** Opcodes looked at after a PUSH32 for a LOG that would make it an event topic. */
const TOPIC_WINDOW = 24;

/** Topics of the standard events: pushed for a LOG, never a role (in case the LOG is far off). */
const KNOWN_TOPICS = new Set(
  [
    'Transfer(address,address,uint256)',
    'Approval(address,address,uint256)',
    'OwnershipTransferred(address,address)',
    'RoleGranted(bytes32,address,address)',
    'RoleRevoked(bytes32,address,address)',
    'RoleAdminChanged(bytes32,bytes32,bytes32)',
    'Upgraded(address)',
    'AdminChanged(address,address)',
  ].map((e) => toEventSelector(`event ${e}`).slice(2)),
);

/** Role ids tried per contract: each adds calls per bytes32 function and caller. */
export const MAX_ROLE_IDS = 4;

const hashLike = (w: string) => {
  let zeros = 0;
  let ones = 0;
  for (let i = 0; i < 64; i += 2) {
    const b = w.slice(i, i + 2);
    if (b === '00') zeros++;
    else if (b === 'ff') ones++;
  }
  return zeros < 6 && ones < 6;
};

/** PUSH32 constants of `code` that look like hashes and are not event topics, first seen first. */
export function roleIdsOf(codes: (Hex | null | undefined)[], max = MAX_ROLE_IDS): Hex[] {
  const out: Hex[] = [];
  const seen = new Set<string>();
  for (const code of codes) {
    if (!code || code === '0x') continue;
    const hex = code.slice(2).toLowerCase();
    for (const { pc: i, op } of instructions(hex)) {
      if (op !== PUSH32) continue;
      const w = immediateAt(hex, i, 32);
      if (w.length !== 64 || seen.has(w) || KNOWN_TOPICS.has(w) || !hashLike(w)) continue;
      // An event topic: a LOG follows within a few opcodes, with no jump in between.
      let topic = false;
      let k = 0;
      for (const { op: o } of instructions(hex, nextPc(hex, i))) {
        if (k++ >= TOPIC_WINDOW || o === JUMP || o === JUMPI) break;
        if (o >= LOG0 && o <= LOG4) {
          topic = true;
          break;
        }
      }
      if (topic) continue;
      seen.add(w);
      out.push(`0x${w}`);
      if (out.length >= max) return out;
    }
  }
  return out;
}

export const ROLE_GRANTED_TOPIC = toEventSelector('event RoleGranted(bytes32,address,address)');
export const ROLE_ADMIN_CHANGED_TOPIC = toEventSelector('event RoleAdminChanged(bytes32,bytes32,bytes32)');

/** Does the code emit RoleGranted (its topic is pushed for a LOG)? Only then are the logs asked. */
export const emitsRoleGrants = (codes: (Hex | null | undefined)[]) =>
  codes.some((c) => !!c && c.toLowerCase().includes(ROLE_GRANTED_TOPIC.slice(2)));

/**
 * Role ids named by the token's `RoleGranted` / `RoleAdminChanged` logs (pure), first seen first:
 * the role of each grant, and a role, its previous and its new admin role of each admin change.
 * These are roles granted once, whatever their ids are made of — a hash computed at run time from a
 * stored name is never a PUSH32 constant, but its grant is logged. The zero role (the default
 * admin) is left out: the probe tries it anyway.
 */
export function roleIdsFromLogs(logs: { topics?: readonly (Hex | null)[] }[], max = MAX_ROLE_IDS): Hex[] {
  const out: Hex[] = [];
  for (const l of logs) {
    const [topic, ...rest] = l.topics ?? [];
    const t = topic?.toLowerCase();
    const ids =
      t === ROLE_GRANTED_TOPIC ? rest.slice(0, 1) : t === ROLE_ADMIN_CHANGED_TOPIC ? rest.slice(0, 3) : [];
    for (const id of ids) {
      const w = id?.toLowerCase() as Hex | undefined;
      if (!w || /^0x0{64}$/.test(w) || out.includes(w)) continue;
      out.push(w);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Role ids to try: the logged ones first (granted for real), then the code's, at most `max`. */
export const mergeRoleIds = (logged: Hex[], fromCode: Hex[], max = MAX_ROLE_IDS) =>
  [...new Set([...logged, ...fromCode].map((x) => x.toLowerCase() as Hex))].slice(0, max);
