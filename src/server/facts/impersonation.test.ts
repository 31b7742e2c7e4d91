import { describe, expect, it } from 'vitest';
import { BASE_MAINNET } from '../chain/base-mainnet';
import { describeBaseNetwork, type NetworkDescription } from '../chain/network';
import { findImpersonation, foldName } from './impersonation';

const base = describeBaseNetwork(undefined);
const local: NetworkDescription = {
  ...base,
  mode: 'local',
  contracts: {
    ...base.contracts,
    weth: '0x00000000000000000000000000000000000000e1',
    usd: '0x00000000000000000000000000000000000000e2',
  },
  tokens: { DEGEN: '0x00000000000000000000000000000000000000e3' },
};
const other = '0x1111111111111111111111111111111111111111';

describe('impersonation', () => {
  it('folds case, punctuation and look-alike letters', () => {
    expect(foldName('USDС')).toBe('usdc'); // Cyrillic Es
    expect(foldName('$u.s.d.c')).toBe('usdc');
    expect(foldName('ＵＳＤＣ')).toBe('usdc'); // full width
  });

  it('flags a well-known name or symbol at another address, and not the real token', () => {
    expect(findImpersonation({ address: other, name: 'USD Coin', symbol: 'USDC' }, base)).toMatchObject({
      symbol: 'USDC',
      matched: 'name and symbol',
      canonical: BASE_MAINNET.usdc,
    });
    expect(
      findImpersonation({ address: BASE_MAINNET.usdc, name: 'USD Coin', symbol: 'USDC' }, base),
    ).toBeNull();
    expect(findImpersonation({ address: other, name: 'Degen', symbol: 'DGN' }, base)?.matched).toBe('name');
    expect(findImpersonation({ address: other, name: 'USDC Fan Club', symbol: 'USDCFAN' }, base)).toBeNull();
  });

  it("uses the network's own copy on the local chain, Base's address for a token it lacks", () => {
    expect(
      findImpersonation({ address: local.contracts.usd, name: 'USD Coin', symbol: 'USDC' }, local),
    ).toBeNull();
    expect(
      findImpersonation(
        { address: '0x00000000000000000000000000000000000000e3', name: 'Degen', symbol: 'DEGEN' },
        local,
      ),
    ).toBeNull();
    expect(
      findImpersonation({ address: other, name: 'Wrapped Ether', symbol: 'WETH' }, local)?.canonical,
    ).toBe(local.contracts.weth);
    expect(findImpersonation({ address: other, name: 'x', symbol: 'cbBTC' }, local)).toMatchObject({
      canonical: null,
      baseAddress: '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf',
    });
  });
});
