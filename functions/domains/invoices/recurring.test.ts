/**
 * Recurring invoices: the template routes through the real pipeline, and the daily worker, on an
 * in-memory table behind aws-sdk-client-mock (testing/recurring-fake-table.ts) that checks
 * conditions and writes transactions all or nothing — so catch-up, idempotency under re-runs and
 * overlapping runs, failures and confirmation are tested on their real writes.
 */

import { InvokeCommand, type InvokeCommandOutput, LambdaClient } from '@aws-sdk/client-lambda';
import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  RecurringGeneration,
  RecurringScheduledItem,
  RecurringSettings,
  RecurringStats,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SendInvoice } from './actions/generate-recurring-invoice';
import { customerItem } from './store/customers';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, issuerCompany, T0, USER } from './testing/harness';
import { type FakeTable, fakeTable } from './testing/recurring-fake-table';
import { generateRecurring } from './workers/generate-recurring';

const { db, deps, call, resetIds } = invoicesHarness('r');
let table: FakeTable;
/** The pdf domain's function renders the PDF and queues the e-mail (store/invoice-pdfs.ts). */
useEnv({
  FUNCTION_NAME_PDF_RENDER: 'cuadra-pdf-render',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
const lambda = mockClient(LambdaClient);
const pdfAnswer = (body: unknown, functionError?: string) => ({
  StatusCode: 200,
  Payload: new TextEncoder().encode(JSON.stringify(body)) as InvokeCommandOutput['Payload'],
  ...(functionError ? { FunctionError: functionError } : {}),
});
const pdfRequests = () =>
  lambda
    .commandCalls(InvokeCommand)
    .map(
      (c) =>
        JSON.parse(new TextDecoder().decode(c.args[0].input.Payload as Uint8Array)) as Record<
          string,
          unknown
        >,
    );

const customer: Customer = {
  customerId: 'c1',
  companyId: COMPANY,
  name: 'Comunidad de Propietarios Mayor 5',
  taxId: 'H46123450',
  address: {
    street: 'Calle Mayor 5',
    postalCode: '46001',
    city: 'Valencia',
    province: 'Valencia',
    country: 'ES',
  },
  email: 'administracion@mayor5.example',
  paymentTermsDays: 15,
  vatTreatment: 'DOMESTIC',
  isActive: true,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

const series: InvoiceSeries = {
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'F',
  description: 'Ordinarias',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

/** 2 × 45,50 € at 21 % and a 10 % line: base 101,00, IVA 19,11 + 1,00 = 20,11, total 121,11 €. */
const templateBody = (over: Record<string, unknown> = {}) => ({
  name: 'Mantenimiento mensual',
  customerId: 'c1',
  invoiceType: 'F1',
  invoiceLines: [
    {
      description: 'Cuota de mantenimiento {MES} {AÑO}',
      quantity: 2,
      unitPriceCents: 4_550,
      vatRateBp: 2100,
    },
    { description: 'Material fungible', quantity: 1, unitPriceCents: 1_000, vatRateBp: 1000 },
  ],
  frequency: 'MONTHLY',
  startDate: '2026-01-05',
  dayOfMonth: 5,
  ...over,
});
const TOTALS = { baseCents: 10_100, vatCents: 2_011, recargoCents: 0, irpfCents: 0, totalCents: 12_111 };

const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; message: string } }).error;
const dataOf = <T>(res: { envelope: unknown }) => (res.envelope as { data: T }).data;

const silent = { debug() {}, info() {}, warn() {}, error() {} } as never;
const runAt = (iso: string, send?: SendInvoice) =>
  generateRecurring(
    deps,
    { log: silent, now: new Date(iso), remainingMs: () => Number.POSITIVE_INFINITY },
    send,
  );

const invoices = () =>
  (table.all('Invoice') as unknown as Invoice[]).sort((a, b) => a.invoiceDate.localeCompare(b.invoiceDate));
const generations = () => table.all('RecurringGeneration') as unknown as RecurringGeneration[];
const templateOf = (id: string) =>
  table.get(keys.recurringTemplate(COMPANY, id)) as unknown as RecurringTemplate & {
    gsi2pk?: string;
    gsi2sk?: string;
  };

async function createTemplate(over: Record<string, unknown> = {}): Promise<RecurringTemplate> {
  const res = await call<RecurringTemplate>({
    routeId: 'recurring.createTemplate',
    body: templateBody(over),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.envelope));
  return dataOf<RecurringTemplate>(res);
}

function saveSettings(over: Partial<RecurringSettings>) {
  table.put({
    ...keys.recurringSettings(COMPANY),
    entity: 'RecurringSettings',
    v: SCHEMA_VERSION,
    companyId: COMPANY,
    generationMode: 'DRAFT',
    daysInAdvance: 0,
    notifyOnFailure: true,
    defaultSeriesId: null,
    updatedAt: T0.toISOString(),
    ...over,
  });
}

beforeEach(() => {
  db.reset();
  lambda.reset();
  resetIds();
  table = fakeTable(db);
  table.put({ ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true });
  table.put({ ...keys.company(COMPANY), ...issuerCompany });
  table.put(customerItem(customer));
  table.put(seriesItem(series));
  table.put({
    ...keys.invoiceSeriesDefault(COMPANY, 'ORDINARY'),
    entity: 'InvoiceSeriesDefault',
    purpose: 'ORDINARY',
    seriesId: 'f1',
  });
});

describe('recurring templates (API)', () => {
  it('creates a template with its totals and next date, in the due index', async () => {
    const t = await createTemplate({ startDate: '2026-03-10' });
    expect(t).toMatchObject({
      name: 'Mantenimiento mensual',
      customerName: customer.name,
      dayOfMonth: 5,
      interval: 1,
      nextRunDate: '2026-04-05',
      lastOccurrenceDate: null,
      generatedCount: 0,
      totals: TOTALS,
      isActive: true,
    });
    expect(t.invoiceLines[0]).toMatchObject({ quantityMilli: 2_000, unitPriceCents: 4_550, discountBp: 0 });
    expect(templateOf(t.templateId)).toMatchObject(keys.recurringDue('2026-04-05', COMPANY, t.templateId));
  });

  it('refuses an unknown customer, a day 29 and an inactive series naming the field, writing nothing', async () => {
    table.put(seriesItem({ ...series, seriesId: 'old', code: 'OLD', isActive: false }));
    const cases = [
      [templateBody({ customerId: 'nope' }), 'customerId'],
      [templateBody({ dayOfMonth: 29 }), 'dayOfMonth'],
      [templateBody({ seriesId: 'old' }), 'seriesId'],
      [templateBody({ endDate: '2026-01-04' }), 'endDate'],
      [templateBody({ invoiceLines: [] }), 'invoiceLines'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call({ routeId: 'recurring.createTemplate', body });
      expect(res.status, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field });
    }
    expect(table.all('RecurringTemplate')).toEqual([]);
  });

  it('refuses a template whose invoice the invoice rules refuse (cash of 1.000 € or more)', async () => {
    const res = await call({
      routeId: 'recurring.createTemplate',
      body: templateBody({
        paymentMethod: 'CASH',
        invoiceLines: [{ description: 'Obra', quantity: 1, unitPriceCents: 100_000, vatRateBp: 2100 }],
      }),
    });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field: 'paymentMethod' });
    expect(table.all('RecurringTemplate')).toEqual([]);
  });

  it('deactivating removes the template from the due index; the day 31 start bills at month end', async () => {
    const t = await createTemplate({ startDate: '2026-01-31', dayOfMonth: undefined });
    expect(t).toMatchObject({ dayOfMonth: 'LAST', nextRunDate: '2026-01-31' });
    const res = await call<RecurringTemplate>({
      routeId: 'recurring.updateTemplate',
      params: { templateId: t.templateId },
      body: templateBody({ startDate: '2026-01-31', dayOfMonth: 'LAST', isActive: false }),
    });
    expect(res.status).toBe(200);
    expect(templateOf(t.templateId)).toMatchObject({ isActive: false, nextRunDate: '2026-01-31' });
    expect(templateOf(t.templateId).gsi2pk).toBeUndefined();
  });

  it('lists, searches and deletes templates; a CLIENTE user may not create one', async () => {
    await createTemplate();
    await createTemplate({ name: 'Alquiler de maquinaria', frequency: 'QUARTERLY' });
    const list = await call<{ content: RecurringTemplate[]; totalElements: number }>({
      routeId: 'recurring.listTemplates',
      query: { search: 'maquinaria' },
    });
    expect(dataOf<{ content: RecurringTemplate[] }>(list).content.map((t) => t.name)).toEqual([
      'Alquiler de maquinaria',
    ]);
    const [first] = table.all('RecurringTemplate') as unknown as RecurringTemplate[];
    const del = await call({
      routeId: 'recurring.deleteTemplate',
      params: { templateId: first!.templateId },
    });
    expect(del.status).toBe(200);
    expect(table.all('RecurringTemplate')).toHaveLength(1);
    const again = await call({
      routeId: 'recurring.deleteTemplate',
      params: { templateId: first!.templateId },
    });
    expect(errorOf(again)?.code).toBe('CORE_006');

    table.put({
      ...keys.membership(COMPANY, USER),
      companyRole: 'CLIENTE',
      isActive: true,
      permissions: ['VIEW_INVOICES'],
    });
    const refused = await call({ routeId: 'recurring.createTemplate', body: templateBody() });
    expect(refused.status).toBe(403);
    expect(table.all('RecurringTemplate')).toHaveLength(1);
  });

  it('settings default to drafts on the day and refuse more than 30 days in advance', async () => {
    const get = await call<RecurringSettings>({ routeId: 'recurring.getSettings' });
    expect(dataOf(get)).toMatchObject({ generationMode: 'DRAFT', daysInAdvance: 0, notifyOnFailure: true });
    const bad = await call({
      routeId: 'recurring.updateSettings',
      body: { generationMode: 'CONFIRM', daysInAdvance: 31, notifyOnFailure: true },
    });
    expect(errorOf(bad)).toMatchObject({ code: 'CORE_004', field: 'daysInAdvance' });
    const ok = await call({
      routeId: 'recurring.updateSettings',
      body: { generationMode: 'CONFIRM', daysInAdvance: 3, notifyOnFailure: false, defaultSeriesId: 'f1' },
    });
    expect(ok.status).toBe(200);
    expect(dataOf(await call({ routeId: 'recurring.getSettings' }))).toMatchObject({
      generationMode: 'CONFIRM',
      daysInAdvance: 3,
      defaultSeriesId: 'f1',
    });
  });
});

