/**
 * Test harness of the treasury: the in-memory table of functions/platform/testing/fake-table.ts, the SQS
 * client mocked (the backfill pages it queues), `BankingDeps` with a settable clock and counting ids,
 * and builders of the stored items other domains own (issued and received invoices, their payments,
 * customers, bank accounts). Call `treasuryHarness()` at the top of a test file, `h.reset()` in beforeEach.
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
} from '@functions/platform/testing/stored-invoices';
import type { WorkerContext } from '@functions/platform/workers';
import { envNames } from '@shared/config/env-names';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import type { Invoice, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import { mockClient } from 'aws-sdk-client-mock';
import type { BankingDeps } from '../store/deps';
import type { BankAccountItem } from '../store/items';

export const TABLE = 'cuadra-treasury-test';
export const TREASURY_QUEUE = 'https://sqs.eu-west-1.amazonaws.com/000000000000/cuadra-treasury';
export const COMPANY = 'co-tes';
/** Wednesday 11 March 2026, 10:00 in Madrid. */
export const T0 = new Date('2026-03-11T09:00:00.000Z');

export const silentLog: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};
export const workerCtx: WorkerContext = { log: silentLog };

export function treasuryHarness(start: Date = T0) {
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.queueUrl('treasury')]: TREASURY_QUEUE,
  });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const sqsMock = mockClient(SQSClient);
  let now = new Date(start);
  let ids = 0;
  const deps: BankingDeps = {
    db: testDocumentClient(),
    table: TABLE,
    sqs: new SQSClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    queueUrl: () => TREASURY_QUEUE,
    invoke: async <T>() => ({}) as T,
    now: () => new Date(now),
    newId: () => `id${String(++ids).padStart(6, '0')}`,
  };
  const queued = (): Record<string, unknown>[] =>
    sqsMock.commandCalls(SendMessageCommand).map((c) => JSON.parse(c.args[0].input.MessageBody ?? '{}'));
  return {
    table,
    sqsMock,
    deps,
    queued,
    put: (...items: Record<string, unknown>[]) => {
      for (const item of items) table.put(item);
    },
    setNow: (d: Date | string) => {
      now = new Date(d);
    },
    reset: () => {
      table.reset();
      sqsMock.reset();
      sqsMock.on(SendMessageCommand).resolves({ MessageId: 'm' });
      now = new Date(start);
      ids = 0;
    },
  };
}

export type TreasuryHarness = ReturnType<typeof treasuryHarness>;

/** A confirmed F1 of 1.000,00 € + 21 % VAT (1.210,00 €), due 30 days later. */
export function issuedInvoice(
  over: Partial<InvoiceWithPayments> & { dueDates?: unknown } = {},
): InvoiceWithPayments {
  const invoiceId = over.invoiceId ?? 'inv-1';
  return {
    invoiceId,
    companyId: COMPANY,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: '2026-02-09',
    operationDate: null,
    dueDate: '2026-03-11',
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
    totals: { baseCents: 100_000, vatCents: 21_000, recargoCents: 0, irpfCents: 0, totalCents: 121_000 },
    breakdown: [],
    legalMentions: [],
    series: 'F',
    seriesId: 's-f',
    requestedSeriesId: null,
    number: 1,
    invoiceNumber: `F-2026-${invoiceId.replace(/\D/g, '').padStart(4, '0')}`,
    confirmedAt: '2026-02-09T10:00:00.000Z',
    createdAt: '2026-02-09T09:00:00.000Z',
    updatedAt: '2026-02-09T10:00:00.000Z',
    ...over,
  } as InvoiceWithPayments;
}

export const invoiceItemOf = (inv: Invoice | InvoiceWithPayments) => storedInvoiceItem(inv);

export const invoicePayment = storedInvoicePayment;

export const invoicePaymentItem = (invoiceId: string, p: InvoicePayment) =>
  storedInvoicePaymentItem(COMPANY, invoiceId, p);

export const customerItem = (over: Record<string, unknown> = {}) => ({
  ...keys.customer(COMPANY, 'cu-1'),
  entity: 'Customer',
  v: SCHEMA_VERSION,
  customerId: 'cu-1',
  companyId: COMPANY,
  name: 'Ferretería López SL',
  taxId: 'B12345674',
  email: 'pagos@ferreterialopez.es',
  iban: 'ES9121000418450200051332',
  paymentTermsDays: 30,
  ...over,
});

/** A received F1 of 500,00 € + 21 % VAT (605,00 €) (version 1). */
export function receivedInvoice(
  over: Partial<ReceivedInvoice> & { dueDates?: unknown } = {},
): ReceivedInvoice {
  const lines = [
    {
      description: 'Material de oficina',
      quantityMilli: 1000,
      unitPriceCents: 50_000,
      discountBp: 0,
      vatRateBp: 2100,
      kind: 'DOMESTIC' as const,
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: false,
    },
  ];
  return {
    receivedInvoiceId: 'ri-1',
    companyId: COMPANY,
    supplier: { supplierId: null, name: 'Papelería Central SL', taxId: 'B98765432', country: 'ES' },
    supplierInvoiceNumber: 'PC-2026-881',
    invoiceType: 'F1',
    rectification: null,
    issueDate: '2026-03-05',
    accountingDate: '2026-03-05',
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
    createdAt: '2026-03-05T08:00:00.000Z',
    updatedAt: '2026-03-05T08:00:00.000Z',
    ...over,
  } as ReceivedInvoice;
}

export const receivedItemOf = storedReceivedItem;

export const receivedPaymentItem = (receivedInvoiceId: string, p: Partial<ReceivedInvoicePayment> = {}) => {
  const payment: ReceivedInvoicePayment = {
    paymentId: 'rpay-1',
    amountCents: 20_000,
    paidAt: '2026-03-06',
    method: 'TRANSFER',
    account: null,
    reference: null,
    status: 'ACTIVE',
    createdAt: '2026-03-06T08:00:00.000Z',
    createdBy: 'u-owner',
    ...p,
  };
  return {
    ...keys.receivedInvoicePayment(COMPANY, receivedInvoiceId, payment.createdAt, payment.paymentId),
    entity: 'ReceivedInvoicePayment',
    v: SCHEMA_VERSION,
    companyId: COMPANY,
    receivedInvoiceId,
    ...payment,
  };
};

export function bankAccountItem(over: Partial<BankAccountItem> = {}) {
  const item: BankAccountItem = {
    entity: 'BankAccount',
    schemaVersion: 1,
    companyId: COMPANY,
    accountId: 'acc-1',
    iban: 'ES7921000813610123456789',
    bankCode: '2100',
    bankName: 'CaixaBank',
    bic: null,
    alias: 'Cuenta principal',
    holderName: null,
    currency: 'EUR',
    accountingAccountCode: '572',
    balanceCents: 1_000_000,
    balanceDate: '2026-03-10',
    feed: { n43: true, psd2ConnectionId: null },
    active: true,
    movementCount: 0,
    unreconciledCount: 0,
    lastMovementDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-03-10T00:00:00.000Z',
    ...over,
  };
  return { ...keys.bankAccount(COMPANY, item.accountId), ...item };
}
