/**
 * Toast state (spec §9): one toast visible at a time; a new one replaces the old. A module-level
 * store rather than React context so that `toast()` can be called from anywhere, including query
 * and mutation callbacks that live outside components.
 */
import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; the Toaster's default (5000) when omitted. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

const TOAST_LIMIT = 1;
/**
 * A dismissed toast leaves the screen at once (Radix unmounts it after its exit animation); its
 * record is dropped from the store this much later, the value the spec's toast library used.
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  // Toasts pushed out by the limit are gone for good; forget their timers too.
  const kept = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  for (const [timerId, timer] of removalTimers) {
    if (!kept.some((t) => t.id === timerId)) {
      clearTimeout(timer);
      removalTimers.delete(timerId);
    }
  }
  setToasts(kept);
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
