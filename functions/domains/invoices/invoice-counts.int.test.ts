/**
 * The invoice list's counters against DynamoDB Local (issue #11 item 10): the invoices handler in
 * process, on a company of its own, writes drafts, moves one to another date, deletes one, confirms
 * one, creates-and-confirms and cancels another; after each step the list's totals (no range, a
 * month, a few days, a quarter) equal the invoices stored, and the recompute finds nothing to
 * correct. Then the counters are removed (invoices written before they existed) and the recompute
 * (the nightly backfill) sets them again from the stored invoices.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import type { RouteId } from '@shared/api/routes';
import { keys } from '@shared/db/keys';
import { type Company, companyItem, membershipItem } from '@shared/db/records';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoicesActions } from './handler';
import type { InvoicesDeps } from './store/deps';
import { recomputeInvoiceCounts } from './store/invoice-counts';

const cloud = inject('localCloud');
const COMPANY = `counts-${Date.now().toString(36)}`;
const USER = 'counts-user';
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
  now: () => new Date('2026-04-02T10:00:00.000Z'),
  newId: () => `cnt${++ids}`,
};

const company: Company = {
  companyId: COMPANY,
  name: 'Contadores de Prueba SL',
  nif: 'B12345674',
  companyType: 'SL',
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

const body = (invoiceDate: string) => ({
  invoiceType: 'F1',
  invoiceDate,
  customer: {
    nif: '12345678Z',
    name: 'Cliente Contado',
    address: 'Avenida del Puerto 10',
    postalCode: '46023',
    city: 'Valencia',
    country: 'ES',
  },
  invoiceLines: [{ description: 'Servicio', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
});

describe('invoice list counters (DynamoDB Local)', () => {
  let call: (
    routeId: RouteId,
    o?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
  ) => Promise<Record<string, unknown>>;

  /** The stored invoices of the company dated within [from, to]: the ground truth. */
  const stored = async (from = '0000-00-00', to = '9999-12-31') => {
    const res = await db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.invoice(COMPANY, '').pk,
          ':prefix': keys.invoice(COMPANY, '').sk,
        },
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? []).filter((i) => i.invoiceDate >= from && i.invoiceDate <= to).length;
  };
  const total = async (from?: string, to?: string) =>
    Number(
      (
        await call('invoices.list', {
          query: { page: '0', size: '5', ...(from ? { from } : {}), ...(to ? { to } : {}) },
        })
      ).totalElements,
    );
  /** Every view the counters answer agrees with the stored invoices, and the recompute with both. */
  const expectTotals = async (expected: number) => {
    const ranges: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['2026-01-01', '2026-03-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-01-20', '2026-02-12'],
      ['2026-02-11', undefined],
      [undefined, '2026-01-31'],
    ];
    for (const [from, to] of ranges) expect(await total(from, to)).toBe(await stored(from, to));
    expect(await total()).toBe(expected);
    expect(await recomputeInvoiceCounts(deps, COMPANY)).toEqual([]);
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
      const res = readResponse(
        await handler(
          apiEvent({
            routeId,
            ...o,
            claims: { sub: USER, groups: ['GESTOR'] },
            headers: { 'x-company-id': COMPANY },
          }),
          lambdaContext(),
        ),
      );
      if (res.status >= 300)
        throw new Error(`${routeId}: ${res.status} ${JSON.stringify(res.envelope.error)}`);
      return res.envelope.data as Record<string, unknown>;
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
          email: 'counts@cuadra.test',
          firstName: 'Contador',
          lastName: 'Pruebas',
          createdAt: company.createdAt,
          updatedAt: company.createdAt,
        }),
      }),
    );
    await call('invoiceSeries.create', { body: { code: 'C', purpose: 'ORDINARY', isDefault: true } });
  });

  it('keeps the totals equal to the stored invoices through draft, date change, delete, confirm and cancel', async () => {
    await expectTotals(0);
    const a = (await call('invoices.create', { body: body('2026-01-15') })) as unknown as Invoice;
    const b = (await call('invoices.create', { body: body('2026-01-15') })) as unknown as Invoice;
    const c = (await call('invoices.create', { body: body('2026-02-10') })) as unknown as Invoice;
    await expectTotals(3);

    // A draft moved to another month leaves January's counters for February's.
    await call('invoices.update', { params: { invoiceId: a.invoiceId }, body: body('2026-02-11') });
    await expectTotals(3);
    expect(await total('2026-01-01', '2026-01-31')).toBe(1);
    expect(await total('2026-02-01', '2026-02-28')).toBe(2);

    await call('invoices.delete', { params: { invoiceId: b.invoiceId } });
    await expectTotals(2);

    // A confirmed draft was counted when written.
    await call('invoices.confirm', { params: { invoiceId: c.invoiceId } });
    await expectTotals(2);

    const d = (await call('invoices.createAndConfirm', { body: body('2026-02-12') })) as unknown as Invoice;
    await expectTotals(3);
    // A cancelled invoice stays in the list (and in the counters).
    await call('invoices.cancel', {
      params: { invoiceId: d.invoiceId },
      body: { reason: 'Emitida por error' },
    });
    await expectTotals(3);
    expect(await total('2026-02-12', '2026-02-12')).toBe(1);
  });

  it('sets the counters from the stored invoices when they are missing (the backfill)', async () => {
    const counters = await db.send(
      new QueryCommand({
        TableName: deps.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.invoiceCountPartition(COMPANY).pk },
        ConsistentRead: true,
      }),
    );
    for (const item of counters.Items ?? [])
      await db.send(new DeleteCommand({ TableName: deps.table, Key: { pk: item.pk, sk: item.sk } }));
    expect(await total()).toBe(0);

    const corrected = await recomputeInvoiceCounts(deps, COMPANY);
    expect(corrected.map((c) => c.sk)).toContain('ALL');
    await expectTotals(await stored());
    expect(await total()).toBe(3);
  });
});
