/**
 * Test harness of the SII domain, for every SII test that touches the table or the sender's queue:
 * the in-memory table of functions/platform/testing/fake-table.ts behind aws-sdk-client-mock (the
 * document client class is mocked, so every client is answered), the SQS client mocked with the
 * sender wake-ups it received, `SiiDeps` with a settable clock and counting ids, and builders of
 * the items other domains own (company, tax profile, members, issued and received invoices,
 * payments) and of the queue messages the `invoice-events` stream consumer publishes.
 *
 * Call `siiHarness()` at the top of a test file (it registers the environment for the file), and
 * `h.reset()` in `beforeEach`.
 */

import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lazyS3 } from '@functions/platform/aws/s3-lazy';
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
import {
  type Company,
  type CompanyRole,
  companyItem,
  membershipItem,
  SCHEMA_VERSION,
} from '@shared/db/records';
import { computeReceivedInvoiceTotals } from '@shared/fiscal/received-invoice-totals';
import type { Invoice, InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import type { ReceivedInvoice, ReceivedInvoiceLine } from '@shared/schemas/received-invoices';
import type { SiiConfig } from '@shared/schemas/sii';
import { defaultTaxProfileFacts, type TaxProfileFacts } from '@shared/schemas/tax-profile';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { siiConfigItem } from '../store/config';
import type { SiiDeps } from '../store/deps';

export const TABLE = 'cuadra-sii-test';
export const SEND_QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/000000000000/cuadra-sii-send.fifo';
export const ARCHIVE_BUCKET = 'cuadra-sii-archive-test';
export const COMPANY = 'co-sii';
export const COMPANY_NIF = 'A12345674';
export const COMPANY_NAME = 'Transportes Levante SA';
export const T0 = new Date('2026-03-10T09:00:00.000Z');

/** A logger that says nothing, and a worker context with it. */
export const silentLog: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLog,
};
export const workerCtx: WorkerContext = { log: silentLog };

/** One wake-up of a company's sender, as the FIFO queue received it. */
export interface Wake {
  companyId: string;
  groupId: string | undefined;
  dedupeId: string | undefined;
  queueUrl: string | undefined;
}

