/**
 * "Embed" (issue 26): the token's safety badge as it appears on other pages, and the HTML snippet
 * to paste there. The badge is drawn by the server from the same report as this page.
 */
import { BADGE_HEIGHT, BADGE_WIDTH, badgePath, embedSnippet } from '@shared/badge';
import { Copy } from 'lucide-react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/toast';

export function EmbedBox({ address }: { address: string }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const snippet = embedSnippet(origin, address);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: 'Copied', description: 'Embed snippet copied to clipboard' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser blocked clipboard access. Select the snippet and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Card className="min-w-0 p-5" data-testid="embed-box">
      <h2 className="text-base font-semibold text-white">Embed</h2>
      <p className="mt-1 text-xs text-slate-400">
        Show this token's verdict on your own page: the badge links back here and updates with the analysis
        (also as PNG:{' '}
        <a className="break-all underline" href={badgePath(address, 'png')}>
          {badgePath(address, 'png')}
        </a>
        ).
      </p>
      <img
        className="mt-3 h-auto max-w-full"
        src={badgePath(address)}
        alt={`FLAB Hub safety verdict for ${address}`}
        width={BADGE_WIDTH}
        height={BADGE_HEIGHT}
      />
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          aria-label="Embed HTML snippet"
          readOnly
          value={snippet}
          rows={3}
          className="w-full rounded-lg border border-white/10 bg-ink-950 p-2 font-mono text-xs text-slate-200"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" /> Copy
        </Button>
      </div>
    </Card>
  );
}
