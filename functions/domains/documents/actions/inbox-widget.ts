import { defineCompanyAction } from '@functions/platform/http';
import { type InboxWidget, REVIEWABLE_INVOICE_STATUSES, WIDGET_ACTIVITY } from '@shared/schemas/inbox';
import { recentActivity } from '../model/inbox-invoices';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';
import { loadHealth } from './inbox-status';

/** The dashboard widget's data (spec part 3 "Smart inbox": the 5 latest activities). */
export const inboxWidgetRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps): Promise<InboxWidget> => {
    const [{ health }, { emails, docs, invoices }] = await Promise.all([
      loadHealth(deps, scope.companyId),
      loadInbox(deps, scope.companyId),
    ]);
    const latest = emails.slice(-WIDGET_ACTIVITY);
    return {
      systemStatus: health.systemStatus,
      configured: health.configured,
      pendingEmails: emails.filter((e) => e.status === 'RECEIVED' || e.status === 'PROCESSING').length,
      pendingInvoices: invoices.filter((p) => REVIEWABLE_INVOICE_STATUSES.includes(p.status)).length,
      lastSyncAt: health.lastSyncAt,
      recentActivity: recentActivity(latest, [...docs.values()]),
    };
  },
});
