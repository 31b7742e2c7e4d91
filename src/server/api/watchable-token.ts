/**
 * The token a visitor asks to watch (the security monitor and the watchlists): read through the
 * engine, refused with the field named when the address is not a readable ERC-20.
 */
import type { Address } from 'viem';
import { AppError, BadRequestError } from '../errors';
import type { AppContext } from './context';

export type WatchableToken = { address: string; symbol: string | null; name: string | null };

export async function readWatchableToken(ctx: AppContext, tokenAddress: string): Promise<WatchableToken> {
  let facts: Awaited<ReturnType<typeof ctx.engine.facts>>;
  try {
    facts = await ctx.engine.facts(tokenAddress as Address);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new BadRequestError('The address could not be read as a token.', { field: 'tokenAddress' });
  }
  if (facts.token.totalSupply === null || facts.token.codeSize === 0)
    throw new AppError('not_erc20', 'The address is not an ERC-20 token contract.', {
      status: 422,
      details: { field: 'tokenAddress' },
    });
  return { address: tokenAddress, symbol: facts.token.symbol, name: facts.token.name };
}
