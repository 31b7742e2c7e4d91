import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-lg shadow-brand-600/25 hover:bg-brand-500 active:bg-brand-700 disabled:shadow-none',
  secondary: 'bg-ink-800 text-slate-100 hover:bg-ink-700',
  outline: 'border border-white/15 bg-transparent text-slate-100 hover:border-white/30 hover:bg-white/5',
  ghost: 'bg-transparent text-slate-300 hover:bg-white/5 hover:text-white',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-10 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icon: 'h-10 w-10 rounded-lg',
};

/**
 * The button look as a class string, so links that navigate (wouter's <Link>, external <a>) can
 * look like buttons while keeping link semantics.
 */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cn(
    'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  // type="button" by default: a button inside a form should not submit it by accident.
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
