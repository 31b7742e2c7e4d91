/** Watch a token: its address, the alert kinds wanted, and whose watchlist it goes to. */
import { parseAddress, shortAddress } from '@shared/address';
import { SECURITY_MESSAGES } from '@shared/market-tools';
import { WATCH_KIND_LABELS, WATCH_KINDS, type WatchKind } from '@shared/watch';
import { useMutation } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ApiError, apiPost } from '../../lib/api';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';
import { useWatchlistChanged, type Watchlist } from './use-watchlist';

export function WatchForm({ owner }: { owner: Watchlist['owner'] | undefined }) {
  const [input, setInput] = useState('');
  const [kinds, setKinds] = useState<Set<WatchKind>>(() => new Set(WATCH_KINDS));
  const [monitored, setMonitored] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const watch = useWatchToken(kinds, setMonitored);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = parseAddress(input);
    if (input.trim().length !== 42 || !a) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    watch.mutate(a);
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
        <Input
          aria-label="Token contract address"
          placeholder="Token contract address (0x…)"
          value={input}
          maxLength={100}
          onChange={(e) => {
            setInput(e.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" disabled={input.trim().length !== 42 || watch.isPending || kinds.size === 0}>
          <Eye aria-hidden="true" className="size-4" />
          {watch.isPending ? 'Starting…' : 'Monitor'}
        </Button>
      </form>
      <KindPicker kinds={kinds} onChange={setKinds} />
      {invalid ? (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {SECURITY_MESSAGES.invalidAddress}
        </p>
      ) : null}
      {monitored ? (
        <p className="mt-2 text-sm text-emerald-300">
          {SECURITY_MESSAGES.monitoring(shortAddress(monitored))}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-400">
        {owner?.kind === 'wallet'
          ? `Watchlist of ${shortAddress(owner.wallet ?? '')} (signed in).`
          : 'Watchlist of this browser. Sign in with your wallet (Gaming Arena) to keep it across browsers.'}
      </p>
    </Card>
  );
}

function useWatchToken(kinds: Set<WatchKind>, onWatched: (tokenAddress: string) => void) {
  const changed = useWatchlistChanged();
  return useMutation({
    mutationFn: (tokenAddress: string) =>
      apiPost<Watchlist>('/api/watchlist/items', { tokenAddress, kinds: [...kinds] }),
    onSuccess: (list, tokenAddress) => {
      onWatched(tokenAddress);
      toast({ title: SECURITY_MESSAGES.monitoring(shortAddress(tokenAddress)) });
      changed(list);
    },
    onError: (e) => {
      // A 4xx is the request's fault (not a token, a bad address); anything else is ours.
      const setup = e instanceof ApiError && e.status >= 400 && e.status < 500;
      toast({
        title: setup ? SECURITY_MESSAGES.setupFailed : SECURITY_MESSAGES.startFailed,
        description: e instanceof Error ? e.message : undefined,
        variant: 'destructive',
      });
    },
  });
}

function KindPicker({
  kinds,
  onChange,
}: {
  kinds: Set<WatchKind>;
  onChange: (next: Set<WatchKind>) => void;
}) {
  return (
    <fieldset className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-300">
      <legend className="sr-only">Alert kinds</legend>
      {WATCH_KINDS.map((k) => (
        <label key={k} className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={kinds.has(k)}
            onChange={(e) => {
              const next = new Set(kinds);
              if (e.target.checked) next.add(k);
              else next.delete(k);
              onChange(next);
            }}
          />
          {WATCH_KIND_LABELS[k]}
        </label>
      ))}
    </fieldset>
  );
}
