import { describe, expect, it } from 'vitest';
import { byDeadline, notInTime } from './budget';

describe('byDeadline', () => {
  it('passes a part through when there is no deadline or it is in time', async () => {
    const incomplete: string[] = [];
    expect(await byDeadline(undefined, incomplete, 'x', Promise.resolve(1), () => 0)).toBe(1);
    const d = { at: Date.now() + 60_000, budgetMs: 60_000 };
    expect(await byDeadline(d, incomplete, 'x', Promise.resolve(2), () => 0)).toBe(2);
    expect(incomplete).toEqual([]);
  });

  it('gives up on a late part, names it, and answers with the fallback', async () => {
    const incomplete: string[] = [];
    const never = new Promise<number>(() => {});
    const d = { at: Date.now() - 1, budgetMs: 1000 };
    expect(await byDeadline(d, incomplete, 'trade', never, () => -1)).toBe(-1);
    expect(incomplete).toEqual(['trade']);
  });

  it('keeps a failure of a part in time a failure', async () => {
    const d = { at: Date.now() + 60_000, budgetMs: 60_000 };
    await expect(byDeadline(d, [], 'x', Promise.reject(new Error('boom')), () => 0)).rejects.toThrow('boom');
  });

  it('says plainly what was not checked', () => {
    expect(notInTime('The sell simulation', 8000)).toMatch(
      /^The sell simulation could not be checked in time \(the report's 8\.0 s budget/,
    );
  });
});