describe('generar ahora (POST .../generate)', () => {
  it('creates the next occurrence as a RECURRING draft with the period in its descriptions', async () => {
    const t = await createTemplate({
      startDate: '2026-03-01',
      dayOfMonth: 1,
      notes: 'Periodo {MES} de {AÑO}',
    });
    const res = await call<{ generation: RecurringGeneration; invoice: Invoice }>({
      routeId: 'recurring.generateNow',
      params: { templateId: t.templateId },
    });
    expect(res.status).toBe(201);
    const { invoice, generation } = dataOf<{ generation: RecurringGeneration; invoice: Invoice }>(res);
    expect(invoice).toMatchObject({
      status: 'DRAFT',
      origin: 'RECURRING',
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-16',
      totals: TOTALS,
      notes: 'Periodo marzo de 2026',
    });
    expect(invoice.invoiceLines.map((l) => l.description)).toEqual([
      'Cuota de mantenimiento marzo 2026',
      'Material fungible',
    ]);
    expect(generation).toMatchObject({ status: 'DRAFT', trigger: 'MANUAL', invoiceId: invoice.invoiceId });
    expect(templateOf(t.templateId)).toMatchObject({
      nextRunDate: '2026-04-01',
      lastOccurrenceDate: '2026-03-01',
      generatedCount: 1,
      ...keys.recurringDue('2026-04-01', COMPANY, t.templateId),
    });
  });

  it('refuses when the customer is gone, writing nothing', async () => {
    const t = await createTemplate();
    table.items.delete(`${keys.customer(COMPANY, 'c1').pk}|${keys.customer(COMPANY, 'c1').sk}`);
    const res = await call({ routeId: 'recurring.generateNow', params: { templateId: t.templateId } });
    expect(res.status).toBe(400);
    expect(errorOf(res)?.message).toContain('ya no existe');
    expect(invoices()).toEqual([]);
    expect(generations()).toEqual([]);
    expect(templateOf(t.templateId).nextRunDate).toBe('2026-01-05');
  });
});

