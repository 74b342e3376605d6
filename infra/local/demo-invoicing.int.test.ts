/**
 * The demo invoicing of `npm start` (infra/local/seed-invoicing.ts), seeded through the API at
 * start-up: Panadería Espiga SL has its series, a quarter of invoices with exact totals, a
 * rectificativa, received invoices and a recurring template, and its running aggregates agree.
 */

import { apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice, InvoiceWithPayments } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

describe('demo invoicing (npm start)', () => {
  let token: string;
  const get = async <T>(path: string, query?: Record<string, string>) => {
    const res = await api.request<T>('GET', path, { token, companyId: DEMO_INVOICING_COMPANY, query });
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    return res.body.data;
  };

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
  });

  it('has the three default series and the quarter of invoices, numbered in date order', async () => {
    const series = await get<InvoiceSeriesView[]>('/api/v1/invoice-series');
    expect(series.filter((s) => s.isDefault).map((s) => [s.code, s.purpose])).toEqual(
      expect.arrayContaining([
        ['F', 'ORDINARY'],
        ['R', 'RECTIFICATIVA'],
        ['T', 'SIMPLIFICADA'],
      ]),
    );
    const page = await get<Page<InvoiceWithPayments>>('/api/v1/invoices', {
      from: '2026-09-01',
      to: '2026-11-30',
      size: '50',
      sort: 'invoiceDate,asc',
    });
    const seeded = page.content.filter((i) => i.series === 'F' || i.series === 'R' || i.status === 'DRAFT');
    // Two invoices share 31/10: the date order does not fix which comes first, the numbers do.
    expect(
      seeded
        .filter((i) => i.series === 'F')
        .map((i) => i.invoiceNumber)
        .sort(),
    ).toEqual(['F-2026-0001', 'F-2026-0002', 'F-2026-0003', 'F-2026-0004', 'F-2026-0005']);
    const first = seeded.find((i) => i.invoiceNumber === 'F-2026-0001')!;
    // 620 × 0,65 = 403,00 at 4 %; 540 × 0,95 = 513,00 + 480,00 = 993,00 at 10 %.
    expect(first.totals).toEqual({
      baseCents: 139_600,
      vatCents: 1_612 + 9_930,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: 139_600 + 1_612 + 9_930,
    });
    expect(first.paymentStatus).toBe('PAID');
    const ruiz = seeded.find((i) => i.invoiceNumber === 'F-2026-0002')!;
    // Recargo 0,5 % on the 4 % base (558,00) and 1,4 % on the 10 % base (168,00).
    expect(ruiz.totals.recargoCents).toBe(279 + 235);
    // Partly paid; OVERDUE once its due date (30/10/2026) has passed.
    expect(ruiz.paidCents).toBe(50_000);
    expect(['PARTIAL', 'OVERDUE']).toContain(ruiz.paymentStatus);
    const rect = seeded.find((i) => i.invoiceNumber === 'R-2026-0001') as Invoice;
    expect(rect.invoiceType).toBe('R1');
    expect(rect.totals.totalCents).toBeLessThan(0);
    expect(seeded.some((i) => i.status === 'DRAFT')).toBe(true);
  });

  it('registered the received invoices and the recurring template', async () => {
    const received = await get<Page<{ supplierInvoiceNumber: string }>>('/api/v1/received-invoices', {
      from: '2026-10-01',
      to: '2026-11-30',
    });
    expect(received.content.map((r) => r.supplierInvoiceNumber)).toEqual(
      expect.arrayContaining(['HT-2026-1184', 'E26-0098213']),
    );
    const templates = await get<Page<{ name: string; nextRunDate: string }>>(
      '/api/v1/recurring-invoices/templates',
    );
    expect(templates.content.map((t) => t.nextRunDate)).toContain('2026-12-01');
  });
});
