/** The sizes every risk token shares (risks.ts, rugs.ts): supply, pool shares and pool depth. */
import type { ScenarioContext } from './context';
import { eth, units } from './market';

export const RISK_SUPPLY = units(1_000_000_000, 18);

/** `pct` percent of the supply (two decimals kept). */
export const share = (pct: number) => (RISK_SUPPLY * BigInt(Math.round(pct * 100))) / 10_000n;

/** A risk pool's ETH: `full` in the full scenario, half of it in the test one. */
export function poolEth(ctx: ScenarioContext, full: number): bigint {
  return eth(ctx.cfg.full ? full : full / 2);
}
