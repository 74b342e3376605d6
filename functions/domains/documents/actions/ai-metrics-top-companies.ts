/** GET admin/gemini-metrics/top-companies?limit=10&fromDate&toDate (ADMIN): the companies reading the most pages. */

import { defineUserAction } from '@functions/platform/http';
import { AdminMetricsQuery, type TopCompaniesReport, type TopCompany } from '@shared/schemas/ai-metrics';
import { costOfPages, type ReadingRecord, wasRead } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { companyNames } from '../store/metrics';
import { adminReadings } from './ai-metrics-global';

export function topCompanies(readings: ReadingRecord[], limit: number): Omit<TopCompany, 'name'>[] {
  const by = new Map<string, Omit<TopCompany, 'name'>>();
  for (const r of readings) {
    if (!wasRead(r) || !r.engine) continue;
    const row = by.get(r.companyId) ?? { companyId: r.companyId, documents: 0, pages: 0, costMillicents: 0 };
    const pages = r.pages ?? 1;
    row.documents++;
    row.pages += pages;
    row.costMillicents += costOfPages(r.engine, pages);
    by.set(r.companyId, row);
  }
  return [...by.values()]
    .sort((a, b) => b.pages - a.pages || b.documents - a.documents || a.companyId.localeCompare(b.companyId))
    .slice(0, limit);
}

export const aiMetricsTopCompaniesRoute = defineUserAction({
  query: AdminMetricsQuery,
  run: async ({ query }, deps: DocumentsDeps): Promise<TopCompaniesReport> => {
    const { readings, ...coverage } = await adminReadings(deps, query);
    const top = topCompanies(readings, query.limit);
    const names = await companyNames(
      deps,
      top.map((t) => t.companyId),
    );
    return { ...coverage, companies: top.map((t) => ({ ...t, name: names.get(t.companyId) ?? null })) };
  },
});
