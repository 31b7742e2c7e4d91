/**
 * Uniswap V4 on Base discovers its no-hook candidates without a call and keeps those the
 * PoolManager initialised: a failed round trip must throw, never read as "no pool".
 */
import { type Address, HttpRequestError, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { ChainUnavailableError } from '../errors';
import { createUniswapV4Venue, type UniswapV4Contracts } from './uniswap-v4';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const ADDR: UniswapV4Contracts = {
  poolManager: a(1),
  positionManager: a(2),
  stateView: a(3),
  v4Quoter: a(4),
  universalRouter: a(5),
  permit2: a(6),
  positionLockers: [],
};
const WETH = a(0xeeee);
const TOKEN = a(0xaaaa);

/** A client whose one Multicall3 round answers every call with `entry`. */
const clientAnswering = (entry: (i: number) => { status: string; result?: unknown; error?: unknown }) =>
  ({
    multicall: async ({ contracts }: { contracts: unknown[] }) => contracts.map((_, i) => entry(i)),
  }) as unknown as PublicClient;

describe('Uniswap V4 venue, Base (no logs)', () => {
  const venue = () => createUniswapV4Venue(ADDR, WETH, { discoverByLogs: false });

  it('offers the four standard no-hook tiers per quote, asking nothing', async () => {
    const refs = await venue().discoverPools({} as PublicClient, TOKEN, [WETH]);
    expect(refs.map((r) => r.fee)).toEqual([100, 500, 3000, 10000]);
    expect(refs.every((r) => r.v4?.key.hooks === '0x0000000000000000000000000000000000000000')).toBe(true);
  });

  it('drops candidates the PoolManager never initialised (slot0 price 0)', async () => {
    const v = venue();
    const refs = await v.discoverPools({} as PublicClient, TOKEN, [WETH]);
    const client = clientAnswering((i) => ({ status: 'success', result: i % 2 === 0 ? [0n, 0, 0, 0] : 0n }));
    expect(await v.readPools(client, TOKEN, refs, { deployer: null })).toEqual([]);
  });

  it('reads an initialised pool with no known positions from its active liquidity', async () => {
    const v = venue();
    const [ref] = await v.discoverPools({} as PublicClient, TOKEN, [WETH]);
    const client = clientAnswering((i) => ({
      status: 'success',
      result: i === 0 ? [2n ** 96n, 0, 0, 100] : 10n ** 18n,
    }));
    const [pool] = await v.readPools(client, TOKEN, ref ? [ref] : [], { deployer: null });
    expect(pool?.tokenReserve).toBe(10n ** 18n);
    expect(pool?.quoteReserve).toBe(10n ** 18n);
    expect(pool?.v4?.lpFee).toBe(100);
  });

  it('throws ChainUnavailableError when the round trip failed, instead of finding no pool', async () => {
    const v = venue();
    const refs = await v.discoverPools({} as PublicClient, TOKEN, [WETH]);
    const error = new HttpRequestError({ url: 'http://rpc.invalid', status: 503 });
    const client = clientAnswering(() => ({ status: 'failure', error }));
    await expect(v.readPools(client, TOKEN, refs, { deployer: null })).rejects.toBeInstanceOf(
      ChainUnavailableError,
    );
  });
});
