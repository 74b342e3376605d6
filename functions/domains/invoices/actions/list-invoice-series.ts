import { defineCompanyAction } from '@functions/platform/http';
import { sortBy } from '@shared/api/listing';
import { InvoiceSeriesListQuery } from '@shared/schemas/invoice-series';
import { seriesView } from '../model/series-view';
import type { InvoicesDeps } from '../store/deps';
import { getDefaults, listSeries } from '../store/series';

/** A company's series (a handful), by code, with their default flags. */
export const listInvoiceSeriesRoute = defineCompanyAction({
  query: InvoiceSeriesListQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const [series, defaults] = await Promise.all([
      listSeries(deps, scope.companyId),
      getDefaults(deps, scope.companyId),
    ]);
    const now = deps.now();
    return sortBy(
      series.filter(
        (s) =>
          (!query.purpose || s.purpose === query.purpose) &&
          (!query.active || String(s.isActive) === query.active),
      ),
      (s) => s.code,
      'asc',
    ).map((s) => seriesView(s, defaults, now));
  },
});
