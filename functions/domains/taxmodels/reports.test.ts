/**
 * The tax models API beyond one model: batch generation (with the spec's messages), cross-model
 * validation, the 347 threshold, compliance, the calculation calls, publishing to the client, and
 * who may call what (a CLIENTE without VIEW_TAX_DOCUMENTS, another company's member).
 */

import { useEnv } from '@functions/platform/testing/env';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import type {
  AnalyzePeriodView,
  BatchGenerateResult,
  ComplianceView,
  ComprehensiveCalculationView,
  CrossValidationView,
  InvoiceClassificationView,
  InvoiceTaxCalculationView,
  PublishedModelView,
  TaxModelView,
  Threshold347View,
} from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { addIssued, addReceived, workedExample } from './testing/books';
import {
  type Caller,
  company,
  GESTOR,
  member,
  obligation,
  profile,
  taxModelsHarness,
} from './testing/harness';

const NOW = new Date('2025-07-10T09:00:00.000Z');
const h = taxModelsHarness(NOW);
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000000', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
const CO = 'co-consultor';
const OTHER = 'co-otra';
const CLIENT: Caller = { userId: 'u-cliente', groups: ['CLIENTE'] };
const CLIENT_NO_TAX: Caller = { userId: 'u-cliente-sin', groups: ['CLIENTE'] };
const STRANGER: Caller = { userId: 'u-otro-gestor', groups: ['GESTOR'] };

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Ana Consultora', { nif: '44444444A', companyType: 'AUTONOMO' }));
  h.table.put(company(OTHER, 'Otra SL'));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(member(CO, CLIENT.userId, 'CLIENTE', { permissions: ['VIEW_TAX_DOCUMENTS'] }));
  h.table.put(member(CO, CLIENT_NO_TAX.userId, 'CLIENTE', { permissions: ['VIEW_INVOICES'] }));
  h.table.put(member(OTHER, STRANGER.userId, 'GESTOR'));
  h.table.put(profile(CO, 'AUTONOMO', {}, 2025));
  for (const q of ['1T', '2T', '3T'])
    h.table.put(obligation(CO, '303', q, 2025, `2025-${q === '1T' ? '04' : q === '2T' ? '07' : '10'}-20`));
  await workedExample(h, CO);
});

const batch = (body: Record<string, unknown>) =>
  h.call<BatchGenerateResult>(GESTOR, {
    routeId: 'taxModels.batchGenerate',
    params: { companyId: CO },
    body,
  });

describe('batch generation', () => {
  it('refuses with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ year: 1999, models: ['303'] }, 'El año debe estar entre 2000 y 2100'],
      [{ year: 2101, models: ['303'] }, 'El año debe estar entre 2000 y 2100'],
      [{ year: 2025, quarter: 5, models: ['303'] }, 'El trimestre debe estar entre 1 y 4'],
      [{ year: 2025, quarter: 0, models: ['303'] }, 'El trimestre debe estar entre 1 y 4'],
      [{ year: 2025, month: 13, models: ['303'] }, 'El mes debe estar entre 1 y 12'],
      [{ year: 2025, models: [] }, 'Debe seleccionar al menos un modelo'],
      [
        { year: 2025, models: Array(21).fill('303') },
        'No se pueden generar más de 20 modelos simultáneamente',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await batch(body);
      expect(res.status, message).toBe(400);
      expect(res.envelope.error?.details, message).toMatchObject({ issues: [{ message }] });
    }
    const mismatch = await batch({ year: 2025, quarter: 1, month: 5, models: ['303'] });
    expect(mismatch.envelope.error?.message).toBe('El mes no pertenece al trimestre indicado.');
  });

  it('generates what the company owes for the quarter and says why not the rest', async () => {
    const res = await batch({ year: 2025, quarter: 2, models: ['303', '349', '390', '347'] });
    expect(res.status).toBe(200);
    const byModel = Object.fromEntries(
      res.envelope.data!.results.map((r) => [`${r.modelType}-${r.period}`, r]),
    );
    expect(byModel['303-2T']).toMatchObject({ outcome: 'GENERATED', modelId: '2025-303-2T' });
    expect(byModel['349-2T']).toMatchObject({ outcome: 'NOT_APPLICABLE' });
    expect(byModel['390-0A']).toMatchObject({
      outcome: 'NOT_APPLICABLE',
      message: 'El modelo 390 es anual: se genera con el año completo, el 4.º trimestre o diciembre.',
    });
    expect(h.table.get(keys.taxObligation(CO, 2025, '2025-303-2T'))).toMatchObject({
      status: 'MODEL_GENERATED',
    });
    const again = await batch({ year: 2025, month: 5, models: ['303'] });
    expect(again.envelope.data!.results).toEqual([
      {
        modelType: '303',
        period: '2T',
        outcome: 'ALREADY_GENERATED',
        modelId: '2025-303-2T',
        message: 'El modelo ya estaba generado para este periodo.',
      },
    ]);
    const year = await batch({ year: 2025, models: ['303'] });
    expect(year.envelope.data!.results.map((r) => [r.period, r.outcome])).toEqual([
      ['1T', 'GENERATED'],
      ['2T', 'ALREADY_GENERATED'],
      ['3T', 'GENERATED'],
      ['4T', 'GENERATED'],
    ]);
  });
});

