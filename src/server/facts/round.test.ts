import { describe, expect, it } from 'vitest';
import { createRound } from './round';

describe('createRound', () => {
  it('opens when the last part arrives, not before', async () => {
    const round = createRound(['a', 'b']);
    let aLeft = false;
    const a = round.arrive('a').then(() => {
      aLeft = true;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(aLeft).toBe(false);
    await round.arrive('b');
    await a;
    expect(aLeft).toBe(true);
  });

  it('a part arriving twice, or one it does not name, does not wait or open it early', async () => {
    const round = createRound(['a', 'b'], 10_000);
    await round.arrive('other');
    let open = false;
    void round.arrive('a').then(() => {
      open = true;
    });
    void round.arrive('a');
    await new Promise((r) => setTimeout(r, 5));
    expect(open).toBe(false);
    await round.arrive('b');
    expect(open).toBe(true);
  });

  it('opens after its wait when a part never arrives (a slow read costs a round trip, never the report)', async () => {
    const round = createRound(['a', 'never'], 20);
    await expect(round.arrive('a')).resolves.toBeUndefined();
  });
});

describe('createRound order', () => {
  it('releases the parts in the order they are named, whatever the order they arrived in', async () => {
    const round = createRound(['first', 'second', 'third']);
    const order: string[] = [];
    const done = [
      round.arrive('third').then(() => order.push('third')),
      round.arrive('second').then(() => order.push('second')),
      round.arrive('first').then(() => order.push('first')),
    ];
    await Promise.all(done);
    expect(order).toEqual(['first', 'second', 'third']);
  });
});
