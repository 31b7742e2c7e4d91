/**
 * The airdrop catalogue: seeding from catalogue.json, status from dates, summary figures and the
 * per-requirement eligibility check against an address's indexed on-chain activity.
 */
import { sql } from 'drizzle-orm';
import type {
  Airdrop,
  AirdropEntry,
  AirdropRequirement,
  AirdropStatus,
  AirdropSummary,
  EligibilityResult,
  RequirementResult,
} from '../../shared/market-tools';
import { airdropEntrySchema } from '../../shared/market-tools';
import type { Db } from '../db/client';
import catalogueJson from './catalogue.json';

const DAY_MS = 86_400_000;
export const ENDING_SOON_DAYS = 7;

/** The seed file, validated (a bad entry fails loudly at start-up or in the unit test). */
export function loadCatalogue(): AirdropEntry[] {
  return (catalogueJson as unknown[]).map((e) => airdropEntrySchema.parse(e));
}

/** Local entries carry offsets; they become absolute dates when seeded. */
export function resolveDates(e: AirdropEntry, anchorMs: number): AirdropEntry {
  const out = { ...e };
  if (e.startOffsetDays !== undefined && !e.startDate)
    out.startDate = new Date(anchorMs + e.startOffsetDays * DAY_MS).toISOString();
  if (e.endOffsetDays !== undefined && !e.endDate)
    out.endDate = new Date(anchorMs + e.endOffsetDays * DAY_MS).toISOString();
  delete out.startOffsetDays;
  delete out.endOffsetDays;
  return out;
}

/**
 * Active only with a start in the past and an end in the future; without both dates a programme
 * is 'unknown' (unless a date it has already says ended or upcoming).
 */
export function statusOf(e: Pick<AirdropEntry, 'startDate' | 'endDate'>, nowMs: number): AirdropStatus {
  if (e.endDate && Date.parse(e.endDate) <= nowMs) return 'ended';
  if (e.startDate && Date.parse(e.startDate) > nowMs) return 'upcoming';
  if (e.startDate && e.endDate) return 'active';
  return 'unknown';
}

/** A chain-backed programme's dates and reward, read from its contract. */
export type ChainProgramme = {
  contract: string;
  startMs: number;
  endMs: number;
  rewardAmount: number | null;
};

/** Overrides an entry's dates and reward with what its contract says. */
export function withChainProgramme(e: AirdropEntry, p: ChainProgramme | null): AirdropEntry {
  if (!p) return { ...e, startDate: null, endDate: null };
  return {
    ...e,
    startDate: new Date(p.startMs).toISOString(),
    endDate: new Date(p.endMs).toISOString(),
    ...(p.rewardAmount === null ? {} : { rewardAmount: p.rewardAmount }),
  };
}

export function toAirdrop(
  e: AirdropEntry,
  nowMs: number,
  priceOf: (symbol: string) => number | null,
  contract: string | null = null,
): Airdrop {
  const price = e.rewardToken ? priceOf(e.rewardToken) : null;
  const value =
    e.estimatedValueUsd ?? (e.rewardAmount !== undefined && price !== null ? e.rewardAmount * price : null);
  return {
    id: e.id,
    name: e.name,
    category: e.category,
    status: statusOf(e, nowMs),
    startDate: e.startDate ?? null,
    endDate: e.endDate ?? null,
    description: e.description,
    estimatedValue: value === null ? null : Math.round(value * 100) / 100,
    eligibilityScore: null,
    requirements: e.requirements.map((r) => r.label),
    requirementDetails: e.requirements,
    instructions: e.instructions ?? [],
    website: e.website ?? null,
    twitter: e.twitter ?? null,
    source: e.source,
    local: e.local ?? false,
    checkedAt: e.checkedAt ?? null,
    contract,
  };
}

export function filterAirdrops(list: Airdrop[], category: string, search: string): Airdrop[] {
  const q = search.trim().toLowerCase();
  return list.filter(
    (a) =>
      (category === 'all' || a.category === category) &&
      (!q ||
        a.name.toLowerCase().includes(q) ||
        a.description.toLowerCase().includes(q) ||
        a.category.includes(q) ||
        a.requirements.some((r) => r.toLowerCase().includes(q))),
  );
}

