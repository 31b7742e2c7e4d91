/**
 * The row's edit action: close a position with an exit price (or clear it to re-open), and adjust
 * fees and notes. The server re-computes P&L and status.
 */
import type { Trade } from '@shared/trader-tools';
import type { FormEvent } from 'react';
import { serverMessage, useUpdateTrade } from '../../lib/trader-queries';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';
import { Field, Textarea } from './form-controls';
import { Modal } from './modal';

type Props = { trade: Trade | null; onClose: () => void };

export function UpdateTradeDialog({ trade, onClose }: Props) {
  const update = useUpdateTrade();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!trade) return;
    const data = new FormData(e.currentTarget);
    const v = (k: string) => String(data.get(k) ?? '').trim();
    update.mutate(
      {
        id: trade.id,
        body: {
          walletAddress: trade.walletAddress,
          exitPrice: v('exitPrice') || null,
          fees: v('fees') || '0',
          notes: v('notes') || null,
        },
      },
      {
        onSuccess: (t) => {
          toast({
            title: 'Trade updated',
            description:
              t.status === 'closed'
                ? `${t.tokenSymbol} position closed.`
                : `${t.tokenSymbol} position is open.`,
          });
          onClose();
        },
        onError: (err) =>
          toast({ title: 'Failed to update trade', description: serverMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <Modal
      open={trade !== null}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      title="Update Trade"
      description={
        trade ? (
          <>
            {trade.tradeType === 'buy' ? 'Buy' : 'Sell'}{' '}
            <span className="font-medium">{trade.tokenSymbol}</span> — enter an exit price to close the
            position, or clear it to re-open.
          </>
        ) : null
      }
      className="max-w-md"
    >
      {trade ? (
        <form onSubmit={submit} className="grid gap-4">
          <Field id="update-exit" label="Exit Price">
            <Input
              id="update-exit"
              name="exitPrice"
              type="number"
              step="any"
              min="0"
              inputMode="decimal"
              defaultValue={trade.exitPrice ?? ''}
              placeholder={trade.currentPrice !== null ? String(trade.currentPrice) : '0.00'}
            />
          </Field>
          <Field id="update-fees" label="Fees">
            <Input
              id="update-fees"
              name="fees"
              type="number"
              step="any"
              min="0"
              inputMode="decimal"
              defaultValue={trade.fees}
            />
          </Field>
          <Field id="update-notes" label="Notes">
            <Textarea id="update-notes" name="notes" maxLength={2000} defaultValue={trade.notes ?? ''} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
