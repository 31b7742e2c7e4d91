/**
 * The lineage facts of one token (issue 39 item 3): its deployer and that deployer's funder, the
 * earlier tokens each of them created (the index's contract creations), the token's code
 * fingerprint, and the fingerprinted tokens whose code is the same or nearly the same — each with
 * whether its pool rugged (the index) and our stored verdict of it. Judged in
 * analysis/pattern-lineage.ts. An index that has not reached the head reads "indexing".
 */
import { sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { type CodeFingerprint, fingerprintCode, twinOf } from '../../../shared/code-fingerprint';
import type { EarlierToken, LineageFacts, LineageRelation } from '../../../shared/lineage-facts';
import { LINEAGE } from '../../../shared/vocabulary';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Deps } from '../gather-deps';
import type { RuggedPool } from '../holders/index-reads';
import { readStoredCodes, type StoredCode } from './code-store';

const big = (v: unknown) => BigInt(String(v ?? '0').split('.')[0] || '0');

/** Tokens `creator` created (not pools), newest first, before `before` when known. */
async function readCreatedBy(db: Db, creator: string, token: string, before: bigint | null) {
  const r = rowsOf(
    await db.execute(sql`
      select address, created_block::text as b from contract_creations
      where deployer = ${creator} and address <> ${token} and address not in (select pair from pairs)
        and (${before === null} or created_block <= ${before ?? 0n})
      order by created_block desc nulls last limit ${LINEAGE.maxEarlier}`),
  );
  return r.map((x) => ({ address: String(x.address), createdBlock: x.b === null ? null : big(x.b) }));
}

async function countCreatedBy(db: Db, creator: string, before: bigint | null): Promise<number> {
  const r = rowsOf(
    await db.execute(sql`
      select count(*)::int as n from contract_creations
      where deployer = ${creator} and address not in (select pair from pairs)
        and (${before === null} or created_block <= ${before ?? 0n})`),
  );
  return Number(r[0]?.n ?? 0);
}

/** The first token (any indexed ERC-20) sent to the deployer, by someone other than itself. */
async function readTokenFunder(db: Db, deployer: string) {
  const r = rowsOf(
    await db.execute(sql`
      select from_addr, token, tx_hash, block_number::text as b from transfers
      where to_addr = ${deployer} and from_addr <> ${deployer}
        and from_addr <> '0x0000000000000000000000000000000000000000'
      order by block_number, log_index limit 1`),
  );
  const x = r[0];
  return x
    ? {
        address: String(x.from_addr),
        txHash: String(x.tx_hash),
        blockNumber: big(x.b),
        asset: String(x.token),
      }
    : null;
}

/**
 * ETH sent straight to the deployer in the LINEAGE.funderScanBlocks blocks before its first
 * creation (the earliest such transaction). The index holds no native transfers; ETH sent earlier,
 * or by a contract, is not seen — the note says so.
 */
async function readEthFunder(deps: Deps, deployer: string, firstCreation: bigint | null) {
  if (firstCreation === null) return { funder: null, scan: null };
  const back = BigInt(LINEAGE.funderScanBlocks);
  const fromBlock = firstCreation > back ? firstCreation - back : 0n;
  const numbers: bigint[] = [];
  for (let b = fromBlock; b <= firstCreation; b++) numbers.push(b);
  try {
    const blocks = await Promise.all(
      numbers.map((blockNumber) => deps.chain.public.getBlock({ blockNumber, includeTransactions: true })),
    );
    for (const b of blocks)
      for (const tx of b.transactions)
        if (tx.to?.toLowerCase() === deployer && tx.value > 0n && tx.from.toLowerCase() !== deployer)
          return {
            funder: {
              address: tx.from.toLowerCase(),
              txHash: tx.hash,
              blockNumber: b.number ?? 0n,
              asset: 'eth' as const,
            },
            scan: { fromBlock, toBlock: firstCreation, failed: null },
          };
    return { funder: null, scan: { fromBlock, toBlock: firstCreation, failed: null } };
  } catch {
    return {
      funder: null,
      scan: { fromBlock, toBlock: firstCreation, failed: 'the chain did not return those blocks' },
    };
  }
}

