/**
 * Scenario wallets. Addresses come from keccak256 of the seed and a label (last 20 bytes), so a
 * given seed always yields the same wallets and nobody holds a private key: anvil runs with
 * --auto-impersonate, which lets us send from any address.
 */
import { type Address, keccak256, parseEther, stringToBytes } from 'viem';
import type { Rng } from '../simulator/random';
import { DAY, type ScenarioTimes, type VariantConfig } from './config';

export function deriveAddress(seed: number, label: string): Address {
  const hash = keccak256(stringToBytes(`flab-hub-scenario/${seed}/${label}`));
  return `0x${hash.slice(-40)}` as Address;
}

export type Trader = {
  address: Address;
  /** Before this time the wallet sends nothing (wallet age comes from its first activity). */
  firstActive: number;
  /** Relative trading frequency. */
  activity: number;
  eth: bigint;
};

export type ScenarioWallets = {
  /** Deploys the DEX, the USDC look-alike and the lending pool. */
  infra: Address;
  /** FLAB's deployer and the staking pool's owner. */
  deployer: Address;
  /** Keeps the WETH/USDC price on its random walk. */
  marketMaker: Address;
  demo: Address;
  noFlab: Address;
  flabWhales: Address[];
  /** Early buyers of the blue chips who dump in the last hours. */
  bigTraders: Address[];
  traders: Trader[];
  /** Wallets whose first activity is in the last 3 days. */
  fresh: Trader[];
  /** Funded by the fresh-wallet token's deployer right before its launch. */
  insiders: Address[];
  serialRugger: Address;
  rugger: Address;
  /** One deployer per token symbol (look-alikes, risk tokens, new launches). */
  dev(symbol: string): Address;
};

export function planWallets(
  seed: number,
  cfg: VariantConfig,
  times: ScenarioTimes,
  rng: Rng,
): ScenarioWallets {
  const at = (label: string) => deriveAddress(seed, label);
  const r = rng.fork('wallets');
  const traders: Trader[] = [];
  for (let i = 0; i < cfg.traders; i++) {
    // Most wallets are old (first activity weeks to months ago), a tail joined in the last week.
    const recent = r.chance(0.12);
    const span = times.end - 3 * DAY - (times.start + DAY);
    const firstActive = recent
      ? times.end - Math.floor(r.range(3, 7) * DAY)
      : times.start + DAY + Math.floor(span * r.next() ** 1.8);
    traders.push({
      address: at(`trader/${i}`),
      firstActive,
      activity: Math.min(6, r.logNormal(1, 0.8)),
      eth: parseEther(Math.min(80, Math.max(0.6, r.logNormal(5, 0.9))).toFixed(4)),
    });
  }
  const fresh: Trader[] = [];
  for (let i = 0; i < cfg.freshWallets; i++) {
    fresh.push({
      address: at(`fresh/${i}`),
      firstActive: times.freshAt + Math.floor(r.range(0.1, 2.3) * DAY),
      activity: 1,
      eth: parseEther(r.range(0.8, 4).toFixed(4)),
    });
  }
  const noFlab = traders[traders.length - 1]?.address;
  if (!noFlab) throw new Error('scenario needs at least one trader');
  return {
    infra: at('infra'),
    deployer: at('flab-deployer'),
    marketMaker: at('market-maker'),
    demo: at('demo'),
    noFlab,
    flabWhales: Array.from({ length: 6 }, (_, i) => at(`flab-whale/${i}`)),
    bigTraders: Array.from({ length: cfg.bigTraders }, (_, i) => at(`big-trader/${i}`)),
    traders,
    fresh,
    insiders: Array.from({ length: cfg.insiders }, (_, i) => at(`insider/${i}`)),
    serialRugger: at('serial-rugger'),
    rugger: at('rugger'),
    dev: (symbol) => at(`dev/${symbol}`),
  };
}
