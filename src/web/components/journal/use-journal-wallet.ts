/**
 * The Trading Journal's wallet field: the last wallet used in this browser, else a default, and the
 * address once it is valid (which is then remembered for the next visit).
 */
import { isAddress } from '@shared/address';
import { useEffect, useState } from 'react';

/**
 * The wallet the page opens with (spec §2: "prefilled with a default wallet, value not shown"). A
 * fixed, well-known example address: the journal is a record kept by the app, so the default need
 * not hold anything on chain. The last wallet used in this browser replaces it.
 */
export const DEFAULT_JOURNAL_WALLET = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const STORAGE_KEY = 'flab.tradingJournal.wallet';

function initialWallet(): string {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved && isAddress(saved)) return saved;
  } catch {
    // Storage may be blocked; the default serves.
  }
  return DEFAULT_JOURNAL_WALLET;
}

export function useJournalWallet() {
  const [wallet, setWallet] = useState(initialWallet);
  const address = wallet.trim();
  const valid = isAddress(address);
  useEffect(() => {
    if (!valid) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, address);
    } catch {
      // Not remembered; harmless.
    }
  }, [valid, address]);
  return { wallet, setWallet, address, valid };
}
