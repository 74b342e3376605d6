import {
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { keys } from '@shared/db/keys';
import type { InvoiceSeries, InvoiceSeriesView } from '@shared/schemas/invoice-series';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatInvoiceNumber, isNumberClaimConflict, numberClaimItems, seriesItem } from './store/series';
import { COMPANY, cancelled, invoicesHarness, T0, USER } from './testing/harness';

const { db, deps, call, transactions, resetIds } = invoicesHarness('s');

const series = (over: Partial<InvoiceSeries> = {}): InvoiceSeries => ({
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'F',
  description: 'Ordinarias',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

/** Stored series and default pointers answered by the partition Queries. */
function given(stored: InvoiceSeries[], defaults: Record<string, string> = {}) {
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const prefix = input.ExpressionAttributeValues?.[':prefix'];
    if (prefix === keys.invoiceSeriesPrefix(COMPANY).skPrefix) return { Items: stored.map(seriesItem) };
    if (prefix === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
      return { Items: Object.entries(defaults).map(([purpose, seriesId]) => ({ purpose, seriesId })) };
    }
    return { Items: [] };
  });
  for (const s of stored) {
    db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, s.seriesId) }).resolves({ Item: seriesItem(s) });
  }
}

beforeEach(() => {
  db.reset();
  resetIds();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(TransactWriteCommand).resolves({});
  given([]);
});

describe('invoice series: create', () => {
  it("the company's first ORDINARY series becomes its default, with its code claimed", async () => {
    const res = await call<InvoiceSeriesView>({ routeId: 'invoiceSeries.create', body: { code: 'f' } });

    expect(res.status).toBe(201);
    expect(res.envelope.data).toMatchObject({
      code: 'F',
      isDefault: true,
      example: 'F-2026-0001',
      issuedCount: 0,
    });
    const [items] = transactions();
    expect(items![1]!.Put!.Item).toMatchObject(keys.invoiceSeriesCodeClaim(COMPANY, 'F'));
    expect(items![2]!.Put!.Item).toMatchObject({
      ...keys.invoiceSeriesDefault(COMPANY, 'ORDINARY'),
      seriesId: 's1',
    });
    expect(items![2]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('a second ORDINARY series is not the default unless asked; asked, it takes the pointer over', async () => {
    given([series()], { ORDINARY: 'f1' });

    const plain = await call<InvoiceSeriesView>({ routeId: 'invoiceSeries.create', body: { code: 'G' } });
    const asked = await call<InvoiceSeriesView>({
      routeId: 'invoiceSeries.create',
      body: { code: 'H', isDefault: true },
    });

    expect(plain.envelope.data?.isDefault).toBe(false);
    expect(transactions()[0]).toHaveLength(2);
    expect(asked.envelope.data?.isDefault).toBe(true);
    expect(transactions()[1]![2]!.Put).toMatchObject({
      ConditionExpression: 'seriesId = :prev',
      ExpressionAttributeValues: { ':prev': 'f1' },
    });
  });

  it.each([
    ['a code with other characters', { code: 'F_1' }, 'code'],
    ['a code starting with a hyphen', { code: '-F' }, 'code'],
    ['a format without the year', { code: 'F', format: '{SERIES}-{NNNN}' }, 'format'],
    ['a format with lower-case literals', { code: 'F', format: 'fac{YYYY}{NNNN}' }, 'format'],
    ['a number token too short', { code: 'F', format: '{YYYY}-{NN}' }, 'format'],
    ['an unknown purpose', { code: 'F', purpose: 'OTHER' }, 'purpose'],
  ])('refuses %s with 400 CORE_004 naming the field', async (_, body, field) => {
    const res = await call({ routeId: 'invoiceSeries.create', body });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field });
    expect(transactions()).toHaveLength(0);
  });

  it('refuses a code already used in the company', async () => {
    db.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const res = await call({ routeId: 'invoiceSeries.create', body: { code: 'F' } });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'code' });
  });
});

