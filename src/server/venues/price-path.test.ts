/**
 * A quote token's own path to WETH or USD: direct, through one or two more pools, never in a
 * circle or back through the analysed token, and a plain reason when there is none.
 */
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { findQuotePath, type HopPool, MAX_PRICE_POOLS } from './price-path';

const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const WETH = addr(0xee);
const USD = addr(0xdd);
const TOKEN = addr(1);
const CREATOR = addr(2);
const ZORA = addr(3);
const OTHER = addr(4);
const anchors = { weth: WETH, usd: USD, ethUsd: 3000 };

/** A pool of a priced in b, with b's side holding `bReserve` whole units. */
const pool = (n: number, a: Address, b: Address, bPerA: number | null, bReserve = 100): HopPool => ({
  pool: addr(0x1000 + n),
  venue: 'uniswap-v2',
  a,
  b,
  bPerA,
  aReserve: bPerA ? bReserve / bPerA : 0,
  bReserve,
});

describe('findQuotePath', () => {
  it('WETH and the USD reference are their own anchors (no legs)', () => {
    expect(findQuotePath(TOKEN, WETH, [], anchors)).toEqual({
      legs: [],
      anchor: 'WETH',
      quoteUsd: 3000,
      quoteEth: 1,
    });
    expect(findQuotePath(TOKEN, USD, [], anchors)).toEqual({
      legs: [],
      anchor: 'USD',
      quoteUsd: 1,
      quoteEth: 1 / 3000,
    });
  });

  it('a creator coin through its own WETH pool, the pool named', () => {
    const p = findQuotePath(TOKEN, CREATOR, [pool(1, CREATOR, WETH, 0.001)], anchors);
    expect(p).toMatchObject({ anchor: 'WETH', quoteEth: 0.001 });
    if (!('legs' in p)) throw new Error('unpriced');
    expect(p.quoteUsd).toBeCloseTo(3);
    expect(p.legs).toEqual([
      { pool: addr(0x1001), venue: 'uniswap-v2', from: CREATOR, to: WETH, price: 0.001 },
    ]);
  });

  it('reads a pool either way round (WETH as side a)', () => {
    const p = findQuotePath(TOKEN, CREATOR, [pool(1, WETH, CREATOR, 1000)], anchors);
    if (!('legs' in p)) throw new Error('unpriced');
    expect(p.quoteEth).toBeCloseTo(0.001);
    expect(p.legs[0]?.from).toBe(CREATOR);
  });

  it('two pools: creator coin → ZORA → USD', () => {
    const p = findQuotePath(TOKEN, CREATOR, [pool(1, CREATOR, ZORA, 0.5), pool(2, ZORA, USD, 0.02)], anchors);
    if (!('legs' in p)) throw new Error(p.unpriced);
    expect(p.anchor).toBe('USD');
    expect(p.quoteUsd).toBeCloseTo(0.01);
    expect(p.legs.map((l) => l.pool)).toEqual([addr(0x1001), addr(0x1002)]);
  });

  it('no more pools than MAX_PRICE_POOLS counting the token’s own', () => {
    expect(MAX_PRICE_POOLS).toBe(3);
    const p = findQuotePath(
      TOKEN,
      CREATOR,
      [pool(1, CREATOR, ZORA, 1), pool(2, ZORA, OTHER, 1), pool(3, OTHER, WETH, 1)],
      anchors,
    );
    expect(p).toEqual({ unpriced: expect.stringContaining('no pool path') });
  });

  it('refuses cycles and paths back through the analysed token', () => {
    // CREATOR → ZORA → CREATOR is a circle; CREATOR → TOKEN → WETH prices the token by itself.
    const p = findQuotePath(
      TOKEN,
      CREATOR,
      [
        pool(1, CREATOR, ZORA, 1),
        pool(2, ZORA, CREATOR, 1),
        pool(3, CREATOR, TOKEN, 1),
        pool(4, TOKEN, WETH, 1),
      ],
      anchors,
    );
    expect(p).toEqual({
      unpriced: `no pool path from ${CREATOR} to WETH or a USD token within ${MAX_PRICE_POOLS} pools`,
    });
  });

  it('of two paths, the one whose shallowest pool holds the most', () => {
    // Direct but shallow (1 WETH = $3 000) against two deep pools ($50 000 of USD at the end).
    const p = findQuotePath(
      TOKEN,
      CREATOR,
      [pool(1, CREATOR, WETH, 0.001, 1), pool(2, CREATOR, ZORA, 1, 100_000), pool(3, ZORA, USD, 0.5, 50_000)],
      anchors,
    );
    if (!('legs' in p)) throw new Error(p.unpriced);
    expect(p.legs.map((l) => l.pool)).toEqual([addr(0x1002), addr(0x1003)]);
  });

  it('an empty pool on the only path: unpriced, the reason said', () => {
    expect(findQuotePath(TOKEN, CREATOR, [pool(1, CREATOR, WETH, null)], anchors)).toEqual({
      unpriced: expect.stringContaining('no price (empty)'),
    });
  });

  it('the ETH price unknown: priced in ETH, not in USD', () => {
    const p = findQuotePath(TOKEN, CREATOR, [pool(1, CREATOR, WETH, 0.001)], { ...anchors, ethUsd: null });
    expect(p).toMatchObject({ quoteUsd: null, quoteEth: 0.001 });
  });
});
