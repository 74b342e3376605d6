import { defineCompanyAction } from '@functions/platform/http';
import type { InboxStatistics } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { getOrCreateInboxConfig } from '../store/inbox-config';
import { loadInbox } from '../store/inbox-views';

/** GET /smart-inbox/statistics (spec part 3: totalEmails, processedEmails, totalInvoicesProcessed, failedEmails, emailAlias). */
export const inboxStatisticsRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps): Promise<InboxStatistics> => {
    const config = await getOrCreateInboxConfig(deps, scope.companyId);
    const { emails, invoices } = await loadInbox(deps, scope.companyId);
    return {
      totalEmails: emails.length,
      processedEmails: emails.filter((e) => e.status === 'PROCESSED').length,
      totalInvoicesProcessed: invoices.filter((p) => p.status !== 'PROCESSING' && p.status !== 'FAILED')
        .length,
      failedEmails: emails.filter((e) => e.status === 'FAILED').length,
      ignoredEmails: emails.filter((e) => e.status === 'IGNORED').length,
      pendingEmails: emails.filter((e) => e.status === 'RECEIVED' || e.status === 'PROCESSING').length,
      emailAlias: config.emailAlias,
    };
  },
});