describe('invoice series: update and delete', () => {
  it('refuses to delete a series that issued numbers with 409 DOC_046', async () => {
    given([series({ issuedCount: 3 })], { ORDINARY: 'f1' });

    const res = await call({ routeId: 'invoiceSeries.delete', params: { seriesId: 'f1' } });

    expect(res.status).toBe(409);
    expect(res.envelope.error).toMatchObject({
      code: 'DOC_046',
      message: 'La serie ya tiene facturas emitidas y no se puede eliminar.',
    });
    expect(transactions()).toHaveLength(0);
  });

  it('a claim that lands between the read and the delete still wins: DOC_046', async () => {
    given([series()], { ORDINARY: 'f1' });
    db.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));

    const res = await call({ routeId: 'invoiceSeries.delete', params: { seriesId: 'f1' } });

    expect(res.status).toBe(409);
    expect(res.envelope.error?.code).toBe('DOC_046');
  });

  it('deletes an unused default series with its code claim and the pointer', async () => {
    given([series()], { ORDINARY: 'f1' });

    const res = await call({ routeId: 'invoiceSeries.delete', params: { seriesId: 'f1' } });

    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items![0]!.Delete).toMatchObject({
      Key: keys.invoiceSeries(COMPANY, 'f1'),
      ConditionExpression: 'issuedCount = :zero',
    });
    expect(items![1]!.Delete!.Key).toEqual(keys.invoiceSeriesCodeClaim(COMPANY, 'F'));
    expect(items![2]!.Delete!.Key).toEqual(keys.invoiceSeriesDefault(COMPANY, 'ORDINARY'));
  });

  it('refuses to change the code of a series that issued numbers, but allows its description', async () => {
    given([series({ issuedCount: 1 })], { ORDINARY: 'f1' });

    const code = await call({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { code: 'G' },
    });
    const text = await call<InvoiceSeriesView>({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { description: 'Facturas 2026' },
    });

    expect(code.status).toBe(400);
    expect(code.envelope.error).toMatchObject({ code: 'CORE_004', field: 'code' });
    expect(text.status).toBe(200);
    expect(text.envelope.data).toMatchObject({ description: 'Facturas 2026', isDefault: true });
    expect(transactions()).toHaveLength(1);
  });

  it('refuses to change the format of a series that issued numbers, naming the format', async () => {
    given([series({ issuedCount: 1 })], { ORDINARY: 'f1' });

    const res = await call({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { format: '{SERIES}/{YY}/{NNNNN}' },
    });

    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'CORE_004', field: 'format' });
    expect(transactions()).toHaveLength(0);
  });

  it('renaming an unused series moves its code claim, conditioned on no number issued meanwhile', async () => {
    given([series()], { ORDINARY: 'f1' });

    const res = await call({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { code: 'G' },
    });

    expect(res.status).toBe(200);
    const [items] = transactions();
    expect(items![0]!.Update!.ConditionExpression).toBe('updatedAt = :seen AND issuedCount = :zero');
    expect(items![1]!.Put!.Item).toMatchObject(keys.invoiceSeriesCodeClaim(COMPANY, 'G'));
    expect(items![2]!.Delete!.Key).toEqual(keys.invoiceSeriesCodeClaim(COMPANY, 'F'));
  });

  it('deactivating the default series clears the pointer; an inactive series cannot be the default', async () => {
    given([series()], { ORDINARY: 'f1' });

    const off = await call<InvoiceSeriesView>({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { isActive: false },
    });
    const both = await call({
      routeId: 'invoiceSeries.update',
      params: { seriesId: 'f1' },
      body: { isActive: false, isDefault: true },
    });

    expect(off.envelope.data?.isDefault).toBe(false);
    expect(transactions()[0]![1]!.Delete!.Key).toEqual(keys.invoiceSeriesDefault(COMPANY, 'ORDINARY'));
    expect(both.status).toBe(400);
    expect(both.envelope.error?.field).toBe('isDefault');
  });

  it('another company series id is 404', async () => {
    const res = await call({ routeId: 'invoiceSeries.get', params: { seriesId: 'nope' } });

    expect(res.status).toBe(404);
    expect(res.envelope.error?.code).toBe('CORE_006');
  });
});

describe('numbering', () => {
  it('formats the number with the pattern of the series', () => {
    expect(formatInvoiceNumber(series(), 2026, 1)).toBe('F-2026-0001');
    expect(formatInvoiceNumber(series({ code: 'R', format: '{SERIES}{YY}/{NNNNNN}' }), 2027, 42)).toBe(
      'R27/000042',
    );
  });

  it('claims the first number of a year with a put-if-absent counter and counts the issue on the series', async () => {
    const claim = await numberClaimItems(deps, series(), 2026);

    expect(claim).toMatchObject({ number: 1, invoiceNumber: 'F-2026-0001' });
    expect(claim.items[0]!.Update).toMatchObject({
      Key: keys.invoiceNumberCounter(COMPANY, 'f1', 2026),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(claim.items[1]!.Update).toMatchObject({
      Key: keys.invoiceSeries(COMPANY, 'f1'),
      ConditionExpression: 'attribute_exists(pk) AND isActive = :true',
    });
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('claims the next number only if the counter has not moved since it was read', async () => {
    db.on(GetCommand, { Key: keys.invoiceNumberCounter(COMPANY, 'f1', 2026) }).resolves({
      Item: { last: 41 },
    });

    const claim = await numberClaimItems(deps, series(), 2026);

    expect(claim.number).toBe(42);
    expect(claim.items[0]!.Update).toMatchObject({
      ConditionExpression: '#last = :prev',
      ExpressionAttributeValues: expect.objectContaining({ ':prev': 41, ':next': 42 }),
    });
  });

  it('refuses a date earlier than the last invoice of the series and records the date it numbers', async () => {
    db.on(GetCommand, { Key: keys.invoiceNumberCounter(COMPANY, 'f1', 2026) }).resolves({
      Item: { last: 3, lastIssueDate: '2026-05-10' },
    });

    await expect(numberClaimItems(deps, series(), 2026, '2026-05-09')).rejects.toMatchObject({
      code: 'CORE_004',
      field: 'invoiceDate',
      message: expect.stringContaining('10/05/2026'),
    });
    const sameDay = await numberClaimItems(deps, series(), 2026, '2026-05-10');
    expect(sameDay.number).toBe(4);
    expect(sameDay.items[0]!.Update).toMatchObject({
      UpdateExpression: expect.stringContaining('lastIssueDate = :date'),
      ExpressionAttributeValues: expect.objectContaining({ ':date': '2026-05-10', ':prev': 3 }),
    });
  });

  it('refuses a number the pattern cannot hold', async () => {
    db.on(GetCommand, { Key: keys.invoiceNumberCounter(COMPANY, 'f1', 2026) }).resolves({
      Item: { last: 999 },
    });

    await expect(numberClaimItems(deps, series({ format: '{YYYY}-{NNN}' }), 2026)).rejects.toMatchObject({
      code: 'CORE_004',
    });
  });

  it('tells a lost race (retry) from a refused series (do not retry)', () => {
    expect(isNumberClaimConflict(cancelled('None', 'ConditionalCheckFailed', 'None'), 1)).toBe(true);
    expect(isNumberClaimConflict(cancelled('TransactionConflict', 'None', 'None'), 1)).toBe(true);
    expect(isNumberClaimConflict(cancelled('None', 'None', 'ConditionalCheckFailed'), 1)).toBe(false);
  });
});
