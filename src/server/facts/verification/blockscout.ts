/**
 * Blockscout's verification look-up (Base mode, when BLOCKSCOUT_API_URL is set):
 * GET {base}/api/v2/smart-contracts/{address} → `is_verified`, `name`. Anything but a clear answer
 * is "unknown".
 */
import type { VerificationFacts } from '../types';

const BLOCKSCOUT_TIMEOUT_MS = 5_000;

export async function lookupBlockscout(
  fetchFn: typeof fetch,
  baseUrl: string,
  address: string,
): Promise<VerificationFacts> {
  const unknown: VerificationFacts = { status: 'unknown', source: 'Blockscout', contractName: null };
  let res: Response;
  try {
    res = await fetchFn(`${baseUrl.replace(/\/+$/, '')}/api/v2/smart-contracts/${address}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(BLOCKSCOUT_TIMEOUT_MS),
    });
  } catch {
    return unknown;
  }
  if (res.status === 404) return { status: 'unverified', source: 'Blockscout', contractName: null };
  if (res.status !== 200) return unknown;
  try {
    const body = (await res.json()) as { is_verified?: unknown; name?: unknown };
    if (body.is_verified === true) {
      return {
        status: 'verified',
        source: 'Blockscout',
        contractName: typeof body.name === 'string' ? body.name.slice(0, 100) : null,
      };
    }
    if (body.is_verified === false) return { status: 'unverified', source: 'Blockscout', contractName: null };
    return unknown;
  } catch {
    return unknown;
  }
}

/** Verified by any source wins; otherwise unverified only if every source says so. */
export function combineVerification(results: VerificationFacts[]): VerificationFacts {
  const verified = results.find((r) => r.status === 'verified');
  if (verified) return verified;
  if (results.length > 0 && results.every((r) => r.status === 'unverified')) {
    return { status: 'unverified', source: results.map((r) => r.source).join(' + '), contractName: null };
  }
  return { status: 'unknown', source: results.map((r) => r.source).join(' + ') || null, contractName: null };
}
