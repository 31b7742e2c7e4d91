/** The DefiLlama adapter against a fake fetch answering in the recorded shape of /pools. */
import { describe, expect, it } from 'vitest';
import {
  DEFILLAMA_POOLS_URL,
  type FetchLike,
  fetchLlamaBaseOpportunities,
  YieldSourceUnavailableError,
} from './defillama';

/** Shape of https://yields.llama.fi/pools (fields trimmed to those documented). */
const recorded = {
  status: 'success',
  data: [
    {
      chain: 'Base',
      project: 'aave-v3',
      symbol: 'USDC',
      tvlUsd: 150_000_000,
      apyBase: 4.2,
      apyReward: null,
      apy: 4.2,
      pool: 'pool-aave-usdc',
      stablecoin: true,
      ilRisk: 'no',
      exposure: 'single',
      poolMeta: null,
      predictions: { predictedClass: 'Stable/Up' },
    },
    {
      chain: 'Base',
      project: 'aerodrome-v1',
      symbol: 'WETH-AERO',
      tvlUsd: 40_000_000,
      apyBase: 10,
      apyReward: 25.5,
      apy: 35.5,
      pool: 'pool-aero-weth',
      stablecoin: false,
      ilRisk: 'yes',
      exposure: 'multi',
      poolMeta: 'volatile',
    },
    { chain: 'Ethereum', project: 'lido', symbol: 'STETH', tvlUsd: 9e9, apy: 3, pool: 'eth-only' },
    { chain: 'Base', project: 'tiny', symbol: 'X-Y', tvlUsd: 50, apy: 900, pool: 'too-small' },
    { chain: 'Base', broken: true },
  ],
};

const fakeFetch =
  (body: unknown, ok = true, status = 200): FetchLike =>
  async (url) => {
    expect(url).toBe(DEFILLAMA_POOLS_URL);
    return { ok, status, json: async () => body };
  };

describe('fetchLlamaBaseOpportunities', () => {
  it('maps Base pools above the TVL floor, largest first', async () => {
    const o = await fetchLlamaBaseOpportunities(fakeFetch(recorded));
    expect(o.map((x) => x.id)).toEqual(['defillama-pool-aave-usdc', 'defillama-pool-aero-weth']);
    const [aave, aero] = o;
    expect(aave).toMatchObject({
      protocol: 'aave-v3',
      type: 'lending',
      risk: 'low',
      apy: 4.2,
      tvl: 150_000_000,
    });
    expect(aave?.tags).toContain('stablecoin');
    expect(aero).toMatchObject({ type: 'farming', risk: 'high', apy: 35.5, name: 'WETH-AERO (volatile)' });
    expect(aero?.tags).toEqual(expect.arrayContaining(['impermanent-loss', 'rewards']));
    expect(aero?.url).toBe('https://defillama.com/yields/pool/pool-aero-weth');
    expect(aero?.flabScore).toBeNull();
  });
  it('unreachable → a 503 naming DefiLlama', async () => {
    const down: FetchLike = async () => {
      throw new Error('getaddrinfo ENOTFOUND yields.llama.fi');
    };
    const err = await fetchLlamaBaseOpportunities(down).catch((e) => e);
    expect(err).toBeInstanceOf(YieldSourceUnavailableError);
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/DefiLlama.*unreachable.*ENOTFOUND/);
  });
  it('HTTP error and unexpected shape are errors too', async () => {
    await expect(fetchLlamaBaseOpportunities(fakeFetch({}, false, 502))).rejects.toThrow(/HTTP 502/);
    await expect(fetchLlamaBaseOpportunities(fakeFetch({ nope: 1 }))).rejects.toThrow(/unexpected shape/);
  });
});
