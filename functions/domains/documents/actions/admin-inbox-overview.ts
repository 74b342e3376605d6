import { defineUserAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import { AdminInboxOverviewQuery, type AdminInboxRow } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { companiesOfInboxes, listInboxConfigs } from '../store/inbox-config';
import { inboxMailDomain } from '../store/inbox-deps';
import { listInboxEmails } from '../store/inbox-emails';
import { inboxHealth } from './inbox-status';

/** GET /admin/smart-inbox/overview (ADMIN): every company's inbox, its counts and health, paged. */
export const adminInboxOverviewRoute = defineUserAction({
  query: AdminInboxOverviewQuery,
  run: async ({ query }, deps: DocumentsDeps) => {
    const configs = (await listInboxConfigs(deps)).sort((a, b) => a.companyId.localeCompare(b.companyId));
    const page = paginate(configs, query.page, query.size);
    const companies = new Map(
      (
        await companiesOfInboxes(
          deps,
          page.content.map((c) => c.companyId),
        )
      ).map((c) => [c.companyId, c]),
    );
    const since = new Date(deps.now().getTime() - 7 * 86_400_000).toISOString();
    const domain = inboxMailDomain();
    const rows: AdminInboxRow[] = [];
    for (const config of page.content) {
      const emails = await listInboxEmails(deps, config.companyId);
      const health = inboxHealth(
        config,
        emails.filter((e) => e.receivedAt >= since),
      );
      rows.push({
        companyId: config.companyId,
        companyName: companies.get(config.companyId)?.name ?? null,
        emailAlias: config.emailAlias,
        address: `${config.emailAlias}@${domain}`,
        enabled: config.enabled,
        imapConfigured: config.imap !== null,
        totalEmails: emails.length,
        pendingEmails: emails.filter((e) => e.status === 'RECEIVED' || e.status === 'PROCESSING').length,
        failedEmails: emails.filter((e) => e.status === 'FAILED').length,
        systemStatus: health.systemStatus,
        lastReceivedAt: emails.at(-1)?.receivedAt ?? null,
      });
    }
    return { ...page, content: rows };
  },
});
