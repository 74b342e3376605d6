/**
 * Issue 14 item 1, the recipient's side of the régimen especial del criterio de caja (art. 163
 * quinquiesdecies.Uno LIVA), against the local cloud over real HTTP: a supplier marked as applying the regime
 * (remembered for its invoices), a received invoice of it paid half in the first quarter and half in
 * the third, another one left unpaid, a general-regime purchase beside them; then the 303 previews
 * box by box, with figures worked out by hand here (never a call to the product):
 *
 *  P1 10-02-2026, supplier in the RECC (its remembered mark): 1 × 1.000,00 € at 21 % → payable 1.210,00.
 *     Paid 605,00 on 20-03 (1T) and 605,00 on 05-08 (3T): half the VAT deductible in each, 105,00 on a
 *     base of 500,00; the invoice itself in 1T's [74]/[75] (1.000,00 / 210,00, the general rule).
 *  P2 12-02-2026, general regime: 500,00 at 21 % → 105,00 deductible in 1T ([28]/[29]).
 *  P3 10-05-2025, marked on the invoice: 200,00 at 10 % → 20,00, never paid: [74]/[75] of 2T-2025,
 *     deductible on 31-12-2026 (the year after the operation): 4T-2026's [28]/[29].
 *
 * The nightly recompute rebuilds the same aggregates from the books, to the cent, after every write;
 * a deleted payment takes its deduction back.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recomputeCompanyFromTable } from '@functions/domains/invoices/workers/recompute-aggregates';
import { cifControl } from '@shared/fiscal/nif';
import type { Supplier } from '@shared/schemas/expenses';
import type { ReceivedInvoice, ReceivedInvoicePayment } from '@shared/schemas/received-invoices';
import type { BoxSourcesView, ModelPreview } from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const run = Date.now().toString(36).toUpperCase().slice(-4);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
);
const tableDeps = { db, table: cloud.env.TABLE_NAME! };

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what = ''): T => {
  if (!res.body.success) throw new Error(`${what} ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

let seq = 0;
const freshCif = () => {
  const seven = String(
    (Date.now() * 31 + ++seq * 7919 + Math.floor(Math.random() * 1e6)) % 10_000_000,
  ).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const cif = (seven: string) => `B${seven}${cifControl(seven).digit}`;

let gestor: string;
let companyId: string;
const call = <T>(
  method: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => api.request<T>(method, path, { token: gestor, companyId, ...opts });

const line = (unitPriceCents: number, vatRateBp: number) => ({
  description: 'Obra de reforma',
  quantity: 1,
  unitPriceCents,
  vatRateBp,
});

async function receive(body: Record<string, unknown>, what: string): Promise<ReceivedInvoice> {
  return dataOf(await call<ReceivedInvoice>('POST', '/api/v1/received-invoices', { body }), what);
}
async function pay(
  inv: ReceivedInvoice,
  amountCents: number,
  paidAt: string,
): Promise<ReceivedInvoicePayment> {
  return dataOf(
    await call<ReceivedInvoicePayment>(
      'POST',
      `/api/v1/received-invoices/${inv.receivedInvoiceId}/payments`,
      {
        body: { amountCents, paidAt, method: 'TRANSFER' },
      },
    ),
    `payment ${paidAt}`,
  );
}
async function preview303(year: number, period: string): Promise<ModelPreview> {
  return dataOf(
    await call<ModelPreview>('GET', `/api/v1/tax/companies/${companyId}/models/303/preview`, {
      query: { year: String(year), period },
    }),
    `303 ${period} ${year}`,
  );
}
const boxes = (p: ModelPreview, list: string[]) => Object.fromEntries(list.map((b) => [b, p.boxes[b] ?? 0]));
const BOXES = ['74', '75', '28', '29', '30', '31', '45', '71'];

/** The recompute of the company agrees with its stored aggregates (a second pass lets writes settle). */
async function expectRecomputeAgrees() {
  let r = await recomputeCompanyFromTable(tableDeps, companyId);
  if (r.result !== 'OK') r = await recomputeCompanyFromTable(tableDeps, companyId);
  expect(r.differences).toEqual([]);
  expect(r.result).toBe('OK');
}

let p1: ReceivedInvoice;
let third: ReceivedInvoicePayment;

