/**
 * The Hook panel renders the hook's address, its permissions in words and the verdict; a hook that
 * could not be measured says so instead of passing as harmless. Static markup, no browser.
 */
import type { FactsSummary } from '@shared/analysis';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HookPanelView } from './hook-panel';

type Hook = NonNullable<FactsSummary['hook']>;
const base: Hook = {
  pool: '0x1111111111111111111111111111111111111111',
  hook: '0x00000000000000000000000000000000000000c8',
  measured: true,
  level: 'dangerous',
  honeypot: true,
  honeypotReason: 'a sell returns nothing: the hook keeps the tokens you sell (NoOp hook)',
  buyFeePct: 0.3,
  sellFeePct: 100,
  decayingTo: null,
  permissions: [{ name: 'beforeSwap', words: 'can change the price you get' }],
  upgradeable: null,
  owner: null,
  ownerPowers: null,
  evidence: ['Honeypot: a sell returns nothing: the hook keeps the tokens you sell (NoOp hook).'],
};

describe('Hook panel', () => {
  it('a NoOp hook: address, permission in words, Honeypot', () => {
    const html = renderToStaticMarkup(<HookPanelView hook={base} />);
    expect(html).toContain(base.hook);
    expect(html).toContain('can change the price you get');
    expect(html).toContain('Honeypot');
  });

  it('an unmeasured hook says "Not measured"', () => {
    const html = renderToStaticMarkup(
      <HookPanelView
        hook={{
          ...base,
          measured: false,
          level: null,
          honeypot: null,
          evidence: ['The hook could not be measured.'],
        }}
      />,
    );
    expect(html).toContain('Not measured');
    expect(html).not.toContain('No hook risk found');
  });
});
