/**
 * Wallet verification (spec §4, §5, §8; ADR 0003): the player name is required, and the wallet is
 * proven by a signature, not typed: the browser wallet (or, on the local chain, a clearly labelled
 * local test wallet) signs the server's Sign-In with Ethereum message. The server reads the FLAB
 * balance from chain: a holder gets leaderboard access; anyone else may still play, without it.
 */
import { MESSAGES } from '@shared/trader-tools';
import type { SiweVerifyResponse } from '@shared/wallet-auth';
import { useMutation } from '@tanstack/react-query';
import { FlaskConical, ShieldCheck, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { serverMessage } from '../../lib/trader-queries';
import { useNetwork } from '../../lib/use-network';
import {
  browserWalletSigner,
  fundFromFaucet,
  localTestSigner,
  type Signer,
  signIn,
} from '../../lib/wallet-auth';
import { Field } from '../journal/form-controls';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { formatTokenBalance } from './format';

export type VerifiedPlayer = {
  playerName: string;
  walletAddress: string;
  flabBalance: string;
  /** Holds FLAB: leaderboard access. Otherwise the game is played without submitting scores. */
  holder: boolean;
};

type Message = { text: string; detail?: string; tone: 'error' | 'warning' | 'success' };

const TONE: Record<Message['tone'], string> = {
  error: 'border-red-500/30 bg-red-500/10 text-red-200',
  warning: 'border-orange-400/30 bg-orange-500/10 text-orange-200',
  success: 'border-emerald-400/30 bg-emerald-500/10 text-emerald-200',
};

type Props = { onResult: (player: VerifiedPlayer | null) => void };
type Method = 'browser' | 'local';

export function VerifyCard({ onResult }: Props) {
  const id = useId();
  const network = useNetwork();
  const local = network.data?.mode === 'local';
  const [playerName, setPlayerName] = useState('');
  const [wallet, setWallet] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [step, setStep] = useState('');

  const verify = useMutation({
    mutationFn: async (method: Method): Promise<SiweVerifyResponse> => {
      let signer: Signer;
      if (method === 'local') {
        signer = localTestSigner();
        setWallet(signer.address);
        setStep('Funding the local test wallet from the faucet...');
        await fundFromFaucet(signer.address);
      } else {
        setStep('Waiting for your wallet...');
        signer = await browserWalletSigner();
        setWallet(signer.address);
      }
      setStep('Sign the message to prove this wallet is yours...');
      return signIn(signer);
    },
    onSettled: () => setStep(''),
  });

  const start = (method: Method) => {
    const name = playerName.trim();
    if (!name) {
      setMessage({ text: 'Please enter both wallet address and player name', tone: 'error' });
      return;
    }
    setMessage(null);
    verify.mutate(method, {
      onSuccess: (r) => {
        const v = r.verification;
        onResult({
          playerName: name,
          walletAddress: v.walletAddress,
          flabBalance: v.flabBalance,
          holder: v.verified,
        });
        setMessage(
          v.verified
            ? { text: MESSAGES.verified(formatTokenBalance(v.flabBalance)), tone: 'success' }
            : { text: MESSAGES.noFlab, tone: 'warning' },
        );
      },
      onError: (err) => {
        setMessage({ text: MESSAGES.verificationFailed, detail: serverMessage(err), tone: 'error' });
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
          Prove you own a wallet holding FLAB by signing a one-time message (Sign-In with Ethereum; no
          transaction, no fee) to post scores to the leaderboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => e.preventDefault()} noValidate className="grid gap-4 sm:grid-cols-2">
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
              readOnly
              placeholder="Filled in by the wallet that signs"
              className="font-mono"
              data-testid="signed-wallet"
            />
          </Field>
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <Button type="button" disabled={verify.isPending} onClick={() => start('browser')}>
              <Wallet aria-hidden="true" className="size-4" />
              {verify.isPending && verify.variables === 'browser' ? 'Verifying...' : 'Sign In with Wallet'}
            </Button>
            {local ? (
              <Button
                type="button"
                variant="secondary"
                disabled={verify.isPending}
                onClick={() => start('local')}
              >
                <FlaskConical aria-hidden="true" className="size-4" />
                {verify.isPending && verify.variables === 'local' ? 'Verifying...' : 'Use Local Test Wallet'}
              </Button>
            ) : null}
          </div>
          {local ? (
            <p className="text-xs text-slate-400 sm:col-span-2" data-testid="local-wallet-note">
              <strong className="text-amber-300">Local test wallet (local chain only):</strong> a throwaway
              key generated and kept in this browser, funded with test FLAB and ETH by the local chain's
              faucet. It is not a real wallet and holds nothing on Base.
            </p>
          ) : null}
        </form>
        <div aria-live="polite">
          {step ? <p className="mt-3 text-sm text-slate-400">{step}</p> : null}
          {message ? (
            <div
              role={message.tone === 'success' ? 'status' : 'alert'}
              data-testid="verify-message"
              className={cn('mt-4 rounded-lg border px-3 py-2 text-sm wrap-anywhere', TONE[message.tone])}
            >
              <p>{message.text}</p>
              {message.detail ? <p className="mt-1 text-xs opacity-80">{message.detail}</p> : null}
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
