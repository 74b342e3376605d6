import { defineCompanyAction } from '@functions/platform/http';
import { type SiiStatistics, SiiStatisticsQuery } from '@shared/schemas/sii';
import { buildStatistics, emptyStatistics } from '../model/statistics';
import { getSiiCompany } from '../store/config';
import type { SiiDeps } from '../store/deps';
import { statEntries } from '../store/queries';

/**
 * GET /sii/statistics?period=&book=: the SII widget and dashboard data (model/statistics.ts), from
 * one Query of the company's entries without their record content. A company outside the SII gets
 * `enabled: false` and zeros (the widget hides itself), not an error.
 */
export const getStatisticsRoute = defineCompanyAction({
  query: SiiStatisticsQuery,
  run: async ({ scope, query }, deps: SiiDeps): Promise<SiiStatistics> => {
    const company = await getSiiCompany(deps, scope.companyId);
    if (!company?.siiEnabled) return emptyStatistics(deps.now(), query.period, query.book);
    const entries = await statEntries(deps, scope.companyId, query.book);
    return buildStatistics({
      entries,
      now: deps.now(),
      period: query.period,
      book: query.book,
      enabled: true,
    });
  },
});
