/**
 * Recurring invoices against the local cloud: a monthly template that started last month is caught
 * up by the daily schedule (run through the gateway's dev endpoint) as drafts with exact totals and
 * the period in their descriptions; a second run creates nothing; the history and the scheduled
 * listing show them. Works on demo-romero-fontaneria with its own customer and series.
 */

import { apiClient } from '@infra/local/testing/api';
import type { SentMail } from '@infra/local/types';
import type { Page } from '@shared/api/envelope';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  RecurringGeneration,
  RecurringScheduledItem,
  RecurringStats,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SPANISH_MONTHS } from './model/recurrence';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
// Offset from the other invoice tests' NIFs so they can run in the same millisecond window.
const dniNumber = String((Date.now() + 73_456_789) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());
const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
/** The first day of the month `offset` months from this one. */
const firstOf = (offset: number) => {
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};
const periodOf = (iso: string) => `${SPANISH_MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

/** 3 × 33,33 € at 21 % (base 99,99, IVA 21,00) and 1 × 12,50 € at 10 % (IVA 1,25): total 134,74 €. */
const TOTALS = { baseCents: 11_249, vatCents: 2_225, recargoCents: 0, irpfCents: 0, totalCents: 13_474 };

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

describe('recurring invoices (local cloud)', () => {
  let gestor: string;
  let customer: Customer;
  let series: InvoiceSeriesView;

  const req = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ): Promise<T> => {
    const res = await api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });
    if (!res.body.success) throw new Error(`${method} ${path}: ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const runSchedule = async () => {
    const res = await fetch(`${cloud.url}/_dev/schedules/recurring-invoices/run`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    customer = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Comunidad Recurrente ${run}`,
        taxId: NIF,
        address: { street: 'Calle Mayor 9', postalCode: '46001', city: 'Valencia', province: 'Valencia' },
        paymentTermsDays: 10,
      },
    });
    series = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `R${run}`, description: `Recurrentes ${run}`, isDefault: false },
    });
  });

  it('catches up the missed months as drafts, idempotently, and lists history and upcoming dates', async () => {
    const template = await req<RecurringTemplate>('POST', '/api/v1/recurring-invoices/templates', {
      body: {
        name: `Mantenimiento caldera ${run}`,
        customerId: customer.customerId,
        invoiceType: 'F1',
        invoiceLines: [
          {
            description: 'Cuota de mantenimiento {MES} {AÑO}',
            quantity: 3,
            unitPriceCents: 3_333,
            vatRateBp: 2100,
          },
          { description: 'Revisión {TRIMESTRE}', quantity: 1, unitPriceCents: 1_250, vatRateBp: 1000 },
        ],
        frequency: 'MONTHLY',
        startDate: firstOf(-1),
        dayOfMonth: 1,
        dueDays: 30,
        generationMode: 'DRAFT',
        seriesId: series.seriesId,
      },
    });
    expect(template).toMatchObject({ nextRunDate: firstOf(-1), totals: TOTALS });

    await runSchedule();
    await runSchedule();

    const history = await req<Page<RecurringGeneration>>('GET', '/api/v1/recurring-invoices/generations', {
      query: { templateId: template.templateId },
    });
    expect(history.content.map((g) => [g.occurrenceDate, g.status, g.trigger, g.totalCents])).toEqual([
      [firstOf(0), 'DRAFT', 'SCHEDULE', TOTALS.totalCents],
      [firstOf(-1), 'DRAFT', 'SCHEDULE', TOTALS.totalCents],
    ]);
    for (const g of history.content) {
      const inv = await req<Invoice>('GET', `/api/v1/invoices/${g.invoiceId}`);
      expect(inv).toMatchObject({
        status: 'DRAFT',
        origin: 'RECURRING',
        invoiceDate: g.occurrenceDate,
        requestedSeriesId: series.seriesId,
        totals: TOTALS,
      });
      expect(inv.invoiceLines[0]!.description).toBe(`Cuota de mantenimiento ${periodOf(g.occurrenceDate)}`);
      expect(inv.invoiceLines[1]!.description).toMatch(/^Revisión [1-4]T$/);
    }
    // Exactly two invoices for this customer: the second run created nothing.
    const list = await req<Page<Invoice>>('GET', '/api/v1/invoices', {
      query: { from: firstOf(-1), to: firstOf(0), size: '100' },
    });
    expect(list.content.filter((i) => i.customer?.customerId === customer.customerId)).toHaveLength(2);

    const fresh = await req<RecurringTemplate>(
      'GET',
      `/api/v1/recurring-invoices/templates/${template.templateId}`,
    );
    expect(fresh).toMatchObject({
      nextRunDate: firstOf(1),
      lastOccurrenceDate: firstOf(0),
      generatedCount: 2,
    });

    const scheduled = await req<RecurringScheduledItem[]>('GET', '/api/v1/recurring-invoices/scheduled', {
      query: { from: firstOf(1), to: firstOf(3) },
    });
    expect(scheduled.filter((s) => s.templateId === template.templateId).map((s) => s.date)).toEqual([
      firstOf(1),
      firstOf(2),
      firstOf(3),
    ]);

    const stats = await req<RecurringStats>('GET', '/api/v1/recurring-invoices/stats');
    expect(stats.activeTemplates).toBeGreaterThanOrEqual(1);
    expect(stats.generatedThisMonth).toBeGreaterThanOrEqual(1);
  });

  it('"generar ahora" creates the next occurrence once; the schedule then has nothing left to do', async () => {
    const template = await req<RecurringTemplate>('POST', '/api/v1/recurring-invoices/templates', {
      body: {
        name: `Alquiler de andamio ${run}`,
        customerId: customer.customerId,
        invoiceType: 'F1',
        invoiceLines: [
          { description: 'Alquiler {MES}', quantity: 1, unitPriceCents: 20_000, vatRateBp: 2100 },
        ],
        frequency: 'QUARTERLY',
        startDate: firstOf(1),
        dayOfMonth: 'LAST',
      },
    });
    const now = await req<{ generation: RecurringGeneration; invoice: Invoice }>(
      'POST',
      `/api/v1/recurring-invoices/templates/${template.templateId}/generate`,
    );
    expect(now.generation).toMatchObject({ status: 'DRAFT', trigger: 'MANUAL' });
    expect(now.invoice.totals.totalCents).toBe(24_200);
    await runSchedule();
    const history = await req<Page<RecurringGeneration>>('GET', '/api/v1/recurring-invoices/generations', {
      query: { templateId: template.templateId },
    });
    expect(history.content).toHaveLength(1);

    // Another company's gestor cannot see the template.
    const other = await api.request('GET', `/api/v1/recurring-invoices/templates/${template.templateId}`, {
      token: await api.login('gestor2@cuadra.test'),
      companyId: COMPANY,
    });
    expect(other.status).toBe(403);
  });
  it('CONFIRM_AND_SEND numbers the invoice and e-mails it with its PDF to the customer', async () => {
    const email = `recurrente-${run.toLowerCase()}@cliente-h6.example`;
    const payer = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Oficinas Envío ${run}`,
        taxId: `${String((Number(dniNumber) + 1) % 100_000_000).padStart(8, '0')}${dniLetter((Number(dniNumber) + 1) % 100_000_000)}`,
        email,
        address: { street: 'Calle Colón 3', postalCode: '46004', city: 'Valencia', province: 'Valencia' },
      },
    });
    const own = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `S${run}`, description: `Envío recurrente ${run}`, isDefault: false },
    });
    const template = await req<RecurringTemplate>('POST', '/api/v1/recurring-invoices/templates', {
      body: {
        name: `Soporte informático ${run}`,
        customerId: payer.customerId,
        invoiceType: 'F1',
        invoiceLines: [
          { description: 'Soporte {MES} {AÑO}', quantity: 1, unitPriceCents: 5_000, vatRateBp: 2100 },
        ],
        frequency: 'MONTHLY',
        startDate: firstOf(0),
        dayOfMonth: 1,
        generationMode: 'CONFIRM_AND_SEND',
        seriesId: own.seriesId,
      },
    });
    await runSchedule();
    const [generation] = (
      await req<Page<RecurringGeneration>>('GET', '/api/v1/recurring-invoices/generations', {
        query: { templateId: template.templateId },
      })
    ).content;
    expect(generation).toMatchObject({ status: 'SENT', invoiceNumber: `S${run}-${year}-0001`, reason: null });
    const invoice = await req<Invoice>('GET', `/api/v1/invoices/${generation!.invoiceId}`);
    expect(invoice).toMatchObject({
      status: 'CONFIRMED',
      origin: 'RECURRING',
      totals: { totalCents: 6_050 },
    });
    const mail = await waitFor('the mail in the dev mailbox', async () => {
      const mails = (await (await fetch(new URL('/_dev/mailbox.json', cloud.url))).json()) as SentMail[];
      return mails.find((m) => m.to.includes(email));
    });
    expect(mail.subject).toBe(`Factura ${invoice.invoiceNumber} de ${invoice.issuer?.name}`);
    expect(mail.attachments?.map((a) => a.filename)).toEqual([`${invoice.invoiceNumber}.pdf`]);
  });
});
