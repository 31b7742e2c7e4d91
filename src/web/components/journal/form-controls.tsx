/** Form controls for the trader tools, styled like ui/input: label, select, textarea, field wrapper. */
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'w-full rounded-lg border border-white/10 bg-ink-950/80 px-3 text-sm text-white transition-colors ' +
  'hover:border-white/20 focus-visible:border-brand-400 focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-brand-500/40 disabled:cursor-not-allowed disabled:opacity-50';

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(CONTROL, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea className={cn(CONTROL, 'min-h-20 py-2 placeholder:text-slate-400', className)} {...props} />
  );
}

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A labelled control; a required field shows an asterisk (the control carries `required`). */
export function Field({ id, label, required, hint, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-400">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-400">{hint}</p> : null}
    </div>
  );
}
