/**
 * New Call form (spec §5, §7): confidence 1–100 (default 80), prices numeric with step 0.000001,
 * long or short, timeframe 1h / 4h / 24h / 3d / 7d (default 24h). Prices are sent as numbers and
 * confidence as an integer. Toasts per §8; the server's reason for a rejection shows under the form.
 */
import {
  CALL_DEFAULT_CONFIDENCE,
  CALL_DEFAULT_TIMEFRAME,
  CALL_TIMEFRAMES,
  MESSAGES,
} from '@shared/trader-tools';
import { type FormEvent, useId, useState } from 'react';
import { serverMessage, useCreateCall } from '../../lib/trader-queries';
import { Field, Select, Textarea } from '../journal/form-controls';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';

const TIMEFRAME_LABELS: Record<(typeof CALL_TIMEFRAMES)[number], string> = {
  '1h': '1 Hour',
  '4h': '4 Hours',
  '24h': '24 Hours',
  '3d': '3 Days',
  '7d': '7 Days',
};

const priceProps = {
  type: 'number',
  step: '0.000001',
  min: '0',
  inputMode: 'decimal',
  required: true,
} as const;

export function CallForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCall();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const v = (k: string) => String(data.get(k) ?? '').trim();
    setProblem(null);
    create.mutate(
      {
        symbol: v('symbol'),
        tokenName: v('tokenName'),
        tokenAddress: v('tokenAddress'),
        callType: v('callType') === 'short' ? 'short' : 'long',
        entryPrice: Number.parseFloat(v('entryPrice')),
        targetPrice: Number.parseFloat(v('targetPrice')),
        stopLoss: Number.parseFloat(v('stopLoss')),
        confidence: Number.parseInt(v('confidence'), 10),
        timeframe: v('timeframe'),
        reasoning: v('reasoning'),
      },
      {
        onSuccess: () => {
          toast({ title: 'Call Created', description: MESSAGES.callCreated });
          form.reset();
          onDone();
        },
        onError: (err) => {
          setProblem(serverMessage(err));
          toast({
            title: 'Error',
            description: 'Failed to create trading call. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-white">New Trading Call</h2>
      <form
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-describedby={problem ? `${id}-problem` : undefined}
      >
        <Field id={`${id}-symbol`} label="Token Symbol" required>
          <Input id={`${id}-symbol`} name="symbol" required maxLength={20} placeholder="e.g. FLAB" />
        </Field>
        <Field id={`${id}-name`} label="Token Name">
          <Input id={`${id}-name`} name="tokenName" maxLength={80} placeholder="e.g. Flab Token" />
        </Field>
        <Field id={`${id}-address`} label="Contract Address" hint="Optional; needed for chart and analysis">
          <Input
            id={`${id}-address`}
            name="tokenAddress"
            placeholder="0x..."
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field id={`${id}-type`} label="Call Type" required>
          <Select id={`${id}-type`} name="callType" defaultValue="long" required>
            <option value="long">Long</option>
            <option value="short">Short</option>
          </Select>
        </Field>
        <Field id={`${id}-confidence`} label="Confidence (%)">
          <Input
            id={`${id}-confidence`}
            name="confidence"
            type="number"
            min={1}
            max={100}
            step={1}
            defaultValue={CALL_DEFAULT_CONFIDENCE}
            inputMode="numeric"
          />
        </Field>
        <Field id={`${id}-timeframe`} label="Timeframe">
          <Select id={`${id}-timeframe`} name="timeframe" defaultValue={CALL_DEFAULT_TIMEFRAME}>
            {CALL_TIMEFRAMES.map((t) => (
              <option key={t} value={t}>
                {TIMEFRAME_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-entry`} label="Entry Price" required>
          <Input id={`${id}-entry`} name="entryPrice" placeholder="0.000000" {...priceProps} />
        </Field>
        <Field id={`${id}-target`} label="Target Price" required>
          <Input id={`${id}-target`} name="targetPrice" placeholder="0.000000" {...priceProps} />
        </Field>
        <Field id={`${id}-stop`} label="Stop Loss" required>
          <Input id={`${id}-stop`} name="stopLoss" placeholder="0.000000" {...priceProps} />
        </Field>
        <Field id={`${id}-reasoning`} label="Reasoning" className="sm:col-span-2 lg:col-span-3">
          <Textarea
            id={`${id}-reasoning`}
            name="reasoning"
            maxLength={2000}
            placeholder="Why this call? Chart setup, catalysts, on-chain signals…"
          />
        </Field>
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="text-sm text-red-300 sm:col-span-2 lg:col-span-3">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end lg:col-span-3">
          <Button variant="outline" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Posting...' : 'Post Call'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
