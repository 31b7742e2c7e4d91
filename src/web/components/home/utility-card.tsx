/**
 * One home utility card (spec §2, §4, §5): an input, an analyse button that shows an 'Analyzing...'
 * spinner and is disabled while loading, and the result area. A failure shows the API's error and a
 * Retry button (DESIGN §7) rather than a sample result.
 */
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError, apiGet } from '../../lib/api';
import { ErrorState } from '../analysis/error-state';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { placeholderFor, type Utility, utilityAction, utilityPath } from './utilities';
import { type UtilityData, UtilityResult } from './utility-result';

const BUTTON_LABEL: Record<Utility['type'], string> = {
  scanner: 'Scan Token',
  rug: 'Detect Rug',
  whale: 'Track Whales',
  liquidity: 'Check Liquidity',
  score: 'Get Score',
};

export function UtilityCard({ utility, exampleAddress }: { utility: Utility; exampleAddress?: string }) {
  const [input, setInput] = useState('');
  // The Liquidity card asks for the token as well as the amount, and hands both on.
  const [token, setToken] = useState('');
  const tokenId = useId();
  const [, navigate] = useLocation();
  const inputId = useId();
  const hintId = useId();
  const Icon = utility.icon;
  const analysis = useMutation<UtilityData, Error, string>({
    mutationFn: (value) => apiGet<UtilityData>(utilityPath(utility.type, value)),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const action = utilityAction(utility.type, input, token);
    if (action.kind === 'alert') window.alert(action.message);
    else if (action.kind === 'redirect') navigate(action.to);
    else analysis.mutate(action.input);
  };

  const showExample = exampleAddress && utility.type !== 'liquidity';

  return (
    <Card data-testid={`utility-${utility.type}`} className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg border border-brand-400/20 bg-brand-500/10 text-brand-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <Badge tone={utility.status === 'LIVE' ? 'success' : 'neutral'}>
          {utility.status === 'LIVE' ? (
            <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-400" />
          ) : null}
          {utility.status}
        </Badge>
      </div>
      <div>
        <h3 className="font-semibold text-white">{utility.title}</h3>
        <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{utility.description}</p>
      </div>
      <form onSubmit={onSubmit} className="mt-auto grid gap-2" noValidate>
        <label htmlFor={inputId} className="sr-only">
          {utility.title} input
        </label>
        {utility.type === 'liquidity' ? (
          <>
            <label htmlFor={tokenId} className="sr-only">
              {utility.title} token address
            </label>
            <Input
              id={tokenId}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              placeholder="Token address (0x...), optional"
              autoComplete="off"
              spellCheck={false}
              data-testid="utility-liquidity-token"
            />
          </>
        ) : null}
        <Input
          id={inputId}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder={placeholderFor(utility.type)}
          inputMode={utility.type === 'liquidity' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={showExample ? hintId : undefined}
        />
        {showExample ? (
          <p id={hintId} className="text-xs text-slate-400">
            Example:{' '}
            <button
              type="button"
              onClick={() => setInput(exampleAddress)}
              title="Use this example address"
              aria-label={`Use example address ${exampleAddress}`}
              className="rounded font-mono text-slate-400 underline decoration-dotted underline-offset-2 hover:text-white"
            >
              {`${exampleAddress.slice(0, 8)}…${exampleAddress.slice(-6)}`}
            </button>{' '}
            (FLAB)
          </p>
        ) : null}
        <Button type="submit" disabled={analysis.isPending} className="w-full">
          {analysis.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              Analyzing...
            </>
          ) : (
            BUTTON_LABEL[utility.type]
          )}
        </Button>
      </form>
      <div aria-live="polite">
        {analysis.isError &&
        analysis.error instanceof ApiError &&
        analysis.error.code === 'invalid_address' ? (
          // A symbol or a name typed here is not an address: say where to look it up, not "400: …".
          <p
            role="alert"
            className="rounded-lg border border-white/10 bg-white/[0.03] p-3 text-sm text-slate-300"
          >
            “{analysis.variables}” is not a token address. To find a token by its symbol or name, use the
            search box at the top of the page.
          </p>
        ) : analysis.isError ? (
          <ErrorState
            compact
            title={`${utility.title} failed`}
            error={analysis.error}
            onRetry={() => analysis.variables !== undefined && analysis.mutate(analysis.variables)}
          />
        ) : null}
        {analysis.isSuccess ? <UtilityResult type={utility.type} data={analysis.data} /> : null}
      </div>
    </Card>
  );
}
