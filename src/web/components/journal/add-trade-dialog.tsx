/**
 * 'Add New Trade' (spec §2, §5, §7): required token symbol, name, address, trade type, quantity and
 * entry price; optional exit price, stop loss, take profit, strategy, timeframe, notes and fees
 * (default 0). 'Adding...' while the request runs; success closes the dialog and toasts; a failure
 * toasts 'Failed to add trade' with the server's reason and keeps what was typed.
 */
import { MESSAGES } from '@shared/trader-tools';
import { type FormEvent, useRef } from 'react';
import { serverMessage, useAddTrade } from '../../lib/trader-queries';
import { useNetwork } from '../../lib/use-network';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { fillToken, PlanFields, PositionFields, TokenFields, tradeRequestOf } from './add-trade-fields';
import { Modal } from './modal';

type Props = { open: boolean; onClose: () => void; walletAddress: string };

export function AddTradeDialog({ open, onClose, walletAddress }: Props) {
  const add = useAddTrade();
  const network = useNetwork();
  const formRef = useRef<HTMLFormElement>(null);
  const known = network.data?.tokens ?? {};

  const pickToken = (symbol: string) => {
    const address = network.data?.tokens[symbol];
    if (formRef.current && address) fillToken(formRef.current, symbol, address);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    add.mutate(tradeRequestOf(new FormData(e.currentTarget), walletAddress), {
      onSuccess: () => {
        toast({ title: 'Success', description: MESSAGES.tradeAdded });
        onClose();
      },
      onError: (err) =>
        toast({ title: 'Failed to add trade', description: serverMessage(err), variant: 'destructive' }),
    });
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
        <TokenFields symbols={Object.keys(known)} onPick={pickToken} />
        <PositionFields />
        <PlanFields />
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