describe('daily generation (worker)', () => {
  it('catches up the missed months one by one as drafts with exact totals, and a re-run creates nothing', async () => {
    const t = await createTemplate({ startDate: '2026-01-05' });
    const first = await runAt('2026-03-10T05:00:00Z');
    expect(first).toEqual({ generated: 3, notConfirmed: 0, failed: 0, skipped: 0, errors: 0 });
    expect(
      invoices().map((i) => [i.invoiceDate, i.status, i.invoiceLines[0]!.description, i.totals]),
    ).toEqual([
      ['2026-01-05', 'DRAFT', 'Cuota de mantenimiento enero 2026', TOTALS],
      ['2026-02-05', 'DRAFT', 'Cuota de mantenimiento febrero 2026', TOTALS],
      ['2026-03-05', 'DRAFT', 'Cuota de mantenimiento marzo 2026', TOTALS],
    ]);
    expect(templateOf(t.templateId)).toMatchObject({ nextRunDate: '2026-04-05', generatedCount: 3 });

    const second = await runAt('2026-03-10T05:00:00Z');
    expect(second.generated).toBe(0);
    expect(invoices()).toHaveLength(3);
    expect(generations()).toHaveLength(3);
  });

  it('two overlapping runs create one invoice per occurrence', async () => {
    await createTemplate({ startDate: '2026-01-05' });
    const [a, b] = await Promise.all([runAt('2026-03-10T05:00:00Z'), runAt('2026-03-10T05:00:00Z')]);
    expect(a.generated + b.generated).toBe(3);
    expect(invoices().map((i) => i.invoiceDate)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
  });

  it('the same occurrence claimed by another run meanwhile: the transaction writes nothing', async () => {
    const t = await createTemplate({ startDate: '2026-03-05' });
    // Another run generates the occurrence between this run's read and its transaction.
    let raced = false;
    table.onTransact(async () => {
      if (raced) return;
      raced = true;
      table.onTransact(undefined);
      await call({ routeId: 'recurring.generateNow', params: { templateId: t.templateId } });
    });
    const result = await runAt('2026-03-10T05:00:00Z');
    expect(result).toMatchObject({ generated: 0, skipped: 1 });
    expect(invoices().map((i) => i.invoiceDate)).toEqual(['2026-03-05']);
    expect(templateOf(t.templateId).nextRunDate).toBe('2026-04-05');
  });

  it('generates days in advance as the settings say, dated on the occurrence', async () => {
    await createTemplate({ startDate: '2026-03-05' });
    expect((await runAt('2026-03-01T05:00:00Z')).generated).toBe(0);
    saveSettings({ daysInAdvance: 4 });
    expect((await runAt('2026-03-01T05:00:00Z')).generated).toBe(1);
    expect(invoices().map((i) => i.invoiceDate)).toEqual(['2026-03-05']);
  });

  it('stops at maxOccurrences and leaves the due index', async () => {
    const t = await createTemplate({ startDate: '2026-01-05', maxOccurrences: 2 });
    expect((await runAt('2026-06-10T05:00:00Z')).generated).toBe(2);
    expect(templateOf(t.templateId)).toMatchObject({ nextRunDate: null, generatedCount: 2 });
    expect(templateOf(t.templateId).gsi2pk).toBeUndefined();
  });

  it('records a failure with its Spanish reason, keeps the occurrence and generates it once fixed', async () => {
    const t = await createTemplate({ startDate: '2026-03-05' });
    // The company's staff and one of its clients, as listCompanyMembers reads them.
    table.put({
      ...keys.membership(COMPANY, USER),
      userId: USER,
      companyId: COMPANY,
      companyRole: 'GESTOR',
      isActive: true,
    });
    table.put({
      ...keys.membership(COMPANY, 'client-1'),
      userId: 'client-1',
      companyId: COMPANY,
      companyRole: 'CLIENTE',
      isActive: true,
    });
    table.put(customerItem({ ...customer, isActive: false }));
    expect(await runAt('2026-03-10T05:00:00Z')).toMatchObject({ generated: 0, failed: 1 });
    expect(await runAt('2026-03-11T05:00:00Z')).toMatchObject({ failed: 1 });
    // Told once (first failure), to the staff only, with the reason and a link to the dashboard.
    expect(table.all('Notification')).toEqual([
      expect.objectContaining({
        userId: USER,
        companyId: COMPANY,
        type: 'invoice_recurring_failed',
        severity: 'warning',
        link: `/app/invoices/recurring/dashboard?company=${COMPANY}`,
        message: expect.stringContaining(`El cliente ${customer.name} está dado de baja.`),
      }),
    ]);
    expect(table.all('NotificationCounter')).toEqual([expect.objectContaining({ userId: USER, unread: 1 })]);
    expect(generations()).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        occurrenceDate: '2026-03-05',
        reason: `El cliente ${customer.name} está dado de baja.`,
        attempts: 2,
        invoiceId: null,
      }),
    ]);
    expect(invoices()).toEqual([]);
    expect(templateOf(t.templateId).nextRunDate).toBe('2026-03-05');

    table.put(customerItem(customer));
    expect(await runAt('2026-03-12T05:00:00Z')).toMatchObject({ generated: 1, failed: 0 });
    expect(generations()).toEqual([
      expect.objectContaining({ status: 'DRAFT', occurrenceDate: '2026-03-05' }),
    ]);
    expect(invoices()).toHaveLength(1);

    const stats = dataOf<RecurringStats>(await call({ routeId: 'recurring.stats' }));
    expect(stats).toMatchObject({
      activeTemplates: 1,
      generatedThisYear: 1,
      failedThisYear: 0,
      nextRunDate: '2026-04-05',
    });
  });

  it('CONFIRM numbers the caught-up invoices in date order; CONFIRM_AND_SEND hands each to the sender', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    await createTemplate({ startDate: '2026-01-05' });
    await runAt('2026-02-10T05:00:00Z');
    expect(invoices().map((i) => [i.invoiceDate, i.status, i.invoiceNumber, i.origin])).toEqual([
      ['2026-01-05', 'CONFIRMED', 'F-2026-0001', 'RECURRING'],
      ['2026-02-05', 'CONFIRMED', 'F-2026-0002', 'RECURRING'],
    ]);
    expect(generations().map((g) => [g.status, g.invoiceNumber])).toEqual([
      ['CONFIRMED', 'F-2026-0001'],
      ['CONFIRMED', 'F-2026-0002'],
    ]);

    saveSettings({ generationMode: 'CONFIRM_AND_SEND' });
    const sent: string[] = [];
    const send: SendInvoice = async (_deps, inv) => {
      sent.push(inv.invoiceNumber!);
      return sent.length === 1 ? null : 'El cliente no tiene un e-mail válido.';
    };
    await runAt('2026-04-10T05:00:00Z', send);
    expect(sent).toEqual(['F-2026-0003', 'F-2026-0004']);
    const last = generations()
      .sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate))
      .slice(2);
    expect(last.map((g) => [g.status, g.reason])).toEqual([
      ['SENT', null],
      ['CONFIRMED', 'El cliente no tiene un e-mail válido.'],
    ]);
  });

  it('the real sender refuses a customer without e-mail: the invoice stays confirmed, not sent', async () => {
    saveSettings({ generationMode: 'CONFIRM_AND_SEND' });
    const { email: _none, ...withoutEmail } = customer;
    table.put(customerItem(withoutEmail));
    await createTemplate({ startDate: '2026-03-05' });
    await runAt('2026-03-10T05:00:00Z');
    expect(invoices().map((i) => [i.status, i.invoiceNumber])).toEqual([['CONFIRMED', 'F-2026-0001']]);
    expect(generations()[0]).toMatchObject({
      status: 'CONFIRMED',
      reason: 'La factura está confirmada, pero el cliente no tiene un e-mail válido: no se ha enviado.',
    });
  });

  it('the real sender asks the pdf function ONCE to e-mail the PDF to the customer: SENT', async () => {
    saveSettings({ generationMode: 'CONFIRM_AND_SEND' });
    lambda.on(InvokeCommand).resolves(pdfAnswer({ ok: true, value: { emailId: 'e1' } }));
    await createTemplate({ startDate: '2026-03-05' });
    await runAt('2026-03-10T05:00:00Z');

    const [invoice] = invoices();
    expect(lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input.FunctionName)).toEqual([
      'cuadra-pdf-render',
    ]);
    expect(pdfRequests()).toEqual([
      {
        action: 'email',
        companyId: COMPANY,
        invoiceId: invoice!.invoiceId,
        to: ['administracion@mayor5.example'],
        sentBy: 'SYSTEM',
      },
    ]);
    expect(generations()[0]).toMatchObject({ status: 'SENT', invoiceNumber: 'F-2026-0001', reason: null });
  });

  it("the pdf function's refusal or failure leaves the invoice confirmed, not sent, with the reason", async () => {
    saveSettings({ generationMode: 'CONFIRM_AND_SEND' });
    lambda
      .on(InvokeCommand)
      .resolvesOnce(pdfAnswer({ ok: false, error: { code: 'DOC_044', message: 'Error al generar el PDF.' } }))
      .resolvesOnce(pdfAnswer({ errorType: 'Error', errorMessage: 'timeout' }, 'Unhandled'));
    await createTemplate({ startDate: '2026-02-05' });
    await runAt('2026-03-10T05:00:00Z');

    expect(invoices().map((i) => i.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    expect(
      generations()
        .sort((a, b) => a.occurrenceDate.localeCompare(b.occurrenceDate))
        .map((g) => [g.status, g.reason]),
    ).toEqual([
      ['CONFIRMED', 'Error al generar el PDF.'],
      ['CONFIRMED', 'No se ha podido enviar la factura por e-mail.'],
    ]);
    // One call per invoice: neither is asked again.
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(2);
  });

  it('a draft that cannot be confirmed stays a draft with the reason', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    await createTemplate({ startDate: '2026-03-05' });
    // The series already issued a later-dated invoice: the number would break the date order.
    table.put({
      ...keys.invoiceNumberCounter(COMPANY, 'f1', 2026),
      entity: 'InvoiceNumberCounter',
      last: 7,
      lastIssueDate: '2026-03-09',
    });
    expect((await runAt('2026-03-10T05:00:00Z')).generated).toBe(1);
    expect(invoices().map((i) => i.status)).toEqual(['DRAFT']);
    expect(generations()[0]).toMatchObject({ status: 'DRAFT' });
    expect(generations()[0]!.reason).toContain('no se ha podido confirmar');
  });
});

