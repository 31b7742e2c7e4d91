/**
 * The Liquidity Scanner's form state and its query: the query starts only after the first valid
 * submit (or an ?address= link) and then refetches every LIQUIDITY_POLL_MS; submitting the same
 * token and amount again, or Refresh, refetches.
 */
import { isAddress } from '@shared/address';
import { type FormEvent, useState } from 'react';
import { DEFAULT_LIQUIDITY_AMOUNT, useLiquidity } from '../../lib/queries';
import { useAddressParam, useAmountParam } from '../../lib/use-address-param';
import { toast } from '../ui/toast';

/** Spec §9: the liquidity scanner refetches every 15 s. */
export const LIQUIDITY_POLL_MS = 15_000;
const ADDRESS_LENGTH = 42;

type Submitted = { address: string; amount: number };

export function useLiquidityScan() {
  const initial = useAddressParam();
  // The amount handed on with the link (the home Liquidity card's), else the default.
  const initialAmount = useAmountParam() ?? DEFAULT_LIQUIDITY_AMOUNT;
  const [address, setAddress] = useState(initial ?? '');
  const [amount, setAmount] = useState(String(initialAmount));
  // Opened with ?address= (a link from another view of the token): that counts as the first submit.
  const [submitted, setSubmitted] = useState<Submitted | null>(
    initial && isAddress(initial) ? { address: initial, amount: initialAmount } : null,
  );
  const [manual, setManual] = useState(false);

  const q = useLiquidity(submitted?.address, submitted?.amount ?? DEFAULT_LIQUIDITY_AMOUNT, {
    enabled: submitted !== null,
    refetchInterval: LIQUIDITY_POLL_MS,
  });
  const analyzing = submitted !== null && (q.isLoading || manual);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = address.trim();
    if (a.length !== ADDRESS_LENGTH || !isAddress(a)) {
      toast({
        variant: 'destructive',
        title: 'Invalid Address',
        description: 'Please enter a valid token contract address',
      });
      return;
    }
    const n = Number(amount);
    const usd = Number.isFinite(n) && n > 0 ? n : DEFAULT_LIQUIDITY_AMOUNT;
    if (submitted && submitted.address.toLowerCase() === a.toLowerCase() && submitted.amount === usd) {
      setManual(true);
      void q.refetch().finally(() => setManual(false));
      return;
    }
    setSubmitted({ address: a, amount: usd });
  };

  const refresh = async () => {
    if (!submitted) return;
    setManual(true);
    const r = await q.refetch();
    setManual(false);
    if (!r.isError) {
      toast({ title: 'Refreshed', description: 'Liquidity analysis updated with latest data' });
    }
  };

  return { address, setAddress, amount, setAmount, submitted, q, analyzing, submit, refresh };
}
