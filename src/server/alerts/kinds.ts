/**
 * Which watch kind (what a watcher subscribes to, shared WATCH_KINDS) an alert condition is. Pure.
 * The monitor's alert types are the spec's (rug_risk, whale_dump, liquidity_drain,
 * contract_change); the subject tells contract changes apart.
 */
import type { WatchKind } from '../../shared/watch';

export function watchKindOf(type: string, subject: string): WatchKind | null {
  if (type === 'liquidity_drain') return 'liquidity_drain';
  if (type === 'whale_dump') return 'large_holder_exit';
  if (type === 'rug_risk') return 'rug_risk';
  if (type !== 'contract_change') return null;
  if (subject.startsWith('fee:')) return 'tax_change';
  if (subject.startsWith('ownership_transferred:') || subject.startsWith('upgraded:')) return 'owner_change';
  if (subject.startsWith('mint:')) return 'new_mint';
  // A pause blocks every sell: for a holder it is a honeypot switched on.
  if (subject === 'honeypot' || subject.startsWith('paused:')) return 'honeypot_on';
  return null;
}
