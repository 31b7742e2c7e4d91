import { describe, expect, it } from 'vitest';
import { LIQUIDITY_STRANGER } from '../../shared/liquidity-ledger';
import type { HolderSimulation, PoolFacts, PoolLiquidityFacts } from '../facts/types';
import { basePool } from '../test-support/fixture-builders';
import { judgeLedger } from './liquidity-ledger';

const NOW = 1_800_000_000;
const DEPLOYER = '0x1111111111111111111111111111111111111111';
const LOCKER = '0x2222222222222222222222222222222222222222';
const PROVIDER = '0x3333333333333333333333333333333333333333';

function facts(
  positions: PoolLiquidityFacts['positions'],
  holders: Record<string, HolderSimulation> = {},
): PoolLiquidityFacts {
  return {
    positions,
    holders,
    creatorSide: [DEPLOYER],
    creatorLinks: { [DEPLOYER]: 'the token deployer' },
    unlistedShare: 0,
    unlistedActiveShare: 0,
    complete: true,
    note: null,
    labels: {},
    quoteUsdPerRaw: null,
    tokenUsdPerRaw: null,
    tokenDecimals: null,
    quoteDecimals: 18,
  };
}
const pos = (holder: string, share: number, holderIsContract = false) => ({
  holder: holder as `0x${string}`,
  holderIsContract,
  manager: null,
  positionId: null,
  share,
  activeShare: share,
  tokenRaw: 1e21 * share,
  quoteRaw: 1e18 * share,
  feeCollector: null as `0x${string}` | null,
});
const sim = (
  withdrawals: HolderSimulation extends infer S ? (S extends { withdrawals: infer W } ? W : never) : never,
  x: Partial<{ notTried: number; tried: number; statedUnlock: number | null }> = {},
): HolderSimulation => ({
  status: 'simulated',
  holder: LOCKER,
  implementation: null,
  tried: x.tried ?? 100,
  notTried: x.notTried ?? 0,
  callers: [
    { address: DEPLOYER, role: 'depositor' },
    { address: LIQUIDITY_STRANGER, role: 'a stranger' },
  ],
  times: [NOW, NOW + 86_400 * 30, NOW + 86_400 * 365],
  withdrawals,
  statedUnlock: x.statedUnlock ?? null,
});
const pool = (liquidity: PoolLiquidityFacts): PoolFacts => ({
  ...basePool({ pair: '0x4444444444444444444444444444444444444444' }),
  liquidity,
});
const withdraw = (
  at: number,
  caller = DEPLOYER,
  role = 'depositor (sent the position to the holder); owner() of the holder',
) => ({
  caller: caller as `0x${string}`,
  role,
  at,
  selector: '0x2e1a7d4d' as const,
  signature: 'withdraw(uint256)',
  args: '(0)',
  positions: [0],
});

