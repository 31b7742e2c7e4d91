/**
 * Wallet verification (spec §4, §5, §8): player name and wallet are both required, the wallet is
 * 42 characters starting 0x; the server reads the FLAB balance from chain. Verified only with a
 * balance above 0; otherwise the no-FLAB message and no leaderboard access.
 */
import { MESSAGES, type WalletVerification } from '@shared/trader-tools';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { useVerifyWallet } from '../../lib/trader-queries';
import { Field } from '../journal/form-controls';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { formatTokenBalance } from './format';

export type VerifiedPlayer = { playerName: string; walletAddress: string; flabBalance: string };

type Message = { text: string; tone: 'error' | 'warning' | 'success' };

const TONE: Record<Message['tone'], string> = {
  error: 'border-red-500/30 bg-red-500/10 text-red-200',
  warning: 'border-orange-400/30 bg-orange-500/10 text-orange-200',
  success: 'border-emerald-400/30 bg-emerald-500/10 text-emerald-200',
};

type Props = { onResult: (player: VerifiedPlayer | null) => void };

export function VerifyCard({ onResult }: Props) {
  const id = useId();
  const [playerName, setPlayerName] = useState('');
  const [wallet, setWallet] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const verify = useVerifyWallet();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = playerName.trim();
    const address = wallet.trim();
    if (!name || !address) {
      setMessage({ text: 'Please enter both wallet address and player name', tone: 'error' });
      return;
    }
    if (address.length !== 42 || !address.startsWith('0x')) {
      setMessage({ text: 'Please enter a valid Base wallet address (0x...)', tone: 'error' });
      return;
    }
    setMessage(null);
    verify.mutate(address, {
      onSuccess: (v: WalletVerification) => {
        if (v.verified) {
          setMessage({ text: MESSAGES.verified(formatTokenBalance(v.flabBalance)), tone: 'success' });
          onResult({ playerName: name, walletAddress: v.walletAddress, flabBalance: v.flabBalance });
        } else {
          setMessage({ text: MESSAGES.noFlab, tone: 'warning' });
          onResult(null);
        }
      },
      onError: () => {
        setMessage({ text: MESSAGES.verificationFailed, tone: 'error' });
        onResult(null);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand-300" />
          Wallet Verification
        </CardTitle>
        <CardDescription>
          Verify a wallet holding FLAB to play Target Hunter and post scores to the leaderboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-name`} label="Player Name">
            <Input
              id={`${id}-name`}
              value={playerName}
              onChange={(e) => setPlayerName(e.target.value)}
              maxLength={40}
              placeholder="Your gamer tag"
              autoComplete="nickname"
            />
          </Field>
          <Field id={`${id}-wallet`} label="Wallet Address">
            <Input
              id={`${id}-wallet`}
              value={wallet}
              onChange={(e) => setWallet(e.target.value)}
              placeholder="0x..."
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={verify.isPending} className="w-full sm:w-auto">
              <ShieldCheck aria-hidden="true" className="size-4" />
              {verify.isPending ? 'Verifying...' : 'Verify Wallet'}
            </Button>
          </div>
        </form>
        <div aria-live="polite">
          {message ? (
            <p
              role={message.tone === 'success' ? 'status' : 'alert'}
              data-testid="verify-message"
              className={cn('mt-4 rounded-lg border px-3 py-2 text-sm break-words', TONE[message.tone])}
            >
              {message.text}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
