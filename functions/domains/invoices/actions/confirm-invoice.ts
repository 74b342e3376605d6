import type { CompanyScope } from '@functions/platform/company-scope';
import { defineAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  type Invoice,
  InvoicePath,
  type InvoiceSeries,
  InvoiceSeriesQuery,
  isRectificativa,
} from '@shared/schemas/invoices';
import { assertCanWrite } from '../model/permissions';
import { rectifiedIds } from '../model/rectification';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, confirmInvoiceWrite } from '../store/invoices';
import { lostRectifiedCondition, rectifiedByItems } from '../store/rectifications';
import { getDefaults, getSeries, getSeriesByCode } from '../store/series';
import { requireInvoice } from './get-invoice';

const seriesMissing = (detail: string) =>
  new AppError('CORE_004', detail, { field: 'series', details: { reason: 'SERIES_NOT_FOUND' } });

const purposeMismatch = (message: string) =>
  new AppError('CORE_004', message, { field: 'series', details: { reason: 'SERIES_PURPOSE' } });

/**
 * The series that numbers an invoice: `?series=` (id or code) when given (at confirmation, or
 * remembered from the draft's creation), otherwise the company's default for the invoice's
 * purpose (F2: the SIMPLIFICADA default if any, else ORDINARY; R1–R5: RECTIFICATIVA). Ordinary
 * invoices refuse a RECTIFICATIVA series and rectificativas require one (art. 15 RD 1619/2012 and
 * art. 6.1.a: rectificativas are numbered in their own series).
 */
export async function resolveSeries(
  deps: InvoicesDeps,
  invoice: Invoice,
  requested: string | undefined,
): Promise<InvoiceSeries> {
  const { companyId } = invoice;
  const rectificativa = isRectificativa(invoice.invoiceType);
  let series: InvoiceSeries | undefined;
  if (requested) {
    series =
      (await getSeries(deps, companyId, requested)) ?? (await getSeriesByCode(deps, companyId, requested));
    if (!series) throw seriesMissing('La serie indicada no existe.');
  } else {
    const defaults = await getDefaults(deps, companyId);
    const id = rectificativa
      ? defaults.RECTIFICATIVA
      : ((invoice.invoiceType === 'F2' ? defaults.SIMPLIFICADA : undefined) ?? defaults.ORDINARY);
    series = id ? await getSeries(deps, companyId, id) : undefined;
    if (!series && rectificativa) {
      throw seriesMissing(
        'La empresa no tiene una serie de rectificativas por defecto: crea una serie de tipo rectificativa o indica ?series=.',
      );
    }
    if (!series)
      throw seriesMissing('La empresa no tiene una serie por defecto: crea una o indica ?series=.');
  }
  if (!series.isActive) {
    throw new AppError('CORE_004', `La serie ${series.code} no está activa.`, {
      field: 'series',
      details: { reason: 'SERIES_INACTIVE' },
    });
  }
  if (!rectificativa && series.purpose === 'RECTIFICATIVA') {
    throw purposeMismatch('Una serie de rectificativas solo numera facturas rectificativas.');
  }
  if (rectificativa && series.purpose !== 'RECTIFICATIVA') {
    throw purposeMismatch('Una factura rectificativa se numera en una serie de tipo rectificativa.');
  }
  return series;
}

/**
 * Numbers and confirms an invoice; a rectificativa also appends itself to `rectifiedBy` of the
 * invoices it corrects in the same transaction, only while they are still CONFIRMED.
 */
export async function confirmWithLinks(
  deps: InvoicesDeps,
  invoice: Invoice,
  series: InvoiceSeries,
  mode: 'create' | 'update',
  at: string,
): Promise<Invoice> {
  const ids = rectifiedIds(invoice);
  const links = rectifiedByItems(deps, invoice.companyId, ids, invoice.invoiceId);
  try {
    return await confirmInvoiceWrite(deps, invoice, series, mode, at, links);
  } catch (e) {
    if (lostRectifiedCondition(e, links.length)) {
      throw new AppError(
        'DOC_047',
        'La factura rectificada ha dejado de estar confirmada (¿se ha anulado?); no se ha emitido la rectificativa.',
        { details: { reason: 'RECTIFIED_NOT_CONFIRMED' } },
      );
    }
    throw e;
  }
}

/** DRAFT → CONFIRMED with its number and INVOICE_CONFIRMED event, all in one transaction. */
export async function confirmInvoice(
  input: { scope: CompanyScope; invoiceId: string; series: string | undefined },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const invoice = await requireInvoice(deps, input.scope.companyId, input.invoiceId);
  if (invoice.status !== 'DRAFT') throw confirmedIsFinal();
  const series = await resolveSeries(deps, invoice, input.series ?? invoice.requestedSeriesId ?? undefined);
  return confirmWithLinks(deps, invoice, series, 'update', deps.now().toISOString());
}

export const confirmInvoiceRoute = defineAction({
  params: InvoicePath,
  query: InvoiceSeriesQuery,
  run: ({ auth, scope, params, query }, deps: InvoicesDeps) => {
    assertCanWrite(auth, scope);
    return confirmInvoice({ scope: scope!, invoiceId: params.invoiceId, series: query.series }, deps);
  },
});
