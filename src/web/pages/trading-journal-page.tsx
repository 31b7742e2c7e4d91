/**
 * Trading Journal (spec §2, §3, §5, §7, §8): a wallet's trades with P&L marked to the token's pool
 * price, four stat cards, All / Open / Closed / Analytics tabs, CSV export and the two row actions
 * (update with an exit price, delete).
 */
import type { Trade } from '@shared/trader-tools';
import { NotebookPen } from 'lucide-react';
import { useId, useState } from 'react';
import { AddTradeDialog } from '../components/journal/add-trade-dialog';
import { DeleteTradeDialog } from '../components/journal/delete-trade-dialog';
import { WalletCard } from '../components/journal/journal-parts';
import { JournalStats } from '../components/journal/journal-stats';
import { JournalTab, TABS, type TabKey } from '../components/journal/journal-views';
import { Tabs } from '../components/journal/tabs';
import { UpdateTradeDialog } from '../components/journal/update-trade-dialog';
import { useJournalWallet } from '../components/journal/use-journal-wallet';
import { ToolPage } from '../components/page/tool-page';
import { useJournal, useJournalStats } from '../lib/trader-queries';

export { DEFAULT_JOURNAL_WALLET } from '../components/journal/use-journal-wallet';

export default function TradingJournalPage() {
  const walletId = useId();
  const { wallet, setWallet, address, valid } = useJournalWallet();
  const [tab, setTab] = useState<TabKey>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Trade | null>(null);
  const [deleting, setDeleting] = useState<Trade | null>(null);
  const journal = useJournal(address);
  const stats = useJournalStats(address);
  const add = () => setAdding(true);

  return (
    <ToolPage
      path="/trading-journal"
      icon={NotebookPen}
      subtitle="Track your trades and analyze performance with comprehensive analytics"
    >
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <WalletCard id={walletId} wallet={wallet} onWallet={setWallet} valid={valid} onAdd={add} />
        <JournalStats stats={stats} valid={valid} />
        <Tabs tabs={TABS} value={tab} onChange={setTab} label="Journal views">
          <JournalTab
            tab={tab}
            address={address}
            stats={stats}
            onAdd={add}
            journal={journal}
            valid={valid}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </Tabs>
      </div>

      {valid ? (
        <AddTradeDialog open={adding} onClose={() => setAdding(false)} walletAddress={address} />
      ) : null}
      <UpdateTradeDialog trade={editing} onClose={() => setEditing(null)} />
      <DeleteTradeDialog trade={deleting} onClose={() => setDeleting(null)} />
    </ToolPage>
  );
}
