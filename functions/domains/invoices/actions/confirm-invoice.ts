import type { CompanyScope } from '@functions/platform/company-scope';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type Invoice, InvoicePath, type InvoiceSeries, InvoiceSeriesQuery } from '@shared/schemas/invoices';
import { assertCanWrite } from '../model/permissions';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, confirmInvoiceWrite } from '../store/invoices';
import { getDefaults, getSeries, getSeriesByCode } from '../store/series';
import { requireInvoice } from './get-invoice';

const seriesMissing = (detail: string) =>
  new AppError('CORE_004', detail, { field: 'series', details: { reason: 'SERIES_NOT_FOUND' } });

/**
 * The series that numbers an invoice: `?series=` (id or code) when given (at confirmation, or
 * remembered from the draft's creation), otherwise the company's
 * default for the invoice's purpose (F2: the SIMPLIFICADA default if any, else ORDINARY).
 */
export async function resolveSeries(
  deps: InvoicesDeps,
  invoice: Invoice,
  requested: string | undefined,
): Promise<InvoiceSeries> {
  const { companyId } = invoice;
  let series: InvoiceSeries | undefined;
  if (requested) {
    series =
      (await getSeries(deps, companyId, requested)) ?? (await getSeriesByCode(deps, companyId, requested));
    if (!series) throw seriesMissing('La serie indicada no existe.');
  } else {
    const defaults = await getDefaults(deps, companyId);
    const id = (invoice.invoiceType === 'F2' ? defaults.SIMPLIFICADA : undefined) ?? defaults.ORDINARY;
    series = id ? await getSeries(deps, companyId, id) : undefined;
    if (!series)
      throw seriesMissing('La empresa no tiene una serie por defecto: crea una o indica ?series=.');
  }
  if (!series.isActive) {
    throw new AppError('CORE_004', `La serie ${series.code} no está activa.`, {
      field: 'series',
      details: { reason: 'SERIES_INACTIVE' },
    });
  }
  if (series.purpose === 'RECTIFICATIVA') {
    throw new AppError('CORE_004', 'Una serie de rectificativas solo numera facturas rectificativas.', {
      field: 'series',
      details: { reason: 'SERIES_PURPOSE' },
    });
  }
  return series;
}

/** DRAFT → CONFIRMED with its number and INVOICE_CONFIRMED event, all in one transaction. */
export async function confirmInvoice(
  input: { scope: CompanyScope; invoiceId: string; series: string | undefined },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const invoice = await requireInvoice(deps, input.scope.companyId, input.invoiceId);
  if (invoice.status !== 'DRAFT') throw confirmedIsFinal();
  const series = await resolveSeries(deps, invoice, input.series ?? invoice.requestedSeriesId ?? undefined);
  return confirmInvoiceWrite(deps, invoice, series, 'update', deps.now().toISOString());
}

export const confirmInvoiceRoute = defineAction({
  params: InvoicePath,
  query: InvoiceSeriesQuery,
  run: ({ auth, scope, params, query }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    return confirmInvoice({ scope: scope!, invoiceId: params.invoiceId, series: query.series }, deps);
  },
});