describe('the liquidity ledger, judged by what the holders’ calls did', () => {
  it('a fake lock its owner can empty now reads withdrawable by the creator, naming the call', () => {
    const l = judgeLedger(pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([withdraw(NOW)]) })));
    expect(l?.positions[0]).toMatchObject({
      kind: 'withdrawable',
      side: 'creator',
      withdrawCall: 'withdraw(uint256)',
    });
    expect(l?.creatorPullableShare).toBe(1);
  });
  it('a position only its depositor can take back (a gauge stake) reads staked, withdrawable by the staker', () => {
    const stake = withdraw(NOW, DEPLOYER, 'depositor (sent the position to the holder); the token deployer');
    const l = judgeLedger(pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([stake]) })));
    expect(l?.positions[0]).toMatchObject({
      kind: 'staked',
      side: 'creator',
      withdrawer: DEPLOYER,
      withdrawCall: 'withdraw(uint256)',
    });
    expect(l?.positions[0]?.evidence).toMatch(/staker 0x1111…1111 \(the token deployer\)/);
    // The creator staked it, so the creator can pull it: a stake is no lock.
    expect(l?.creatorPullableShare).toBe(1);
    // A provider's own stake is the provider's.
    const theirs = judgeLedger(
      pool(
        facts([pos(LOCKER, 1, true)], {
          [LOCKER]: sim([withdraw(NOW, PROVIDER, 'depositor (sent the position to the holder)')]),
        }),
      ),
    );
    expect(theirs?.positions[0]).toMatchObject({ kind: 'staked', side: 'independent', withdrawer: PROVIDER });
    expect(theirs?.creatorPullableShare).toBe(0);
  });
  it("values positions at the quote's own USD price and the token side at its sell value, never from the pool's value", () => {
    // 1 WETH at $2,000; the pool holds 1,000 tokens and 1 WETH (raw), the position all of it.
    const f = { ...facts([pos(PROVIDER, 1)]), quoteUsdPerRaw: 2000 / 1e18, tokenDecimals: 18 };
    const p = { ...pool(f), tokenReserve: 10n ** 21n, quoteReserve: 10n ** 18n, poolValueUsd: 123 };
    const l = judgeLedger(p);
    // Quote side $2,000; selling 1,000 tokens into a 1,000-token / 1-WETH pool returns 0.5 WETH.
    expect(l?.positions[0]?.valueUsd).toBeCloseTo(3000);
    expect(l?.positions[0]?.tokenAmount).toBeCloseTo(1000);
    expect(l?.creatorPullableUsd).toBe(0);
  });
  it('a locked position whose fees go to the deployer says so; the fees do not make it withdrawable', () => {
    const locked = { ...pos(LOCKER, 1, true), feeCollector: DEPLOYER as `0x${string}` };
    const l = judgeLedger(pool(facts([locked], { [LOCKER]: sim([]) })));
    expect(l?.positions[0]).toMatchObject({ kind: 'locked_forever', feeCollector: DEPLOYER });
    expect(l?.positions[0]?.evidence).toMatch(/fees are collected to 0x1111…1111 \(the token deployer\)/);
    expect(l?.creatorPullableShare).toBe(0);
  });
  it('a lock that opens at its stated date reads locked until that date, nobody pulls now', () => {
    const at = NOW + 86_400 * 30;
    const l = judgeLedger(
      pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([withdraw(at + 60)], { statedUnlock: at }) })),
    );
    expect(l?.positions[0]).toMatchObject({ kind: 'locked_until', side: 'none', unlockTime: at });
    expect(l?.creatorPullableShare).toBe(0);
    expect(l?.unlockSchedule).toEqual([{ time: at, activeShare: 1 }]);
  });
  it('no call removes it: locked for good — but only when every candidate was tried', () => {
    const all = judgeLedger(pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([]) })));
    expect(all?.positions[0]?.kind).toBe('locked_forever');
    const cut = judgeLedger(pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([], { notTried: 5 }) })));
    expect(cut?.positions[0]?.kind).toBe('unknown');
    const none = judgeLedger(pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([], { tried: 0 }) })));
    expect(none?.positions[0]?.kind).toBe('unknown');
    expect(none?.unknownShare).toBe(1);
  });
  it('a stranger who can withdraw means anyone can: the creator side counts it', () => {
    const l = judgeLedger(
      pool(facts([pos(LOCKER, 1, true)], { [LOCKER]: sim([withdraw(NOW, LIQUIDITY_STRANGER)]) })),
    );
    expect(l?.positions[0]).toMatchObject({ kind: 'withdrawable', side: 'creator', withdrawer: null });
  });
  it('dispersed providers read independent; the deployer’s own small share stays pullable', () => {
    const l = judgeLedger(pool(facts([pos(PROVIDER, 0.9), pos(DEPLOYER, 0.1)])));
    expect(l?.independentShare).toBeCloseTo(0.9);
    expect(l?.creatorPullableShare).toBeCloseTo(0.1);
  });
  it('a burn address with no code reads burned; a contract that failed reads unknown, never locked', () => {
    const l = judgeLedger(
      pool(
        facts([pos('0x000000000000000000000000000000000000dead', 0.5), pos(LOCKER, 0.5, true)], {
          [LOCKER]: { status: 'failed', holder: LOCKER, reason: 'timeout' },
        }),
      ),
    );
    expect(l?.positions.map((p) => p.kind).sort()).toEqual(['burned', 'unknown']);
    expect(l?.unknownShare).toBeCloseTo(0.5);
    expect(l?.creatorPullableShare).toBe(0);
  });
});
