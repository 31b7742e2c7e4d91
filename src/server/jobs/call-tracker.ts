/**
 * Background job: moves every active trading call with the market. For each token with active
 * calls it reads the pool price (the engine's price path), then per call stores currentPrice and
 * pnlPercentage and, by direction, completes it at the target or stops it at the stop loss
 * (see `evaluateCall`). One transaction per run; each update is guarded on `status = 'active'`
 * so a call is never moved twice.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { num } from '../db/rows';
import { tradingCalls } from '../db/schema';
import { pricesOf } from '../engine/prices';
import type { TokenEngine } from '../engine/token-engine';
import type { Logger } from '../logger';
import { evaluateCall } from '../trader-tools/calls-math';
import { startIntervalJob } from './interval-job';

/** The Trading Calls page refreshes every 15 s (spec §9); prices move no faster for it. */
export const CALL_TRACK_INTERVAL_MS = 15_000;

export type CallTrackerRun = { checked: number; priced: number; completed: number; stopped: number };

export function startCallTracker(opts: {
  db: Db;
  engine: Pick<TokenEngine, 'facts'>;
  log: Logger;
  intervalMs?: number;
  now?: () => Date;
}) {
  const now = opts.now ?? (() => new Date());
  const log = opts.log.child({ component: 'call-tracker' });

  const run = async (): Promise<CallTrackerRun> => {
    const active = await opts.db
      .select()
      .from(tradingCalls)
      .where(and(eq(tradingCalls.status, 'active'), isNotNull(tradingCalls.tokenAddress)));
    const result: CallTrackerRun = { checked: active.length, priced: 0, completed: 0, stopped: 0 };
    if (!active.length) return result;
    const prices = await pricesOf(
      opts.engine,
      active.map((c) => c.tokenAddress as string),
      { log },
    );
    const t = now();
    await opts.db.transaction(async (tx) => {
      for (const c of active) {
        const price = prices.get((c.tokenAddress as string).toLowerCase()) ?? null;
        if (price === null) continue;
        const e = evaluateCall(
          {
            callType: c.callType,
            entryPrice: Number(c.entryPrice),
            targetPrice: Number(c.targetPrice),
            stopLoss: Number(c.stopLoss),
            status: c.status,
            pnlPercentage: Number(c.pnlPercentage),
            currentPrice: num(c.currentPrice),
          },
          price,
        );
        const [moved] = await tx
          .update(tradingCalls)
          .set({
            currentPrice: String(price),
            pnlPercentage: String(e.pnlPercentage),
            status: e.status,
            priceUpdatedAt: t,
            closedAt: e.status === 'active' ? null : t,
            updatedAt: t,
          })
          .where(and(eq(tradingCalls.id, c.id), eq(tradingCalls.status, 'active')))
          .returning({ id: tradingCalls.id });
        if (!moved) continue;
        result.priced++;
        if (e.status === 'completed') result.completed++;
        if (e.status === 'stopped') result.stopped++;
      }
    });
    if (result.completed || result.stopped)
      log.info({ msg: 'trading calls resolved', completed: result.completed, stopped: result.stopped });
    return result;
  };

  return startIntervalJob({
    name: 'call tracking',
    intervalMs: opts.intervalMs ?? CALL_TRACK_INTERVAL_MS,
    log,
    run,
  });
}