async function firstCreationOf(db: Db, creator: string): Promise<bigint | null> {
  const r = rowsOf(
    await db.execute(
      sql`select min(created_block)::text as b from contract_creations where deployer = ${creator}`,
    ),
  );
  return r[0]?.b === null || r[0]?.b === undefined ? null : big(r[0].b);
}

export async function gatherLineage(
  deps: Deps,
  token: Address,
  x: { deployer: string | null; createdBlock: bigint | null; rugged: Promise<{ rugged: RuggedPool[] }> },
): Promise<LineageFacts> {
  const t = token.toLowerCase();
  if (deps.indexComplete && !deps.indexComplete(t))
    return { status: 'indexing', reason: "The index has not read the token's history to the head yet." };
  const { db } = deps;
  const d = x.deployer?.toLowerCase() ?? null;
  const [code, byDeployer, deployerTokens, funding] = await Promise.all([
    deps.chain.public.getCode({ address: token }).catch(() => undefined),
    d ? readCreatedBy(db, d, t, x.createdBlock) : Promise.resolve([]),
    d ? countCreatedBy(db, d, x.createdBlock) : Promise.resolve(0),
    d ? readFunder(deps, d) : Promise.resolve({ funder: null, scan: null }),
  ]);
  const funder = funding.funder;
  const byFunder =
    funder && funder.address !== d ? await readCreatedBy(db, funder.address, t, x.createdBlock) : [];
  const fingerprint = code ? fingerprintCode(code as Hex) : null;
  const stored = await readStoredCodes(
    db,
    fingerprint,
    [...byDeployer, ...byFunder].map((c) => c.address),
  );
  const rugged = new Set(
    (await x.rugged.catch(() => ({ rugged: [] }))).rugged.map((r) => r.token.toLowerCase()),
  );
  const earlier = mergeEarlier(t, fingerprint, stored, [
    ...byDeployer.map((c) => ({ ...c, relation: 'deployer' as const })),
    ...byFunder.map((c) => ({ ...c, relation: 'funder' as const })),
  ]);
  for (const e of earlier) e.rugged = rugged.has(e.address);
  return {
    status: 'read',
    deployer: d,
    createdBlock: x.createdBlock,
    deployerTokens,
    funder,
    funderScan: funding.scan,
    fingerprint,
    earlier,
    compared: stored.filter((s) => s.address !== t).length,
  };
}

/** The deployer's funder: ETH just before its first creation, else the first token sent to it. */
async function readFunder(deps: Deps, deployer: string) {
  const eth = await readEthFunder(deps, deployer, await firstCreationOf(deps.db, deployer));
  if (eth.funder) return eth;
  return { funder: await readTokenFunder(deps.db, deployer), scan: eth.scan };
}

/** One entry per earlier token: its relations, our stored verdict, and whether its code is a twin. */
function mergeEarlier(
  token: string,
  fingerprint: CodeFingerprint | null,
  stored: StoredCode[],
  created: { address: string; createdBlock: bigint | null; relation: LineageRelation }[],
): EarlierToken[] {
  const byAddress = new Map(stored.map((s) => [s.address, s]));
  const out = new Map<string, EarlierToken>();
  const entry = (address: string, createdBlock: bigint | null) => {
    let e = out.get(address);
    if (!e) {
      const s = byAddress.get(address);
      const twin = fingerprint && s ? twinOf(fingerprint, s.fingerprint) : null;
      e = {
        address,
        relations: twin ? ['twin'] : [],
        createdBlock,
        rugged: false,
        verdict: s?.verdict ?? null,
        twin,
      };
      out.set(address, e);
    }
    return e;
  };
  for (const c of created) {
    const e = entry(c.address, c.createdBlock);
    if (!e.relations.includes(c.relation)) e.relations.unshift(c.relation);
  }
  if (fingerprint)
    for (const s of stored) {
      if (s.address === token || out.has(s.address)) continue;
      if (twinOf(fingerprint, s.fingerprint)) entry(s.address, null);
    }
  return [...out.values()];
}
