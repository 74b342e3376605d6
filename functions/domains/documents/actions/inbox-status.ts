import { defineCompanyAction } from '@functions/platform/http';
import { type InboxEmail, type InboxStatus, STATUS_WINDOW_DAYS } from '@shared/schemas/inbox';
import { errorRate, systemStatusOf } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { findInboxConfig, type StoredInboxConfig } from '../store/inbox-config';
import { listInboxEmails } from '../store/inbox-emails';

/** The inbox's health over the last 7 days (spec part 3 §4), shared by status, widget and admin. */
export function inboxHealth(config: StoredInboxConfig | null, recent: readonly InboxEmail[]): InboxStatus {
  const rate = errorRate(recent);
  const imapError = config?.imap?.lastError ?? null;
  const last = recent.reduce<string | null>(
    (m, e) => (m === null || e.receivedAt > m ? e.receivedAt : m),
    null,
  );
  return {
    systemStatus: systemStatusOf(rate, imapError),
    configured: config?.enabled === true,
    enabled: config?.enabled ?? false,
    errorRate: rate,
    emailsLast7Days: recent.length,
    lastReceivedAt: last,
    lastSyncAt: config?.imap?.lastPolledAt ?? last,
    imapError,
  };
}

export async function loadHealth(deps: Pick<DocumentsDeps, 'db' | 'table' | 'now'>, companyId: string) {
  const since = new Date(deps.now().getTime() - STATUS_WINDOW_DAYS * 86_400_000).toISOString();
  const [config, recent] = await Promise.all([
    findInboxConfig(deps, companyId),
    listInboxEmails(deps, companyId, { from: since }),
  ]);
  return { config, recent, health: inboxHealth(config, recent) };
}

export const inboxStatusRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps) => (await loadHealth(deps, scope.companyId)).health,
});