describe('VeriFacTu mandatory (an SL from 1 January 2027): recurring confirmation follows the rule', () => {
  const AFTER = '2027-01-10T05:00:00.000Z';
  /** The worker's day and the confirmation's clock are the same fixed instant. */
  const at = (iso: string) => {
    deps.now = () => new Date(iso);
  };
  const staffAndClient = () => {
    table.put({
      ...keys.membership(COMPANY, USER),
      userId: USER,
      companyId: COMPANY,
      companyRole: 'GESTOR',
      isActive: true,
    });
    table.put({
      ...keys.membership(COMPANY, 'client-1'),
      userId: 'client-1',
      companyId: COMPANY,
      companyRole: 'CLIENTE',
      isActive: true,
    });
  };
  const configureVerifactu = () => {
    table.put({
      ...keys.verifactuConfig(COMPANY),
      companyId: COMPANY,
      mode: 'VERIFACTU',
      enabled: true,
      certificateId: 'cert1',
    });
    table.put({
      ...keys.verifactuCertificate(COMPANY, 'cert1'),
      validFrom: '2026-01-01T00:00:00Z',
      validTo: '2028-01-01T00:00:00Z',
    });
  };
  afterEach(() => {
    deps.now = () => new Date(T0);
  });

  it('CONFIRM without VeriFacTu: a draft with the reason, the staff told once with the link to configure it', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    staffAndClient();
    const t = await createTemplate({ startDate: '2027-01-05' });
    at(AFTER);
    expect(await runAt(AFTER)).toEqual({ generated: 1, notConfirmed: 1, failed: 0, skipped: 0, errors: 0 });
    expect(invoices().map((i) => [i.invoiceDate, i.status, i.invoiceNumber])).toEqual([
      ['2027-01-05', 'DRAFT', null],
    ]);
    expect(generations()).toEqual([
      expect.objectContaining({
        occurrenceDate: '2027-01-05',
        status: 'DRAFT',
        mode: 'CONFIRM',
        reason: expect.stringMatching(
          /^Se ha creado el borrador, pero no se ha podido confirmar: Desde el 1 de enero de 2027 VeriFacTu es obligatorio para esta empresa \(RD 1007\/2023\).*VeriFacTu no configurado/,
        ),
      }),
    ]);
    const told = [
      expect.objectContaining({
        userId: USER,
        companyId: COMPANY,
        type: 'invoice_recurring_failed',
        title: 'Factura recurrente sin confirmar',
        severity: 'warning',
        link: `/app/companies/${COMPANY}/verifactu`,
        message: expect.stringMatching(
          /^La factura de «Mantenimiento mensual» del 05\/01\/2027 se ha creado como borrador, pero no se ha podido confirmar: Desde el 1 de enero de 2027/,
        ),
      }),
    ];
    expect(table.all('Notification')).toEqual(told);
    expect(templateOf(t.templateId).nextRunDate).toBe('2027-02-05');

    // The next days' runs: nothing new, nobody told again.
    at('2027-01-11T05:00:00.000Z');
    expect(await runAt('2027-01-11T05:00:00.000Z')).toMatchObject({ generated: 0, notConfirmed: 0 });
    expect(table.all('Notification')).toEqual(told);
    expect(invoices()).toHaveLength(1);
  });

  it('CONFIRM_AND_SEND without VeriFacTu: nothing is confirmed nor sent', async () => {
    saveSettings({ generationMode: 'CONFIRM_AND_SEND' });
    await createTemplate({ startDate: '2027-01-05' });
    const sent: string[] = [];
    at(AFTER);
    await runAt(AFTER, async (_deps, inv) => {
      sent.push(inv.invoiceId);
      return null;
    });
    expect(sent).toEqual([]);
    expect(invoices().map((i) => i.status)).toEqual(['DRAFT']);
    expect(generations()[0]).toMatchObject({ status: 'DRAFT', mode: 'CONFIRM_AND_SEND' });
  });

  it('with notifications of failures off, the draft keeps its reason and nobody is told', async () => {
    saveSettings({ generationMode: 'CONFIRM', notifyOnFailure: false });
    staffAndClient();
    await createTemplate({ startDate: '2027-01-05' });
    at(AFTER);
    expect(await runAt(AFTER)).toMatchObject({ generated: 1, notConfirmed: 1 });
    expect(generations()[0]!.reason).toContain('VeriFacTu es obligatorio');
    expect(table.all('Notification')).toEqual([]);
  });

  it('configured with a valid certificate, the occurrence is confirmed', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    staffAndClient();
    configureVerifactu();
    await createTemplate({ startDate: '2027-01-05' });
    at(AFTER);
    expect(await runAt(AFTER)).toMatchObject({ generated: 1, notConfirmed: 0 });
    expect(invoices().map((i) => [i.status, i.invoiceNumber])).toEqual([['CONFIRMED', 'F-2027-0001']]);
    expect(generations()[0]).toMatchObject({ status: 'CONFIRMED', reason: null });
    expect(table.all('Notification')).toEqual([]);
  });

  it('the day before the date, it confirms without VeriFacTu', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    await createTemplate({ startDate: '2026-12-05' });
    at('2026-12-31T10:00:00.000Z');
    expect(await runAt('2026-12-31T10:00:00.000Z')).toMatchObject({ generated: 1, notConfirmed: 0 });
    expect(invoices().map((i) => i.status)).toEqual(['CONFIRMED']);
  });

  it('"generar ahora" in a confirming mode answers the draft with the reason', async () => {
    saveSettings({ generationMode: 'CONFIRM' });
    const t = await createTemplate({ startDate: '2027-01-05' });
    at(AFTER);
    const res = await call<{ generation: RecurringGeneration; invoice: Invoice }>({
      routeId: 'recurring.generateNow',
      params: { templateId: t.templateId },
    });
    expect(res.status).toBe(201);
    const { invoice, generation } = dataOf<{ generation: RecurringGeneration; invoice: Invoice }>(res);
    expect(invoice.status).toBe('DRAFT');
    expect(generation.reason).toContain('Desde el 1 de enero de 2027 VeriFacTu es obligatorio');
  });
});

