/**
 * The two scenario sizes and the timeline of the history. Everything is expressed relative to
 * "now" (the end of the history) so the facts the UI states — "LP locked for 305 more days", "rug
 * pulled 3 days ago", "launched 6 hours ago" — hold whenever the chain is built.
 */
import type { ScenarioVariant } from '../../../shared/scenario';

export const DAY = 86_400;
export const HOUR = 3_600;

export type VariantConfig = {
  /** The full-size market (deeper pools, bigger trades) rather than the quick test one. */
  full: boolean;
  historyDays: number;
  /** Regular trading blocks per simulated day. */
  slotsPerDay: number;
  /** Ordinary traders (whales, fresh wallets and deployers come on top). */
  traders: number;
  freshWallets: number;
  insiders: number;
  bigTraders: number;
  lpProviders: number;
  stakers: number;
  suppliers: number;
  borrowers: number;
  /** Mean trades in a regular block, at the busiest (latest) part of the history. */
  tradesPerSlot: number;
};

export const VARIANTS: Record<ScenarioVariant, VariantConfig> = {
  full: {
    full: true,
    historyDays: 56,
    slotsPerDay: 12,
    traders: 400,
    freshWallets: 24,
    insiders: 5,
    bigTraders: 4,
    lpProviders: 12,
    stakers: 30,
    suppliers: 8,
    borrowers: 6,
    tradesPerSlot: 22,
  },
  test: {
    full: false,
    historyDays: 21,
    slotsPerDay: 4,
    traders: 40,
    freshWallets: 6,
    insiders: 3,
    bigTraders: 2,
    lpProviders: 3,
    stakers: 5,
    suppliers: 3,
    borrowers: 2,
    tradesPerSlot: 5,
  },
};

/** Key moments of the history (unix seconds). */
export type ScenarioTimes = {
  /** The "now" the history ends at (as passed in). */
  now: number;
  start: number;
  end: number;
  coreAt: number;
  lookalikesAt: number;
  flabAt: number;
  stakingAt: number;
  stakingRenewAt: number;
  lendingAt: number;
  serial1At: number;
  serial1PullAt: number;
  serial2At: number;
  serial2PullAt: number;
  serial3At: number;
  taxAt: number;
  taxChangeAt: number;
  mintAt: number;
  mintEventAt: number;
  blacklistAt: number;
  blacklistEventAt: number;
  pausableAt: number;
  pauseAt: number;
  unpauseAt: number;
  maxTxAt: number;
  proxyAt: number;
  upgradeAt: number;
  honeypotAt: number;
  rugAt: number;
  rugPullAt: number;
  freshAt: number;
  launchesAt: number[];
  bigSellsFrom: number;
  whaleReconcileAt: number;
};

/** Round to the minute so the timeline does not depend on the second the build started. */
const minute = (t: number) => Math.floor(t / 60) * 60;

export function scenarioTimes(now: number, cfg: VariantConfig): ScenarioTimes {
  const end = minute(now) - 5 * 60;
  const start = end - cfg.historyDays * DAY;
  const h = cfg.historyDays * DAY;
  const ago = (seconds: number) => minute(end - seconds);
  const frac = (f: number) => ago(f * h);
  return {
    now,
    start,
    end,
    coreAt: start,
    lookalikesAt: start + HOUR,
    flabAt: start + 12 * HOUR,
    stakingAt: start + 2 * DAY,
    stakingRenewAt: ago(10 * DAY),
    lendingAt: start + 3 * DAY,
    serial1At: frac(0.86),
    serial1PullAt: frac(0.78),
    serial2At: frac(0.6),
    serial2PullAt: frac(0.5),
    serial3At: ago(16 * HOUR),
    taxAt: frac(0.7),
    taxChangeAt: frac(0.35),
    mintAt: frac(0.55),
    mintEventAt: frac(0.22),
    blacklistAt: frac(0.55),
    blacklistEventAt: frac(0.25),
    pausableAt: frac(0.5),
    pauseAt: frac(0.32),
    unpauseAt: frac(0.27),
    maxTxAt: frac(0.45),
    proxyAt: frac(0.5),
    upgradeAt: frac(0.2),
    honeypotAt: ago(Math.min(10 * DAY, 0.4 * h)),
    rugAt: frac(0.42),
    rugPullAt: ago(3 * DAY),
    freshAt: ago(2.5 * DAY),
    launchesAt: [ago(21 * HOUR), ago(3 * HOUR)],
    bigSellsFrom: ago(11 * HOUR),
    whaleReconcileAt: ago(1 * HOUR),
  };
}
