/**
 * The alert monitor's reads per alert type (alert-monitor.ts's evaluateToken composes them): each
 * reads its window of the index for one monitored token and hands it to its pure detector
 * (src/server/alerts/detectors), returning the conditions that hold now.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TokenReport } from '../../shared/analysis';
import type { MonitoredAlertType } from '../../shared/market-tools';
import type { AlertCondition, Fees, ReserveSample } from '../alerts/detectors';
import * as detectors from '../alerts/detectors';
import type { Db } from '../db/client';
import {
  balances,
  contractEvents,
  liquidityEvents,
  type monitoredTokens,
  syncs,
  transfers,
} from '../db/schema';
import type { TokenReportFacts } from '../facts/types';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** One token's evaluation: what every alert type's reads share. */
export type TokenCheck = {
  db: Db;
  row: typeof monitoredTokens.$inferSelect;
  token: string;
  symbol: string | null;
  rugScore: number | null;
  facts: TokenReportFacts;
  report: TokenReport;
  types: Set<MonitoredAlertType>;
  /** Start of the window (seconds). */
  since: number;
  nowSec: number;
  activeSubjects: Set<string>;
};

type Pool = TokenReportFacts['pools'][number];

/** The pool's quote-side reserves: the last before the window, then every one in it. */
async function quoteReserves(
  db: Db,
  pair: string,
  since: number,
  tokenIs0: boolean,
): Promise<ReserveSample[]> {
  const [before] = await db
    .select()
    .from(syncs)
    .where(and(eq(syncs.pair, pair), lt(syncs.ts, since)))
    .orderBy(desc(syncs.blockNumber), desc(syncs.logIndex))
    .limit(1);
  const inWindow = await db
    .select()
    .from(syncs)
    .where(and(eq(syncs.pair, pair), gte(syncs.ts, since)))
    .orderBy(asc(syncs.blockNumber), asc(syncs.logIndex));
  return [...(before ? [before] : []), ...inWindow].map((s) => ({
    blockNumber: s.blockNumber,
    logIndex: s.logIndex,
    ts: s.ts,
    quote: BigInt(tokenIs0 ? s.reserve1 : s.reserve0),
  }));
}

/** One pool's drain conditions: its reserves and the window's liquidity removals. */
async function drainsOf(c: TokenCheck, pair: string, reserves: ReserveSample[], tokenIs0: boolean) {
  const removes = await c.db
    .select()
    .from(liquidityEvents)
    .where(
      and(
        eq(liquidityEvents.pair, pair),
        eq(liquidityEvents.kind, 'remove'),
        gte(liquidityEvents.ts, c.since),
      ),
    );
  return detectors.detectLiquidityDrain({
    token: c.token,
    symbol: c.symbol,
    pair,
    reserves,
    removes: removes.map((r) => ({
      txHash: r.txHash,
      ts: r.ts,
      provider: r.recipient,
      // A 'remove' row always has amounts (only V4 fee collections have none).
      quoteAmount: BigInt((tokenIs0 ? r.amount1 : r.amount0) ?? 0),
    })),
    rugScore: c.rugScore,
  });
}

/**
 * Liquidity drains per pool, and the main pool's quote-reserve change over the window (percent,
 * one decimal; null without reserves) that the whale-dump detector weighs.
 */
export async function liquidityConditions(
  c: TokenCheck,
  pools: Pool[],
): Promise<{ conditions: AlertCondition[]; liquidityChange: number | null }> {
  const conditions: AlertCondition[] = [];
  let liquidityChange: number | null = null;
  for (const pool of pools) {
    const pair = pool.pair.toLowerCase();
    const tokenIs0 = c.token.toLowerCase() < pool.quoteToken.toLowerCase();
    const reserves = await quoteReserves(c.db, pair, c.since, tokenIs0);
    const first = reserves[0];
    const last = reserves.at(-1);
    if (pool === (c.facts.mainPool ?? pools[0]) && first && last && first.quote > 0n)
      liquidityChange = Math.round((Number((last.quote * 10_000n) / first.quote) / 100 - 100) * 10) / 10;
    if (!c.types.has('liquidity_drain')) continue;
    conditions.push(...(await drainsOf(c, pair, reserves, tokenIs0)));
  }
  return { conditions, liquidityChange };
}

/** Large sells into the token's pools by holders that are people (not pools or contracts). */
export async function whaleDumpConditions(
  c: TokenCheck,
  pairs: string[],
  liquidityChange: number | null,
): Promise<AlertCondition[]> {
  const { db, token, facts } = c;
  if (!c.types.has('whale_dump') || !pairs.length || !facts.token.totalSupply) return [];
  const sells = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.token, token), inArray(transfers.to, pairs), gte(transfers.ts, c.since)));
  const sellers = [...new Set(sells.map((s) => s.from))];
  const bal = sellers.length
    ? await db
        .select()
        .from(balances)
        .where(and(eq(balances.token, token), inArray(balances.holder, sellers)))
    : [];
  const excluded = new Set<string>([...pairs, ZERO_ADDRESS]);
  for (const h of facts.holders.top)
    if (h.kind !== 'eoa' && h.kind !== 'deployer') excluded.add(h.address.toLowerCase());
  return detectors.detectWhaleDumps({
    token,
    symbol: c.symbol,
    totalSupply: facts.token.totalSupply,
    sells: sells.map((s) => ({ seller: s.from, txHash: s.txHash, ts: s.ts, amount: BigInt(s.value) })),
    balances: new Map(bal.map((b) => [b.holder, BigInt(b.balance)])),
    excluded,
    rugScore: c.rugScore,
    liquidityChange,
  });
}

