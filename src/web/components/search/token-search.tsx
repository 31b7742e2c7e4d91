/**
 * Search by symbol, name or address (issue 24), in the header and on the home page. An address goes
 * straight to its analysis; a symbol or name lists every indexed match with its address and verdict
 * — we never pick one for the user. No match says so (never a raw "400: invalid address").
 */
import { isAddress } from '@shared/address';
import type { TokenSearchResponse } from '@shared/search';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { apiGet } from '../../lib/api';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/queries';
import { Button } from '../ui/button';
import { HashText } from '../ui/hash-text';
import { Input } from '../ui/input';
import { verdictLabelClass } from '../verdict/verdict-banner';

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; query: string }
  | { kind: 'done'; result: TokenSearchResponse }
  | { kind: 'error'; message: string };

export function TokenSearch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const [value, setValue] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [, navigate] = useLocation();
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (!q) return;
    if (isAddress(q)) {
      setState({ kind: 'idle' });
      navigate(`/token-analysis?address=${q}`);
      return;
    }
    setState({ kind: 'loading', query: q });
    try {
      const result = await apiGet<TokenSearchResponse>(`/api/tokens/search?q=${encodeURIComponent(q)}`);
      setState({ kind: 'done', result });
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err) });
    }
  };

  const close = () => setState({ kind: 'idle' });

  return (
    <div className={cn('relative min-w-0', className)}>
      <search className="block">
        <form onSubmit={submit} aria-label="Search tokens" className="flex gap-2">
          <label htmlFor={id} className="sr-only">
            Search by a token's symbol, name or address
          </label>
          <Input
            id={id}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={compact ? 'Symbol, name or 0x…' : 'Search a token by symbol, name or address'}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            className={compact ? 'h-9 text-sm' : undefined}
            data-testid="token-search-input"
          />
          <Button type="submit" size={compact ? 'sm' : 'md'} aria-label="Search" disabled={!value.trim()}>
            <Search aria-hidden="true" className="size-4" />
            {compact ? null : 'Search'}
          </Button>
        </form>
      </search>
      {state.kind === 'idle' ? null : (
        <div
          data-testid="token-search-results"
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] min-w-0 overflow-y-auto rounded-xl border border-white/10 bg-ink-900 p-2 text-left shadow-xl"
        >
          {state.kind === 'loading' ? (
            <p className="p-2 text-sm text-slate-400">Searching for “{state.query}”…</p>
          ) : state.kind === 'error' ? (
            <p role="alert" className="p-2 text-sm text-red-300">
              {state.message}
            </p>
          ) : state.result.matches.length === 0 ? (
            <p className="p-2 text-sm text-slate-300">
              No indexed token has the symbol or name “{state.result.query}”. Paste its contract address (0x…)
              to analyse it.
            </p>
          ) : (
            <>
              <p className="px-2 pt-1 pb-2 text-xs text-slate-400">
                {state.result.matches.length === 1
                  ? '1 token matches'
                  : `${state.result.matches.length} tokens match: check the address before you choose`}
              </p>
              <ul className="grid gap-1">
                {state.result.matches.map((m) => (
                  <li
                    key={m.address}
                    data-testid="token-search-match"
                    className="rounded-lg border border-white/5 bg-white/[0.03] p-2"
                  >
                    <Link
                      href={`/token-analysis?address=${m.address}`}
                      onClick={close}
                      className="block rounded text-sm font-semibold text-white hover:text-brand-300"
                    >
                      {m.symbol ?? '?'}{' '}
                      <span className="font-normal text-slate-400">{m.name ?? 'no name'}</span>
                    </Link>
                    <span className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                      <HashText value={m.address} kind="address" className="text-slate-400" />
                      <span className={m.verdict ? verdictLabelClass(m.verdict.kind) : 'text-slate-400'}>
                        {m.verdict ? m.verdict.label : 'verdict not available yet'}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            onClick={close}
            className="mt-1 w-full rounded px-2 py-1 text-right text-xs text-slate-400 hover:text-white"
          >
            Close
          </button>
        </div>
      )}
    </div>
  );
}
