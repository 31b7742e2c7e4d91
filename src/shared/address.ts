/** Address parsing shared by the API and the browser: 0x followed by exactly 40 hex characters. */
export type HexAddress = `0x${string}`;

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** Inputs longer than this are rejected before any regex work (hostile strings). */
export const MAX_ADDRESS_INPUT = 100;

export function parseAddress(input: unknown): HexAddress | null {
  if (typeof input !== 'string' || input.length > MAX_ADDRESS_INPUT) return null;
  const s = input.trim();
  return ADDRESS_RE.test(s) ? (s.toLowerCase() as HexAddress) : null;
}

export const isAddress = (input: unknown): input is HexAddress => parseAddress(input) !== null;

/** '0x1234…abcd' style shortening for display. */
export function shortAddress(a: string, head = 6, tail = 4): string {
  return a.length <= head + tail + 1 ? a : `${a.slice(0, head)}…${a.slice(-tail)}`;
}
