/**
 * Customers and invoice series against the local cloud: the HTTP flows of a gestor, tenant
 * isolation, and gap-free numbering under 30 concurrent transactions on the real DynamoDB Local.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { getSeries, isNumberClaimConflict, numberClaimItems } from '@functions/domains/invoices/store/series';
import { keys } from '@shared/db/keys';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeries, InvoiceSeriesView } from '@shared/schemas/invoice-series';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const table = cloud.env.TABLE_NAME!;
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);
const deps = { db, table };

const COMPANY = 'demo-panaderia-espiga';
const OTHER_COMPANY_OF_GESTOR = 'demo-romero-fontaneria';
const YEAR = 2026;
const run = Date.now().toString(36).toUpperCase().slice(-4);

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
let lostRaces = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stands in for an invoice confirmation: claims a number and writes a dummy "invoice" in the same
 * transaction, retrying with jittered exponential back-off when it loses the race.
 */
async function confirmDummyInvoice(series: InvoiceSeries, label: string): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const claim = await numberClaimItems(deps, series, YEAR);
    // Test-only item (no domain key exists yet for invoices): unique per formatted number.
    const invoice: TransactItem = {
      Put: {
        TableName: table,
        Item: {
          pk: `TEST#NUMBERING#${series.seriesId}`,
          sk: claim.invoiceNumber,
          label,
          entity: 'TestInvoice',
          v: 1,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    };
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [...claim.items, invoice] }));
      return claim.number;
    } catch (e) {
      if (!isNumberClaimConflict(e, 0)) throw e;
      lostRaces++;
      await sleep(Math.random() * Math.min(200, 5 * 2 ** Math.min(attempt, 6)));
    }
  }
  throw new Error(`${label} never got a number`);
}

