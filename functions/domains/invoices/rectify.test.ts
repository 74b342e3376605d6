import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceItem } from './store/invoices';
import { seriesItem } from './store/series';
import { COMPANY, cancelled, invoicesHarness, issuerCompany, T0, USER } from './testing/harness';

const { db, call, transactions, resetIds } = invoicesHarness('rec');
const writes = () =>
  db.commandCalls(PutCommand).length +
  db.commandCalls(DeleteCommand).length +
  db.commandCalls(TransactWriteCommand).length;
const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; details?: { reason?: string } } }).error;

const series = (over: Partial<InvoiceSeries> = {}): InvoiceSeries => ({
  seriesId: 'r1',
  companyId: COMPANY,
  code: 'R',
  description: 'Rectificativas',
  purpose: 'RECTIFICATIVA',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const customer = {
  customerId: 'c1',
  name: 'Ferretería López',
  taxId: '12345678Z',
  address: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
  vatTreatment: 'DOMESTIC' as const,
};

/** A confirmed F1 of 2 × 100,00 € at 21 %: base 200,00, IVA 42,00, total 242,00. */
const original = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 'orig1',
  companyId: COMPANY,
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-02-10',
  operationDate: null,
  dueDate: null,
  paymentMethod: null,
  notes: null,
  customer,
  invoiceLines: [
    {
      description: 'Reparación',
      quantityMilli: 2000,
      unitPriceCents: 10_000,
      discountBp: 0,
      vatRateBp: 2100,
      operation: 'S1',
      recargo: false,
      baseCents: 20_000,
    },
  ],
  irpfRateBp: 0,
  totals: { baseCents: 20_000, vatCents: 4200, recargoCents: 0, irpfCents: 0, totalCents: 24_200 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 20_000,
      vatCents: 4200,
      recargoCents: 0,
    },
  ],
  legalMentions: [],
  series: 'F',
  seriesId: 'f1',
  requestedSeriesId: null,
  number: 7,
  invoiceNumber: 'F-2026-0007',
  confirmedAt: '2026-02-10T10:00:00.000Z',
  createdAt: '2026-02-10T09:00:00.000Z',
  updatedAt: '2026-02-10T10:00:00.000Z',
  ...over,
});

const stored = (inv: Invoice) =>
  db.on(GetCommand, { Key: keys.invoice(COMPANY, inv.invoiceId) }).resolves({ Item: invoiceItem(inv) });

let defaults: Record<string, string> = {};

beforeEach(() => {
  db.reset();
  resetIds();
  defaults = { ORDINARY: 'f1', RECTIFICATIVA: 'r1' };
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.company(COMPANY) }).resolves({
    Item: { ...keys.company(COMPANY), ...issuerCompany },
  });
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'r1') }).resolves({ Item: seriesItem(series()) });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({
    Item: seriesItem(series({ seriesId: 'f1', code: 'F', purpose: 'ORDINARY' })),
  });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const prefix = input.ExpressionAttributeValues?.[':prefix'];
    if (prefix === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
      return { Items: Object.entries(defaults).map(([purpose, seriesId]) => ({ purpose, seriesId })) };
    }
    return { Items: [] };
  });
  db.on(PutCommand).resolves({});
  db.on(TransactWriteCommand).resolves({});
  stored(original());
});

const rectify = (body: Record<string, unknown>, invoiceId = 'orig1', query?: Record<string, string>) =>
  call<Invoice>({
    routeId: 'invoices.rectify',
    params: { invoiceId },
    ...(query ? { query } : {}),
    body: { rectificationType: 'R1', reason: 'Precio mal aplicado', ...body },
  });

const lastTransaction = () => transactions().at(-1)!;
const linkOf = (items: ReturnType<typeof lastTransaction>, invoiceId: string) =>
  items.find((i) => i.Update?.Key?.sk === keys.invoice(COMPANY, invoiceId).sk)?.Update;