/**
 * The contract's own events and its fees against the last run; a fee change stays "current" until
 * the window passes since it was seen. Returns the fees to remember (null: not measured now).
 */
async function contractEventConditions(
  c: TokenCheck,
): Promise<{ conditions: AlertCondition[]; currentFees: Fees | null }> {
  const events = await c.db
    .select()
    .from(contractEvents)
    .where(and(eq(contractEvents.address, c.token), gte(contractEvents.ts, Math.max(c.since, 0))))
    .orderBy(asc(contractEvents.blockNumber), asc(contractEvents.logIndex));
  const t = c.facts.trade;
  const currentFees: Fees | null = t.status === 'ok' ? { buyPct: t.buyTaxPct, sellPct: t.sellTaxPct } : null;
  const previousFees = (c.row.state.fees as Fees | undefined) ?? null;
  const activeFee = [...c.activeSubjects].find((s) => s.startsWith('contract_change|fee:')) ?? null;
  const conditions = detectors.detectContractChanges({
    token: c.token,
    symbol: c.symbol,
    events: events.map((e) => ({
      blockNumber: e.blockNumber,
      logIndex: e.logIndex,
      ts: e.ts,
      kind: e.kind,
      data: e.data,
    })),
    previousFees,
    currentFees,
    observedAt: c.nowSec * 1000,
    rugScore: c.rugScore,
  });
  if (activeFee) {
    const seenAt = Number(activeFee.split('fee:')[1]);
    if (seenAt >= c.since * 1000)
      conditions.push({
        type: 'contract_change',
        subject: activeFee.slice('contract_change|'.length),
      } as AlertCondition);
  }
  return { conditions, currentFees };
}

/** New mints after launch (the launch block's mint excluded). */
async function newMintConditions(c: TokenCheck): Promise<AlertCondition[]> {
  const { db, token } = c;
  const [launch] = await db
    .select({ block: sql<string>`min(${transfers.blockNumber})::text` })
    .from(transfers)
    .where(eq(transfers.token, token));
  const mints = await db
    .select()
    .from(transfers)
    .where(and(eq(transfers.token, token), eq(transfers.from, ZERO_ADDRESS), gte(transfers.ts, c.since)))
    .orderBy(asc(transfers.blockNumber), asc(transfers.logIndex));
  return detectors.detectNewMints({
    token,
    symbol: c.symbol,
    mints: mints
      .filter((m) => !launch?.block || m.blockNumber !== BigInt(launch.block))
      .map((m) => ({
        blockNumber: m.blockNumber,
        logIndex: m.logIndex,
        ts: m.ts,
        to: m.to,
        amount: BigInt(m.value),
      })),
    totalSupply: c.facts.token.totalSupply,
    rugScore: c.rugScore,
  });
}

/**
 * Contract changes: its events and fees, new mints, and selling that worked at the last run and
 * fails now. Moves the fees and trade status kept in `state` for the next run.
 */
export async function contractChangeConditions(
  c: TokenCheck,
  state: Record<string, unknown>,
): Promise<AlertCondition[]> {
  if (!c.types.has('contract_change')) return [];
  const t = c.facts.trade;
  const { conditions, currentFees } = await contractEventConditions(c);
  if (currentFees) state.fees = currentFees;
  conditions.push(...(await newMintConditions(c)));
  conditions.push(
    ...detectors.detectHoneypotOn({
      token: c.token,
      symbol: c.symbol,
      previousStatus: (c.row.state.tradeStatus as string | undefined) ?? null,
      currentStatus: t.status,
      active: c.activeSubjects.has('contract_change|honeypot'),
      observedAt: c.nowSec * 1000,
      revertReason: t.status === 'sell_failed' ? t.revertReason : null,
      rugScore: c.rugScore,
    }),
  );
  state.tradeStatus = t.status;
  return conditions;
}

export function rugRiskConditions(c: TokenCheck): AlertCondition[] {
  if (!c.types.has('rug_risk')) return [];
  return detectors.detectRugRisk({
    token: c.token,
    symbol: c.symbol,
    rugScore: c.rugScore,
    active: c.activeSubjects.has(`rug_risk|${c.token}`),
    observedAt: c.nowSec * 1000,
    topFactors: c.report.rug.riskFactors.map((f) => f.factor),
    verdict: c.report.verdict,
    taxes: c.report.verdict?.summary
      ? { buyPct: c.report.verdict.summary.buyTaxPct, sellPct: c.report.verdict.summary.sellTaxPct }
      : null,
  });
}