describe('cross-model validation, 347 threshold, compliance', () => {
  it('checks the 303s against the 390 and the 347 against the books', async () => {
    const res = await h.call<CrossValidationView>(GESTOR, {
      routeId: 'taxModels.crossValidation',
      params: { companyId: CO },
      body: { year: 2025 },
    });
    expect(res.status).toBe(200);
    const checks = Object.fromEntries(res.envelope.data!.checks.map((c) => [c.code, c]));
    expect(checks['303_390_BASE_21']).toMatchObject({
      status: 'OK',
      expectedCents: 900_000,
      actualCents: 900_000,
    });
    expect(checks['303_390_TOTAL_DEDUCTIBLE']).toMatchObject({ status: 'OK', expectedCents: 64_240 });
    expect(checks['347_BOOKS_TOTAL']).toMatchObject({ status: 'OK', expectedCents: 363_000 + 302_500 });
    expect(res.envelope.data!.checks.filter((c) => c.status === 'MISMATCH')).toEqual([]);
  });

  it('flags a 390 stored before the books changed', async () => {
    await h.call(GESTOR, {
      routeId: 'taxModels.generate',
      params: { companyId: CO, modelType: '390' },
      body: { year: 2025, period: '0A' },
    });
    await addIssued(h, CO, { id: 'f099', number: 'F-2025-099', date: '2025-08-01', lines: [[50_000, 2100]] });
    const res = await h.call<CrossValidationView>(GESTOR, {
      routeId: 'taxModels.crossValidation',
      params: { companyId: CO },
      body: { year: 2025 },
    });
    const base21 = res.envelope.data!.checks.find((c) => c.code === '303_390_BASE_21')!;
    expect(base21).toMatchObject({
      status: 'MISMATCH',
      expectedCents: 950_000,
      actualCents: 900_000,
      differenceCents: -50_000,
    });
  });

  it('gives the 347 threshold status: the company clients over 3.005,06 €, the withheld suppliers out', async () => {
    const res = await h.call<Threshold347View>(GESTOR, {
      routeId: 'taxModels.threshold347',
      params: { companyId: CO },
      query: { year: '2025' },
    });
    const v = res.envelope.data!;
    expect(v).toMatchObject({ year: 2025, thresholdCents: 300_506, status: 'REQUIRED' });
    // F-011: 3.000 + 630 VAT = 3.630 € (VAT included, withholding not subtracted).
    expect(v.counterparties.map((c) => [c.counterpartyKey, c.key, c.amountCents])).toEqual(
      [
        ['12345678Z', 'B', 302_500],
        ['B12345674', 'B', 363_000],
      ].sort((a, b) => (b[2] as number) - (a[2] as number)),
    );
    expect(v.counterparties.some((c) => c.counterpartyKey === '11111111H')).toBe(false);
    expect(v.nearThreshold.map((c) => c.counterpartyKey)).toEqual(['A58818501']);
  });

  it('gives the compliance of the year', async () => {
    await h.call(GESTOR, {
      routeId: 'taxModels.generate',
      params: { companyId: CO, modelType: '303' },
      body: { year: 2025, period: '2T' },
    });
    const res = await h.call<ComplianceView>(GESTOR, {
      routeId: 'taxModels.compliance',
      params: { companyId: CO },
      query: { year: '2025' },
    });
    expect(res.envelope.data).toMatchObject({
      year: 2025,
      obligations: 3,
      generated: 1,
      submitted: 0,
      overdue: 1,
      pending: 1,
      percentage: 0,
      status: 'CRITICAL',
    });
  });
});

