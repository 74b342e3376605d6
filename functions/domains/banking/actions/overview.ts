import { defineCompanyAction } from '@functions/platform/http';
import type { BankingOverview } from '@shared/schemas/banking';
import { accountView, listAccountItems } from '../store/accounts';
import type { BankingDeps } from '../store/deps';
import { lastImportAt } from '../store/imports';
import { listMovements, movementView } from '../store/movements';
import { listConnections, type Psd2ConnectionItem } from '../store/psd2';

const RECENT = 10;

/**
 * The latest successful PSD2 sync of the company's LINKED connections (an expired, revoked or
 * rejected consent no longer feeds the accounts, so its old sync would overstate freshness); null when
 * none has synced yet. ISO instants compare as strings.
 */
export function lastSuccessfulSyncOf(connections: readonly Psd2ConnectionItem[]): string | null {
  let latest: string | null = null;
  for (const c of connections) {
    if (c.status !== 'LINKED') continue;
    const at = c.lastSuccessfulSyncAt ?? (c.lastSync?.outcome === 'OK' ? c.lastSync.at : null);
    if (at && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/**
 * GET banking/overview: the 'Resumen bancario' — every account with its last balance, the total of
 * the active EUR accounts (no currency conversion), what waits for reconciliation, the last import,
 * the last successful PSD2 sync and the latest movements across the active accounts.
 */
export const overviewRoute = defineCompanyAction({
  run: async ({ scope }, deps: BankingDeps): Promise<BankingOverview> => {
    const companyId = scope.companyId;
    const accounts = await listAccountItems(deps, companyId);
    const active = accounts.filter((a) => a.active);
    const [lastImport, connections, recent] = await Promise.all([
      lastImportAt(deps, companyId),
      listConnections(deps, companyId),
      Promise.all(active.map((a) => listMovements(deps, companyId, a.accountId, { limit: RECENT }))),
    ]);
    const recentMovements = recent
      .flatMap((p) => p.items)
      .sort((a, b) => (b.bookingDate + b.createdAt).localeCompare(a.bookingDate + a.createdAt))
      .slice(0, RECENT)
      .map(movementView);
    return {
      accounts: accounts.map(accountView),
      totalBalanceCents: active.filter((a) => a.currency === 'EUR').reduce((s, a) => s + a.balanceCents, 0),
      unreconciledCount: active.reduce((s, a) => s + a.unreconciledCount, 0),
      lastImportAt: lastImport,
      lastSyncAt: lastSuccessfulSyncOf(connections),
      recentMovements,
    };
  },
});
