/**
 * The watchlist's webhook (issue 26): set the HTTPS endpoint (its signing secret is shown once),
 * send a test event, and the delivery log (status, attempts, latency), refreshed while open.
 */
import type { ApiResponse } from '@shared/api/contract';
import { formatAgo } from '@shared/format';
import { SIGNATURE_HEADER, type WebhookEndpoint } from '@shared/watch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send, Webhook } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { toast } from '../ui/toast';

const DELIVERIES_REFRESH_MS = 5_000;

export function WebhookPanel({ endpoint }: { endpoint: WebhookEndpoint | null }) {
  const qc = useQueryClient();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', endpoint?.id],
    queryFn: ({ signal }) =>
      apiGet<ApiResponse<'getWebhookDeliveries'>>('/api/watchlist/webhook/deliveries', signal),
    enabled: !!endpoint,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
  const save = useMutation({
    mutationFn: (u: string) => apiPut<ApiResponse<'putWebhook'>>('/api/watchlist/webhook', { url: u }),
    onSuccess: (r) => {
      setSecret(r.secret);
      setUrl('');
      void qc.invalidateQueries({ queryKey: ['watchlist'] });
    },
    onError: (e) => toast({ title: 'Webhook not saved', description: e.message, variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => apiDelete('/api/watchlist/webhook'),
    onSuccess: () => {
      setSecret(null);
      void qc.invalidateQueries({ queryKey: ['watchlist'] });
    },
    onError: (e) => toast({ title: 'Webhook not removed', description: e.message, variant: 'destructive' }),
  });
  const test = useMutation({
    mutationFn: () => apiPost<ApiResponse<'postWebhookTest'>>('/api/watchlist/webhook/test', {}),
    onSuccess: () => {
      toast({ title: 'Test event queued', description: 'It appears in the delivery log in a moment.' });
      setTimeout(() => void deliveries.refetch(), 1500);
    },
    onError: (e) => toast({ title: 'Test event not sent', description: e.message, variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) save.mutate(url.trim());
  };
  const now = Date.now();

  return (
    <Card className="mt-8 p-5" data-testid="webhook-panel">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
        <Webhook aria-hidden="true" className="size-5 text-brand-300" /> Webhook
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Each alert of a watched kind is POSTed as JSON to your HTTPS endpoint, signed with HMAC-SHA256 in the{' '}
        <code className="text-slate-300">{SIGNATURE_HEADER}</code> header; failed deliveries are retried for
        24 h. See “Use the API” in the README, or the{' '}
        <a className="underline" href="/api/docs">
          API reference
        </a>
        .
      </p>
      {endpoint ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-mono text-slate-200 break-all">{endpoint.url}</span>
          <Badge>secret …{endpoint.secretHint}</Badge>
          <Button size="sm" onClick={() => test.mutate()} disabled={test.isPending}>
            <Send aria-hidden="true" className="size-4" /> Send test event
          </Button>
          <Button size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove
          </Button>
        </div>
      ) : null}
      {secret ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-yellow-400/30 bg-yellow-500/10 p-3 text-sm text-yellow-200"
        >
          Signing secret (shown once, store it now): <code className="break-all font-mono">{secret}</code>
        </p>
      ) : null}
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row">
        <Input
          aria-label="Webhook URL"
          placeholder="https://example.com/hooks/flab"
          value={url}
          maxLength={500}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" disabled={!url.trim() || save.isPending}>
          {endpoint ? 'Replace endpoint' : 'Save endpoint'}
        </Button>
      </form>
      {endpoint ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label="Delivery log">
            <thead className="text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-normal">Event</th>
                <th className="py-1 pr-3 font-normal">Status</th>
                <th className="py-1 pr-3 font-normal">Attempts</th>
                <th className="py-1 pr-3 font-normal">Last answer</th>
                <th className="py-1 pr-3 font-normal">Latency</th>
                <th className="py-1 font-normal">Queued</th>
              </tr>
            </thead>
            <tbody className="text-slate-200">
              {(deliveries.data ?? []).map((d) => (
                <tr key={d.id} data-testid="webhook-delivery" className="border-t border-white/5">
                  <td className="py-1 pr-3">{d.eventType}</td>
                  <td className="py-1 pr-3">
                    <Badge
                      tone={
                        d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'danger' : 'warning'
                      }
                    >
                      {d.status}
                    </Badge>
                  </td>
                  <td className="py-1 pr-3">{d.attempts}</td>
                  <td className="py-1 pr-3">{d.lastStatusCode ?? d.lastError ?? '—'}</td>
                  <td className="py-1 pr-3">{d.lastLatencyMs === null ? '—' : `${d.lastLatencyMs} ms`}</td>
                  <td className="py-1">{formatAgo(d.createdAt, now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {deliveries.data?.length === 0 ? (
            <p className="mt-2 text-sm text-slate-400">No deliveries yet.</p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
