import { describe, expect, it } from 'vitest';
import { candidatePools } from './candidate-pools';

const WETH = '0x4200000000000000000000000000000000000006';
const USD = '0x00000000000000000000000000000000000000ee';
const A = '0x000000000000000000000000000000000000000a';
const B = '0x000000000000000000000000000000000000000b';
const CREATOR = '0x00000000000000000000000000000000000000c0';
const CHILD = '0x00000000000000000000000000000000000000c1';
const LONELY = '0x00000000000000000000000000000000000000d0';
const ORPHAN = '0x00000000000000000000000000000000000000d1';
const row = (pair: string, token0: string, token1: string) => ({ pair, token0, token1 });

describe('the pump finder’s pools and their token side', () => {
  const rows = [
    row('p1', A, WETH),
    row('p2', USD, B),
    row('p3', CHILD, CREATOR),
    row('p4', CREATOR, WETH),
    row('p5', A, B),
    row('p6', ORPHAN, LONELY),
    row('p7', WETH, USD),
  ];
  const out = candidatePools(rows, { weth: WETH, usd: USD }, new Set([WETH, USD]));
  const byPair = new Map(out.map((c) => [c.pair, c]));

  it('a WETH or USD pool: the other side is the token', () => {
    expect(byPair.get('p1')).toEqual({
      pair: 'p1',
      token: A,
      quote: WETH,
      quoteIs0: false,
      quoteKind: 'weth',
    });
    expect(byPair.get('p2')).toEqual({ pair: 'p2', token: B, quote: USD, quoteIs0: true, quoteKind: 'usd' });
    expect(byPair.get('p4')?.token).toBe(CREATOR);
  });

  it('a token quoted only in a coin that has its own WETH pool: measured there, priced along the path', () => {
    expect(byPair.get('p3')).toEqual({
      pair: 'p3',
      token: CHILD,
      quote: CREATOR,
      quoteIs0: false,
      quoteKind: 'path',
    });
  });

  it('two tokens with pools of their own, a pair with no priced side, and WETH/USD itself: left out', () => {
    expect(byPair.has('p5')).toBe(false);
    expect(byPair.has('p6')).toBe(false);
    expect(byPair.has('p7')).toBe(false);
  });

  it('the skip list (WETH, USD) is never a token, whatever its pool', () => {
    expect(out.some((c) => c.token === WETH || c.token === USD)).toBe(false);
  });
});
