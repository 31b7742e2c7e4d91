/**
 * 'Add New Trade' (spec §2, §5, §7): required token symbol, name, address, trade type, quantity and
 * entry price; optional exit price, stop loss, take profit, strategy, timeframe, notes and fees
 * (default 0). 'Adding...' while the request runs; success closes the dialog and toasts; a failure
 * toasts 'Failed to add trade' with the server's reason and keeps what was typed.
 */
import { MESSAGES, TRADE_STRATEGIES, TRADE_STRATEGY_LABELS, TRADE_TIMEFRAMES } from '@shared/trader-tools';
import { type FormEvent, useRef } from 'react';
import { serverMessage, useAddTrade } from '../../lib/trader-queries';
import { useNetwork } from '../../lib/use-network';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';
import { Field, Select, Textarea } from './form-controls';
import { Modal } from './modal';

const ADDRESS_PATTERN = '0x[0-9a-fA-F]{40}';
const TIMEFRAME_LABELS: Record<(typeof TRADE_TIMEFRAMES)[number], string> = {
  '1h': '1 Hour',
  '4h': '4 Hours',
  '1d': '1 Day',
  '1w': '1 Week',
  '1m': '1 Month',
};

/** Numeric inputs accept any decimal (spec §5). */
const decimalProps = { type: 'number', step: 'any', min: '0', inputMode: 'decimal' } as const;

type Props = { open: boolean; onClose: () => void; walletAddress: string };

export function AddTradeDialog({ open, onClose, walletAddress }: Props) {
  const add = useAddTrade();
  const network = useNetwork();
  const formRef = useRef<HTMLFormElement>(null);
  const tokens = Object.entries(network.data?.tokens ?? {});

  /** Fills symbol, name and address from a token the server knows (the typed values stay editable). */
  const pickToken = (symbol: string) => {
    const f = formRef.current;
    const address = network.data?.tokens[symbol];
    if (!f || !address) return;
    const set = (name: string, v: string) => {
      const el = f.elements.namedItem(name);
      if (el instanceof HTMLInputElement) el.value = v;
    };
    set('tokenSymbol', symbol);
    set('tokenName', symbol);
    set('tokenAddress', address);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const v = (k: string) => String(data.get(k) ?? '').trim();
    add.mutate(
      {
        walletAddress,
        tokenSymbol: v('tokenSymbol'),
        tokenName: v('tokenName'),
        tokenAddress: v('tokenAddress'),
        tradeType: v('tradeType') as 'buy' | 'sell',
        quantity: v('quantity'),
        entryPrice: v('entryPrice'),
        exitPrice: v('exitPrice'),
        fees: v('fees') || '0',
        notes: v('notes'),
        strategy: v('strategy'),
        timeframe: v('timeframe'),
        stopLoss: v('stopLoss'),
        takeProfit: v('takeProfit'),
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: MESSAGES.tradeAdded });
          onClose();
        },
        onError: (err) =>
          toast({ title: 'Failed to add trade', description: serverMessage(err), variant: 'destructive' }),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!add.isPending) onClose();
      }}
      title="Add New Trade"
      description="Record a trade for this wallet. Fields marked * are required."
    >
      <form ref={formRef} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {tokens.length ? (
          <Field id="trade-pick" label="Quick pick (fills symbol, name, address)" className="sm:col-span-2">
            <Select id="trade-pick" defaultValue="" onChange={(e) => pickToken(e.target.value)}>
              <option value="">Choose a known token…</option>
              {tokens.map(([symbol]) => (
                <option key={symbol} value={symbol}>
                  {symbol}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id="trade-symbol" label="Token Symbol" required>
          <Input id="trade-symbol" name="tokenSymbol" required maxLength={20} placeholder="e.g. FLAB" />
        </Field>
        <Field id="trade-name" label="Token Name" required>
          <Input id="trade-name" name="tokenName" required maxLength={80} placeholder="e.g. Flab Token" />
        </Field>
        <Field id="trade-address" label="Token Address" required className="sm:col-span-2">
          <Input
            id="trade-address"
            name="tokenAddress"
            required
            pattern={ADDRESS_PATTERN}
            title="0x followed by 40 hexadecimal characters"
            placeholder="0x..."
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
        <Field id="trade-type" label="Trade Type" required>
          <Select id="trade-type" name="tradeType" required defaultValue="buy">
            <option value="buy">Buy</option>
            <option value="sell">Sell</option>
          </Select>
        </Field>
        <Field id="trade-quantity" label="Quantity" required>
          <Input id="trade-quantity" name="quantity" required placeholder="0.0" {...decimalProps} />
        </Field>
        <Field id="trade-entry" label="Entry Price" required>
          <Input id="trade-entry" name="entryPrice" required placeholder="0.00" {...decimalProps} />
        </Field>
        <Field id="trade-exit" label="Exit Price" hint="Leave empty for an open position">
          <Input id="trade-exit" name="exitPrice" placeholder="0.00" {...decimalProps} />
        </Field>
        <Field id="trade-stop" label="Stop Loss">
          <Input id="trade-stop" name="stopLoss" placeholder="0.00" {...decimalProps} />
        </Field>
        <Field id="trade-tp" label="Take Profit">
          <Input id="trade-tp" name="takeProfit" placeholder="0.00" {...decimalProps} />
        </Field>
        <Field id="trade-strategy" label="Strategy">
          <Select id="trade-strategy" name="strategy" defaultValue="">
            <option value="">Select strategy</option>
            {TRADE_STRATEGIES.map((s) => (
              <option key={s} value={s}>
                {TRADE_STRATEGY_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="trade-timeframe" label="Timeframe">
          <Select id="trade-timeframe" name="timeframe" defaultValue="">
            <option value="">Select timeframe</option>
            {TRADE_TIMEFRAMES.map((t) => (
              <option key={t} value={t}>
                {TIMEFRAME_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="trade-fees" label="Fees">
          <Input id="trade-fees" name="fees" defaultValue="0" {...decimalProps} />
        </Field>
        <Field id="trade-notes" label="Notes" className="sm:col-span-2">
          <Textarea id="trade-notes" name="notes" maxLength={2000} placeholder="Trade rationale, lessons…" />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Trade'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
