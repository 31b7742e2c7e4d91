import { NETWORK_LABELS } from '@shared/network';
import { cn } from '../../lib/cn';
import { useNetwork } from '../../lib/use-network';

type BadgeState = { label: string; short: string; detail?: string; dot: string; tone: string };

function useBadgeState(): BadgeState {
  const { data, isPending, isError } = useNetwork();
  if (isPending) {
    return { label: 'Connecting…', short: 'Connecting…', dot: 'bg-slate-500', tone: 'text-slate-400' };
  }
  if (isError || !data) {
    return { label: 'Network unavailable', short: 'Offline', dot: 'bg-slate-500', tone: 'text-slate-400' };
  }
  const local = data.mode === 'local';
  return {
    // A newer server may report a mode this build does not know; show it rather than nothing.
    label: NETWORK_LABELS[data.mode] ?? `Network: ${String(data.mode)}`,
    short: local ? 'Local chain' : 'Base',
    detail: `Chain ID ${data.chainId} · block ${data.headBlock}`,
    dot: local ? 'bg-glow-400' : 'bg-emerald-400',
    tone: local ? 'text-cyan-100' : 'text-emerald-100',
  };
}

/**
 * Says which chain every figure on the page comes from (DESIGN §3): the embedded local chain with
 * its simulated market, or Base mainnet. Phones see a short label; the full one stays readable to
 * screen readers and returns at wider widths.
 */
export function NetworkBadge() {
  const s = useBadgeState();
  return (
    <span
      data-testid="network-badge"
      title={s.detail ?? s.label}
      aria-live="polite"
      className={cn(
        'inline-flex h-8 items-center gap-2 rounded-full border border-white/10 bg-white/[0.04] px-3 text-xs font-medium',
        s.tone,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', s.dot)} />
      <span className="sr-only sm:not-sr-only">{s.label}</span>
      <span aria-hidden="true" className="sm:hidden">
        {s.short}
      </span>
    </span>
  );
}
