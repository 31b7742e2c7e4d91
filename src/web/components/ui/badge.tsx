import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'caution' | 'danger';

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-white/10 bg-white/5 text-slate-300',
  brand: 'border-brand-400/30 bg-brand-500/10 text-brand-300',
  success: 'border-emerald-400/30 bg-emerald-500/10 text-emerald-300',
  // Spec §4 severity colours: critical red, high orange, medium yellow, else green.
  warning: 'border-yellow-400/30 bg-yellow-500/10 text-yellow-300',
  caution: 'border-orange-400/30 bg-orange-500/10 text-orange-300',
  danger: 'border-red-400/30 bg-red-500/10 text-red-300',
};

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone };

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