describe('invoices.rectify', () => {
  it('R1 by differences: the difference lines give negative totals, numbered in the RECTIFICATIVA default', async () => {
    const res = await rectify({
      method: 'DIFFERENCES',
      invoiceDate: '2026-03-02',
      invoiceLines: [
        { description: 'Abono 1 unidad', quantity: -1, unitPriceCents: 10_000, vatRateBp: 2100 },
      ],
    });

    expect(res.status).toBe(201);
    const inv = res.envelope.data!;
    // −100,00 at 21 % = −21,00 of VAT: −121,00.
    expect(inv.totals).toEqual({
      baseCents: -10_000,
      vatCents: -2100,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: -12_100,
    });
    expect(inv).toMatchObject({
      invoiceType: 'R1',
      status: 'CONFIRMED',
      series: 'R',
      invoiceNumber: 'R-2026-0001',
      customer,
      rectification: {
        method: 'DIFFERENCES',
        reason: 'Precio mal aplicado',
        rectified: [
          {
            invoiceId: 'orig1',
            invoiceNumber: 'F-2026-0007',
            invoiceDate: '2026-02-10',
            invoiceType: 'F1',
            totals: original().totals,
          },
        ],
      },
    });
    const items = lastTransaction();
    expect(items[0]!.Put!.Item).toMatchObject({ invoiceType: 'R1', ...keys.invoice(COMPANY, 'rec1') });
    // The credit note's 121,00 reduce what is owed on the original (242,00): PARTIAL, in the same
    // transaction, conditioned on the paid and credited amounts read.
    const link = linkOf(items, 'orig1');
    expect(link).toMatchObject({
      ExpressionAttributeValues: {
        ':ids': ['rec1'],
        ':confirmed': 'CONFIRMED',
        ':credited': 12_100,
        ':ps': 'PARTIAL',
        ':seenPaid': 0,
        ':seenCredited': 0,
      },
    });
    expect(link!.ConditionExpression).toContain('attribute_not_exists(substitutedBy)');
    expect(link!.UpdateExpression).toContain('rectifiedBy = list_append');
    expect(link!.UpdateExpression).toContain('creditsReceived = list_append');
    expect(inv).toMatchObject({ appliedCreditCents: 12_100, unappliedCreditCents: 0, paymentStatus: 'PAID' });
  });

  it('R1 by substitution carries the corrected lines and the rectified totals', async () => {
    const res = await rectify({
      method: 'SUBSTITUTION',
      invoiceDate: '2026-03-02',
      invoiceLines: [
        { description: 'Reparación', quantity: 1, unitPriceCents: 15_000, vatRateBp: 1000, changed: true },
      ],
    });

    expect(res.status).toBe(201);
    expect(res.envelope.data!.totals).toEqual({
      baseCents: 15_000,
      vatCents: 1500,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: 16_500,
    });
    expect(res.envelope.data!.rectification!.method).toBe('SUBSTITUTION');
    expect(res.envelope.data!.rectification!.rectified[0]!.breakdown).toEqual(original().breakdown);
  });

  it('cancelAll annuls the amounts: minus the original by differences, zero by substitution', async () => {
    const byDifferences = await rectify({ method: 'DIFFERENCES', cancelAll: true });
    const bySubstitution = await rectify({ method: 'SUBSTITUTION', cancelAll: true });

    expect(byDifferences.envelope.data!.totals).toMatchObject({ baseCents: -20_000, totalCents: -24_200 });
    expect(byDifferences.envelope.data!.invoiceLines[0]).toMatchObject({ quantityMilli: -2000 });
    expect(bySubstitution.envelope.data!.totals).toMatchObject({ baseCents: 0, vatCents: 0, totalCents: 0 });
    expect(bySubstitution.envelope.data!.invoiceLines).toHaveLength(2);
  });

  it('R5 rectifies an F2, and an F2 is refused to R1 and R5 is refused on an F1, writing nothing', async () => {
    stored(original({ invoiceId: 'simple1', invoiceType: 'F2' }));

    const r1OnF2 = await rectify({ method: 'DIFFERENCES', cancelAll: true }, 'simple1');
    const r5OnF1 = await rectify({ rectificationType: 'R5', method: 'DIFFERENCES', cancelAll: true });
    expect(errorOf(r1OnF2)).toMatchObject({ code: 'CORE_004', field: 'rectificationType' });
    expect(errorOf(r5OnF1)).toMatchObject({ code: 'CORE_004', field: 'rectificationType' });
    expect(writes()).toBe(0);

    const r5 = await rectify({ rectificationType: 'R5', method: 'DIFFERENCES', cancelAll: true }, 'simple1');
    expect(r5.status).toBe(201);
    expect(r5.envelope.data).toMatchObject({ invoiceType: 'R5', totals: { totalCents: -24_200 } });
  });

  it('refuses a draft (CORE_004), a cancelled invoice (DOC_047) and an unknown one (404), writing nothing', async () => {
    stored(original({ invoiceId: 'draft1', status: 'DRAFT' }));
    stored(original({ invoiceId: 'gone1', status: 'CANCELLED' }));

    const draft = await rectify({ method: 'DIFFERENCES', cancelAll: true }, 'draft1');
    const gone = await rectify({ method: 'DIFFERENCES', cancelAll: true }, 'gone1');
    const unknown = await rectify({ method: 'DIFFERENCES', cancelAll: true }, 'nope');

    expect(errorOf(draft)).toMatchObject({ code: 'CORE_004', details: { reason: 'NOT_CONFIRMED' } });
    expect(gone.status).toBe(409);
    expect(errorOf(gone)).toMatchObject({ code: 'DOC_047', details: { reason: 'CANCELLED' } });
    expect(unknown.status).toBe(404);
    expect(writes()).toBe(0);
  });

  it('refuses without a RECTIFICATIVA series, or with an ordinary one, writing nothing', async () => {
    const ordinary = await rectify({ method: 'DIFFERENCES', cancelAll: true, series: 'f1' });
    defaults = { ORDINARY: 'f1' };
    const none = await rectify({ method: 'DIFFERENCES', cancelAll: true });

    expect(errorOf(ordinary)).toMatchObject({ code: 'CORE_004', details: { reason: 'SERIES_PURPOSE' } });
    expect(errorOf(none)).toMatchObject({
      code: 'CORE_004',
      field: 'series',
      details: { reason: 'SERIES_NOT_FOUND' },
    });
    expect(writes()).toBe(0);
  });

  it('refuses negative lines by substitution, a date before the original and a bad reason', async () => {
    const negative = await rectify({
      method: 'SUBSTITUTION',
      invoiceLines: [{ description: 'X', quantity: -1, unitPriceCents: 100, vatRateBp: 2100 }],
    });
    const early = await rectify({ method: 'DIFFERENCES', cancelAll: true, invoiceDate: '2026-01-01' });
    const shortReason = await rectify({ method: 'DIFFERENCES', cancelAll: true, reason: 'no' });
    const nothing = await rectify({ method: 'DIFFERENCES' });

    expect(errorOf(negative)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines.0.quantity' });
    expect(errorOf(early)).toMatchObject({ code: 'CORE_004', field: 'invoiceDate' });
    expect(errorOf(shortReason)).toMatchObject({ code: 'CORE_004', field: 'reason' });
    expect(errorOf(nothing)).toMatchObject({ code: 'CORE_004', field: 'invoiceLines' });
    expect(writes()).toBe(0);
  });

  it('rectifies several invoices of the same customer together and refuses another customer', async () => {
    stored(original({ invoiceId: 'orig2', invoiceNumber: 'F-2026-0008', number: 8 }));
    stored(original({ invoiceId: 'other1', customer: { ...customer, customerId: 'c2', name: 'Otro' } }));

    const both = await rectify({ method: 'DIFFERENCES', cancelAll: true, additionalInvoiceIds: ['orig2'] });
    expect(both.status).toBe(201);
    expect(both.envelope.data!.totals.totalCents).toBe(-48_400);
    expect(both.envelope.data!.rectification!.rectified.map((r) => r.invoiceNumber)).toEqual([
      'F-2026-0007',
      'F-2026-0008',
    ]);
    const items = lastTransaction();
    expect(linkOf(items, 'orig1')).toBeDefined();
    expect(linkOf(items, 'orig2')).toBeDefined();

    const before = writes();
    const mixed = await rectify({ method: 'DIFFERENCES', cancelAll: true, additionalInvoiceIds: ['other1'] });
    expect(errorOf(mixed)).toMatchObject({ code: 'CORE_004', details: { reason: 'DIFFERENT_CUSTOMERS' } });
    expect(writes()).toBe(before);
  });

  it('answers DOC_047 when the original stopped being CONFIRMED before the transaction', async () => {
    // The original is cancelled between the read and the write: the re-read says why.
    db.on(TransactWriteCommand).callsFake(() => {
      stored(original({ status: 'CANCELLED' }));
      throw cancelled('None', 'None', 'None', 'None', 'ConditionalCheckFailed');
    });

    const res = await rectify({ method: 'DIFFERENCES', cancelAll: true });

    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'DOC_047', details: { reason: 'RECTIFIED_NOT_CONFIRMED' } });
  });

  it('confirm=false leaves a draft that remembers its series; confirming it links the original', async () => {
    const res = await rectify({ method: 'DIFFERENCES', cancelAll: true, confirm: false });

    expect(res.status).toBe(201);
    const draft = res.envelope.data!;
    expect(draft).toMatchObject({
      status: 'DRAFT',
      invoiceType: 'R1',
      requestedSeriesId: 'r1',
      number: null,
    });
    expect(
      transactions()
        .flat()
        .filter((i) => i.Put?.Item?.status === 'CONFIRMED'),
    ).toHaveLength(0);
    stored(draft);

    const confirmed = await call<Invoice>({
      routeId: 'invoices.confirm',
      params: { invoiceId: draft.invoiceId },
    });

    expect(confirmed.envelope.data).toMatchObject({
      status: 'CONFIRMED',
      series: 'R',
      invoiceNumber: 'R-2026-0001',
    });
    expect(linkOf(lastTransaction(), 'orig1')).toBeDefined();
  });

  it('an ordinary draft cannot be confirmed in a RECTIFICATIVA series', async () => {
    stored(original({ invoiceId: 'plain', status: 'DRAFT', number: null, invoiceNumber: null }));

    const res = await call({
      routeId: 'invoices.confirm',
      params: { invoiceId: 'plain' },
      query: { series: 'r1' },
    });

    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', details: { reason: 'SERIES_PURPOSE' } });
    expect(writes()).toBe(0);
  });
});
