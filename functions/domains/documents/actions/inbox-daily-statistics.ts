import { defineCompanyAction } from '@functions/platform/http';
import { DailyStatisticsQuery, type InboxDailyStatistics } from '@shared/schemas/inbox';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

/** GET /smart-inbox/statistics/daily: per day (UTC) of the last `days` (default 30), oldest first. */
export const inboxDailyStatisticsRoute = defineCompanyAction({
  query: DailyStatisticsQuery,
  run: async ({ scope, query }, deps: DocumentsDeps): Promise<InboxDailyStatistics> => {
    const today = deps.now();
    const first = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (query.days - 1)),
    );
    const { emails, invoices } = await loadInbox(deps, scope.companyId, { from: first.toISOString() });
    const daily: InboxDailyStatistics['daily'] = [];
    for (let i = 0; i < query.days; i++) {
      const date = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const of = emails.filter((e) => e.receivedAt.startsWith(date));
      daily.push({
        date,
        received: of.length,
        processed: of.filter((e) => e.status === 'PROCESSED').length,
        ignored: of.filter((e) => e.status === 'IGNORED').length,
        failed: of.filter((e) => e.status === 'FAILED').length,
        invoices: invoices.filter((p) => p.receivedAt.startsWith(date)).length,
      });
    }
    return { days: query.days, daily };
  },
});
