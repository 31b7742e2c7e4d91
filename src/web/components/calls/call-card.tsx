/**
 * One trading call: levels, live price and P&L from the server's tracker, follow / like (stored by
 * the server, real counts), copy, chart and analyse. All user text is rendered as text.
 */
import { isAddress } from '@shared/address';
import { formatAgo, formatUsd } from '@shared/format';
import type { TradingCall } from '@shared/trader-tools';
import { ChartLine, Copy, Heart, ScanSearch, UserCheck, UserPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { serverMessage, useCallReaction } from '../../lib/trader-queries';
import { formatSignedPercent, pnlClass } from '../journal/format';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { toast } from '../ui/toast';
import { VerdictBanner } from '../verdict/verdict-banner';

const STATUS: Record<TradingCall['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'brand' },
  completed: { label: 'Target Hit', tone: 'success' },
  stopped: { label: 'Stopped Out', tone: 'danger' },
};

/** Address usable for chart and analysis (spec §8: missing or 'N/A' means unavailable). */
const usableAddress = (c: TradingCall) =>
  c.tokenAddress && c.tokenAddress !== 'N/A' && isAddress(c.tokenAddress) ? c.tokenAddress : null;

export const chartUrl = (address: string) => `https://dexscreener.com/base/${address}`;

function callText(c: TradingCall): string {
  return [
    `${c.callType.toUpperCase()} ${c.symbol}${c.tokenName && c.tokenName !== c.symbol ? ` (${c.tokenName})` : ''}`,
    `Entry: ${c.entryPrice}`,
    `Target: ${c.targetPrice}`,
    `Stop Loss: ${c.stopLoss}`,
    `Confidence: ${c.confidence}%`,
    `Timeframe: ${c.timeframe}`,
    c.tokenAddress ? `CA: ${c.tokenAddress}` : null,
    c.reasoning ? `Reasoning: ${c.reasoning}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

function Level({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className={cn('truncate text-sm font-medium tabular-nums text-slate-100', className)}>{value}</dd>
    </div>
  );
}

export function CallCard({ call }: { call: TradingCall }) {
  const [, navigate] = useLocation();
  const follow = useCallReaction('follow');
  const like = useCallReaction('like');
  const address = usableAddress(call);
  const status = STATUS[call.status];

  const onError = (err: unknown) =>
    toast({ title: 'Error', description: serverMessage(err), variant: 'destructive' });

  const toggleFollow = () =>
    follow.mutate(call.id, {
      onSuccess: (r) =>
        toast(
          r.following
            ? { title: 'Following', description: `You are now following the ${call.symbol} call.` }
            : { title: 'Unfollowed', description: `You no longer follow the ${call.symbol} call.` },
        ),
      onError,
    });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(callText(call));
      toast({ title: 'Copied', description: `${call.symbol} call copied to clipboard` });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser blocked clipboard access.',
        variant: 'destructive',
      });
    }
  };

  const chart = () => {
    if (!address) {
      toast({
        title: 'Chart Unavailable',
        description: `Contract address not available for ${call.symbol}`,
        variant: 'destructive',
      });
      return;
    }
    window.open(chartUrl(address), '_blank', 'noopener,noreferrer');
  };

  const analyse = () => {
    if (!address) {
      toast({
        title: 'Analysis Unavailable',
        description: 'Contract address not available for analysis',
        variant: 'destructive',
      });
      return;
    }
    navigate(`/token-analysis?address=${encodeURIComponent(address)}`);
  };

  return (
    <Card className="p-4 sm:p-5" data-testid="call-card" data-call-id={call.id}>
      {call.verdict ? <VerdictBanner verdict={call.verdict} compact className="mb-3" /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-bold break-all text-white">{call.symbol}</h3>
            <Badge tone={call.callType === 'long' ? 'success' : 'danger'}>
              {call.callType.toUpperCase()}
            </Badge>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="mt-0.5 text-sm wrap-anywhere text-slate-400">{call.tokenName}</p>
        </div>
        <div className="sm:text-right">
          <p className={cn('text-xl font-bold tabular-nums', pnlClass(call.pnlPercentage))}>
            {formatSignedPercent(call.pnlPercentage)}
          </p>
          <p className="text-xs text-slate-400">
            {call.confidence}% confidence · {call.timeframe}
          </p>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Level label="Entry" value={formatUsd(call.entryPrice)} />
        <Level label="Target" value={formatUsd(call.targetPrice)} className="text-emerald-300" />
        <Level label="Stop Loss" value={formatUsd(call.stopLoss)} className="text-red-300" />
        <Level label="Current" value={call.currentPrice === null ? 'N/A' : formatUsd(call.currentPrice)} />
      </dl>

      {call.reasoning ? (
        <p className="mt-4 rounded-lg bg-white/5 p-3 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-slate-300">
          {call.reasoning}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-white/5 pt-3">
        <p className="text-xs text-slate-400">Posted {formatAgo(new Date(call.createdAt).getTime())}</p>
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant={call.following ? 'secondary' : 'outline'}
            aria-pressed={call.following}
            onClick={toggleFollow}
            disabled={follow.isPending}
          >
            {call.following ? (
              <UserCheck aria-hidden="true" className="size-4" />
            ) : (
              <UserPlus aria-hidden="true" className="size-4" />
            )}
            {call.following ? 'Following' : 'Follow'}
            <span className="tabular-nums text-slate-400" data-testid="followers">
              {call.followers}
            </span>
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-pressed={call.liked}
            aria-label={`${call.liked ? 'Unlike' : 'Like'} (${call.likes} likes)`}
            onClick={() => like.mutate(call.id, { onError })}
            disabled={like.isPending}
          >
            <Heart
              aria-hidden="true"
              className={cn('size-4', call.liked ? 'fill-red-500 text-red-500' : undefined)}
            />
            <span className="tabular-nums" data-testid="likes">
              {call.likes}
            </span>
          </Button>
          <Button size="sm" variant="ghost" onClick={copy} aria-label={`Copy ${call.symbol} call`}>
            <Copy aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Copy</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={chart} aria-label={`Chart ${call.symbol}`}>
            <ChartLine aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Chart</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={analyse} aria-label={`Analyse ${call.symbol}`}>
            <ScanSearch aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Analyse</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
