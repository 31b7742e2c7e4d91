/**
 * The state of a scenario build: the market, the plan (wallets, times), the parts of the manifest
 * filled in as things are deployed, and the timeline. The timeline is a queue of timed events plus
 * a regular grid of trading blocks; each block gets an explicit timestamp, so eight weeks of
 * history take seconds to mine.
 */
import type { Address } from 'viem';
import type { UniswapV4Contracts } from '../../../shared/network';
import type {
  ScenarioAerodrome,
  ScenarioLaunch,
  ScenarioManifest,
  ScenarioRiskKind,
  ScenarioUniswapV3,
} from '../../../shared/scenario';
import type { ScenarioTimes, VariantConfig } from './config';
import type { Market } from './market';
import type { ScenarioWallets, Trader } from './wallets';

export type ScenarioEvent = { at: number; seq: number; name: string; run: () => Promise<void> | void };

/** V4 and its launches (ADR 0026): the contracts and the V4-only tokens by symbol. */
export type ScenarioUniswapV4 = { contracts: UniswapV4Contracts; tokens: Record<string, Address> };

export type ManifestParts = {
  tokens: Record<string, Address>;
  pairs: Record<string, Address>;
  risks: Partial<Record<ScenarioRiskKind, Address>>;
  riskDetails: Partial<ScenarioManifest['riskDetails']>;
  launches: ScenarioLaunch[];
  staking?: Address;
  lending?: Address;
  usd?: Address;
  flab?: Omit<ScenarioManifest['flab'], 'whaleSharesBps'>;
  uniswapV3?: ScenarioUniswapV3;
  uniswapV4?: ScenarioUniswapV4;
  aerodrome?: ScenarioAerodrome;
};

export type ScenarioContext = Market & {
  seed: number;
  cfg: VariantConfig;
  times: ScenarioTimes;
  wallets: ScenarioWallets;
  /** Everyone who trades routinely (traders, then fresh wallets once active). */
  routineTraders: Trader[];
  out: ManifestParts;
  /** Runs `run` in the first block at or after `at` (events never run in the past). */
  schedule(at: number, name: string, run: () => Promise<void> | void): void;
  /**
   * Runs `run` in every regular trading block, after the routine trading is queued. Recurring
   * activity rides in those blocks rather than in blocks of its own: every block costs anvil a
   * state-root computation over the whole state, so fewer, fuller blocks build the history faster.
   */
  everyTradingBlock(name: string, run: () => Promise<void> | void): void;
};

export class Timeline {
  private events: ScenarioEvent[] = [];
  private seq = 0;

  schedule(at: number, name: string, run: () => Promise<void> | void): void {
    const ev = { at: Math.floor(at), seq: this.seq++, name, run };
    // Keep sorted by (time, insertion order); inserts are rare enough for a linear scan.
    let i = this.events.length;
    while (i > 0) {
      const prev = this.events[i - 1] as ScenarioEvent;
      if (prev.at < ev.at || (prev.at === ev.at && prev.seq < ev.seq)) break;
      i--;
    }
    this.events.splice(i, 0, ev);
  }

  nextAt(): number {
    return this.events[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  /** Removes and returns the events due at `t`. */
  takeDue(t: number): ScenarioEvent[] {
    const due: ScenarioEvent[] = [];
    while (this.events[0] && this.events[0].at <= t) due.push(this.events.shift() as ScenarioEvent);
    return due;
  }

  get pending(): number {
    return this.events.length;
  }
}