describe('calculations', () => {
  const invoiceData = {
    invoiceLines: [{ quantityMilli: 2000, unitPriceCents: 50_000, vatRateBp: 2100 }],
    invoiceType: 'F1',
    invoiceDate: '2025-05-10',
    customerNif: 'B12345674',
    customerName: 'Cliente SL',
    irpfRateBp: 1500,
  };

  it('calculates an invoice’s totals and refuses negative numbers', async () => {
    const res = await h.call<InvoiceTaxCalculationView>(GESTOR, {
      routeId: 'taxModels.invoiceTaxCalculation',
      params: { companyId: CO },
      body: invoiceData,
    });
    expect(res.envelope.data).toMatchObject({
      baseCents: 100_000,
      vatCents: 21_000,
      irpfCents: 15_000,
      totalCents: 106_000,
    });
    const negative = await h.call(GESTOR, {
      routeId: 'taxModels.invoiceTaxCalculation',
      params: { companyId: CO },
      body: { ...invoiceData, invoiceLines: [{ quantityMilli: 1000, unitPriceCents: -1, vatRateBp: 2100 }] },
    });
    expect(negative.status).toBe(400);
    expect(negative.envelope.error?.details).toMatchObject({
      issues: [{ message: 'unitPriceCents no puede ser negativo' }],
    });
  });

  it('classifies an invoice: its aggregate keys and the 303 boxes it feeds', async () => {
    const res = await h.call<InvoiceClassificationView>(GESTOR, {
      routeId: 'taxModels.classifyInvoice',
      params: { companyId: CO },
      body: invoiceData,
    });
    const v = res.envelope.data!;
    expect(v.aggregateKeys).toEqual(['ISSUED:IRPF', 'ISSUED:S1|2100|0|ES|0|G']);
    expect(v.counterpartyKeys).toEqual(['ISSUED:347B']);
    expect(v.models.find((m) => m.modelType === '303')).toMatchObject({
      period: '2T',
      boxes: { '07': 100_000, '09': 21_000 },
    });
    expect(v.models.some((m) => m.modelType === '349')).toBe(false);
    const intraEu = await h.call<InvoiceClassificationView>(GESTOR, {
      routeId: 'taxModels.classifyInvoice',
      params: { companyId: CO },
      body: {
        ...invoiceData,
        book: 'RECEIVED',
        receivedKind: 'INTRA_EU_SERVICES',
        customerNif: 'FR40303265045',
        customerCountry: 'FR',
        irpfRateBp: 0,
      },
    });
    expect(intraEu.envelope.data!.counterpartyKeys).toEqual(['RECEIVED:349I']);
    expect(intraEu.envelope.data!.models.find((m) => m.modelType === '303')?.boxes).toMatchObject({
      '10': 100_000,
      '11': 21_000,
      '36': 100_000,
      '37': 21_000,
    });
  });

  it('answers the comprehensive calculation and analyses a period', async () => {
    const res = await h.call<ComprehensiveCalculationView>(GESTOR, {
      routeId: 'taxModels.comprehensiveCalculation',
      params: { companyId: CO },
      body: { invoiceData, calculationContext: { includeModels: ['303'] } },
    });
    expect(res.envelope.data?.totals.totalCents).toBe(106_000);
    expect(res.envelope.data?.classification.models.map((m) => m.modelType)).toEqual(['303']);
    const analysis = await h.call<AnalyzePeriodView>(GESTOR, {
      routeId: 'taxModels.analyzePeriod',
      params: { companyId: CO },
      body: { year: 2025, quarter: 2 },
    });
    const m303 = analysis.envelope.data!.models.find((m) => m.modelType === '303')!;
    expect(m303).toMatchObject({
      period: '2T',
      applicable: true,
      status: 'NOT_GENERATED',
      result: { type: 'I', amountCents: 124_760 },
    });
    expect(analysis.envelope.data!.models.find((m) => m.modelType === '349')).toMatchObject({
      applicable: false,
    });
  });
});

