/**
 * The words of a wait (issue 38): the fair line's place and estimate, the allowance's countdown,
 * and which refusals are waits at all (by the server's codes, not the status alone).
 */
import { describe, expect, it } from 'vitest';
import {
  refusalWaitKind,
  retryAfterSeconds,
  secondsLeft,
  waitHeard,
  waitReason,
  waitWords,
} from './api-wait';

describe('the status line', () => {
  it('says the place in line and the estimate from the latest 202', () => {
    const w = { kind: 'queued', position: 4, ahead: 3, etaSeconds: 2 } as const;
    expect(waitWords(w, 0)).toBe('In line: 3 ahead, about 2 s');
    expect(waitWords({ ...w, ahead: 0, position: 1 }, 0)).toBe('In line: next, about 2 s');
    expect(waitWords({ ...w, etaSeconds: 0 }, 0)).toBe('In line: 3 ahead, about 1 s');
    expect(waitHeard(w)).toBe('In line: 3 ahead, about 2 s');
  });

  it('counts down to the time the allowance allows the next try', () => {
    const w = { kind: 'limited', retryAt: 20_000, seconds: 12 } as const;
    expect(waitWords(w, 8_000)).toBe('You can try again in 12 s');
    expect(waitWords(w, 8_001)).toBe('You can try again in 12 s');
    expect(waitWords(w, 19_500)).toBe('You can try again in 1 s');
    expect(waitWords(w, 20_000)).toBe('Trying again now');
    // A screen reader hears the wait once, as the server said it.
    expect(waitHeard(w)).toBe('You can try again in 12 s');
  });

  it('says why, and that the page goes on by itself, without a status code', () => {
    for (const kind of ['limited', 'busy'] as const) {
      const reason = waitReason({ kind, retryAt: 0, seconds: 1 });
      expect(reason).toContain('by itself');
      expect(reason).not.toMatch(/\b(429|503)\b/);
    }
    expect(waitReason({ kind: 'queued', position: 1, ahead: 0, etaSeconds: 1 })).toContain('by itself');
  });

  it('never counts below zero', () => {
    expect(secondsLeft(1_000, 5_000)).toBe(0);
    expect(secondsLeft(5_000, 1_000)).toBe(4);
  });
});

describe('which refusals are waits', () => {
  it('the allowance (429) and a full line (503 busy), not a chain outage', () => {
    expect(refusalWaitKind(429, 'rate_limited')).toBe('limited');
    expect(refusalWaitKind(503, 'busy')).toBe('busy');
    expect(refusalWaitKind(503, 'chain_unavailable')).toBeUndefined();
    expect(refusalWaitKind(404, 'not_found')).toBeUndefined();
  });

  it('reads Retry-After as whole seconds', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds('1.2')).toBe(2);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('')).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
