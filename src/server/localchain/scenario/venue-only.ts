/**
 * The launch shape of a token that trades on one venue only (Uniswap V3, Aerodrome): its own
 * deployer funded with the pool's ETH, the token deployed (a plain ERC-20 or a honeypot), and a
 * honeypot's pool registered before any liquidity, so its sells revert from the first trade. The
 * venue then opens its position and trades the pool from half an hour after the launch.
 */
import type { Address } from 'viem';
import { HoneypotToken } from '../artifacts/generated';
import { queueCall, queueDeploy } from './calls';
import type { ScenarioContext } from './context';
import { eth, units } from './market';
import { deployPlain, fund } from './tokens';

export const VENUE_ONLY_SUPPLY = units(1_000_000_000, 18);

export type VenueOnlyToken = {
  symbol: string;
  name: string;
  /** The pool's ETH in the full scenario (0.4 of it in the test one). */
  poolEth: number;
  honeypot?: boolean;
};

/** The fields of a venue's market pool that every venue-only launch shares. */
export type VenueOnlyPool = {
  symbol: string;
  token: Address;
  pool: Address;
  buyScale: number;
  sellsRevert?: boolean;
  liveFrom: number;
  liveUntil: number;
};

/**
 * Funds the deployer, deploys the token and (a honeypot) registers its pool, which `poolOf` gives
 * by CREATE2 before it exists. Returns the ETH the deployer has for its position.
 */
export async function deployVenueOnlyToken(
  ctx: ScenarioContext,
  o: VenueOnlyToken & { poolOf(token: Address): Address; setPairGas: bigint },
): Promise<{ owner: Address; token: Address; pool: Address; ethAmount: bigint }> {
  const owner = ctx.wallets.dev(o.symbol);
  const ethAmount = eth(o.poolEth * (ctx.cfg.full ? 1 : 0.4));
  await fund(ctx, [[owner, ethAmount + eth(20)]]);
  const token = o.honeypot
    ? await queueDeploy(
        ctx,
        owner,
        HoneypotToken,
        [o.name, o.symbol, VENUE_ONLY_SUPPLY, owner],
        `deploy ${o.symbol}`,
      )
    : await deployPlain(ctx, owner, o.name, o.symbol, VENUE_ONLY_SUPPLY)();
  const pool = o.poolOf(token);
  if (o.honeypot) {
    queueCall(ctx, owner, token, HoneypotToken.abi, 'setPair', [pool, true], {
      gas: o.setPairGas,
      label: `${o.symbol} setPair`,
    });
  }
  return { owner, token, pool, ethAmount };
}

/** Records the token in the manifest; its pool trades from half an hour on. */
export function venueOnlyPool(
  ctx: ScenarioContext,
  o: VenueOnlyToken,
  token: Address,
  pool: Address,
): VenueOnlyPool {
  ctx.out.tokens[o.symbol] = token;
  return {
    symbol: o.symbol,
    token,
    pool,
    buyScale: 0.5,
    sellsRevert: o.honeypot,
    liveFrom: ctx.now + 30 * 60,
    liveUntil: Number.POSITIVE_INFINITY,
  };
}
