import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import {
  type Invoice,
  InvoicePath,
  InvoiceSeriesQuery,
  type InvoiceWithPayments,
  isRectificativa,
} from '@shared/schemas/invoices';
import { invoiceView } from '../model/invoice-view';
import { madridDate } from '../model/payments';
import { rectifiedIds, substitutedCannotBeRectified } from '../model/rectification';
import { planRectificationEffects } from '../model/rectification-effects';
import { assertVerifactuReady } from '../model/verifactu-readiness';
import type { InvoicesDeps } from '../store/deps';
import { confirmedIsFinal, confirmInvoiceWrite } from '../store/invoices';
import { listPayments } from '../store/payments';
import { lostRectifiedCondition, movedPayments, rectificationItems } from '../store/rectifications';
import { getDefaults, getSeries, getSeriesByCode } from '../store/series';
import { readVerifactuReadiness } from '../store/verifactu-readiness';
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

/** How many times a rectificativa is confirmed again after its rectified invoice changed meanwhile. */
const MAX_RECTIFIED_ATTEMPTS = 3;

async function readOriginals(deps: InvoicesDeps, invoice: Invoice, ids: string[]) {
  const originals = (await Promise.all(
    ids.map((id) => requireInvoice(deps, invoice.companyId, id)),
  )) as InvoiceWithPayments[];
  const substitution = invoice.rectification?.method === 'SUBSTITUTION';
  const payments = await Promise.all(
    originals.map(async (o) =>
      substitution
        ? (await listPayments(deps, o.companyId, o.invoiceId)).filter((p) => p.status !== 'DELETED')
        : [],
    ),
  );
  return { originals, payments };
}

/** Why the rectified invoices refused the write, from their fresh state (undefined: try again). */
function refusalOf(fresh: InvoiceWithPayments[]): AppError | undefined {
  const substituted = fresh.find((o) => o.substitutedBy);
  if (substituted) return substitutedCannotBeRectified(substituted);
  if (fresh.some((o) => o.status !== 'CONFIRMED')) {
    return new AppError(
      'DOC_047',
      'La factura rectificada ha dejado de estar confirmada (¿se ha anulado?); no se ha emitido la rectificativa.',
      { details: { reason: 'RECTIFIED_NOT_CONFIRMED' } },
    );
  }
  return undefined;
}

/**
 * Numbers and confirms an invoice. A rectificativa does it in the same transaction as its effects
 * on the invoices it corrects (model/rectification-effects.ts): the `rectifiedBy` link, and for a
 * substitution the 'Sustituida' mark and the move of their payments, for a credit note the credit
 * applied to them. Those are planned from the invoices read just before the write and conditioned
 * on them; a payment in between makes the write fail and it is planned again.
 */
export async function confirmWithLinks(
  deps: InvoicesDeps,
  invoice: Invoice,
  series: InvoiceSeries,
  mode: 'create' | 'update',
  at: string,
  by: string | null = null,
): Promise<Invoice> {
  assertVerifactuReady(await readVerifactuReadiness(deps, invoice.companyId), deps.now());
  const ids = rectifiedIds(invoice);
  if (ids.length === 0) return confirmInvoiceWrite(deps, invoice, series, mode, at);
  for (let attempt = 1; ; attempt++) {
    const { originals, payments } = await readOriginals(deps, invoice, ids);
    const refusal = refusalOf(originals);
    if (refusal) throw refusal;
    const effects = planRectificationEffects({
      rectificativa: invoice,
      originals,
      payments,
      at,
      today: madridDate(new Date(at)),
      by,
    });
    let extraCount = 0;
    try {
      return await confirmInvoiceWrite(
        deps,
        effects.rectificativa as Invoice,
        series,
        mode,
        at,
        (next) => {
          const items = rectificationItems(deps, effects, next, at, by);
          extraCount = items.length;
          return items;
        },
        // The substitute's event names the collections it takes over (the SII's RECC book).
        { movedPayments: movedPayments(effects) },
      );
    } catch (e) {
      if (!lostRectifiedCondition(e, extraCount)) throw e;
      const fresh = await readOriginals(deps, invoice, ids);
      const why = refusalOf(fresh.originals);
      if (why) throw why;
      if (attempt >= MAX_RECTIFIED_ATTEMPTS) {
        throw new AppError(
          'CONCURRENT_UPDATE',
          'La factura rectificada ha cambiado mientras se emitía la rectificativa; inténtalo de nuevo.',
          { details: { reason: 'RECTIFIED_CONTENTION' } },
        );
      }
    }
  }
}

/** DRAFT → CONFIRMED with its number and INVOICE_CONFIRMED event, all in one transaction. */
export async function confirmInvoice(
  input: { scope: CompanyScope; invoiceId: string; series: string | undefined; userId?: string | null },
  deps: InvoicesDeps,
): Promise<Invoice> {
  const invoice = await requireInvoice(deps, input.scope.companyId, input.invoiceId);
  if (invoice.status !== 'DRAFT') throw confirmedIsFinal();
  const series = await resolveSeries(deps, invoice, input.series ?? invoice.requestedSeriesId ?? undefined);
  const at = deps.now().toISOString();
  return confirmWithLinks(deps, invoice, series, 'update', at, input.userId ?? null);
}

export const confirmInvoiceRoute = defineCompanyAction({
  params: InvoicePath,
  query: InvoiceSeriesQuery,
  run: ({ auth, scope, params, query }, deps: InvoicesDeps) => {
    return confirmInvoice(
      { scope, invoiceId: params.invoiceId, series: query.series, userId: auth?.userId ?? null },
      deps,
    ).then(invoiceView);
  },
});
