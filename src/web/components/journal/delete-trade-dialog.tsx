/** The row's delete action, confirmed first. */
import type { Trade } from '@shared/trader-tools';
import { serverMessage, useDeleteTrade } from '../../lib/trader-queries';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { Modal } from './modal';

type Props = { trade: Trade | null; onClose: () => void };

export function DeleteTradeDialog({ trade, onClose }: Props) {
  const del = useDeleteTrade();
  const confirm = () => {
    if (!trade) return;
    del.mutate(
      { id: trade.id, walletAddress: trade.walletAddress },
      {
        onSuccess: () => {
          toast({
            title: 'Trade deleted',
            description: `${trade.tokenSymbol} trade removed from your journal.`,
          });
          onClose();
        },
        onError: (err) =>
          toast({ title: 'Failed to delete trade', description: serverMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <Modal
      open={trade !== null}
      onClose={() => {
        if (!del.isPending) onClose();
      }}
      title="Delete Trade"
      className="max-w-md"
    >
      {trade ? (
        <div className="grid gap-5">
          <p className="text-sm text-slate-300">
            Delete this {trade.tradeType} of{' '}
            <span className="font-semibold text-white">{trade.tokenSymbol}</span> from the journal? This
            cannot be undone.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={del.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={del.isPending}>
              {del.isPending ? 'Deleting...' : 'Delete Trade'}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
