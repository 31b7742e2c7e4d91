import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast, useToast } from './toast-store';

// The hook is a thin useSyncExternalStore wrapper; read the store through a tiny fake render.
let snapshot: ReturnType<typeof useToast>['toasts'] = [];
vi.mock('react', () => ({
  useSyncExternalStore: (_sub: unknown, get: () => typeof snapshot) => get(),
}));
const read = () => {
  snapshot = useToast().toasts;
  return snapshot;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast: a new one replaces the old', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const list = read();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Copied', description: 'Contract Address copied to clipboard' });
    dismissToast(id);
    expect(read()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(read()).toEqual([]);
  });
});