export function summarise(list: Airdrop[], nowMs: number): AirdropSummary {
  const open = list.filter((a) => a.status !== 'ended');
  const valued = open.filter((a) => a.estimatedValue !== null);
  return {
    total: list.length,
    active: list.filter((a) => a.status === 'active').length,
    upcoming: list.filter((a) => a.status === 'upcoming').length,
    ended: list.filter((a) => a.status === 'ended').length,
    totalEstimatedValue: Math.round(valued.reduce((s, a) => s + (a.estimatedValue ?? 0), 0) * 100) / 100,
    valuedEntries: valued.length,
    endingSoon: list.filter(
      (a) => a.status === 'active' && a.endDate && Date.parse(a.endDate) - nowMs <= ENDING_SOON_DAYS * DAY_MS,
    ).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Eligibility

export type ActivityContext = {
  db: Db;
  tokens: Record<string, string>;
  /** Token decimals by address (lowercase). */
  decimalsOf: (token: string) => Promise<number | null>;
  staking: string | null;
  lending: string | null;
  nowMs: number;
  /** The programme is one of the scenario's own (its venues are the ones we index). */
  localProgramme: boolean;
};

const ZERO = '0x0000000000000000000000000000000000000000';

async function scalar(db: Db, q: ReturnType<typeof sql>): Promise<string | null> {
  const r = await db.execute(q);
  const rows = (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];
  const v = rows[0] ? Object.values(rows[0])[0] : null;
  return v === null || v === undefined ? null : String(v);
}

/** One requirement against the address's indexed activity. Pure apart from the reads. */
export async function checkRequirement(
  c: ActivityContext,
  address: string,
  r: AirdropRequirement,
): Promise<RequirementResult> {
  const base = { id: r.id, label: r.label, kind: r.kind, required: r.min ?? null };
  const unknown = (reason: string): RequirementResult => ({
    ...base,
    status: 'unknown',
    actual: null,
    reason,
  });
  // We index Uniswap V2 on our chain only: swaps and LP positions count for programmes of our own
  // venues (local entries); a real programme rewards its own venue (Aerodrome, Galxe quests…).
  if (!c.localProgramme && (r.kind === 'swap_count' || r.kind === 'provide_liquidity'))
    return unknown('Cannot check: this programme rewards activity on a venue we do not index.');
  const judge = (actual: number, unit: string): RequirementResult => {
    const min = r.min ?? 1;
    const pass = actual >= min;
    return {
      ...base,
      required: min,
      status: pass ? 'pass' : 'fail',
      actual,
      reason: `${fmt(actual)} ${unit} (needs ${fmt(min)})`,
    };
  };
  const amountOf = async (token: string, raw: string | null) => {
    const d = await c.decimalsOf(token);
    return d === null ? null : Number(raw ?? '0') / 10 ** d;
  };
  const { db } = c;
  switch (r.kind) {
    case 'manual':
      return unknown('Off-chain task: cannot be checked on chain.');
    case 'hold_token': {
      const token = r.token ? c.tokens[r.token]?.toLowerCase() : undefined;
      if (!token) return unknown(`${r.token ?? 'The token'} is not known on this chain.`);
      const raw = await scalar(
        db,
        sql`select balance::text from balances where token = ${token} and holder = ${address}`,
      );
      const amt = await amountOf(token, raw);
      return amt === null ? unknown('Token decimals unavailable.') : judge(amt, r.token ?? 'tokens');
    }
    case 'stake':
    case 'lend_supply': {
      const target = r.kind === 'stake' ? c.staking : c.lending;
      const token = r.token ? c.tokens[r.token]?.toLowerCase() : undefined;
      if (!target || !token) return unknown('The protocol is not deployed on this chain.');
      const raw = await scalar(
        db,
        sql`select coalesce(sum(value), 0)::text from transfers where token = ${token} and from_addr = ${address} and to_addr = ${target.toLowerCase()}`,
      );
      const amt = await amountOf(token, raw);
      return amt === null ? unknown('Token decimals unavailable.') : judge(amt, `${r.token} deposited`);
    }
    case 'provide_liquidity': {
      const n = await scalar(
        db,
        sql`select count(*)::int from transfers t join pairs p on p.pair = t.token where t.from_addr = ${ZERO} and t.to_addr = ${address}`,
      );
      return judge(Number(n ?? 0), 'LP mints');
    }
    case 'swap_count': {
      const n = await scalar(
        db,
        sql`select count(distinct t.tx_hash)::int from transfers t where (t.from_addr = ${address} and t.to_addr in (select pair from pairs)) or (t.to_addr = ${address} and t.from_addr in (select pair from pairs) and t.token not in (select pair from pairs))`,
      );
      return judge(Number(n ?? 0), 'swaps');
    }
    case 'tx_count': {
      const n = await scalar(
        db,
        sql`select count(distinct tx_hash)::int from transfers where from_addr = ${address}`,
      );
      // What the index holds is token transfers the wallet sent, not every transaction it made.
      return judge(Number(n ?? 0), 'indexed token transfers sent');
    }
    case 'wallet_age_days': {
      const first = await scalar(db, sql`select first_ts from wallet_first_seen where address = ${address}`);
      // Never seen by the index is not "0 days old": the index may start after its first move.
      if (first === null)
        return unknown('Never seen in the indexed history, so its age is unknown (not 0 days).');
      return judge(Math.floor((c.nowMs / 1000 - Number(first)) / 86_400), 'days');
    }
  }
}

export async function checkEligibility(
  c: ActivityContext,
  airdropId: string,
  address: string,
  requirements: AirdropRequirement[],
): Promise<EligibilityResult> {
  const results: RequirementResult[] = [];
  for (const r of requirements) results.push(await checkRequirement(c, address, r));
  const checkable = results.filter((r) => r.status !== 'unknown');
  const passed = checkable.filter((r) => r.status === 'pass').length;
  const score = checkable.length ? Math.round((100 * passed) / checkable.length) : null;
  return {
    airdropId,
    address,
    eligibilityScore: score,
    eligible: checkable.length > 0 && passed === checkable.length,
    requirements: results,
  };
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
