/**
 * Test and bench data for the company dashboard's summary: the items the other areas leave in the
 * table, built with the same key builders, item builders and aggregate rules they use (the
 * invoices' stored item and running tax aggregates and counters, the treasury projection's open
 * items and collection summary, the tax obligations, accounting's month sums, VeriFacTu counters, documents under review),
 * so the summary is read against what real writes would leave. Only the tests and
 * infra/bench/dashboard-summary read this module.
 */

import { BatchWriteCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { aggregateUpdateItems } from '@functions/lib/tax-aggregates';
import type { TransactItem } from '@functions/platform/aws/dynamodb';
import { storedInvoiceItem, storedReceivedItem } from '@functions/platform/testing/stored-invoices';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, SCHEMA_VERSION } from '@shared/db/records';
import type { TaxObligation } from '@shared/fiscal/fiscal-alerts';
import {
  computeReceivedInvoiceTotals,
  toReceivedForAggregates,
} from '@shared/fiscal/received-invoice-totals';
import {
  type AggregateContribution,
  type IssuedForAggregates,
  issuedContribution,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import type { CollectionMonth } from '@shared/schemas/treasury';

type Item = Record<string, unknown>;

export function seedCompany(companyId: string, over: Partial<Company> = {}): Item {
  return companyItem({
    companyId,
    name: 'Talleres Ebro SL',
    nif: 'B50123456',
    companyType: 'SL',
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: false,
    address: {
      street: 'Calle Alfonso I 10',
      postalCode: '50003',
      city: 'Zaragoza',
      province: 'Zaragoza',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-01T08:00:00.000Z',
    createdBy: 'u-owner',
    ...over,
  });
}

/** A confirmed F1 of `baseCents` + 21 % VAT issued on `date` (series `seriesId`). */
export function seedIssuedInvoice(
  companyId: string,
  invoiceId: string,
  date: string,
  baseCents: number,
  over: Partial<InvoiceWithPayments> = {},
): InvoiceWithPayments {
  const vatCents = Math.round((baseCents * 21) / 100);
  return {
    invoiceId,
    companyId,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: date,
    operationDate: null,
    dueDate: date,
    paymentMethod: 'TRANSFER',
    notes: null,
    customer: {
      customerId: 'cu-1',
      name: 'Ferretería López SL',
      taxId: 'B12345674',
      address: 'Calle Mayor 1',
      postalCode: '28013',
      city: 'Madrid',
      country: 'ES',
      vatTreatment: 'DOMESTIC',
    },
    invoiceLines: [],
    irpfRateBp: 0,
    totals: { baseCents, vatCents, recargoCents: 0, irpfCents: 0, totalCents: baseCents + vatCents },
    breakdown: [{ operation: 'S1', vatRateBp: 2100, recargoRateBp: 0, baseCents, vatCents, recargoCents: 0 }],
    legalMentions: [],
    series: 'F',
    seriesId: 's-f',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: `F-${invoiceId}`,
    confirmedAt: `${date}T10:00:00.000Z`,
    createdAt: `${date}T09:00:00.000Z`,
    updatedAt: `${date}T10:00:00.000Z`,
    ...over,
  } as InvoiceWithPayments;
}

/** A received F1 of `baseCents` + 21 % VAT booked on `date`. */
export function seedReceivedInvoice(
  companyId: string,
  receivedInvoiceId: string,
  date: string,
  baseCents: number,
): ReceivedInvoice {
  const lines = [
    {
      description: 'Material de taller',
      quantityMilli: 1000,
      unitPriceCents: baseCents,
      discountBp: 0,
      vatRateBp: 2100,
      kind: 'DOMESTIC' as const,
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: false,
    },
  ];
  return {
    receivedInvoiceId,
    companyId,
    supplier: { supplierId: null, name: 'Suministros Aragón SL', taxId: 'B98765432', country: 'ES' },
    supplierInvoiceNumber: `SA-${receivedInvoiceId}`,
    invoiceType: 'F1',
    rectification: null,
    issueDate: date,
    accountingDate: date,
    lines,
    irpfRateBp: 0,
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals: computeReceivedInvoiceTotals({ lines, irpfRateBp: 0 }),
    siiStatus: null,
    version: 1,
    createdBy: 'u-owner',
    createdAt: `${date}T08:00:00.000Z`,
    updatedAt: `${date}T08:00:00.000Z`,
  } as ReceivedInvoice;
}

/**
 * What confirming these issued invoices and registering these received ones leaves: each stored
 * item, and the running tax aggregates and issued-invoice counters as the ADDs of their
 * transactions add up (ADDs commute, so the merged deltas equal any order of the real writes).
 */
export function invoiceBookWrites(
  table: string,
  companyId: string,
  issued: readonly InvoiceWithPayments[],
  received: readonly ReceivedInvoice[],
): { puts: Item[]; updates: TransactItem[] } {
  const contributions: AggregateContribution[] = [
    ...issued.map((i) => issuedContribution(i as unknown as IssuedForAggregates, 1)),
    ...received.map((r) => receivedContribution(toReceivedForAggregates(r), 1)),
  ];
  const counts = new Map<string, number>();
  const bump = (sk: string) => counts.set(sk, (counts.get(sk) ?? 0) + 1);
  for (const i of issued) {
    bump(keys.invoiceCountAll(companyId).sk);
    bump(keys.invoiceCountMonth(companyId, i.invoiceDate.slice(0, 7)).sk);
    bump(keys.invoiceCountDay(companyId, i.invoiceDate).sk);
  }
  const countPk = keys.invoiceCountAll(companyId).pk;
  return {
    puts: [
      ...issued.map((i) => storedInvoiceItem(i)),
      ...received.map((r) => storedReceivedItem(r)),
      ...[...counts].map(([sk, count]) => ({
        pk: countPk,
        sk,
        entity: 'InvoiceCount',
        v: SCHEMA_VERSION,
        count,
      })),
    ],
    updates: aggregateUpdateItems(table, companyId, ...contributions),
  };
}

/** An open item of the treasury projection as the banking domain stores it (`openItemRecord`). */
export function seedOpenItem(
  companyId: string,
  kind: 'INV' | 'REC',
  documentId: string,
  outstandingCents: number,
  nextDueDate: string,
): Item {
  return {
    ...keys.openItem(companyId, kind, documentId),
    ...keys.openItemByDue(companyId, nextDueDate, kind, documentId),
    entity: 'OpenItem',
    schemaVersion: 1,
    companyId,
    kind,
    direction: kind === 'INV' ? 'RECEIVABLE' : 'PAYABLE',
    documentId,
    number: `N-${documentId}`,
    issueDate: nextDueDate,
    partyId: null,
    partyName: kind === 'INV' ? 'Ferretería López SL' : 'Suministros Aragón SL',
    partyNif: null,
    partyIban: null,
    partyEmail: null,
    totalCents: outstandingCents,
    paidCents: 0,
    outstandingCents,
    dueDates: [{ dueDate: nextDueDate, amountCents: outstandingCents, paidCents: 0 }],
    nextDueDate,
    payments: [],
    paymentMethod: 'TRANSFER',
    status: 'OPEN',
    settledDate: null,
    version: 1,
    updatedAt: `${nextDueDate}T08:00:00.000Z`,
  };
}

/**
 * The company's collection summary as the banking domain leaves it (functions/domains/banking/store/
 * collection-summary.ts: per payment month, céntimos and céntimos × days from issue to payment).
 */
export function seedCollectionSummary(companyId: string, months: readonly CollectionMonth[]): Item {
  return {
    ...keys.collectionSummary(companyId),
    entity: 'CollectionSummary',
    v: SCHEMA_VERSION,
    companyId,
    months: [...months],
    readAt: '2026-01-01T00:00:00.000Z',
    receivables: months.length,
  };
}

/** A PENDING obligation as the tax domain stores it (`obligationItem`: TAXOPEN while PENDING). */
export function seedObligation(
  companyId: string,
  o: Pick<TaxObligation, 'modelType' | 'period' | 'year' | 'dueDate'> & Partial<TaxObligation>,
): Item {
  const obligationId = o.obligationId ?? `${o.year}-${o.modelType}-${o.period}`;
  const record: TaxObligation = {
    obligationId,
    companyId,
    periodicity: 'QUARTERLY',
    periodStart: `${o.year}-01-01`,
    periodEnd: `${o.year}-03-31`,
    windowStart: o.dueDate,
    domiciliationDueDate: null,
    paidByDomiciliation: false,
    alertDate: o.dueDate,
    profileVersion: '1',
    reason: 'Régimen general del IVA',
    status: 'PENDING',
    modelId: null,
    submittedAt: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-01T08:00:00.000Z',
    ...o,
  };
  return {
    ...keys.taxObligation(companyId, record.year, obligationId),
    ...(record.status === 'PENDING' ? keys.taxOpenObligation(companyId, record.dueDate, obligationId) : {}),
    entity: 'TaxObligation',
    v: SCHEMA_VERSION,
    ...record,
  };
}

/** One PGC-level month sum of the ledger (the posting transaction's `LedgerAggregate`, kind N). */
export function seedLedgerSum(
  companyId: string,
  year: number,
  month: number,
  accountCode: string,
  debitCents: number,
  creditCents: number,
  kind: 'N' | 'R' | 'C' | 'O' = 'N',
): Item {
  return {
    ...keys.ledgerAggregate(companyId, year, 'C', month, kind, accountCode),
    entity: 'LedgerAggregate',
    v: SCHEMA_VERSION,
    companyId,
    year,
    month,
    level: 'C',
    kind,
    accountCode,
    debitCents,
    creditCents,
    count: 1,
  };
}

/** A document whose review is pending (`DOC#` item with the sparse DOCREVIEW index). */
export function seedDocumentToReview(companyId: string, documentId: string, createdAt: string): Item {
  return {
    ...keys.document(companyId, documentId),
    ...keys.documentReviewPending(companyId, false, createdAt, documentId),
    entity: 'Document',
    v: SCHEMA_VERSION,
    companyId,
    documentId,
    fileName: `${documentId}.pdf`,
    createdAt,
  };
}

/** Writes puts (BatchWrite, 25 at a time) and Update items (`limit` in flight) into a table. */
export async function applySeed(
  db: DynamoDBDocumentClient,
  table: string,
  seed: { puts: readonly Item[]; updates: readonly TransactItem[] },
  limit = 8,
): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < seed.puts.length; i += 25) batches.push(seed.puts.slice(i, i + 25) as Item[]);
  const jobs: (() => Promise<unknown>)[] = [
    ...batches.map((batch) => async () => {
      let pending = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 10) throw new Error('BatchWrite left items unprocessed');
        const res = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (res.UnprocessedItems?.[table] as typeof pending | undefined) ?? [];
      }
    }),
    ...seed.updates.map((u) => () => {
      if (!('Update' in u) || !u.Update) throw new Error('applySeed: only Update items');
      return db.send(new UpdateCommand(u.Update as ConstructorParameters<typeof UpdateCommand>[0]));
    }),
  ];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < jobs.length; i = next++) await jobs[i]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
}