describe('listings', () => {
  it('lists the history newest first and the scheduled occurrences of the next 90 days', async () => {
    const t = await createTemplate({ startDate: '2026-01-05' });
    await createTemplate({
      name: 'Trimestral',
      frequency: 'QUARTERLY',
      startDate: '2026-04-20',
      dayOfMonth: 20,
    });
    await runAt('2026-03-10T05:00:00Z');

    const history = dataOf<{ content: RecurringGeneration[] }>(
      await call({ routeId: 'recurring.listGenerations', query: { templateId: t.templateId } }),
    );
    expect(history.content.map((g) => g.occurrenceDate)).toEqual(['2026-03-05', '2026-02-05', '2026-01-05']);
    const february = dataOf<{ content: RecurringGeneration[] }>(
      await call({ routeId: 'recurring.listGenerations', query: { from: '2026-02-01', to: '2026-02-28' } }),
    );
    expect(february.content.map((g) => g.occurrenceDate)).toEqual(['2026-02-05']);

    // deps.now() is 2026-03-02: the next 90 days run to 2026-05-31.
    const scheduled = dataOf<RecurringScheduledItem[]>(await call({ routeId: 'recurring.listScheduled' }));
    expect(scheduled.map((s) => [s.date, s.templateName, s.totalCents])).toEqual([
      ['2026-04-05', 'Mantenimiento mensual', 12_111],
      ['2026-04-20', 'Trimestral', 12_111],
      ['2026-05-05', 'Mantenimiento mensual', 12_111],
    ]);

    const stats = dataOf<RecurringStats>(await call({ routeId: 'recurring.stats' }));
    // 12.111 a month + 12.111 / 3 a quarter = 12.111 + 4.037.
    expect(stats).toMatchObject({
      activeTemplates: 2,
      generatedThisMonth: 1,
      generatedThisYear: 3,
      expectedMonthlyCents: 16_148,
      nextRunDate: '2026-04-05',
    });
  });
});
