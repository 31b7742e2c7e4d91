import { APP_NAME } from '@shared/routes';
import { useId } from 'react';
import { cn } from '../../lib/cn';

/** The FLAB mark: an "F" on Base blue, drawn inline so it needs no extra request. */
export function LogoMark({ className }: { className?: string }) {
  // The mark appears in the header and the footer; gradient ids must not collide.
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#2f6bff" />
          <stop offset="1" stopColor="#2ee6d6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M10.5 8h12v4.2h-7.4v3.3h6.2v4.1h-6.2V24h-4.6z" fill="#fff" />
    </svg>
  );
}

export function LogoWordmark() {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight whitespace-nowrap text-white">{APP_NAME}</span>
    </span>
  );
}