export function siiHarness(start: Date = T0) {
  useEnv({
    TABLE_NAME: TABLE,
    AWS_REGION: 'eu-west-1',
    LOG_LEVEL: 'silent',
    [envNames.queueUrl('sii-send')]: SEND_QUEUE_URL,
    [envNames.bucket('sii-archive')]: ARCHIVE_BUCKET,
  });
  const table = fakeTable(DynamoDBDocumentClient as unknown as DynamoDBDocumentClient);
  const sqsMock = mockClient(SQSClient);
  let now = new Date(start);
  let ids = 0;
  const deps: SiiDeps = {
    db: testDocumentClient(),
    table: TABLE,
    sqs: new SQSClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    sendQueueUrl: SEND_QUEUE_URL,
    s3: lazyS3,
    archiveBucket: ARCHIVE_BUCKET,
    now: () => new Date(now),
    newId: () => `id${String(++ids).padStart(6, '0')}`,
  };
  const wakes = (): Wake[] =>
    sqsMock.commandCalls(SendMessageCommand).map((c) => {
      const input = c.args[0].input;
      return {
        companyId: (JSON.parse(input.MessageBody ?? '{}') as { companyId: string }).companyId,
        groupId: input.MessageGroupId,
        dedupeId: input.MessageDeduplicationId,
        queueUrl: input.QueueUrl,
      };
    });
  return {
    table,
    sqsMock,
    deps,
    wakes,
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

export type SiiHarness = ReturnType<typeof siiHarness>;

// --- items other domains own ----------------------------------------------------------------------

export interface CompanySetup {
  companyId?: string;
  name?: string;
  nif?: string;
  siiEnabled?: boolean;
  siiSince?: string | null;
  facts?: Partial<TaxProfileFacts>;
  createdAt?: string;
}

/** The company item (in the company directory) and its tax profile. */
export function companyItems(setup: CompanySetup = {}): Record<string, unknown>[] {
  const companyId = setup.companyId ?? COMPANY;
  const siiEnabled = setup.siiEnabled ?? true;
  const company: Company & { siiSince?: string | null } = {
    companyId,
    name: setup.name ?? COMPANY_NAME,
    nif: setup.nif ?? COMPANY_NIF,
    companyType: 'SA',
    isActive: true,
    siiEnabled,
    verifactuEnabled: false,
    address: {
      street: 'Avenida del Puerto 10',
      postalCode: '46024',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
    },
    fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: true, redeme: false },
    createdAt: setup.createdAt ?? '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    createdBy: 'u-owner',
    ...(setup.siiSince !== undefined ? { siiSince: setup.siiSince } : {}),
  };
  const facts: TaxProfileFacts = {
    ...defaultTaxProfileFacts({ companyType: 'SA', siiEnabled }),
    ...setup.facts,
  };
  const profile = {
    ...keys.taxProfile(companyId),
    ...keys.taxProfileDirectory(companyId),
    entity: 'TaxProfile',
    v: SCHEMA_VERSION,
    companyId,
    companyType: 'SA',
    taxYear: 2025,
    facts,
    versions: [
      { effectiveFrom: '2025-01-01', facts, changedAt: '2025-01-01T00:00:00.000Z', changedBy: 'u-owner' },
    ],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    revision: 1,
  };
  return [companyItem(company), profile];
}

export function memberItem(
  userId: string,
  companyRole: CompanyRole,
  over: { companyId?: string; isActive?: boolean } = {},
) {
  return membershipItem({
    companyId: over.companyId ?? COMPANY,
    userId,
    companyRole,
    permissions: [],
    isActive: over.isActive ?? true,
    email: `${userId}@cuadra.test`,
    firstName: userId,
    lastName: 'Test',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  });
}

export function configOf(over: Partial<SiiConfig> = {}): SiiConfig {
  return {
    companyId: COMPANY,
    environment: 'TEST',
    certificateId: 'cert-1',
    representative: null,
    submissionMode: 'AUTOMATIC',
    holdUnapprovedReceived: false,
    lastConnectionTest: null,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    ...over,
  };
}

export const configItem = (over: Partial<SiiConfig> = {}) => siiConfigItem(configOf(over));

/** A confirmed F1 of 1.000,00 € + 21 % VAT to a Spanish customer, NOT_SENT to the SII. */
export function issuedInvoice(over: Partial<InvoiceWithPayments> = {}): InvoiceWithPayments {
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
        description: 'Transporte de mercancías Valencia-Madrid',
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
      name: COMPANY_NAME,
      nif: COMPANY_NIF,
      street: 'Avenida del Puerto 10',
      postalCode: '46024',
      city: 'Valencia',
      province: 'Valencia',
      country: 'ES',
      email: null,
      phone: null,
      vatRegime: 'GENERAL',
    },
    siiStatus: 'NOT_SENT',
    requestedSeriesId: null,
    number: 12,
    invoiceNumber: `F-2026-${invoiceId.replace(/\D/g, '').padStart(4, '0')}`,
    confirmedAt: '2026-03-09T10:00:00.000Z',
    createdAt: '2026-03-09T09:00:00.000Z',
    updatedAt: '2026-03-09T10:00:00.000Z',
    ...over,
  };
}

/** The stored invoice item (as the invoices domain writes it: key, date index, entity). */
export const invoiceItemOf = (inv: InvoiceWithPayments) => storedInvoiceItem(inv);

export const invoicePayment = storedInvoicePayment;

export const invoicePaymentItem = (invoiceId: string, p: InvoicePayment) =>
  storedInvoicePaymentItem(COMPANY, invoiceId, p);

