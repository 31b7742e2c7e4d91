/**
 * Whale Tracker (spec §2, §4, §5, §8, §9): a 42-character address enables 'Track Whales'; the
 * analysis shows the four cards, the holder distribution, the top 20 holders, the last 12 hours'
 * whale entries and the risk assessment. A failure shows the error and Retry (DESIGN §7).
 */
import { isAddress } from '@shared/address';
import { Fish, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../components/analysis/error-state';
import { ToolPage } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { SkippedUnknown } from '../components/ui/skipped-unknown';
import { MessageCard } from '../components/ui/stat-card';
import { TokenWaitStatus } from '../components/ui/wait-status';
import { VerdictBanner } from '../components/verdict/verdict-banner';
import { isWalletError, WalletNotToken } from '../components/verdict/wallet-not-token';
import {
  HolderDistribution,
  NewWhaleEntries,
  RecentWhaleTransactions,
  RiskAssessment,
  TopHolders,
  WhaleCards,
} from '../components/whales/whale-results';
import { useWhales } from '../lib/queries';
import { useAddressParam } from '../lib/use-address-param';

/** Spec §5: addresses are 42 characters. */
const ADDRESS_LENGTH = 42;

function Results({ address }: { address: string }) {
  const q = useWhales(address);
  if (!isAddress(address)) {
    return (
      <ErrorState
        title="Failed to analyze whale activity"
        error={new Error(`${address} is not a contract address (0x followed by 40 hexadecimal characters).`)}
      />
    );
  }
  return (
    <>
      <TokenWaitStatus address={address} className="mb-4" />
      <QueryState
        query={q}
        loading="Analyzing whale activity..."
        errorTitle="Failed to analyze whale activity"
        error={(e) => (isWalletError(e) ? <WalletNotToken address={address} /> : null)}
      >
        {(data) => {
          const now = q.dataUpdatedAt || Date.now();
          return (
            <div className="grid gap-6" data-testid="whale-results">
              <VerdictBanner verdict={data.verdict} />
              <WhaleCards data={data} />
              <SkippedUnknown
                className="-mt-4 text-sm text-slate-400"
                count={data.skippedUnknown}
                noun={['whale', 'whales']}
                why="wallet age unknown, so left out of the fresh-wallet share"
              />
              <HolderDistribution data={data} />
              <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                <TopHolders data={data} now={now} />
                <div className="grid gap-6">
                  <NewWhaleEntries data={data} now={now} />
                  <RecentWhaleTransactions data={data} />
                  <RiskAssessment data={data} />
                </div>
              </div>
            </div>
          );
        }}
      </QueryState>
    </>
  );
}

export default function WhaleTrackerPage() {
  const initial = useAddressParam();
  const [input, setInput] = useState(initial ?? '');
  const [address, setAddress] = useState<string | null>(initial);
  const value = input.trim();
  const canTrack = value.length === ADDRESS_LENGTH;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canTrack) setAddress(value);
  };

  return (
    <ToolPage
      path="/whale-tracker"
      icon={Fish}
      subtitle="Monitor top 20 holders, track new whale entries, and analyze wallet histories for any Base token"
    >
      <div className="grid gap-6">
        <Card className="p-4 sm:p-5">
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row" aria-label="Track whales">
            <label htmlFor="whale-address" className="sr-only">
              Token contract address
            </label>
            <Input
              id="whale-address"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder="Enter token contract address (0x...)"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              className="font-mono"
            />
            <Button type="submit" disabled={!canTrack} className="sm:w-44">
              <Search aria-hidden="true" className="size-4" />
              Track Whales
            </Button>
          </form>
        </Card>
        {address ? (
          <Results key={address.toLowerCase()} address={address} />
        ) : (
          <MessageCard icon={Fish}>Enter a token address to start tracking whales</MessageCard>
        )}
      </div>
    </ToolPage>
  );
}
