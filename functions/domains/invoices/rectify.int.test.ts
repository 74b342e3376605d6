/**
 * Rectificativas against the local cloud (art. 15 RD 1619/2012): R1 by differences and by
 * substitution with exact totals and the link on the original, R5 on an F2, refusals that write
 * nothing (no invoice, no number used, no link), and the work listings. Works on
 * demo-romero-fontaneria with its own customer and series codes, so other tests are not disturbed.
 */

import { type ApiResponse, apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice, InvoicePayment } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dniNumber = String((Date.now() + 7_777) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

type Body = Record<string, unknown>;

describe('rectificativas (local cloud)', () => {
  let gestor: string;
  let customer: Customer;
  let ordinary: InvoiceSeriesView;
  let rect: InvoiceSeriesView;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const ok = <T>(res: ApiResponse<T>): T => {
    if (!res.body.success) throw new Error(`${res.status}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const confirmedF1 = async (lines: Body[], over: Body = {}) =>
    ok(
      await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
        query: { series: ordinary.seriesId },
        body: {
          invoiceType: 'F1',
          invoiceDate: '2026-03-15',
          customerId: customer.customerId,
          invoiceLines: lines,
          ...over,
        },
      }),
    );

  const rectify = (invoiceId: string, body: Body) =>
    req<Invoice>('POST', `/api/v1/invoices/${invoiceId}/rectify`, {
      body: { rectificationType: 'R1', reason: 'Precio unitario erróneo', series: rect.code, ...body },
    });

  const get = async (invoiceId: string) => ok(await req<Invoice>('GET', `/api/v1/invoices/${invoiceId}`));
  const count = async () =>
    ok(await req<Page<Invoice>>('GET', '/api/v1/invoices', { query: { size: '1' } })).totalElements;

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    customer = ok(
      await req<Customer>('POST', '/api/v1/customers', {
        body: {
          name: `Rectificaciones ${run}`,
          taxId: NIF,
          address: { street: 'Calle Mayor 3', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
        },
      }),
    );
    ordinary = ok(
      await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
        body: { code: `H${run}`, description: `Rectificar ${run}`, isDefault: false },
      }),
    );
    rect = ok(
      await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
        body: {
          code: `Q${run}`,
          description: `Rectificativas ${run}`,
          purpose: 'RECTIFICATIVA',
          isDefault: false,
        },
      }),
    );
  });

  it('R1 by differences and then by substitution: exact totals, own numbering and the links', async () => {
    // 2 × 100,00 € at 21 %: 200,00 + 42,00 = 242,00 €.
    const original = await confirmedF1([
      { description: 'Reparación', quantity: 2, unitPriceCents: 10_000, vatRateBp: 2100 },
    ]);
    expect(original.totals.totalCents).toBe(24_200);

    const diff = await rectify(original.invoiceId, {
      method: 'DIFFERENCES',
      invoiceDate: '2026-03-20',
      // One unit credited with 12,5 % discount: −87,50 € base, −18,375 → −18,38 € of VAT (half-up, away from zero).
      invoiceLines: [
        { description: 'Abono', quantity: -1, unitPriceCents: 10_000, discountBp: 1250, vatRateBp: 2100 },
      ],
    });
    expect(diff.status).toBe(201);
    const r1 = ok(diff);
    expect(r1).toMatchObject({
      invoiceType: 'R1',
      status: 'CONFIRMED',
      series: rect.code,
      number: 1,
      invoiceNumber: `${rect.code}-2026-0001`,
      customer: { customerId: customer.customerId, taxId: NIF },
      rectification: {
        method: 'DIFFERENCES',
        reason: 'Precio unitario erróneo',
        rectified: [
          {
            invoiceId: original.invoiceId,
            invoiceNumber: original.invoiceNumber,
            invoiceType: 'F1',
            totals: original.totals,
          },
        ],
      },
    });
    expect(r1.totals).toEqual({
      baseCents: -8750,
      vatCents: -1838,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: -10_588,
    });

    const subst = ok(
      await rectify(original.invoiceId, {
        method: 'SUBSTITUTION',
        invoiceDate: '2026-03-21',
        // The corrected invoice: 2 × 90,00 € at 21 % = 180,00 + 37,80 = 217,80 €.
        invoiceLines: [
          { description: 'Reparación', quantity: 2, unitPriceCents: 9000, vatRateBp: 2100, changed: true },
        ],
      }),
    );
    expect(subst.totals).toEqual({
      baseCents: 18_000,
      vatCents: 3780,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: 21_780,
    });
    expect(subst).toMatchObject({ number: 2, rectification: { method: 'SUBSTITUTION' } });

    const linked = await get(original.invoiceId);
    expect(linked.rectifiedBy).toEqual([r1.invoiceId, subst.invoiceId]);
    // The original itself is unchanged otherwise (art. 6 RD 1619/2012).
    expect(linked).toMatchObject({
      status: 'CONFIRMED',
      invoiceNumber: original.invoiceNumber,
      totals: original.totals,
      invoiceLines: original.invoiceLines,
    });
  });

  it('R5 rectifies an F2; R1 on an F2, R5 on an F1 and a cancelled original are refused writing nothing', async () => {
    const f2 = ok(
      await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
        query: { series: ordinary.seriesId },
        body: {
          invoiceType: 'F2',
          invoiceDate: '2026-03-15',
          invoiceLines: [
            { description: 'Venta mostrador', quantity: 1, unitPriceCents: 5000, vatRateBp: 2100 },
          ],
        },
      }),
    );
    const f1 = await confirmedF1([
      { description: 'Visita', quantity: 1, unitPriceCents: 3000, vatRateBp: 2100 },
    ]);
    const toCancel = await confirmedF1([
      { description: 'Error', quantity: 1, unitPriceCents: 1000, vatRateBp: 2100 },
    ]);
    ok(
      await req('POST', `/api/v1/invoices/${toCancel.invoiceId}/cancel`, {
        body: { reason: 'Emitida por error' },
      }),
    );
    const before = await count();

    const r1OnF2 = await rectify(f2.invoiceId, {
      method: 'DIFFERENCES',
      cancelAll: true,
      invoiceDate: '2026-03-22',
    });
    const r5OnF1 = await rectify(f1.invoiceId, {
      rectificationType: 'R5',
      method: 'DIFFERENCES',
      cancelAll: true,
      invoiceDate: '2026-03-22',
    });
    const onCancelled = await rectify(toCancel.invoiceId, {
      method: 'DIFFERENCES',
      cancelAll: true,
      invoiceDate: '2026-03-22',
    });
    const ordinarySeries = await rectify(f1.invoiceId, {
      method: 'DIFFERENCES',
      cancelAll: true,
      invoiceDate: '2026-03-22',
      series: ordinary.code,
    });

    expect(r1OnF2.status).toBe(400);
    expect(r1OnF2.body.success === false && r1OnF2.body.error.field).toBe('rectificationType');
    expect(r5OnF1.status).toBe(400);
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.success === false && onCancelled.body.error.code).toBe('DOC_047');
    expect(ordinarySeries.status).toBe(400);
    expect(ordinarySeries.body.success === false && ordinarySeries.body.error.details).toMatchObject({
      reason: 'SERIES_PURPOSE',
    });
    expect(await count()).toBe(before);
    expect((await get(f2.invoiceId)).rectifiedBy).toBeUndefined();
    expect((await get(f1.invoiceId)).rectifiedBy).toBeUndefined();

    const r5 = ok(
      await rectify(f2.invoiceId, {
        rectificationType: 'R5',
        method: 'DIFFERENCES',
        cancelAll: true,
        invoiceDate: '2026-03-22',
      }),
    );
    // 50,00 + 10,50 = 60,50 € annulled.
    expect(r5).toMatchObject({
      invoiceType: 'R5',
      totals: { baseCents: -5000, vatCents: -1050, totalCents: -6050 },
    });
    // The refusals used no number: the R5 takes the next one after the two R1 of the first test.
    expect(r5.invoiceNumber).toBe(`${rect.code}-2026-0003`);
    expect((await get(f2.invoiceId)).rectifiedBy).toEqual([r5.invoiceId]);
  });

  it('a draft rectificativa shows in pending confirmation and is linked only when confirmed', async () => {
    const original = await confirmedF1([
      { description: 'Obra', quantity: 1, unitPriceCents: 20_000, vatRateBp: 1000 },
    ]);
    const draft = ok(
      await rectify(original.invoiceId, {
        method: 'DIFFERENCES',
        confirm: false,
        invoiceDate: '2026-03-23',
        invoiceLines: [
          { description: 'Descuento pactado', quantity: 1, unitPriceCents: -2000, vatRateBp: 1000 },
        ],
      }),
    );
    expect(draft).toMatchObject({ status: 'DRAFT', invoiceType: 'R1', totals: { totalCents: -2200 } });
    expect((await get(original.invoiceId)).rectifiedBy).toBeUndefined();

    const pending = ok(
      await req<Page<Invoice>>('GET', '/api/v1/invoices/pending-confirmation', { query: { size: '100' } }),
    );
    expect(pending.content.map((i) => i.invoiceId)).toContain(draft.invoiceId);

    const confirmed = ok(await req<Invoice>('POST', `/api/v1/invoices/${draft.invoiceId}/confirm`));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', series: rect.code });
    expect((await get(original.invoiceId)).rectifiedBy).toEqual([draft.invoiceId]);

    const list = ok(
      await req<Page<Invoice>>('GET', '/api/v1/invoices', {
        query: { type: 'R1', search: rect.code, size: '100', sort: 'number,asc' },
      }),
    );
    expect(list.content.every((i) => i.invoiceType === 'R1')).toBe(true);
    expect(list.content.map((i) => i.number)).toEqual(
      [...list.content.map((i) => i.number)].sort((a, b) => a! - b!),
    );
  });

  it("a substitution moves the payments and shows the original as 'Sustituida'; a credit note lowers what is owed", async () => {
    const line = {
      description: 'Reparación',
      quantity: 2,
      unitPriceCents: 10_000,
      discountBp: 1000,
      vatRateBp: 2100,
    };
    const inv = await confirmedF1([line], { invoiceDate: '2026-04-10', dueDate: '2099-12-31' });
    ok(
      await req('POST', `/api/v1/invoices/${inv.invoiceId}/payments`, {
        body: { amountCents: 10_000, paidAt: '2026-04-11', method: 'TRANSFER' },
      }),
    );
    // A client that drops the discount of a line it did not touch is refused.
    const lost = await rectify(inv.invoiceId, {
      method: 'SUBSTITUTION',
      invoiceDate: '2026-04-12',
      invoiceLines: [{ ...line, discountBp: 0 }],
    });
    expect(lost.status).toBe(400);

    const subst = ok(
      await rectify(inv.invoiceId, {
        method: 'SUBSTITUTION',
        invoiceDate: '2026-04-12',
        invoiceLines: [
          line,
          {
            description: 'Desplazamiento',
            quantity: 1,
            unitPriceCents: 3000,
            vatRateBp: 2100,
            changed: true,
          },
        ],
      }),
    );
    expect(subst).toMatchObject({ paidCents: 10_000, paymentStatus: 'PARTIAL', dueDate: '2099-12-31' });
    const moved = ok(await req<InvoicePayment[]>('GET', `/api/v1/invoices/${subst.invoiceId}/payments`));
    expect(moved).toMatchObject([{ amountCents: 10_000, movedFrom: { invoiceId: inv.invoiceId } }]);
    expect(ok(await req<InvoicePayment[]>('GET', `/api/v1/invoices/${inv.invoiceId}/payments`))).toEqual([]);
    expect(await get(inv.invoiceId)).toMatchObject({
      displayStatus: 'SUBSTITUTED',
      substitutedBy: subst.invoiceId,
      paidCents: 0,
      outstandingCents: 0,
    });
    const refused = await req('POST', `/api/v1/invoices/${inv.invoiceId}/payments`, {
      body: { amountCents: 100, paidAt: '2026-04-13', method: 'TRANSFER' },
    });
    expect(refused.status).toBe(409);

    // A credit note on the substitute: what the customer owes on it goes down by its total.
    const credit = ok(
      await rectify(subst.invoiceId, {
        method: 'DIFFERENCES',
        invoiceDate: '2026-04-14',
        invoiceLines: [
          { description: 'Abono desplazamiento', quantity: -1, unitPriceCents: 3000, vatRateBp: 2100 },
        ],
      }),
    );
    expect(credit).toMatchObject({ appliedCreditCents: 3630, unappliedCreditCents: 0 });
    expect(await get(subst.invoiceId)).toMatchObject({
      creditedCents: 3630,
      outstandingCents: subst.totals.totalCents - 10_000 - 3630,
    });
  });
});
