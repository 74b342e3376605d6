/**
 * Payments and documents under contention against DynamoDB Local (issue #12 item 5): the invoices
 * handler in process, through the whole pipeline (membership, idempotency store on the table), on
 * an SII company of its own.
 * - N concurrent payments of random amounts never exceed what is owed, never answer 5xx, and the
 *   stored payments add up to the invoice's paidCents (fast-check);
 * - N identical payments with one Idempotency-Key store exactly one payment and all answer the
 *   same success (fast-check); the same key with another body is 422;
 * - 20 concurrent payments that fit all get through (the internal retry), where 7 answered 500;
 * - concurrent create-and-confirm on the SII company (no VeriFacTu chain) all succeed with
 *   correlative numbers, and a repeated key creates one invoice.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem } from '@shared/db/records';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoicesActions } from './handler';
import type { InvoicesDeps } from './store/deps';

const cloud = inject('localCloud');
const COMPANY = `contention-${Date.now().toString(36)}`;
const USER = 'contention-user';
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: cloud.env.AWS_ENDPOINT_URL_DYNAMODB!,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
let ids = 0;
const deps: InvoicesDeps = {
  db,
  table: cloud.env.TABLE_NAME!,
  now: () => new Date('2026-11-20T10:00:00.000Z'),
  newId: () => `ct${Date.now().toString(36)}${++ids}`,
};

const company: Company = {
  companyId: COMPANY,
  name: 'Concurrencia de Prueba SA',
  nif: 'A12345674',
  companyType: 'SA',
  isActive: true,
  siiEnabled: true,
  verifactuEnabled: false,
  address: {
    street: 'Calle Mayor 1',
    postalCode: '46001',
    city: 'Valencia',
    province: 'Valencia',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL', directTax: 'IMPUESTO_SOCIEDADES', largeCompany: false, redeme: false },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: USER,
};

/** 1 × 100,00 € + 21 % IVA = 121,00 €. */
const TOTAL = 12_100;
const invoiceBody = (i: number) => ({
  invoiceType: 'F1',
  invoiceDate: '2026-11-02',
  dueDate: '2099-12-31',
  customer: {
    nif: '12345678Z',
    name: `Cliente Concurrente ${i}`,
    address: 'Avenida del Puerto 10',
    postalCode: '46023',
    city: 'Valencia',
    country: 'ES',
  },
  invoiceLines: [{ description: 'Servicio', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
});

let keySeq = 0;
const newKey = () => `ct-${Date.now().toString(36)}-${++keySeq}`;

type Call = { status: number; data: unknown; code: string | undefined; replayed: boolean };
let call: (
  routeId: RouteId,
  o?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; key?: string },
) => Promise<Call>;

const confirmed = async (i: number) => {
  const res = await call('invoices.createAndConfirm', { body: invoiceBody(i) });
  if (res.status !== 201) throw new Error(`create-and-confirm: ${res.status} ${res.code}`);
  return res.data as InvoiceWithPayments;
};
const pay = (invoiceId: string, amountCents: number, key?: string) =>
  call('invoices.addPayment', {
    params: { invoiceId },
    body: { amountCents, paidAt: '2026-11-10', method: 'TRANSFER' },
    ...(key ? { key } : {}),
  });
const stored = async (invoiceId: string) => {
  const inv = (await call('invoices.get', { params: { invoiceId } })).data as InvoiceWithPayments;
  const list = (await call('invoices.listPayments', { params: { invoiceId } })).data as InvoicePayment[];
  return { inv, list };
};

beforeAll(async () => {
  Object.assign(process.env, {
    AWS_REGION: cloud.env.AWS_REGION ?? 'eu-west-1',
    AWS_ENDPOINT_URL_DYNAMODB: cloud.env.AWS_ENDPOINT_URL_DYNAMODB,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: deps.table,
    LOG_LEVEL: 'silent',
  });
  const handler = createApiHandler('invoices', invoicesActions, () => deps);
  call = async (routeId, o = {}) => {
    const { key, ...rest } = o;
    const res = readResponse(
      await handler(
        apiEvent({
          routeId,
          ...rest,
          claims: { sub: USER, groups: ['GESTOR'] },
          headers: { 'x-company-id': COMPANY, ...(key ? { 'Idempotency-Key': key } : {}) },
        }),
        lambdaContext({ getRemainingTimeInMillis: () => 29_000 }),
      ),
    );
    return {
      status: res.status,
      data: res.envelope.data,
      code: res.envelope.error?.code,
      replayed: res.headers?.['idempotent-replayed'] === 'true',
    };
  };
  await db.send(new PutCommand({ TableName: deps.table, Item: companyItem(company) }));
  await db.send(
    new PutCommand({
      TableName: deps.table,
      Item: membershipItem({
        companyId: COMPANY,
        userId: USER,
        companyRole: 'GESTOR',
        permissions: [],
        isActive: true,
        email: 'contention@cuadra.test',
        firstName: 'Carrera',
        lastName: 'Pruebas',
        createdAt: company.createdAt,
        updatedAt: company.createdAt,
      }),
    }),
  );
  const series = await call('invoiceSeries.create', {
    body: { code: 'K', purpose: 'ORDINARY', isDefault: true },
  });
  expect(series.status).toBe(201);
});

describe('payments and documents under contention (DynamoDB Local)', () => {
  it('lets 20 concurrent payments that fit all through (no 500, no 409)', async () => {
    const inv = await confirmed(0);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(inv.invoiceId, 500)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const { inv: after, list } = await stored(inv.invoiceId);
    expect(list).toHaveLength(20);
    expect(after).toMatchObject({ paidCents: 10_000, paymentStatus: 'PARTIAL' });
  });

  it('never exceeds the amount due nor answers 5xx under N concurrent payments (property)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 6_000 }), { minLength: 1, maxLength: 20 }),
        async (amounts) => {
          const inv = await confirmed(++n);
          const results = await Promise.all(amounts.map((a) => pay(inv.invoiceId, a)));
          for (const r of results) {
            expect(r.status).toBeLessThan(500);
            if (r.status !== 201) expect([400, 409]).toContain(r.status);
          }
          const accepted = results.flatMap((r, i) => (r.status === 201 ? [amounts[i]!] : []));
          const paid = accepted.reduce((s, a) => s + a, 0);
          const { inv: after, list } = await stored(inv.invoiceId);
          expect(paid).toBeLessThanOrEqual(TOTAL);
          expect(after.paidCents).toBe(paid);
          expect(list.reduce((s, p) => s + p.amountCents, 0)).toBe(paid);
          expect(list).toHaveLength(accepted.length);
          // A refused payment was refused for a reason: it did not fit in what was still owed.
          const refusedFitting = results.filter(
            (r, i) => r.status === 400 && amounts[i]! <= TOTAL - paid,
          ).length;
          expect(refusedFitting).toBe(0);
        },
      ),
      { numRuns: 5 },
    );
  });

  it('stores one payment for N identical payments with one Idempotency-Key, all answering the same (property)', async () => {
    let n = 100;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 1, max: TOTAL }),
        async (count, amount) => {
          const inv = await confirmed(++n);
          const key = newKey();
          const results = await Promise.all(
            Array.from({ length: count }, () => pay(inv.invoiceId, amount, key)),
          );
          expect(results.map((r) => r.status)).toEqual(Array(count).fill(201));
          expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
          expect(results.filter((r) => !r.replayed)).toHaveLength(1);
          const { inv: after, list } = await stored(inv.invoiceId);
          expect(list).toHaveLength(1);
          expect(after.paidCents).toBe(amount);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('refuses the same key with another amount (422) and keeps the record 24 h', async () => {
    const inv = await confirmed(200);
    const key = newKey();
    expect((await pay(inv.invoiceId, 1_000, key)).status).toBe(201);
    const other = await pay(inv.invoiceId, 2_000, key);
    expect(other).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await stored(inv.invoiceId)).list).toHaveLength(1);
    const record = await db.send(
      new GetCommand({
        TableName: deps.table,
        Key: keys.idempotencyRecord(COMPANY, 'invoices.addPayment', key),
      }),
    );
    expect(record.Item).toMatchObject({ entity: 'IdempotencyRecord', status: 'COMPLETED' });
    const ttl = Number(record.Item?.ttl);
    expect(ttl - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 120);
    expect(ttl - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
  });

  it('confirms 30 concurrent create-and-confirm on the SII company, correlatively, without a 5xx', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call('invoices.createAndConfirm', { body: invoiceBody(300 + i) })),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.code}`)).toEqual([]);
    const numbers = results.map((r) => Number((r.data as InvoiceWithPayments).number)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(30);
    expect(numbers.at(-1)! - numbers[0]!).toBe(29);
  });

  it('creates one invoice for a create-and-confirm repeated with the same key', async () => {
    const key = newKey();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('invoices.createAndConfirm', { body: invoiceBody(400), key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => (r.data as InvoiceWithPayments).invoiceId)).size).toBe(1);
  });
});
