import { describe, expect, it } from 'vitest';
import { describeBaseNetwork } from '../chain/network';
import { followedDexContracts } from './dex-contracts';

describe('the DEX contracts a Base-mode follower reads', () => {
  const base = describeBaseNetwork(undefined);
  const dex = followedDexContracts(base);
  const aero = base.contracts.aerodrome;

  it("pairs mints with positions for Uniswap V3's manager and every Slipstream factory's", () => {
    expect(dex.positionManagers).toContain(base.contracts.uniswapV3?.positionManager);
    for (const s of aero?.slipstream ?? []) expect(dex.positionManagers).toContain(s.positionManager);
    expect(dex.positionManagers).toHaveLength(1 + (aero?.slipstream.length ?? 0));
  });

  it("follows pool creations on every venue's factories, Aerodrome's included", () => {
    expect(dex.poolFactories).toContain(base.contracts.uniswapV2Factory);
    expect(dex.poolFactories).toContain(base.contracts.uniswapV3?.factory);
    expect(dex.poolFactories).toContain(aero?.poolFactory);
    for (const s of aero?.slipstream ?? []) expect(dex.poolFactories).toContain(s.factory);
  });
});
