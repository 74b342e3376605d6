/**
 * Running tax aggregates against the local cloud (DynamoDB Local, SQS, the stream consumers):
 * invoices confirmed through the API with known lines (21 % with and without recargo, 10 %, IRPF,
 * an exempt E1 line, a reverse-charge S2 line), one cancelled, then the aggregates read back to the
 * cent, the nightly recompute agreeing with them, and the INVOICE_CONFIRMED events published.
 * Works on demo-romero-fontaneria with its own customers (fresh NIFs), its own series and invoice
 * dates in November 2023, a period no other test writes issued invoices in; the recompute is
 * compared with the stored aggregates (never absolute totals), since other tests write concurrently.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { localClientConfig } from '@infra/local/aws';
import { type ApiResponse, apiClient } from '@infra/local/testing/api';
import { keys } from '@shared/db/keys';
import { postingSourceKey } from '@shared/db/keys/accounting';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type { TaxAggregatesView } from '@shared/schemas/tax-aggregates';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { recomputeCompanyFromTable } from './workers/recompute-aggregates';

const cloud = inject('localCloud');
const env = cloud.env;
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dni = (offset: number) => {
  const n = String((Date.now() + offset) % 100_000_000).padStart(8, '0');
  return `${n}${dniLetter(Number(n))}`;
};
const NIF_B = dni(33_333_331);
const NIF_A = dni(66_666_662);
const DATE = '2023-11-07';

const db = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(env.AWS_ENDPOINT_URL_DYNAMODB!)));
const deps = { db, table: env.TABLE_NAME! };

describe('tax aggregates (local cloud)', () => {
  let gestor: string;
  let domestic: Customer;
  let retailer: Customer;
  let series: InvoiceSeriesView;
  const invoices: Invoice[] = [];

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });
  const ok = <T>(res: ApiResponse<T>): T => {
    if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const confirm = async (customerId: string, invoiceLines: unknown[], over: Record<string, unknown> = {}) => {
    const inv = ok(
      await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
        query: { series: series.seriesId },
        body: { invoiceType: 'F1', invoiceDate: DATE, customerId, invoiceLines, ...over },
      }),
    );
    invoices.push(inv);
    return inv;
  };
  const customer = async (name: string, taxId: string, vatTreatment: string) =>
    ok(
      await req<Customer>('POST', '/api/v1/customers', {
        body: {
          name,
          taxId,
          address: { street: 'Calle Mayor 3', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
          vatTreatment,
        },
      }),
    );

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    domestic = await customer(`Agregados Cliente ${run}`, NIF_B, 'DOMESTIC');
    retailer = await customer(`Agregados Minorista ${run}`, NIF_A, 'RECARGO_EQUIVALENCIA');
    series = ok(
      await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
        body: { code: `AG${run}`, description: `Agregados ${run}`, isDefault: false },
      }),
    );
    // 1) 100 € at 21 %, 50 € at 10 %, 30 € exempt (art. 20), IRPF 15 % on all of it.
    await confirm(
      domestic.customerId,
      [
        { description: 'Instalación', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 },
        { description: 'Material', quantity: 2, unitPriceCents: 2_500, vatRateBp: 1000 },
        { description: 'Formación', quantity: 1, unitPriceCents: 3_000, vatRateBp: 0, exemptionCause: 'E1' },
      ],
      { irpfRateBp: 1500 },
    );
    // 2) 200 € with inversión del sujeto pasivo.
    await confirm(domestic.customerId, [
      { description: 'Obra', quantity: 1, unitPriceCents: 20_000, vatRateBp: 0, reverseCharge: true },
    ]);
    // 3) 100 € at 21 % to a retailer in recargo de equivalencia (5,2 %).
    await confirm(retailer.customerId, [
      { description: 'Grifería', quantity: 4, unitPriceCents: 2_500, vatRateBp: 2100 },
    ]);
    // 4) 80 € at 21 %, cancelled: contributes nothing.
    const cancelled = await confirm(domestic.customerId, [
      { description: 'Error', quantity: 1, unitPriceCents: 8_000, vatRateBp: 2100 },
    ]);
    ok(
      await req('POST', `/api/v1/invoices/${cancelled.invoiceId}/cancel`, {
        body: { reason: 'Emitida por error' },
      }),
    );
  }, 60_000);

  it('reads the month and the quarter to the cent (own counterparties exactly, keys of the month exactly)', async () => {
    const month = ok(
      await req<TaxAggregatesView>('GET', '/api/v1/tax-aggregates', { query: { period: '2023-11' } }),
    );
    const byKey = Object.fromEntries(month.issued.byKey.map((l) => [l.taxKey, l]));
    // Other tests write no issued invoice in 2023; still, assert the lines through what we know.
    expect(byKey['S1|2100|0|ES|0|G']).toMatchObject({
      baseCents: 10_000,
      vatCents: 2_100,
      recargoCents: 0,
      totalCents: 12_100,
      count: 1,
    });
    expect(byKey['S1|2100|520|ES|0|G']).toMatchObject({
      baseCents: 10_000,
      vatCents: 2_100,
      recargoCents: 520,
      totalCents: 12_620,
      count: 1,
    });
    expect(byKey['S1|1000|0|ES|0|G']).toMatchObject({
      baseCents: 5_000,
      vatCents: 500,
      totalCents: 5_500,
      count: 1,
    });
    expect(byKey['E1|0|0|ES|0|G']).toMatchObject({
      baseCents: 3_000,
      vatCents: 0,
      totalCents: 3_000,
      count: 1,
    });
    expect(byKey['S2|0|0|ES|0|G']).toMatchObject({
      baseCents: 20_000,
      vatCents: 0,
      totalCents: 20_000,
      count: 1,
    });
    expect(byKey.IRPF).toMatchObject({ baseCents: 0, irpfCents: 2_700, totalCents: -2_700, count: 1 });
    expect(month.issued.totals).toMatchObject({
      baseCents: 48_000,
      vatCents: 4_700,
      recargoCents: 520,
      irpfCents: 2_700,
      totalCents: 48_000 + 4_700 + 520 - 2_700,
      count: 3,
    });
    // The API totals of the invoices themselves say the same.
    const live = invoices.slice(0, 3);
    expect(live.reduce((s, i) => s + i.totals.totalCents, 0)).toBe(month.issued.totals.totalCents);

    const quarter = ok(
      await req<TaxAggregatesView>('GET', '/api/v1/tax-aggregates', { query: { period: '2023-Q4' } }),
    );
    console.info(
      `[aggregates.int] itemsRead: month 2023-11 = ${month.itemsRead}, quarter 2023-Q4 = ${quarter.itemsRead}`,
    );
    // Spanish customers: their sales in the 347 (347B), one line per customer.
    const cp = Object.fromEntries(quarter.byCounterparty.issued.map((c) => [c.counterpartyKey, c]));
    expect(cp[NIF_B]).toEqual({
      counterpartyKey: NIF_B,
      opKey: '347B',
      name: domestic.name,
      country: 'ES',
      baseCents: 38_000,
      vatCents: 2_600,
      totalCents: 40_600,
      count: 2,
    });
    expect(cp[NIF_A]).toEqual({
      counterpartyKey: NIF_A,
      opKey: '347B',
      name: retailer.name,
      country: 'ES',
      baseCents: 10_000,
      vatCents: 2_620,
      totalCents: 12_620,
      count: 1,
    });
    // A handful of items, however many invoices: 6 tax keys + 1 invoice type + 2 customers.
    expect(quarter.itemsRead).toBeLessThanOrEqual(12);
    expect(quarter.issued.totals).toEqual(month.issued.totals);
  });

  it('the recompute from the books agrees with the stored aggregates to the cent', async () => {
    let r = await recomputeCompanyFromTable(deps, COMPANY);
    // Other tests confirm invoices meanwhile: let in-flight writes settle before judging.
    for (let i = 0; i < 5 && r.result !== 'OK'; i++) {
      await new Promise((res) => setTimeout(res, 500));
      r = await recomputeCompanyFromTable(deps, COMPANY);
    }
    console.info(
      `[aggregates.int] recompute: ${r.issuedInvoices} issued, ${r.receivedInvoices} received, ${r.itemsCompared} items, ${r.differences.length} differences`,
    );
    const ours = r.differences.filter((d) => d.sk.includes('2023-11') || d.sk.includes('2023-Q4'));
    expect(ours).toEqual([]);
    // Differences elsewhere would come from another test's write path that skips the aggregates:
    // reported, not asserted here (those periods are not this test's).
    if (r.differences.length > 0)
      console.warn('[aggregates.int] other differences', r.differences.slice(0, 10));
    expect(r.issuedInvoices).toBeGreaterThanOrEqual(3);
  });

  it('the schedule records its check through the dev endpoint', async () => {
    const res = await fetch(`${cloud.url}/_dev/schedules/tax-aggregates-recompute/run`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(res.status).toBeLessThan(400);
    const check = await until(async () => {
      const item = (
        await db.send(new GetCommand({ TableName: deps.table, Key: keys.taxAggregateCheck(COMPANY) }))
      ).Item;
      return item && Date.parse(String(item.checkedAt)) > Date.now() - 60_000 ? item : undefined;
    });
    expect(check).toMatchObject({ entity: 'AggregateCheck', companyId: COMPANY });
    expect(['OK', 'DIFFERENCES']).toContain(check.result);
  });

  it('publishes each INVOICE_CONFIRMED event to accounting only (not SII: company outside it; VeriFacTu writes its own records)', async () => {
    const inv = invoices[0]!;
    const key = keys.invoiceEvent(COMPANY, inv.invoiceId, 'INVOICE_CONFIRMED');
    const event = await until(async () => {
      const item = (await db.send(new GetCommand({ TableName: deps.table, Key: key, ConsistentRead: true })))
        .Item;
      return item?.publishedAccountingAt ? item : undefined;
    });
    expect(event.publishedSiiAt).toBeUndefined();
    expect(event.publishedVerifactuAt).toBeUndefined();
    expect(event).toMatchObject({
      kind: 'INVOICE_CONFIRMED',
      invoiceNumber: inv.invoiceNumber,
      customer: { taxId: NIF_B },
      breakdown: inv.breakdown,
      siiStatus: null,
    });
    // The accounting queue's consumer (issue 18) takes the message at once; an autónomo keeps no PGC
    // books, so nothing is posted for this company's invoice (infra/local/accounting-judge.int.test.ts
    // follows an SL's documents into its journal).
    await new Promise((r) => setTimeout(r, 3_000));
    const posting = await db.send(
      new GetCommand({
        TableName: deps.table,
        Key: keys.documentPosting(COMPANY, postingSourceKey.issuedInvoice(inv.invoiceId)),
        ConsistentRead: true,
      }),
    );
    expect(posting.Item).toBeUndefined();
  }, 120_000);
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