describe('publishing to the client', () => {
  it('publishes the model, tells the clients who see tax documents, and lists it in my-tax-documents', async () => {
    await h.call(GESTOR, {
      routeId: 'taxModels.generate',
      params: { companyId: CO, modelType: '303' },
      body: { year: 2025, period: '2T' },
    });
    const pub = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.publish',
      params: { companyId: CO, modelType: '303', modelId: '2025-303-2T' },
    });
    expect(pub.envelope.data?.publishedAt).toBe(NOW.toISOString());
    const notes = h.table.all('Notification');
    expect(notes.map((n) => n.userId)).toEqual([CLIENT.userId]);
    expect(notes[0]).toMatchObject({
      type: 'tax_model_published',
      link: '/app/my-tax-documents',
      companyId: CO,
    });
    // Publishing again an unchanged model tells nobody twice.
    await h.call(GESTOR, {
      routeId: 'taxModels.publish',
      params: { companyId: CO, modelType: '303', modelId: '2025-303-2T' },
    });
    expect(h.table.all('Notification')).toHaveLength(1);

    const mine = await h.call<Page<PublishedModelView>>(CLIENT, {
      routeId: 'taxModels.published',
      params: { companyId: CO },
    });
    expect(mine.envelope.data?.content).toEqual([
      expect.objectContaining({ modelId: '2025-303-2T', result: { type: 'I', amountCents: 124_760 } }),
    ]);
    const file = await h.raw(CLIENT, {
      routeId: 'taxModels.publishedFile',
      params: { companyId: CO, modelId: '2025-303-2T' },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.body, 'base64').toString('latin1').startsWith('<T303020252T0000>')).toBe(true);
    const unpublished = await h.call(CLIENT, {
      routeId: 'taxModels.publishedFile',
      params: { companyId: CO, modelId: '2025-303-1T' },
    });
    expect(unpublished.status).toBe(404);
  });
});

describe('who may call', () => {
  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS, lets one with it read but not write', async () => {
    const previewAs = (who: Caller) =>
      h.call(who, {
        routeId: 'taxModels.preview',
        params: { companyId: CO, modelType: '303' },
        query: { year: '2025', period: '2T' },
      });
    const refused = await previewAs(CLIENT_NO_TAX);
    expect(refused.status).toBe(403);
    expect(refused.envelope.error?.code).toBe('CORE_002');
    const published = await h.call(CLIENT_NO_TAX, {
      routeId: 'taxModels.published',
      params: { companyId: CO },
    });
    expect(published.status).toBe(403);
    expect((await previewAs(CLIENT)).status).toBe(200);
    const write = await h.call(CLIENT, {
      routeId: 'taxModels.generate',
      params: { companyId: CO, modelType: '303' },
      body: { year: 2025, period: '2T' },
    });
    expect(write.status).toBe(403);
    expect(write.envelope.error?.code).toBe('CORE_002');
  });

  it('refuses another company’s gestor on every kind of route (CORE_003)', async () => {
    const calls = [
      h.call(STRANGER, { routeId: 'taxModels.list', params: { companyId: CO } }),
      h.call(STRANGER, {
        routeId: 'taxModels.preview',
        params: { companyId: CO, modelType: '303' },
        query: { year: '2025', period: '2T' },
      }),
      h.call(STRANGER, {
        routeId: 'taxModels.generate',
        params: { companyId: CO, modelType: '303' },
        body: { year: 2025, period: '2T' },
      }),
      h.call(STRANGER, { routeId: 'taxModels.published', params: { companyId: CO } }),
      h.call(STRANGER, {
        routeId: 'taxModels.crossValidation',
        params: { companyId: CO },
        body: { year: 2025 },
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.envelope.error?.code).toBe('CORE_003');
    }
    expect(h.table.all('TaxModel')).toEqual([]);
  });

  it('keeps each company’s models apart', async () => {
    h.table.put(profile(OTHER, 'SL', {}, 2025));
    await addReceived(h, OTHER, {
      id: 'x1',
      number: 'X-1',
      date: '2025-05-01',
      supplier: { name: 'Proveedor SL', taxId: 'B87654323' },
      lines: [[1_000, 2100]],
    });
    const other = await h.call<{ boxes: Record<string, number> }>(STRANGER, {
      routeId: 'taxModels.preview',
      params: { companyId: OTHER, modelType: '303' },
      query: { year: '2025', period: '2T' },
    });
    expect(other.envelope.data?.boxes).toMatchObject({ '07': 0, '28': 1_000 });
  });
});
