/** The Trading Journal's frame: the wallet card, an empty list's message, a titled trades card. */
import { Inbox, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';

export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full border border-white/10 bg-white/5 text-slate-400">
        <Inbox aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-lg font-semibold text-white">{title}</h3>
      <p className="max-w-sm text-sm text-slate-400">{text}</p>
      {action}
    </div>
  );
}

export function TradesCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/** The wallet field (with its error when the address is not valid) and the Add Trade button. */
export function WalletCard({
  id,
  wallet,
  onWallet,
  valid,
  onAdd,
}: {
  /** The field's id (the page's useId), also the prefix of its error's id. */
  id: string;
  wallet: string;
  onWallet: (wallet: string) => void;
  valid: boolean;
  onAdd: () => void;
}) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-5">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          Wallet Address
        </label>
        <Input
          id={id}
          value={wallet}
          onChange={(e) => onWallet(e.target.value)}
          placeholder="0x..."
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-err`}
        />
        {valid ? null : (
          <p id={`${id}-err`} className="text-xs text-orange-300">
            Enter a wallet address: 0x followed by 40 hexadecimal characters.
          </p>
        )}
      </div>
      <Button onClick={onAdd} disabled={!valid}>
        <Plus aria-hidden="true" className="size-4" />
        Add Trade
      </Button>
    </Card>
  );
}
