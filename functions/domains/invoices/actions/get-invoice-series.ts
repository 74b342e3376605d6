import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type InvoiceSeries, InvoiceSeriesPath } from '@shared/schemas/invoice-series';
import { seriesView } from '../model/series-view';
import type { InvoicesDeps } from '../store/deps';
import { getDefaults, getSeries } from '../store/series';

/** Looked up only under the caller's company partition: another company's id is simply absent. */
export async function requireSeries(
  deps: InvoicesDeps,
  companyId: string,
  seriesId: string,
): Promise<InvoiceSeries> {
  const series = await getSeries(deps, companyId, seriesId);
  if (!series) throw new AppError('CORE_006', 'La serie no existe.');
  return series;
}

export const getInvoiceSeriesRoute = defineCompanyAction({
  params: InvoiceSeriesPath,
  run: async ({ scope, params }, deps: InvoicesDeps) => {
    const [series, defaults] = await Promise.all([
      requireSeries(deps, scope.companyId, params.seriesId),
      getDefaults(deps, scope.companyId),
    ]);
    return seriesView(series, defaults, deps.now());
  },
});
