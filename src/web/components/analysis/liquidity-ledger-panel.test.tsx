import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LiquidityLedger } from '../../../shared/liquidity-ledger';
import { kindBadge, LiquidityLedgerView } from './liquidity-ledger-panel';

const ledger: LiquidityLedger = {
  positions: [
    {
      holder: '0x31e98464ace33c94f46ff49b5c4fa437a547f515',
      holderIsContract: true,
      positionId: null,
      share: 1,
      activeShare: 1,
      tokenAmount: 1,
      quoteAmount: 1,
      valueUsd: 4000,
      kind: 'locked_until',
      side: 'none',
      unlockTime: 1_822_641_066,
      withdrawer: '0x4196dac6a95fb6a1ee3220e84efab11356802fc0',
      withdrawCall: 'withdraw(uint256)',
      feeCollector: null,
      label: 'FLAB Hub-listed locker',
      evidence: 'Locked in 0x31e9…f515: from 2027-10-04 0x4196…2fc0 can, with withdraw(uint256) (simulated).',
    },
  ],
  creatorPullableShare: 0,
  creatorPullableUsd: 0,
  independentShare: 0,
  lockedForeverShare: 0,
  unlockSchedule: [{ time: 1_822_641_066, activeShare: 1 }],
  unknownShare: 0,
  complete: true,
  note: null,
};

describe('the liquidity ledger panel', () => {
  it('says what the creator can pull, when the lock ends, and each position with its evidence', () => {
    const html = renderToStaticMarkup(
      <LiquidityLedgerView ledger={ledger} pair="0xa74735b5aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" />,
    );
    expect(html).toContain('The creator’s side can pull 0%');
    expect(html).toContain('unlocks on 04 Oct 2027');
    expect(html).toContain('withdraw(uint256)');
    expect(html).toContain('Locked until 04 Oct 2027');
  });
  it('reads an independent provider as no warning and an unjudged holder as not judged', () => {
    expect(kindBadge({ kind: 'withdrawable', side: 'independent' }).label).toBe('Independent provider');
    expect(kindBadge({ kind: 'withdrawable', side: 'creator' }).tone).toBe('danger');
    expect(kindBadge({ kind: 'unknown', side: 'unknown' }).label).toBe('Not judged');
  });
});
