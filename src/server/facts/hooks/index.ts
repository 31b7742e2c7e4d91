/**
 * The main pool's V4 hook, measured for the report: its facts (uniswap-v4-hook.ts) and, when someone
 * holds powers over it (owner, or the proxy's admin), those powers simulated (uniswap-v4-hook-powers.ts).
 * Nothing for a pool that is not V4 or has no hook. A failure to read is said as such (null facts),
 * never as "no hook".
 */
import { type Address, type PublicClient, zeroAddress } from 'viem';
import type { HookPowerFacts, PoolHookFacts } from '../../../shared/uniswap-v4-hook';
import type { PoolState } from '../../venues/venue';
import { probeLadder } from './probe-sizes';
import { hasHook, readHookFacts } from './uniswap-v4-hook';
import { simulateHookPowers } from './uniswap-v4-hook-powers';

export async function readPoolHook(
  client: PublicClient,
  quoter: Address | undefined,
  pool: PoolState | undefined,
  token: Address,
  /** The block time the report's reads saw (saves a read for the later-buy quote). */
  blockTime: bigint | null = null,
): Promise<PoolHookFacts | null> {
  const v4 = pool?.v4;
  if (!pool || !v4 || !quoter || !hasHook(v4.key)) return null;
  const hook = v4.key.hooks.toLowerCase() as Address;
  // Sized from the quote side as the venue read it (an upper bound for a range the hook owns): the
  // ladder's small rungs stay small trades however shallow the pool really is.
  const ladder = probeLadder(pool.quoteReserve);
  if (ladder === null) return { pool: pool.pair, hook, facts: null, powers: null };
  try {
    // The hook's own code travels with its facts (first round); the owner-power simulation needs
    // only that round (owner or proxy admin, code), so it runs beside the sell quote; a proxy's
    // implementation code needs one more round before it.
    let powers: HookPowerFacts | null = null;
    const facts = await readHookFacts(client, quoter, v4.key, token, ladder, v4.sqrtPriceX96, {
      blockTime,
      depthQuote: pool.quoteReserve,
      // The venue's amounts come from the positions it read (else from active liquidity).
      depthFromPositions: (pool.positions?.length ?? 0) > 0 && pool.lpTotalSupply > 0n,
      // At the reference size: a trade the pool pays today, so a power is seen by what it changes.
      beside: async ({ owner, proxy, code: ownCode, buyAmount }) => {
        const caller = proxy?.admin ?? owner;
        if (!caller || caller === zeroAddress || !ownCode || ownCode === '0x') return;
        const code = proxy ? await client.getCode({ address: proxy.implementation }) : ownCode;
        if (code && code !== '0x')
          powers = await simulateHookPowers(client, { quoter, key: v4.key, token, caller, code, buyAmount });
      },
    });
    return { pool: pool.pair, hook, facts, powers };
  } catch {
    return { pool: pool.pair, hook, facts: null, powers: null };
  }
}
