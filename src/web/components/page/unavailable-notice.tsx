import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/**
 * An honest placeholder for a tool whose data view is not built yet: it names what will come and
 * shows no figures, because every figure must come from chain data (DESIGN §1).
 */
type UnavailableNoticeProps = {
  tool: string;
  /** Replaces the default sentence when the page is not a data view (e.g. About). */
  message?: ReactNode;
  children?: ReactNode;
};

export function UnavailableNotice({ tool, message, children }: UnavailableNoticeProps) {
  return (
    <Card role="status" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full border border-white/10 bg-white/5 text-slate-300">
        <Construction aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-white">Not available in this build yet</h2>
      <p className="max-w-lg text-sm leading-relaxed text-slate-400">
        {message ?? (
          <>
            The {tool} data view is still being built. It will show figures computed from Base chain data;
            until then this page shows none rather than made-up numbers.
          </>
        )}
      </p>
      {children}
    </Card>
  );
}