beforeAll(async () => {
  gestor = await api.login('gestor@cuadra.test');
  const created = dataOf(
    await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `Destinataria Caja ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address: {
          street: 'Calle de Colón 20',
          postalCode: '46004',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
        siiEnabled: false,
      },
    }),
    'company',
  );
  companyId = created.companyId;
  dataOf(
    await call('POST', `/api/v1/companies/${companyId}/tax-profile`, { body: { facts: {}, taxYear: 2025 } }),
    'profile',
  );

  const supplier = dataOf(
    await call<Supplier>('POST', '/api/v1/suppliers', {
      body: { name: 'Reformas Caja SL', taxId: cif('7654321'), supplierCashCriterion: true },
    }),
    'supplier',
  );
  expect(supplier.supplierCashCriterion).toBe(true);
  p1 = await receive(
    {
      supplierId: supplier.supplierId,
      supplierInvoiceNumber: `RC-1-${run}`,
      issueDate: '2026-02-10',
      lines: [line(100_000, 2100)],
    },
    'P1',
  );
  await receive(
    {
      supplier: { name: 'Papelería General SL', taxId: cif('1234567') },
      supplierInvoiceNumber: `PG-1-${run}`,
      issueDate: '2026-02-12',
      lines: [line(50_000, 2100)],
    },
    'P2',
  );
  await receive(
    {
      supplier: { name: 'Carpintería Caja SL', taxId: cif('2345678') },
      supplierInvoiceNumber: `CC-1-${run}`,
      issueDate: '2025-05-10',
      lines: [line(20_000, 1000)],
      supplierCashCriterion: true,
    },
    'P3',
  );
  await pay(p1, 60_500, '2026-03-20');
  third = await pay(p1, 60_500, '2026-08-05');
}, 120_000);

describe('a received invoice of a supplier under the criterio de caja, through the API', () => {
  it("takes the supplier's remembered mark", () => {
    expect(p1.supplierCashCriterion).toBe(true);
    expect(p1.totals.totalCents).toBe(121_000);
  });

  it('1T-2026: the invoice in [74]/[75]; deducted the half paid in March and the general-regime purchase', async () => {
    expect(boxes(await preview303(2026, '1T'), BOXES)).toEqual({
      '74': 100_000,
      '75': 21_000,
      '28': 100_000, // 500,00 (P1's half) + 500,00 (P2)
      '29': 21_000, // 105,00 + 105,00
      '30': 0,
      '31': 0,
      '45': 21_000,
      '71': -21_000,
    });
  });

  it('2T-2026 deducts nothing; 3T-2026 the half paid in August', async () => {
    expect(boxes(await preview303(2026, '2T'), BOXES)).toMatchObject({ '74': 0, '28': 0, '29': 0 });
    expect(boxes(await preview303(2026, '3T'), BOXES)).toEqual({
      '74': 0,
      '75': 0,
      '28': 50_000,
      '29': 10_500,
      '30': 0,
      '31': 0,
      '45': 10_500,
      '71': -10_500,
    });
  });

  it('an unpaid invoice: [74]/[75] in its own quarter, deducted in the 4T of the year after', async () => {
    expect(boxes(await preview303(2025, '2T'), BOXES)).toMatchObject({
      '74': 20_000,
      '75': 2_000,
      '28': 0,
      '29': 0,
    });
    expect(boxes(await preview303(2026, '4T'), BOXES)).toMatchObject({ '28': 20_000, '29': 2_000, '74': 0 });
  });

  it('the recompute agrees to the cent; a deleted payment takes its deduction back, and it still agrees', async () => {
    await expectRecomputeAgrees();
    dataOf(
      await call('DELETE', `/api/v1/received-invoices/${p1.receivedInvoiceId}/payments/${third.paymentId}`),
      'delete payment',
    );
    expect(boxes(await preview303(2026, '3T'), BOXES)).toMatchObject({ '28': 0, '29': 0 });
    await expectRecomputeAgrees();
    third = await pay(p1, 60_500, '2026-08-05');
    expect(boxes(await preview303(2026, '3T'), BOXES)).toMatchObject({ '28': 50_000, '29': 10_500 });
    await expectRecomputeAgrees();
  });
});

/**
 * The company's OWN régimen especial del criterio de caja (art. 163 terdecies LIVA: the deduction of
 * its input VAT arises with the payment, or on 31 December of the year after the operation), from its
 * tax profile (cashAccounting), with a supplier under the general regime:
 *
 *  P4 14-04-2026: 800,00 at 21 % → payable 968,00; paid 484,00 on 20-05 (2T): half deductible in 2T,
 *     84,00 on a base of 400,00; the invoice in 2T's [74]/[75] (800,00 / 168,00); the other half on
 *     31-12-2027 (4T-2027).
 *  P5 16-04-2026, intra-EU acquisition of goods from Germany: 300,00, 21 % self-assessed (63,00): outside
 *     the regime (art. 163 duodecies.Dos.c LIVA), deducted at once in [36]/[37].
 *
 * The AEAT file of 2T says "1" in positions 113 (acogido) and 114 (destinatario) of page 01, and the
 * drill-down of [29] names P4 through its payment.
 */
describe('a company under the criterio de caja itself, through the API', () => {
  let own: string;
  let p4: ReceivedInvoice;
  const callOwn = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: own, ...opts });
  const ownPreview = async (year: number, period: string) =>
    dataOf(
      await callOwn<ModelPreview>('GET', `/api/v1/tax/companies/${own}/models/303/preview`, {
        query: { year: String(year), period },
      }),
      `own 303 ${period} ${year}`,
    );

  beforeAll(async () => {
    own = dataOf(
      await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
        token: gestor,
        body: {
          name: `Propia Caja ${run} SL`,
          nif: freshCif(),
          companyType: 'SL',
          address: {
            street: 'Calle de la Paz 3',
            postalCode: '46003',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
          siiEnabled: false,
        },
      }),
      'own company',
    ).companyId;
    dataOf(
      await callOwn('POST', `/api/v1/companies/${own}/tax-profile`, {
        body: { facts: { cashAccounting: true }, taxYear: 2026 },
      }),
      'own profile',
    );
    p4 = dataOf(
      await callOwn<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
        body: {
          supplier: { name: 'Suministros Generales SL', taxId: cif('3456789') },
          supplierInvoiceNumber: `SG-1-${run}`,
          issueDate: '2026-04-14',
          lines: [line(80_000, 2100)],
        },
      }),
      'P4',
    );
    dataOf(
      await callOwn<ReceivedInvoice>('POST', '/api/v1/received-invoices', {
        body: {
          supplier: {
            name: 'Bauteile GmbH',
            taxId: { type: 'NIF_IVA', value: 'DE123456789', country: 'DE' },
          },
          supplierInvoiceNumber: `DE-1-${run}`,
          issueDate: '2026-04-16',
          lines: [{ ...line(30_000, 2100), kind: 'INTRA_EU_GOODS' }],
        },
      }),
      'P5',
    );
    dataOf(
      await callOwn<ReceivedInvoicePayment>(
        'POST',
        `/api/v1/received-invoices/${p4.receivedInvoiceId}/payments`,
        {
          body: { amountCents: 48_400, paidAt: '2026-05-20', method: 'TRANSFER' },
        },
      ),
      'P4 payment',
    );
  }, 120_000);

  it('stores why the deduction waits (OWN_RECC), the supplier being under the general regime', () => {
    expect(p4.supplierCashCriterion).toBe(false);
    expect(p4.deductionOnPayment).toBe('OWN_RECC');
  });

  it('2T-2026: P4 in [74]/[75], its paid half deducted; the intra-EU acquisition deducted at once', async () => {
    expect(boxes(await ownPreview(2026, '2T'), ['74', '75', '28', '29', '10', '11', '36', '37'])).toEqual({
      '74': 80_000,
      '75': 16_800,
      '28': 40_000,
      '29': 8_400,
      '10': 30_000,
      '11': 6_300,
      '36': 30_000,
      '37': 6_300,
    });
    expect(boxes(await ownPreview(2027, '4T'), ['74', '28', '29'])).toEqual({
      '74': 0,
      '28': 40_000,
      '29': 8_400,
    });
  });

  it('the invoices behind [29] and [74]: P4 through its payment, and itself', async () => {
    const sourcesOf = async (box: string) =>
      dataOf(
        await callOwn<BoxSourcesView>('GET', `/api/v1/tax/companies/${own}/models/303/preview/sources`, {
          query: { year: '2026', period: '2T', box },
        }),
        `sources [${box}]`,
      );
    const deducted = await sourcesOf('29');
    expect(deducted.content.map((r) => [r.number, r.deductibleVatCents, r.keys])).toEqual([
      [`SG-1-${run}`, 8_400, ['RECEIVED:CAJA|DOMESTIC|2100|0|C']],
    ]);
    const informed = await sourcesOf('74');
    expect(informed.content.map((r) => [r.number, r.baseCents])).toEqual([[`SG-1-${run}`, 80_000]]);
  });

  it('the AEAT file of 2T marks the company acogido (113) and destinatario (114), [74]/[75] on page 03', async () => {
    const url = new URL(`/api/v1/tax/companies/${own}/models/303/export`, cloud.url);
    url.search = new URLSearchParams({ format: 'AEAT', year: '2026', period: '2T' }).toString();
    const file = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': own },
    });
    expect(file.status).toBe(200);
    const text = Buffer.from(await file.arrayBuffer()).toString('latin1');
    const p1 = text.slice(text.indexOf('<T30301000>'));
    expect(p1.slice(112, 114)).toBe('11');
    const p3 = text.slice(text.indexOf('<T30303000>'));
    expect(p3.slice(147, 164)).toBe('00000000000080000');
    expect(p3.slice(164, 181)).toBe('00000000000016800');
  });

  it('the recompute agrees to the cent, reading the stored reason', async () => {
    let r = await recomputeCompanyFromTable(tableDeps, own);
    if (r.result !== 'OK') r = await recomputeCompanyFromTable(tableDeps, own);
    expect(r.differences).toEqual([]);
  });
});
