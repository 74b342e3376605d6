/**
 * Issued invoices against the local cloud: exact totals of known lines, gap-free numbering under
 * 30 concurrent create-and-confirm calls, confirmed invoices refused untouched (art. 6 RD 1619/2012),
 * refusals that write nothing, and tenant isolation. Works on demo-romero-fontaneria so other
 * tests' companies are not disturbed; every run creates its own customer and series.
 */

import type { Page } from '@shared/api/envelope';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dniNumber = String(Date.now() % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

type Body = Record<string, unknown>;

const invoiceBody = (customerId: string, over: Body = {}): Body => ({
  invoiceType: 'F1',
  invoiceDate: '2026-03-15',
  customerId,
  invoiceLines: [{ description: 'Mano de obra', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
  ...over,
});

describe('issued invoices (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  let customer: Customer;
  let series: InvoiceSeriesView;
  let concurrentSeries: InvoiceSeriesView;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const count = async () => {
    const res = await req<Page<Invoice>>('GET', '/api/v1/invoices', { query: { size: '1' } });
    if (!res.body.success) throw new Error('list failed');
    return res.body.data.totalElements;
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    gestor2 = await api.login('gestor2@cuadra.test');
    const c = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Reformas Romero ${run}`,
        taxId: NIF,
        address: { street: 'Calle Mayor 1', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
        vatTreatment: 'DOMESTIC',
      },
    });
    if (!c.body.success) throw new Error(`customer: ${JSON.stringify(c.body.error)}`);
    customer = c.body.data;
    for (const code of [`I${run}`, `C${run}`]) {
      const s = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
        body: { code, description: `Pruebas ${run}`, isDefault: false },
      });
      if (!s.body.success) throw new Error(`series: ${JSON.stringify(s.body.error)}`);
      if (code.startsWith('I')) series = s.body.data;
      else concurrentSeries = s.body.data;
    }
  });

  it('gives the exact totals of known lines (21 %, 10 % with discount, E1 exempt, 15 % IRPF)', async () => {
    const res = await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: series.seriesId },
      body: invoiceBody(customer.customerId, {
        irpfRateBp: 1500,
        invoiceLines: [
          // 3 × 123,45 € − 10 % = 333,315 € → 333,32 € (half-up once per line).
          { description: 'Grifería', quantity: 3, unitPriceCents: 12_345, discountBp: 1000, vatRateBp: 2100 },
          // 2,5 × 40,00 € = 100,00 €.
          { description: 'Material', quantity: '2.5', unitPriceCents: 4000, vatRateBp: 1000 },
          // 250,00 € exempt under art. 20 Ley 37/1992.
          {
            description: 'Formación',
            quantity: 1,
            unitPriceCents: 25_000,
            vatRateBp: 0,
            exemptionCause: 'E1',
          },
        ],
      }),
    });

    expect(res.status).toBe(201);
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    const inv = res.body.data;
    // Base 333,32 + 100,00 + 250,00 = 683,32. IVA: 21 % of 333,32 = 69,9972 → 70,00; 10 % of 100,00
    // = 10,00; total IVA 80,00. IRPF 15 % of 683,32 = 102,498 → 102,50. Total 683,32 + 80,00 − 102,50.
    expect(inv.totals).toEqual({
      baseCents: 68_332,
      vatCents: 8000,
      recargoCents: 0,
      irpfCents: 10_250,
      totalCents: 66_082,
    });
    expect(inv.invoiceLines.map((l) => l.baseCents)).toEqual([33_332, 10_000, 25_000]);
    expect(inv.breakdown.map((g) => [g.operation, g.vatRateBp, g.baseCents, g.vatCents])).toEqual([
      ['S1', 2100, 33_332, 7000],
      ['S1', 1000, 10_000, 1000],
      ['E1', 0, 25_000, 0],
    ]);
    expect(inv.legalMentions).toContain(
      'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992',
    );
    expect(inv).toMatchObject({
      status: 'CONFIRMED',
      series: series.code,
      number: 1,
      invoiceNumber: `${series.code}-2026-0001`,
    });
    expect(inv.customer).toMatchObject({ customerId: customer.customerId, taxId: NIF });
  });

  it('30 concurrent create-and-confirm calls get numbers 1..30 with no gap or duplicate', async () => {
    const confirmOne = async (i: number): Promise<Invoice> => {
      const res = await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
        query: { series: concurrentSeries.code },
        body: invoiceBody(customer.customerId, { notes: `concurrent ${i}` }),
      });
      if (!res.body.success) throw new Error(`call ${i}: ${JSON.stringify(res.body.error)}`);
      return res.body.data;
    };

    const invoices = await Promise.all(Array.from({ length: 30 }, (_, i) => confirmOne(i)));

    const numbers = invoices.map((i) => i.number).sort((a, b) => a! - b!);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(invoices.map((i) => i.invoiceNumber)).size).toBe(30);
    const s = await req<InvoiceSeriesView>('GET', `/api/v1/invoice-series/${concurrentSeries.seriesId}`);
    expect(s.body.success && s.body.data.issuedCount).toBe(30);
  });

  it('refuses PUT and DELETE on a confirmed invoice with 409 DOC_047 and leaves it unchanged', async () => {
    const draft = await req<Invoice>('POST', '/api/v1/invoices', {
      query: { series: series.seriesId },
      body: invoiceBody(customer.customerId),
    });
    if (!draft.body.success) throw new Error(JSON.stringify(draft.body.error));
    expect(draft.body.data).toMatchObject({ status: 'DRAFT', series: null, number: null });
    const id = draft.body.data.invoiceId;

    const edited = await req<Invoice>('PUT', `/api/v1/invoices/${id}`, {
      body: invoiceBody(customer.customerId, { notes: 'editado como borrador' }),
    });
    expect(edited.body.success && edited.body.data.notes).toBe('editado como borrador');
    // No ?series= here: the draft remembers the series chosen when it was created.
    const confirmed = await req<Invoice>('POST', `/api/v1/invoices/${id}/confirm`);
    expect(confirmed.body.success && confirmed.body.data).toMatchObject({ status: 'CONFIRMED', number: 2 });

    const before = await req<Invoice>('GET', `/api/v1/invoices/${id}`);
    const put = await req('PUT', `/api/v1/invoices/${id}`, {
      body: invoiceBody(customer.customerId, { notes: 'intento de edición' }),
    });
    const del = await req('DELETE', `/api/v1/invoices/${id}`);
    const after = await req<Invoice>('GET', `/api/v1/invoices/${id}`);

    for (const res of [put, del]) {
      expect(res.status).toBe(409);
      expect(res.body.success === false && res.body.error.code).toBe('DOC_047');
    }
    expect(after.body).toEqual(before.body);
  });

  it('deletes a draft', async () => {
    const draft = await req<Invoice>('POST', '/api/v1/invoices', { body: invoiceBody(customer.customerId) });
    if (!draft.body.success) throw new Error(JSON.stringify(draft.body.error));
    const del = await req('DELETE', `/api/v1/invoices/${draft.body.data.invoiceId}`);
    const gone = await req('GET', `/api/v1/invoices/${draft.body.data.invoiceId}`);

    expect(del.status).toBe(200);
    expect(gone.status).toBe(404);
  });

  it('refused creates (bad NIF, negative quantity, cash of 1.000 € or more) leave the list unchanged', async () => {
    const before = await count();

    const badNif = await req('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: series.seriesId },
      body: invoiceBody(customer.customerId, {
        customerId: undefined,
        customer: {
          nif: '12345678A',
          name: 'Cliente',
          address: 'C/ Sol 2',
          postalCode: '46002',
          city: 'Valencia',
        },
      }),
    });
    const negative = await req('POST', '/api/v1/invoices', {
      body: invoiceBody(customer.customerId, {
        invoiceLines: [{ description: 'Tubo', quantity: -2, unitPriceCents: 500, vatRateBp: 2100 }],
      }),
    });
    const cash = await req('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: series.seriesId },
      body: invoiceBody(customer.customerId, {
        paymentMethod: 'CASH',
        // 826,45 € + 21 % = 1.000,00 €.
        invoiceLines: [{ description: 'Caldera', quantity: 1, unitPriceCents: 82_645, vatRateBp: 2100 }],
      }),
    });

    expect(badNif.status).toBe(400);
    expect(badNif.body.success === false && badNif.body.error.field).toBe('customer.nif');
    expect(negative.status).toBe(400);
    expect(negative.body.success === false && negative.body.error.field).toBe('invoiceLines.0.quantity');
    expect(cash.status).toBe(400);
    expect(cash.body.success === false && cash.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'paymentMethod',
      message: 'Los pagos en efectivo de 1.000 € o más entre empresarios están prohibidos (Ley 11/2021).',
    });
    expect(await count()).toBe(before);
  });

  it('lists by date range and filters by status and search', async () => {
    const res = await req<Page<Invoice>>('GET', '/api/v1/invoices', {
      query: { from: '2026-03-15', to: '2026-03-15', status: 'CONFIRMED', search: `I${run}`, size: '100' },
    });

    expect(res.status).toBe(200);
    if (!res.body.success) throw new Error('list failed');
    expect(res.body.data.content.map((i) => i.invoiceNumber).sort()).toEqual([
      `I${run}-2026-0001`,
      `I${run}-2026-0002`,
    ]);
    for (const i of res.body.data.content) {
      expect(i).toHaveProperty('totals.totalCents');
      expect(i).toHaveProperty('series', series.code);
    }
  });

  it('gestor2 gets 403 CORE_003 on the invoices of a company it does not manage', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/invoices'],
      ['POST', '/api/v1/invoices'],
    ] as const) {
      const res = await api.request(method, path, {
        token: gestor2,
        companyId: COMPANY,
        body: method === 'POST' ? invoiceBody(customer.customerId) : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.body.success === false && res.body.error.code).toBe('CORE_003');
    }
  });
});
