import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { InvoiceSeriesPath } from '@shared/schemas/invoice-series';
import type { InvoicesDeps } from '../store/deps';
import { deleteSeries, getDefaults, SERIES_HAS_INVOICES } from '../store/series';
import { requireSeries } from './get-invoice-series';

/** Only a series that never issued a number may go; otherwise deactivate it (isActive false). */
export async function deleteInvoiceSeries(
  input: { scope: CompanyScope; seriesId: string },
  deps: InvoicesDeps,
) {
  const { scope, seriesId } = input;
  const [series, defaults] = await Promise.all([
    requireSeries(deps, scope.companyId, seriesId),
    getDefaults(deps, scope.companyId),
  ]);
  if (series.issuedCount > 0) throw new AppError('DOC_046', SERIES_HAS_INVOICES);
  await deleteSeries(deps, series, defaults[series.purpose] === series.seriesId);
  return { deleted: true, seriesId };
}

export const deleteInvoiceSeriesRoute = defineCompanyAction({
  params: InvoiceSeriesPath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return deleteInvoiceSeries({ scope, seriesId: params.seriesId }, deps);
  },
});
