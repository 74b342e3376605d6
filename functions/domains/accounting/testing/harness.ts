/**
 * Test harness of the accounting domain: the in-memory table of functions/platform/testing/fake-table.ts
 * behind aws-sdk-client-mock (the document client class is mocked, so every client is answered), the
 * SQS client mocked with the messages it received (backfill pages), `AccountingDeps` with a settable
 * clock and counting ids, builders of the items other domains own (company, members, subscriptions,
 * issued and received invoices, payments) and of the queue messages their events carry.
 *
 * Call `accountingHarness()` at the top of a test file and `h.reset()` in `beforeEach`.
 */

import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '@functions/platform/logger';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { fakeTable } from '@functions/platform/testing/fake-table';
import {
  storedInvoiceItem,
  storedInvoicePayment,
  storedInvoicePaymentItem,
  storedReceivedItem,
  storedReceivedPaymentItem,
} from '@functions/platform/testing/stored-invoices';
import type { WorkerContext } from '@functions/platform/workers';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import {
  type CompanyRole,
  type CompanyType,
  companyItem,
  membershipItem,
  SCHEMA_VERSION,
} from '@shared/db/records';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import { type PlanCode, subscriptionToPlan } from '@shared/schemas/billing';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';
import type {
  ReceivedInvoice,
  ReceivedInvoiceLine,
  ReceivedInvoicePayment,
} from '@shared/schemas/received-invoices';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import type { BackfillMessage } from '../store/chart';
import type { AccountingDeps } from '../store/deps';
import { ENTITY } from '../store/items';

export const TABLE = 'cuadra-accounting-test';
export const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/000000000000/cuadra-accounting';
export const COMPANY = 'co-acc';
export const T0 = new Date('2026-03-10T09:00:00.000Z');

export const silentLog: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};
export const workerCtx: WorkerContext = { log: silentLog };

export function accountingHarness(start: Date = T0) {
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.queueUrl('accounting')]: QUEUE_URL,
  });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const sqsMock = mockClient(SQSClient);
  let now = new Date(start);
  let ids = 0;
  const invoked: unknown[] = [];
  const deps: AccountingDeps = {
    db: testDocumentClient(),
    table: TABLE,
    sqs: new SQSClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    queueUrl: QUEUE_URL,
    invoke: async <T>(payload: unknown) => {
      invoked.push(payload);
      return { ok: true } as T;
    },
    now: () => new Date(now),
    newId: () => `id${String(++ids).padStart(6, '0')}`,
  };
  /** The backfill messages sent to the accounting queue, oldest first. */
  const queued = (): BackfillMessage[] =>
    sqsMock
      .commandCalls(SendMessageCommand)
      .map((c) => JSON.parse(c.args[0].input.MessageBody ?? '{}') as BackfillMessage);
  return {
    table,
    sqsMock,
    deps,
    queued,
    invoked,
    setNow: (d: Date | string) => {
      now = new Date(d);
    },
    reset: () => {
      table.reset();
      sqsMock.reset();
      sqsMock.on(SendMessageCommand).resolves({ MessageId: 'm' });
      now = new Date(start);
      ids = 0;
      invoked.length = 0;
    },
  };
}

export type AccountingHarness = ReturnType<typeof accountingHarness>;

// --- what the books hold ------------------------------------------------------------------------------

export interface Books {
  entries: Record<string, unknown>[];
  lines: Record<string, unknown>[];
  aggregates: Record<string, unknown>[];
}

export const books = (h: AccountingHarness): Books => ({
  entries: h.table.all(ENTITY.entry).sort((a, b) => Number(a.entryNumber) - Number(b.entryNumber)),
  lines: h.table.all(ENTITY.ledgerLine),
  aggregates: h.table.all(ENTITY.aggregate),
});

/** Per account (sub-accounts as such), debit − credit over every ledger line. */
export function balancesFromLines(lines: Record<string, unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of lines) {
    const code = String(l.accountCode);
    out[code] = (out[code] ?? 0) + Number(l.debitCents) - Number(l.creditCents);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}

/** Per account, debit − credit over the aggregates of one level. */
export function balancesFromAggregates(
  aggs: Record<string, unknown>[],
  level: 'C' | 'S',
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of aggs.filter((x) => x.level === level)) {
    const code = String(a.accountCode);
    out[code] = (out[code] ?? 0) + Number(a.debitCents) - Number(a.creditCents);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}

// --- items other domains own ------------------------------------------------------------------------------

