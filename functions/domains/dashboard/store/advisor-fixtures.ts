/**
 * Items of the other areas as their domains store them (keys, sparse indexes, entity, version), for
 * the advisor dashboard's tests and bench: the dashboard reads them by the shared key builders and
 * must find them where the tax, documents, SII, VeriFacTu and invoicing domains put them. Each
 * builder mirrors the owning domain's item function (named in its comment); domains never import each
 * other, so the shapes are repeated here, once.
 */

import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import { issuedContribution } from '@shared/fiscal/tax-aggregates';
import type { Invoice } from '@shared/schemas/invoices';

/** functions/domains/tax/store/obligations.ts `obligationItem`: gsi1 TAXOPEN only while PENDING. */
export const obligationItem = (o: TaxObligation) => ({
  ...keys.taxObligation(o.companyId, o.year, o.obligationId),
  ...(o.status === 'PENDING' ? keys.taxOpenObligation(o.companyId, o.dueDate, o.obligationId) : {}),
  entity: 'TaxObligation',
  v: SCHEMA_VERSION,
  ...o,
});

/** An obligation `<year>-<model>-<period>` with its dates (alertDate = dueDate: no direct debit). */
export function obligation(
  companyId: string,
  o: Pick<TaxObligation, 'modelType' | 'period' | 'year' | 'dueDate' | 'status'> &
    Partial<Pick<TaxObligation, 'submittedAt' | 'alertDate' | 'paidByDomiciliation'>>,
): TaxObligation {
  const obligationId = `${o.year}-${o.modelType}-${o.period}`;
  return {
    obligationId,
    companyId,
    modelType: o.modelType,
    period: o.period,
    year: o.year,
    periodicity: /T$/.test(o.period) ? 'QUARTERLY' : /^\d{2}$/.test(o.period) ? 'MONTHLY' : 'ANNUAL',
    periodStart: `${o.year}-01-01`,
    periodEnd: `${o.year}-12-31`,
    windowStart: o.dueDate,
    dueDate: o.dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: o.paidByDomiciliation ?? false,
    alertDate: o.alertDate ?? o.dueDate,
    profileVersion: 'v1',
    reason: 'Perfil fiscal',
    status: o.status,
    modelId: null,
    submittedAt: o.submittedAt ?? null,
    createdAt: '2026-01-01T08:00:00.000Z',
    updatedAt: '2026-01-01T08:00:00.000Z',
  };
}

/** functions/domains/tax/store/profile.ts `taxProfileItem` (the facts the dashboard does not read left out). */
export const taxProfileItem = (companyId: string) => ({
  ...keys.taxProfile(companyId),
  ...keys.taxProfileDirectory(companyId),
  entity: 'TaxProfile',
  v: SCHEMA_VERSION,
  companyId,
  companyType: 'SL',
  revision: 1,
});

/** functions/domains/documents/store/documents.ts `documentItem`: gsi1 DOCREVIEW while the review is PENDING. */
export function documentItem(d: {
  companyId: string;
  /** Epoch ms of its creation: the id's 13-digit prefix. */
  createdMs: number;
  suffix: string;
  fileName: string;
  reviewPending?: boolean;
  urgent?: boolean;
}) {
  const createdAt = new Date(d.createdMs).toISOString();
  const documentId = `${String(d.createdMs).padStart(13, '0')}${d.suffix}`;
  return {
    ...keys.document(d.companyId, documentId),
    ...(d.reviewPending
      ? keys.documentReviewPending(d.companyId, d.urgent ?? false, createdAt, documentId)
      : {}),
    entity: 'Document',
    v: SCHEMA_VERSION,
    documentId,
    uploadId: `up-${documentId}`,
    companyId: d.companyId,
    fileName: d.fileName,
    status: 'OCR_COMPLETED',
    review: {
      status: d.reviewPending ? 'PENDING' : 'APPROVED',
      urgent: d.urgent ?? false,
      notes: null,
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      correctedFields: [],
    },
    createdAt,
    updatedAt: createdAt,
  };
}

/** functions/domains/sii/store/entry-item.ts `entryItem`: gsi2 SII#OPEN while not final. */
export function siiEntryItem(e: {
  companyId: string;
  documentId: string;
  status: 'NOT_SENT' | 'QUEUED' | 'SENT' | 'ACCEPTED' | 'REJECTED' | 'PENDING_CORRECTION' | 'ERROR';
  deadline: string;
}) {
  return {
    ...keys.siiEntry(e.companyId, 'FE', e.documentId),
    ...(e.status === 'ACCEPTED' ? {} : keys.siiOpenGlobal(e.deadline, e.companyId, 'FE', e.documentId)),
    entity: 'SiiEntry',
    v: SCHEMA_VERSION,
    companyId: e.companyId,
    book: 'FE',
    documentId: e.documentId,
    status: e.status,
    deadline: e.deadline,
    withdrawn: false,
    pendingOperation: null,
  };
}

/** functions/domains/verifactu/store/submissions.ts: the `VF#STATS` counters item. */
export const verifactuStatsItem = (companyId: string, counters: Record<string, number>) => ({
  ...keys.verifactuStats(companyId),
  entity: 'VerifactuStats',
  v: SCHEMA_VERSION,
  companyId,
  ...counters,
});

/** A confirmed ordinary invoice (F1) at 21 % VAT of `baseCents`, numbered in series `s1`. */
export function issuedInvoice(
  companyId: string,
  invoiceId: string,
  invoiceDate: string,
  baseCents: number,
  over: Partial<Invoice> = {},
): Invoice {
  const vatCents = Math.round((baseCents * 21) / 100);
  return {
    invoiceId,
    companyId,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate,
    operationDate: null,
    dueDate: null,
    paymentMethod: null,
    notes: null,
    customer: null,
    invoiceLines: [],
    irpfRateBp: 0,
    totals: { baseCents, vatCents, recargoCents: 0, irpfCents: 0, totalCents: baseCents + vatCents },
    breakdown: [{ operation: 'S1', vatRateBp: 2100, recargoRateBp: 0, baseCents, vatCents, recargoCents: 0 }],
    legalMentions: [],
    series: 'F',
    seriesId: 's1',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: `F-${invoiceId}`,
    confirmedAt: `${invoiceDate}T10:00:00.000Z`,
    createdAt: `${invoiceDate}T09:00:00.000Z`,
    updatedAt: `${invoiceDate}T10:00:00.000Z`,
    ...over,
  };
}

/** The aggregate Updates a confirmation writes in its transaction (invoices domain, `confirmInvoiceWrite`). */
export const confirmedAggregateUpdates = (table: string, inv: Invoice): TransactItem[] =>
  aggregateUpdateItems(table, inv.companyId, issuedContribution(inv, 1));
