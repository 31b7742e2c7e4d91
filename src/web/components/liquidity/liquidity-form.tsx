/** The Liquidity Scanner's form: token address, amount in USD, and Analyze Liquidity. */
import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';

type Props = {
  address: string;
  onAddress: (address: string) => void;
  amount: string;
  onAmount: (amount: string) => void;
  analyzing: boolean;
  onSubmit: (e: FormEvent) => void;
};

export function LiquidityForm({ address, onAddress, amount, onAmount, analyzing, onSubmit }: Props) {
  return (
    <Card className="p-4 sm:p-5">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Analyze liquidity"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor="liquidity-address" className="text-xs font-medium text-slate-400">
            Token Address
          </label>
          <Input
            id="liquidity-address"
            value={address}
            onChange={(e) => onAddress(e.target.value)}
            placeholder="Enter token contract address (0x...)"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            className="font-mono"
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="liquidity-amount" className="text-xs font-medium text-slate-400">
            Amount (USD)
          </label>
          <Input
            id="liquidity-amount"
            type="number"
            inputMode="decimal"
            min={1}
            step="any"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={analyzing} className="sm:w-44">
          {analyzing ? (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          ) : (
            <Search aria-hidden="true" className="size-4" />
          )}
          {analyzing ? 'Analyzing...' : 'Analyze Liquidity'}
        </Button>
      </form>
    </Card>
  );
}
