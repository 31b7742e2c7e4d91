/** A stored security alert as the API shows it. */
import type { AlertDetails, AlertType, SecurityAlert } from '../../shared/market-tools';
import type { securityAlerts } from '../db/schema';

export type AlertRow = typeof securityAlerts.$inferSelect;

export function toAlert(r: AlertRow): SecurityAlert {
  return {
    id: r.id,
    type: r.type as AlertType,
    severity: r.severity,
    title: r.title,
    tokenSymbol: r.tokenSymbol,
    tokenAddress: r.tokenAddress,
    timestamp: r.detectedAt.getTime(),
    description: r.description,
    autoResolved: r.resolvedAt !== null,
    resolvedAt: r.resolvedAt?.getTime() ?? null,
    actionRequired: r.actionRequired && r.resolvedAt === null,
    details: r.details as AlertDetails,
  };
}
