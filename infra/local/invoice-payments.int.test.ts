/**
 * Payments, payment status and cancellation of issued invoices against the local cloud: paying in
 * parts until PAID, overpayments refused with nothing written, concurrent payments that never
 * overpay, cancellation of a confirmed invoice (CANCELLED, still not editable), the daily overdue
 * schedule run through the dev endpoint, and tenant isolation. Works on demo-romero-fontaneria with
 * its own customer and series.
 */

import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { InvoicePayment, InvoiceWithPayments } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
// Offset from the other invoice tests' NIF so both can run in the same millisecond window.
const dniNumber = String((Date.now() + 51_234_567) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;
/** 1 × 100,00 € + 21 % IVA. */
const TOTAL = 12_100;

describe('invoice payments and cancellation (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  let customer: Customer;
  let series: InvoiceSeriesView;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const invoiceBody = (over: Record<string, unknown> = {}) => ({
    invoiceType: 'F1',
    invoiceDate: '2026-03-15',
    // Far ahead: without one the invoice takes the customer's term and is overdue by now.
    dueDate: '2099-12-31',
    customerId: customer.customerId,
    invoiceLines: [{ description: 'Mano de obra', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 }],
    ...over,
  });

  const confirmedInvoice = async (over: Record<string, unknown> = {}) => {
    const res = await req<InvoiceWithPayments>('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: series.seriesId },
      body: invoiceBody(over),
    });
    if (!res.body.success) throw new Error(`invoice: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const get = async (invoiceId: string) => {
    const res = await req<InvoiceWithPayments>('GET', `/api/v1/invoices/${invoiceId}`);
    if (!res.body.success) throw new Error(`get: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const payments = async (invoiceId: string) => {
    const res = await req<InvoicePayment[]>('GET', `/api/v1/invoices/${invoiceId}/payments`);
    if (!res.body.success) throw new Error(`payments: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const pay = (invoiceId: string, body: Record<string, unknown>) =>
    req<InvoicePayment>('POST', `/api/v1/invoices/${invoiceId}/payments`, { body });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    gestor2 = await api.login('gestor2@cuadra.test');
    const c = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Cobros Romero ${run}`,
        taxId: NIF,
        address: { street: 'Calle Mayor 2', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
        vatTreatment: 'DOMESTIC',
      },
    });
    if (!c.body.success) throw new Error(`customer: ${JSON.stringify(c.body.error)}`);
    customer = c.body.data;
    const s = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `P${run}`, description: `Cobros ${run}`, isDefault: false },
    });
    if (!s.body.success) throw new Error(`series: ${JSON.stringify(s.body.error)}`);
    series = s.body.data;
  });

  it('confirms as PENDING, pays in two parts (PARTIAL, then PAID) and lists the payments oldest first', async () => {
    const inv = await confirmedInvoice();
    expect(inv).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PENDING', paidCents: 0 });

    const first = await pay(inv.invoiceId, {
      amountCents: 5_000,
      paidAt: '2026-03-20',
      method: 'TRANSFER',
      reference: 'TR-1',
    });
    expect(first.status).toBe(201);
    expect((await get(inv.invoiceId)).paymentStatus).toBe('PARTIAL');

    const second = await pay(inv.invoiceId, {
      amountCents: TOTAL - 5_000,
      paidAt: '2026-03-25',
      method: 'CARD',
    });
    expect(second.status).toBe(201);
    expect(await get(inv.invoiceId)).toMatchObject({ paymentStatus: 'PAID', paidCents: TOTAL });

    const list = await payments(inv.invoiceId);
    expect(list.map((p) => [p.amountCents, p.method, p.reference])).toEqual([
      [5_000, 'TRANSFER', 'TR-1'],
      [TOTAL - 5_000, 'CARD', null],
    ]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'amountCents',
        'createdAt',
        'createdBy',
        'history',
        'method',
        'paidAt',
        'paymentId',
        'reference',
        'status',
      ].sort(),
    );
  });

  it('corrects and deletes a payment: the invoice follows and the list keeps the audit lines', async () => {
    const inv = await confirmedInvoice();
    const paid = await pay(inv.invoiceId, { amountCents: TOTAL, paidAt: '2026-03-20', method: 'TRANSFER' });
    const paymentId = (paid.body.success && (paid.body.data as { paymentId: string }).paymentId) || '';
    const path = `/api/v1/invoices/${inv.invoiceId}/payments/${paymentId}`;

    const put = await req('PUT', path, {
      body: { amountCents: 5_000, paidAt: '2026-03-21', method: 'CARD', reason: 'Importe mal tecleado' },
    });
    expect(put.status).toBe(200);
    expect(await get(inv.invoiceId)).toMatchObject({ paymentStatus: 'PARTIAL', paidCents: 5_000 });

    const del = await req('DELETE', path, { query: { reason: 'Cobro duplicado' } });
    expect(del.status).toBe(200);
    expect(await get(inv.invoiceId)).toMatchObject({ paymentStatus: 'PENDING', paidCents: 0 });

    const [only] = await payments(inv.invoiceId);
    expect(only).toMatchObject({ paymentId, status: 'DELETED', amountCents: 5_000, revision: 2 });
    expect(
      only!.history!.map((h) => [h.action, h.by, h.before.amountCents, h.after?.amountCents ?? null]),
    ).toEqual([
      ['UPDATED', expect.any(String), TOTAL, 5_000],
      ['DELETED', expect.any(String), 5_000, null],
    ]);
    // A deleted payment is not taken back into account; the invoice takes a new one again.
    expect((await req('DELETE', path)).status).toBe(409);
    expect(
      (await pay(inv.invoiceId, { amountCents: TOTAL, paidAt: '2026-03-22', method: 'CARD' })).status,
    ).toBe(201);
  });

  it('a new invoice without due date and method takes the company defaults', async () => {
    const { dueDate: _d, ...body } = invoiceBody();
    const res = await req<InvoiceWithPayments>('POST', '/api/v1/invoices', { body });
    expect(res.status).toBe(201);
    // The customer's payment terms (30 days by default): 15/03 + 30 = 14/04; the default method.
    expect(res.body.success && res.body.data).toMatchObject({
      dueDate: '2026-04-14',
      paymentMethod: 'TRANSFER',
    });
  });

  it('refuses an overpayment naming amountCents and writes nothing', async () => {
    const inv = await confirmedInvoice();
    expect(
      (await pay(inv.invoiceId, { amountCents: 10_000, paidAt: '2026-03-20', method: 'TRANSFER' })).status,
    ).toBe(201);
    const res = await pay(inv.invoiceId, { amountCents: 2_101, paidAt: '2026-03-21', method: 'TRANSFER' });
    expect(res.status).toBe(400);
    if (res.body.success) throw new Error('accepted an overpayment');
    expect(res.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'amountCents',
      message: 'El pago supera el importe pendiente (21,00 €).',
    });
    expect(await get(inv.invoiceId)).toMatchObject({ paymentStatus: 'PARTIAL', paidCents: 10_000 });
    expect(await payments(inv.invoiceId)).toHaveLength(1);
  });

  it('never overpays under 10 concurrent payments that together exceed the total', async () => {
    const inv = await confirmedInvoice();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        pay(inv.invoiceId, { amountCents: 2_000, paidAt: '2026-03-20', method: 'TRANSFER' }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted * 2_000).toBeLessThanOrEqual(TOTAL);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect([400, 503, 409]).toContain(r.status);
    }
    const stored = await get(inv.invoiceId);
    const list = await payments(inv.invoiceId);
    expect(list).toHaveLength(accepted);
    expect(stored.paidCents).toBe(accepted * 2_000);
    expect(list.reduce((s, p) => s + p.amountCents, 0)).toBe(stored.paidCents);
  });

  it('refuses a payment on a draft with 409 DOC_047', async () => {
    const d = await req<InvoiceWithPayments>('POST', '/api/v1/invoices', {
      query: { series: series.seriesId },
      body: invoiceBody(),
    });
    if (!d.body.success) throw new Error(`draft: ${JSON.stringify(d.body.error)}`);
    const res = await pay(d.body.data.invoiceId, {
      amountCents: 100,
      paidAt: '2026-03-20',
      method: 'TRANSFER',
    });
    expect(res.status).toBe(409);
    expect(res.body.success ? null : res.body.error.code).toBe('DOC_047');
    expect(await payments(d.body.data.invoiceId)).toHaveLength(0);
  });

  it('cancels a confirmed invoice without payments; it stays numbered and PUT is still refused', async () => {
    const inv = await confirmedInvoice();
    const res = await req<InvoiceWithPayments>('POST', `/api/v1/invoices/${inv.invoiceId}/cancel`, {
      body: { reason: 'Emitida por error' },
    });
    expect(res.status).toBe(200);
    const stored = await get(inv.invoiceId);
    expect(stored).toMatchObject({
      status: 'CANCELLED',
      number: inv.number,
      invoiceNumber: inv.invoiceNumber,
      cancelReason: 'Emitida por error',
    });
    const put = await req('PUT', `/api/v1/invoices/${inv.invoiceId}`, { body: invoiceBody() });
    expect(put.status).toBe(409);
    expect(put.body.success ? null : put.body.error.code).toBe('DOC_047');
    const del = await req('DELETE', `/api/v1/invoices/${inv.invoiceId}`);
    expect(del.status).toBe(409);
    const payCancelled = await pay(inv.invoiceId, {
      amountCents: 100,
      paidAt: '2026-03-20',
      method: 'TRANSFER',
    });
    expect(payCancelled.status).toBe(409);
    expect((await get(inv.invoiceId)).status).toBe('CANCELLED');
  });

  it('refuses to cancel an invoice with payments', async () => {
    const inv = await confirmedInvoice();
    expect(
      (await pay(inv.invoiceId, { amountCents: 100, paidAt: '2026-03-20', method: 'CASH' })).status,
    ).toBe(201);
    const res = await req('POST', `/api/v1/invoices/${inv.invoiceId}/cancel`, {
      body: { reason: 'Emitida por error' },
    });
    expect(res.status).toBe(409);
    expect(res.body.success ? null : res.body.error).toMatchObject({
      code: 'DOC_047',
      message: 'No se puede anular una factura con cobros registrados; emite una rectificativa.',
    });
    expect((await get(inv.invoiceId)).status).toBe('CONFIRMED');
  });

  it('marks an unpaid invoice past its due date OVERDUE when the daily schedule runs', async () => {
    const inv = await confirmedInvoice({ dueDate: '2026-04-01' });
    const paid = await confirmedInvoice({ dueDate: '2026-04-01' });
    expect(
      (await pay(paid.invoiceId, { amountCents: TOTAL, paidAt: '2026-03-20', method: 'CARD' })).status,
    ).toBe(201);
    expect((await get(inv.invoiceId)).paymentStatus).toBe('PENDING');

    const ran = await fetch(`${cloud.url}/_dev/schedules/invoices-overdue/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(ran.status).toBe(200);

    expect((await get(inv.invoiceId)).paymentStatus).toBe('OVERDUE');
    expect((await get(paid.invoiceId)).paymentStatus).toBe('PAID');
    // Idempotent: a second run changes nothing.
    await fetch(`${cloud.url}/_dev/schedules/invoices-overdue/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect((await get(inv.invoiceId)).paymentStatus).toBe('OVERDUE');
  });

  it('refuses another company’s gestor with 403 CORE_003', async () => {
    const inv = await confirmedInvoice();
    for (const [method, path, body] of [
      ['GET', `/api/v1/invoices/${inv.invoiceId}/payments`, undefined],
      [
        'POST',
        `/api/v1/invoices/${inv.invoiceId}/payments`,
        { amountCents: 100, paidAt: '2026-03-20', method: 'CASH' },
      ],
      ['POST', `/api/v1/invoices/${inv.invoiceId}/cancel`, { reason: 'Emitida por error' }],
    ] as const) {
      const res = await api.request(method, path, { token: gestor2, companyId: COMPANY, body });
      expect(res.status).toBe(403);
      expect(res.body.success ? null : res.body.error.code).toBe('CORE_003');
    }
    expect(await get(inv.invoiceId)).toMatchObject({ status: 'CONFIRMED', paidCents: 0 });
  });
});
