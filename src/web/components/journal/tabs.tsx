/**
 * Accessible tabs (WAI-ARIA tabs pattern): a tablist whose selected tab is the only one in the
 * tab order, arrow keys / Home / End move between tabs, each panel is labelled by its tab.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cn } from '../../lib/cn';

export type TabDef<K extends string> = { key: K; label: ReactNode };

type TabsProps<K extends string> = {
  tabs: ReadonlyArray<TabDef<K>>;
  value: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
};

export function Tabs<K extends string>({ tabs, value, onChange, label, children }: TabsProps<K>) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === value),
  );
  const move = (e: KeyboardEvent) => {
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    const t = tabs[next];
    if (t) {
      onChange(t.key);
      refs.current[next]?.focus();
    }
  };
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className="grid grid-cols-2 gap-1 rounded-xl sm:flex border border-white/10 bg-ink-900/70 p-1"
      >
        {tabs.map((t, i) => {
          const selected = t.key === value;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              className={cn(
                'flex-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                selected ? 'bg-brand-600 text-white' : 'text-slate-400 hover:bg-white/5 hover:text-white',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${value}`}
        className="mt-4 rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40"
      >
        {children}
      </div>
    </div>
  );
}