export function companyOf(companyType: CompanyType = 'SL', companyId = COMPANY) {
  return companyItem({
    companyId,
    name: 'Distribuciones Turia SL',
    nif: 'B12345674',
    companyType,
    isActive: true,
    siiEnabled: false,
    verifactuEnabled: false,
    address: {
      street: 'Calle Colón 1',
      postalCode: '46004',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u-owner',
  });
}

export function memberItem(userId: string, companyRole: CompanyRole, companyId = COMPANY) {
  return membershipItem({
    companyId,
    userId,
    companyRole,
    permissions: companyRole === 'CLIENTE' ? ['VIEW_ACCOUNTING_DATA'] : [],
    isActive: true,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

export function subscriptionItem(userId: string, planCode: PlanCode) {
  return {
    ...keys.subscription(userId),
    entity: 'Subscription',
    v: SCHEMA_VERSION,
    userId,
    ...subscriptionToPlan(planCode, {
      subscriptionId: `sub-${userId}`,
      status: 'ACTIVE',
      startedAt: '2025-01-01T00:00:00.000Z',
      currentPeriodEnd: '2027-01-01T00:00:00.000Z',
    }),
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

/** A confirmed F1 of 1.000,00 € + 21 % VAT to a Spanish customer. */
export function issuedInvoice(over: Partial<Invoice> = {}): Invoice {
  const invoiceId = over.invoiceId ?? 'inv-1';
  return {
    invoiceId,
    companyId: COMPANY,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: '2026-03-09',
    operationDate: null,
    dueDate: '2026-04-08',
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
    invoiceLines: [
      {
        description: 'Transporte de mercancías',
        quantityMilli: 1000,
        unitPriceCents: 100_000,
        discountBp: 0,
        vatRateBp: 2100,
        operation: 'S1',
        recargo: false,
        baseCents: 100_000,
      },
    ],
    irpfRateBp: 0,
    totals: { baseCents: 100_000, vatCents: 21_000, recargoCents: 0, irpfCents: 0, totalCents: 121_000 },
    breakdown: [
      {
        operation: 'S1',
        vatRateBp: 2100,
        recargoRateBp: 0,
        baseCents: 100_000,
        vatCents: 21_000,
        recargoCents: 0,
      },
    ],
    legalMentions: [],
    series: 'F',
    seriesId: 's-f',
    issuer: {
      name: 'Distribuciones Turia SL',
      nif: 'B12345674',
      street: 'Calle Colón 1',
      postalCode: '46004',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
      email: null,
      phone: null,
      vatRegime: 'GENERAL',
    },
    siiStatus: null,
    requestedSeriesId: null,
    number: 12,
    invoiceNumber: `F-2026-${invoiceId.replace(/\D/g, '').padStart(4, '0')}`,
    confirmedAt: '2026-03-09T10:00:00.000Z',
    createdAt: '2026-03-09T09:00:00.000Z',
    updatedAt: '2026-03-09T10:00:00.000Z',
    ...over,
  } as Invoice;
}

export const invoiceItemOf = (inv: Invoice) => storedInvoiceItem(inv);

export const invoicePayment = storedInvoicePayment;

export const invoicePaymentItem = (invoiceId: string, p: InvoicePayment) =>
  storedInvoicePaymentItem(COMPANY, invoiceId, p);

const receivedLine = (over: Partial<ReceivedInvoiceLine> = {}): ReceivedInvoiceLine => ({
  description: 'Material de oficina',
  quantityMilli: 1000,
  unitPriceCents: 50_000,
  discountBp: 0,
  vatRateBp: 2100,
  kind: 'DOMESTIC',
  deductibleBp: 10_000,
  recargoRateBp: 0,
  investmentGoods: false,
  ...over,
});

/** A received F1 of 500,00 € + 21 % VAT from a Spanish supplier (version 1). */
export function receivedInvoice(
  over: Omit<Partial<ReceivedInvoice>, 'lines'> & { lines?: Partial<ReceivedInvoiceLine>[] } = {},
): ReceivedInvoice {
  const { lines: lineOver, ...rest } = over;
  const lines = (lineOver ?? [{}]).map(receivedLine);
  const totals = computeReceivedInvoiceTotals({ lines, irpfRateBp: rest.irpfRateBp ?? 0 });
  return {
    receivedInvoiceId: 'ri-1',
    companyId: COMPANY,
    supplier: { supplierId: 'su-1', name: 'Papelería Central SL', taxId: 'B98765432', country: 'ES' },
    supplierInvoiceNumber: 'PC-2026-881',
    invoiceType: 'F1',
    rectification: null,
    issueDate: '2026-03-05',
    accountingDate: '2026-03-09',
    lines,
    irpfRateBp: 0,
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals,
    siiStatus: null,
    version: 1,
    createdBy: 'u-owner',
    createdAt: '2026-03-09T08:00:00.000Z',
    updatedAt: '2026-03-09T08:00:00.000Z',
    ...rest,
  } as ReceivedInvoice;
}

export const receivedItemOf = storedReceivedItem;

export function receivedPayment(over: Partial<ReceivedInvoicePayment> = {}): ReceivedInvoicePayment {
  return {
    paymentId: 'rpay-1',
    amountCents: 60_500,
    paidAt: '2026-03-20',
    method: 'TRANSFER',
    account: null,
    reference: null,
    status: 'ACTIVE',
    createdAt: '2026-03-20T08:00:00.000Z',
    createdBy: 'u-owner',
    ...over,
  };
}

export const receivedPaymentItem = (receivedInvoiceId: string, p: ReceivedInvoicePayment) =>
  storedReceivedPaymentItem(COMPANY, receivedInvoiceId, p);

// --- queue messages ----------------------------------------------------------------------------------------

/** The body the publisher sends for an invoice event (`invoiceEventPayload` + kind, at, payment). */
export function issuedEventBody(
  kind: 'INVOICE_CONFIRMED' | 'INVOICE_CANCELLED' | 'PAYMENT_RECORDED' | 'PAYMENT_DELETED',
  inv: Invoice,
  payment?: InvoicePayment,
): Record<string, unknown> {
  return {
    eventId: `ev-${kind}-${inv.invoiceId}${payment ? `-${payment.paymentId}-${payment.revision ?? 0}` : ''}`,
    entity: 'InvoiceEvent',
    kind,
    invoiceId: inv.invoiceId,
    companyId: inv.companyId,
    invoiceType: inv.invoiceType,
    invoiceDate: inv.invoiceDate,
    operationDate: inv.operationDate ?? null,
    series: inv.series,
    number: inv.number,
    invoiceNumber: inv.invoiceNumber,
    customer: inv.customer ?? null,
    issuer: inv.issuer ?? null,
    breakdown: inv.breakdown,
    totals: inv.totals,
    irpfRateBp: inv.irpfRateBp,
    rectification: inv.rectification ?? null,
    invoiceLines: inv.invoiceLines.map((l) => ({ description: l.description })),
    vatRegime: inv.issuer?.vatRegime ?? null,
    intraEuOperation: inv.intraEuOperation ?? null,
    siiStatus: inv.siiStatus ?? null,
    reportsSii: false,
    at: payment ? payment.createdAt : (inv.confirmedAt ?? T0.toISOString()),
    ...(payment
      ? {
          payment: {
            paymentId: payment.paymentId,
            date: payment.paidAt,
            amountCents: payment.amountCents,
            method: payment.method,
            reference: payment.reference,
            revision: payment.revision ?? 0,
            movedFrom: null,
          },
        }
      : {}),
  };
}

export function receivedEventBody(
  kind:
    | 'RECEIVED_REGISTERED'
    | 'RECEIVED_UPDATED'
    | 'RECEIVED_DELETED'
    | 'RECEIVED_PAYMENT_RECORDED'
    | 'RECEIVED_PAYMENT_DELETED',
  r: ReceivedInvoice,
  payment?: ReceivedInvoicePayment,
): Record<string, unknown> {
  return {
    eventId: `ev-${kind}-${r.receivedInvoiceId}-v${r.version}`,
    entity: 'ReceivedInvoiceEvent',
    kind,
    companyId: r.companyId,
    receivedInvoiceId: r.receivedInvoiceId,
    receivedInvoice: r,
    ...(payment
      ? {
          payment: {
            paymentId: payment.paymentId,
            date: payment.paidAt,
            amountCents: payment.amountCents,
            method: payment.method,
            account: payment.account,
            reference: payment.reference,
          },
        }
      : {}),
    siiStatus: null,
    reportsSii: false,
    vatRegime: null,
    at: r.updatedAt,
  };
}

/** An SQS event of these message bodies (message ids m1, m2…); strings are sent as they are. */
export function sqsEvent(...bodies: unknown[]): SQSEvent {
  return {
    Records: bodies.map((b, i) => ({
      messageId: `m${i + 1}`,
      receiptHandle: `r${i + 1}`,
      body: typeof b === 'string' ? b : JSON.stringify(b),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:cuadra-accounting',
      awsRegion: 'eu-west-1',
    })),
  };
}