const customerBody = (over: Record<string, unknown> = {}) => ({
  name: `Panadería Peña ${run}`,
  taxId: '12345678Z',
  address: {
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  email: 'compras@pena.test',
  paymentTermsDays: 30,
  iban: 'ES91 2100 0418 4502 0005 1332',
  vatTreatment: 'DOMESTIC',
  ...over,
});

describe('customers and invoice series (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    gestor2 = await api.login('gestor2@cuadra.test');
  });

  it('creates a customer, refuses a duplicate tax id and a bad NIF, searches without accents, soft-deletes', async () => {
    const created = await api.request<Customer>('POST', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      body: customerBody(),
    });
    expect(created.status).toBe(201);
    if (!created.body.success) throw new Error('create failed');
    const customer = created.body.data;
    expect(customer).toMatchObject({ taxId: '12345678Z', iban: 'ES9121000418450200051332', isActive: true });

    const duplicate = await api.request('POST', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      body: customerBody({ name: 'Otro nombre', taxId: '12345678-z' }),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.success === false && duplicate.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId',
    });

    const badNif = await api.request('POST', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      body: customerBody({ taxId: '12345678A' }),
    });
    expect(badNif.status).toBe(400);
    expect(badNif.body.success === false && badNif.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'taxId',
    });

    const inconsistent = await api.request('POST', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      body: customerBody({ taxId: '00000000T', vatTreatment: 'INTRA_EU' }),
    });
    expect(inconsistent.body.success === false && inconsistent.body.error?.field).toBe('vatTreatment');

    const found = await api.request<{ content: Customer[] }>('GET', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      query: { search: `pena ${run.toLowerCase()}` },
    });
    expect(found.body.success && found.body.data.content.map((c) => c.customerId)).toEqual([
      customer.customerId,
    ]);

    const foreign = await api.request('GET', `/api/v1/customers/${customer.customerId}`, {
      token: gestor,
      companyId: OTHER_COMPANY_OF_GESTOR,
    });
    expect(foreign.status).toBe(404);

    const removed = await api.request<Customer>('DELETE', `/api/v1/customers/${customer.customerId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(removed.body.success && removed.body.data.isActive).toBe(false);
    const active = await api.request<{ content: Customer[] }>('GET', '/api/v1/customers', {
      token: gestor,
      companyId: COMPANY,
      query: { search: run, active: 'true' },
    });
    expect(active.body.success && active.body.data.content).toEqual([]);
    const still = await api.request<Customer>('GET', `/api/v1/customers/${customer.customerId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(still.status).toBe(200);
  });

  it('gestor2 gets 403 CORE_003 on the customers and series of a company it does not manage', async () => {
    for (const path of ['/api/v1/customers', '/api/v1/invoice-series']) {
      const res = await api.request('GET', path, { token: gestor2, companyId: COMPANY });
      expect(res.status).toBe(403);
      expect(res.body.success === false && res.body.error.code).toBe('CORE_003');
    }
  });

  it('the first ORDINARY series is the default; one that issued a number cannot be deleted or renamed', async () => {
    const before = await api.request<InvoiceSeriesView[]>('GET', '/api/v1/invoice-series', {
      token: gestor,
      companyId: COMPANY,
    });
    if (!before.body.success) throw new Error('list failed');
    const hadDefault = before.body.data.some((s) => s.purpose === 'ORDINARY' && s.isDefault);

    const first = await api.request<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      token: gestor,
      companyId: COMPANY,
      body: { code: `F${run}`, description: 'Ordinarias' },
    });
    expect(first.status).toBe(201);
    if (!first.body.success) throw new Error('create failed');
    expect(first.body.data).toMatchObject({
      isDefault: !hadDefault,
      example: `F${run}-${new Date().getUTCFullYear()}-0001`,
    });

    const second = await api.request<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      token: gestor,
      companyId: COMPANY,
      body: { code: `G${run}` },
    });
    expect(second.body.success && second.body.data.isDefault).toBe(false);

    const sameCode = await api.request('POST', '/api/v1/invoice-series', {
      token: gestor,
      companyId: COMPANY,
      body: { code: `f${run}`.toLowerCase() },
    });
    expect(sameCode.body.success === false && sameCode.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'code',
    });

    // Issue one number from the first series, as an invoice confirmation would.
    const series = await getSeries(deps, COMPANY, first.body.data.seriesId);
    expect(await confirmDummyInvoice(series!, 'only')).toBe(1);

    const refused = await api.request('DELETE', `/api/v1/invoice-series/${first.body.data.seriesId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.success === false && refused.body.error).toMatchObject({
      code: 'DOC_046',
      message: 'La serie ya tiene facturas emitidas y no se puede eliminar.',
    });
    const renamed = await api.request('PUT', `/api/v1/invoice-series/${first.body.data.seriesId}`, {
      token: gestor,
      companyId: COMPANY,
      body: { code: `H${run}` },
    });
    expect(renamed.body.success === false && renamed.body.error?.field).toBe('code');

    const unused = await api.request(
      'DELETE',
      `/api/v1/invoice-series/${second.body.success && second.body.data.seriesId}`,
      {
        token: gestor,
        companyId: COMPANY,
      },
    );
    expect(unused.status).toBe(200);
  });

  it('30 concurrent confirmations get exactly the numbers 1..30: no gap, no duplicate', async () => {
    const created = await api.request<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      token: gestor,
      companyId: COMPANY,
      body: { code: `C${run}`, description: 'Concurrencia' },
    });
    if (!created.body.success) throw new Error(`create failed: ${JSON.stringify(created.body.error)}`);
    const series = (await getSeries(deps, COMPANY, created.body.data.seriesId))!;

    const numbers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => confirmDummyInvoice(series, `invoice-${i}`)),
    );

    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The transactions really raced: some lost and retried with a fresh number.
    expect(lostRaces).toBeGreaterThan(0);
    const counter = await db.send(
      new GetCommand({
        TableName: table,
        Key: keys.invoiceNumberCounter(COMPANY, series.seriesId, YEAR),
        ConsistentRead: true,
      }),
    );
    expect(counter.Item?.last).toBe(30);
    const after = await api.request<InvoiceSeriesView>('GET', `/api/v1/invoice-series/${series.seriesId}`, {
      token: gestor,
      companyId: COMPANY,
    });
    expect(after.body.success && after.body.data.issuedCount).toBe(30);
  });
});