const receivedLine = (over: Partial<ReceivedInvoiceLine> = {}): ReceivedInvoiceLine => ({
  description: 'Gasóleo para la flota',
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

/** A received F1 of 500,00 € + 21 % VAT from a Spanish supplier, APPROVED, NOT_SENT to the SII. */
export function receivedInvoice(
  over: Omit<Partial<ReceivedInvoice>, 'lines'> & { lines?: Partial<ReceivedInvoiceLine>[] } = {},
): ReceivedInvoice {
  const { lines: lineOver, ...rest } = over;
  const lines = (lineOver ?? [{}]).map(receivedLine);
  const totals = computeReceivedInvoiceTotals({ lines, irpfRateBp: 0 });
  return {
    receivedInvoiceId: 'ri-1',
    companyId: COMPANY,
    supplier: { supplierId: 'su-1', name: 'Gasóleos del Turia SL', taxId: 'B98765432', country: 'ES' },
    supplierInvoiceNumber: 'GT-2026-881',
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
    siiStatus: 'NOT_SENT',
    version: 1,
    createdBy: 'u-owner',
    createdAt: '2026-03-09T08:00:00.000Z',
    updatedAt: '2026-03-09T08:00:00.000Z',
    ...rest,
  };
}

export const receivedItemOf = storedReceivedItem;

// --- queue messages --------------------------------------------------------------------------------

/** The body the stream consumer publishes for an invoice event (`invoiceEventPayload` + kind, at). */
export function issuedEventBody(
  kind: 'INVOICE_CONFIRMED' | 'INVOICE_CANCELLED' | 'PAYMENT_RECORDED' | 'PAYMENT_DELETED',
  inv: Invoice,
  opts: { eventId?: string; at?: string; payment?: InvoicePayment } = {},
): Record<string, unknown> {
  const p = opts.payment;
  return {
    eventId: opts.eventId ?? `ev-${kind}-${inv.invoiceId}${p ? `-${p.paymentId}-${p.revision ?? 0}` : ''}`,
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
    vatRegime: inv.issuer?.vatRegime ?? null,
    intraEuOperation: inv.intraEuOperation ?? null,
    siiStatus: inv.siiStatus ?? null,
    at: opts.at ?? (p ? p.createdAt : (inv.confirmedAt ?? T0.toISOString())),
    ...(p
      ? {
          payment: {
            paymentId: p.paymentId,
            date: p.paidAt,
            amountCents: p.amountCents,
            method: p.method,
            reference: p.reference,
            revision: p.revision ?? 0,
            movedFrom: null,
          },
        }
      : {}),
  };
}

/** The body of a received-invoice event (`ReceivedInvoiceEventBody` + eventId). */
export function receivedEventBody(
  kind:
    | 'RECEIVED_REGISTERED'
    | 'RECEIVED_UPDATED'
    | 'RECEIVED_DELETED'
    | 'RECEIVED_PAYMENT_RECORDED'
    | 'RECEIVED_PAYMENT_DELETED',
  r: ReceivedInvoice,
  opts: {
    eventId?: string;
    at?: string;
    vatRegime?: string | null;
    payment?: {
      paymentId: string;
      date: string;
      amountCents: number;
      method?: string;
      account?: string | null;
    };
  } = {},
): Record<string, unknown> {
  return {
    eventId: opts.eventId ?? `ev-${kind}-${r.receivedInvoiceId}-v${r.version}`,
    kind,
    companyId: r.companyId,
    receivedInvoiceId: r.receivedInvoiceId,
    receivedInvoice: r,
    ...(opts.payment
      ? {
          payment: {
            method: 'TRANSFER',
            account: null,
            reference: null,
            ...opts.payment,
          },
        }
      : {}),
    siiStatus: r.siiStatus ?? 'NOT_SENT',
    vatRegime: opts.vatRegime ?? null,
    at: opts.at ?? r.updatedAt,
  };
}

/** An SQS event of these message bodies (message ids m1, m2…). */
export function sqsEvent(...bodies: unknown[]): SQSEvent {
  return {
    Records: bodies.map((b, i) => ({
      messageId: `m${i + 1}`,
      receiptHandle: `r${i + 1}`,
      body: JSON.stringify(b),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: '0',
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: '0',
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:cuadra-sii',
      awsRegion: 'eu-west-1',
    })),
  };
}
