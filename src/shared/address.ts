/**
 * Address parsing shared by the API and the browser: 0x followed by exactly 40 hex characters.
 * All-lowercase and all-uppercase hex carry no checksum and are accepted as typed; a mixed-case
 * address is an EIP-55 checksummed one, so its checksum must be right (a wrong one usually means
 * a mistyped character).
 */
import { checksumAddress } from 'viem';

export type HexAddress = `0x${string}`;

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** Inputs longer than this are rejected before any regex work (hostile strings). */
export const MAX_ADDRESS_INPUT = 100;

export const ADDRESS_FORMAT_REASON = 'must be 0x followed by 40 hex characters';
export const ADDRESS_CHECKSUM_REASON = 'has a wrong EIP-55 checksum (mixed-case letters do not match)';

export type AddressParse = { ok: true; address: HexAddress } | { ok: false; reason: string };

/** The address in lowercase, or why it is not one. */
export function checkAddress(input: unknown): AddressParse {
  if (typeof input !== 'string' || input.length > MAX_ADDRESS_INPUT)
    return { ok: false, reason: ADDRESS_FORMAT_REASON };
  const s = input.trim();
  if (!ADDRESS_RE.test(s)) return { ok: false, reason: ADDRESS_FORMAT_REASON };
  const hex = s.slice(2);
  const lower = hex.toLowerCase();
  if (hex !== lower && hex !== hex.toUpperCase() && checksumAddress(`0x${lower}`) !== `0x${hex}`)
    return { ok: false, reason: ADDRESS_CHECKSUM_REASON };
  return { ok: true, address: `0x${lower}` };
}

export function parseAddress(input: unknown): HexAddress | null {
  const r = checkAddress(input);
  return r.ok ? r.address : null;
}

export const isAddress = (input: unknown): input is HexAddress => parseAddress(input) !== null;

/** '0x1234…abcd' style shortening for display. */
export function shortAddress(a: string, head = 6, tail = 4): string {
  return a.length <= head + tail + 1 ? a : `${a.slice(0, head)}…${a.slice(-tail)}`;
}
