/**
 * The verified-source registry's storage: one row per contract address, written on an exact or
 * partial match (by POST /api/contracts/verify and by the scenario at start-up) and read by the
 * verification look-up and GET /api/contracts/:address/verification.
 */
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Abi } from 'viem';
import type { Db } from '../../db/client';
import { verifiedContracts } from '../../db/schema';

export type VerifiedContractInput = {
  address: string;
  /** Short contract name ("ScenarioToken"); a fully qualified "path:Name" is shortened. */
  contractName: string;
  match: 'exact' | 'partial';
  abi: Abi | null;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
  compilerVersion?: string;
};

/** What the API shows of a stored verification: everything but the (large) sources. */
export type VerificationRecord = {
  address: string;
  contractName: string;
  compilerVersion: string;
  match: 'exact' | 'partial';
  abi: unknown;
  settings: unknown;
  sourceFiles: string[];
  verifiedAt: string;
};

let solcVersion: string | undefined;
/** The solc-js version that verifySource compiles with (its package version is the compiler's). */
export function compilerVersion(): string {
  if (solcVersion === undefined) {
    try {
      const pkg = createRequire(import.meta.url)('solc/package.json') as { version?: string };
      solcVersion = pkg.version ?? 'unknown';
    } catch {
      solcVersion = 'unknown';
    }
  }
  return solcVersion;
}

/** Inserts or replaces the registry row of `address` (lowercased). */
export async function storeVerifiedContract(db: Db, v: VerifiedContractInput): Promise<void> {
  const row = {
    address: v.address.toLowerCase(),
    contractName: v.contractName.slice(v.contractName.lastIndexOf(':') + 1),
    compilerVersion: v.compilerVersion ?? compilerVersion(),
    match: v.match,
    abi: v.abi ?? [],
    sources: v.sources,
    settings: v.settings,
    verifiedAt: new Date(),
  };
  const { address: _key, ...update } = row;
  await db
    .insert(verifiedContracts)
    .values(row)
    .onConflictDoUpdate({ target: verifiedContracts.address, set: update });
}

export async function hasVerifiedContract(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ address: verifiedContracts.address })
    .from(verifiedContracts)
    .where(eq(verifiedContracts.address, address.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function getVerifiedContract(db: Db, address: string): Promise<VerificationRecord | null> {
  const rows = await db
    .select()
    .from(verifiedContracts)
    .where(eq(verifiedContracts.address, address.toLowerCase()))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    address: r.address,
    contractName: r.contractName,
    compilerVersion: r.compilerVersion,
    match: r.match,
    abi: r.abi,
    settings: r.settings,
    sourceFiles: Object.keys((r.sources ?? {}) as Record<string, unknown>),
    verifiedAt: r.verifiedAt.toISOString(),
  };
}
