/**
 * The fields of 'Add New Trade', in three groups as the form shows them (the token, the position,
 * the plan), and the one reading of the submitted form into the API's request.
 */
import {
  type CreateTradeRequest,
  TRADE_STRATEGIES,
  TRADE_STRATEGY_LABELS,
  TRADE_TIMEFRAMES,
} from '@shared/trader-tools';
import { Input } from '../ui/input';
import { Field, Select, Textarea } from './form-controls';

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

/** The typed form as the API takes it: every value trimmed, fees 0 when left empty. */
export function tradeRequestOf(data: FormData, walletAddress: string): CreateTradeRequest {
  const v = (k: string) => String(data.get(k) ?? '').trim();
  return {
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
    // A calendar day (the date input's value) is sent as that day's start in UTC; empty: now.
    ...(v('entryDate') ? { entryDate: `${v('entryDate')}T00:00:00Z` } : {}),
  };
}

/** Fills symbol, name and address from a token the server knows (the typed values stay editable). */
export function fillToken(form: HTMLFormElement, symbol: string, address: string) {
  const set = (name: string, v: string) => {
    const el = form.elements.namedItem(name);
    if (el instanceof HTMLInputElement) el.value = v;
  };
  set('tokenSymbol', symbol);
  set('tokenName', symbol);
  set('tokenAddress', address);
}

/** The quick pick (when the server knows tokens), symbol, name and address. */
export function TokenFields({ symbols, onPick }: { symbols: string[]; onPick: (symbol: string) => void }) {
  return (
    <>
      {symbols.length ? (
        <Field id="trade-pick" label="Quick pick (fills symbol, name, address)" className="sm:col-span-2">
          <Select id="trade-pick" defaultValue="" onChange={(e) => onPick(e.target.value)}>
            <option value="">Choose a known token…</option>
            {symbols.map((symbol) => (
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
    </>
  );
}

/** Buy or sell, quantity, entry and exit price, stop loss and take profit. */
export function PositionFields() {
  return (
    <>
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
      <Field id="trade-entry-date" label="Entry Date" hint="Leave empty for today">
        <Input
          id="trade-entry-date"
          name="entryDate"
          type="date"
          min="2015-01-01"
          max={new Date().toISOString().slice(0, 10)}
        />
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
    </>
  );
}

/** An optional choice: a first option `none` (empty value), then each [value, label]. */
function ChoiceField({
  id,
  name,
  label,
  none,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  none: string;
  choices: [string, string][];
}) {
  return (
    <Field id={id} label={label}>
      <Select id={id} name={name} defaultValue="">
        <option value="">{none}</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const PLAN_CHOICES = [
  {
    id: 'trade-strategy',
    name: 'strategy',
    label: 'Strategy',
    none: 'Select strategy',
    choices: TRADE_STRATEGIES.map((v): [string, string] => [v, TRADE_STRATEGY_LABELS[v]]),
  },
  {
    id: 'trade-timeframe',
    name: 'timeframe',
    label: 'Timeframe',
    none: 'Select timeframe',
    choices: TRADE_TIMEFRAMES.map((v): [string, string] => [v, TIMEFRAME_LABELS[v]]),
  },
];

/** Strategy, timeframe, fees and notes. */
export function PlanFields() {
  return (
    <>
      {PLAN_CHOICES.map((c) => (
        <ChoiceField key={c.id} {...c} />
      ))}
      <Field id="trade-fees" label="Fees">
        <Input id="trade-fees" name="fees" defaultValue="0" {...decimalProps} />
      </Field>
      <Field id="trade-notes" label="Notes" className="sm:col-span-2">
        <Textarea id="trade-notes" name="notes" maxLength={2000} placeholder="Trade rationale, lessons…" />
      </Field>
    </>
  );
}
