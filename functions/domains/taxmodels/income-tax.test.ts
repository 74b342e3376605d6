/**
 * The income-tax returns (issue 15: 130, 111, 115, 123, 216) through the real pipeline over the
 * in-memory table: the worked example of the reference notes (§5, an IT consultant in estimación
 * directa simplificada, 1T and 2T 2025) box by box, the spec's `quarter` and
 * `applyDifficultJustification`, the previous year's net income of the 130's [13], the 70 % exemption,
 * a large company's monthly withholdings, the 115's entries and their validation, the prefill, the
 * returns by year and quarter, metrics and statistics, the AEAT file and the cockpit.
 *
 * Worked example, by hand (reference §5): 1T income 8.000,00 (5.000,00 to a company that withholds 15 %
 * = 750,00), expenses 3.300,00; 2T income 9.000,00 (withheld 450,00 + 300,00), expenses 1.800,00 rent +
 * 240,00 telecom + 1.000,00 designer + 100,00 book + 900,00 RETA = 4.040,00. 130 2T: [01] 17.000,00;
 * provision 5 % × (17.000,00 − 7.340,00) = 483,00 → [02] 7.823,00; [03] 9.177,00; [04] 1.835,40; [05]
 * 143,00 (1T: [02] 3.300,00 + 5 % × 4.700,00 = 3.535,00, [03] 4.465,00, [04] 893,00, [06] 750,00, [07]
 * 143,00); [06] 1.500,00; [07] = [19] = 192,40 → I.
 */

import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type {
  BoxSourcesView,
  CockpitView,
  ModelMetricsView,
  ModelPreview,
  ModelStatisticsView,
  ModelYearView,
  PrefillView,
  TaxModelView,
} from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { addIssued, addReceived, workedExample, workedExampleQ1, workedExampleReta } from './testing/books';
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
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000034', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
const CO = 'co-consultora';
const NIF = '44444444A';
const FACTS = {
  irpfMethod: 'DIRECTA_SIMPLIFICADA',
  paysProfessionals: true,
  rentsPremises: true,
} as const;

const preview = (modelType: string, query: Record<string, string>, who: Caller = GESTOR) =>
  h.call<ModelPreview>(who, { routeId: 'taxModels.preview', params: { companyId: CO, modelType }, query });
const generate = (modelType: string, body: Record<string, unknown>) =>
  h.call<TaxModelView>(GESTOR, { routeId: 'taxModels.generate', params: { companyId: CO, modelType }, body });
const update = (modelType: string, modelId: string, body: Record<string, unknown>) =>
  h.call<TaxModelView>(GESTOR, {
    routeId: 'taxModels.update',
    params: { companyId: CO, modelType, modelId },
    body,
  });

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Ana María de la Fuente Ruiz', { nif: NIF, companyType: 'AUTONOMO' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(CO, 'AUTONOMO', FACTS, 2025));
  await workedExampleQ1(h, CO);
  await workedExample(h, CO);
  await workedExampleReta(h, CO);
});

describe('130', () => {
  it('gives the worked example of 2T 2025 box by box from the year’s tax-key lines', async () => {
    const res = await preview('130', { year: '2025', quarter: '2' });
    expect(res.status).toBe(200);
    const p = res.envelope.data!;
    expect(p).toMatchObject({ modelType: '130', period: '2T', design: '130-2015' });
    expect(p.boxes).toMatchObject({
      '01': 1_700_000,
      '02': 782_300,
      '03': 917_700,
      '04': 183_540,
      '05': 14_300,
      '06': 150_000,
      '07': 19_240,
      '12': 19_240,
      '13': 0,
      '14': 19_240,
      '15': 0,
      '16': 0,
      '17': 19_240,
      '18': 0,
      '19': 19_240,
    });
    expect(p.result).toEqual({ type: 'I', amountCents: 19_240 });
    // No books in 2024 and no 4T 2024 130: [13] cannot be computed and the model says so.
    expect(p.issues.map((i) => i.code)).toContain('PREVIOUS_YEAR_INCOME');
    // Only the tax-key items of 1T and 2T (both books), never a counterparty or an invoice.
    expect(p.itemsRead).toBeGreaterThan(0);
    expect(p.itemsRead).toBeLessThan(20);
  });

  it('previews 1T, and 2T without the provision for hard-to-justify expenses', async () => {
    const q1 = (await preview('130', { year: '2025', period: '1T' })).envelope.data!;
    expect(q1.boxes).toMatchObject({
      '01': 800_000,
      '02': 353_500,
      '03': 446_500,
      '04': 89_300,
      '06': 75_000,
    });
    expect(q1.result).toEqual({ type: 'I', amountCents: 14_300 });
    const without = (
      await preview('130', { year: '2025', quarter: '2', applyDifficultJustification: 'false' })
    ).envelope.data!;
    // [02] 7.340,00; [03] 9.660,00; [04] 1.932,00; [05] the 1T without provision: 940,00 − 750,00 = 190,00.
    expect(without.boxes).toMatchObject({ '02': 734_000, '03': 966_000, '04': 193_200, '05': 19_000 });
    expect(without.result.amountCents).toBe(24_200);
  });

  it('refuses a quarter out of range, a year out of range and a quarter that contradicts the period', async () => {
    const q5 = await preview('130', { year: '2025', quarter: '5' });
    expect(q5.status).toBe(400);
    expect(q5.envelope.error?.details).toMatchObject({
      issues: [{ field: 'quarter', message: 'El trimestre debe estar entre 1 y 4' }],
    });
    const y = await preview('130', { year: '1999', quarter: '1' });
    expect(y.envelope.error?.details).toMatchObject({
      issues: [{ field: 'year', message: 'El año debe estar entre 2000 y 2100' }],
    });
    const both = await preview('130', { year: '2025', quarter: '2', period: '3T' });
    expect(both.status).toBe(400);
    expect(both.envelope.error?.field).toBe('quarter');
    const same = await preview('130', { year: '2025', quarter: '2', period: '2T' });
    expect(same.status).toBe(200);
    const none = await preview('130', { year: '2025' });
    expect(none.status).toBe(400);
    expect(none.envelope.error?.field).toBe('period');
    const flag = await preview('130', { year: '2025', quarter: '2', applyDifficultJustification: 'sí' });
    expect(flag.status).toBe(400);
  });

  it('reads [13] from the previous year: computed from its books, else its stored 4T', async () => {
    // 2024: one invoice of 20.000,00 € → net income above 12.000 € → no reduction.
    await addIssued(h, CO, {
      id: 'f2024',
      number: 'F-2024-090',
      date: '2024-11-15',
      customer: { name: 'Cliente SL', taxId: 'B12345674' },
      lines: [[2_000_000, 2100]],
    });
    const computed = (await preview('130', { year: '2025', period: '2T' })).envelope.data!;
    expect(computed.boxes['13']).toBe(0);
    expect(computed.issues.map((i) => i.code)).not.toContain('PREVIOUS_YEAR_INCOME');

    // A stored 4T 2024 with [03] 8.000,00 € wins over the books: reduction 100,00 € (art. 110.3.c RIRPF).
    h.table.put({
      ...keys.taxModel(CO, 2024, '2024-130-4T'),
      entity: 'TaxModel',
      v: 1,
      modelId: '2024-130-4T',
      companyId: CO,
      modelType: '130',
      year: 2024,
      period: '4T',
      design: '130-2015',
      boxes: { '03': 800_000 },
      result: { type: 'N', amountCents: 0 },
      status: 'SUBMITTED',
      adjustments: {},
      issues: [],
      records: [],
      sources: {},
      revision: 1,
    });
    const stored = (await preview('130', { year: '2025', period: '2T' })).envelope.data!;
    expect(stored.boxes).toMatchObject({ '13': 10_000, '14': 9_240, '19': 9_240 });

    // The person's figure wins over both.
    const gen = await generate('130', {
      year: 2025,
      quarter: 2,
      adjustments: { previousYearNetIncomeCents: 1_150_000 },
    });
    expect(gen.status).toBe(201);
    expect(gen.envelope.data).toMatchObject({ modelId: '2025-130-2T', boxes: { '13': 2_500 } });
  });

  it('still answers for an exempt professional, with the reason as a warning', async () => {
    h.table.put(profile(CO, 'AUTONOMO', { ...FACTS, withholdingExemption130: true }, 2025));
    const res = await preview('130', { year: '2025', period: '2T' });
    expect(res.status).toBe(200);
    expect(res.envelope.data!.issues).toContainEqual({
      code: 'EXEMPT_130',
      field: 'withholdingExemption130',
      message:
        'Exento del modelo 130: al menos el 70 % de los ingresos del año anterior tuvo retención (art. 109.1 RIRPF).',
      severity: 'WARNING',
    });
    const month = await preview('130', { year: '2025', period: '05' });
    expect(month.envelope.error?.details).toMatchObject({ validPeriods: ['1T', '2T', '3T', '4T'] });
  });

  it('prefills the spec fields, the provision apart', async () => {
    const res = await h.call<PrefillView>(GESTOR, {
      routeId: 'taxModels.prefill',
      params: { companyId: CO, modelType: '130' },
      query: { year: '2025', period: '2T' },
    });
    expect(res.envelope.data!.fields).toEqual({
      businessIncome: 1_700_000,
      businessExpenses: 734_000,
      capitalIncome: 0,
      capitalExpenses: 0,
      deductions: 0,
      bonifications: 0,
      fractionalPayment: 14_300,
      totalPayments: 150_000,
      difficultJustificationExpenses: 48_300,
    });
  });

  it('lists the invoices behind [01] from 1 January, and the rents behind the 115’s [03]', async () => {
    const sources = (modelType: string, box: string) =>
      h.call<BoxSourcesView>(GESTOR, {
        routeId: 'taxModels.boxSources',
        params: { companyId: CO, modelType },
        query: { year: '2025', period: '2T', box },
      });
    const income = (await sources('130', '01')).envelope.data!;
    expect(income.content.map((r) => r.number)).toEqual([
      'F-2025-001',
      'F-2025-002',
      'F-2025-011',
      'F-2025-012',
      'F-2025-013',
      'F-2025-014',
    ]);
    const rents = (await sources('115', '03')).envelope.data!;
    expect(rents.content.map((r) => r.number)).toEqual(['ALQ-04', 'ALQ-05', 'ALQ-06']);
  });

  it('writes the "<T" file: surnames and first name apart, [19] at 415', async () => {
    await generate('130', { year: 2025, period: '2T' });
    const res = await h.raw(GESTOR, {
      routeId: 'taxModels.export',
      params: { companyId: CO, modelType: '130' },
      query: { format: 'AEAT', year: '2025', period: '2T' },
    });
    expect(res.statusCode).toBe(200);
    const text = Buffer.from(res.body, 'base64').toString('latin1');
    expect(text.startsWith('<T130020252T0000><AUX>')).toBe(true);
    expect(text.endsWith('</T130020252T0000>')).toBe(true);
    const page = text.slice(text.indexOf('<T13001000>'));
    const at = (pos: number, len: number) => page.slice(pos - 1, pos - 1 + len);
    expect(page.indexOf('</T13001000>')).toBe(588);
    expect(at(13, 1)).toBe('I');
    expect(at(14, 9)).toBe(NIF);
    expect(at(23, 60).trimEnd()).toBe('DE LA FUENTE RUIZ');
    expect(at(83, 20).trimEnd()).toBe('ANA MARIA');
    expect(at(103, 4)).toBe('2025');
    expect(at(107, 2)).toBe('2T');
    expect(at(109, 17)).toBe('00000000001700000');
    expect(at(143, 17)).toBe('00000000000917700');
    expect(at(415, 17)).toBe('00000000000019240');
    expect(at(432, 1)).toBe(' ');
  });
});

describe('111 and 115', () => {
  it('give the worked example of 2T 2025 from the typed withholdings and their recipients', async () => {
    const p111 = (await preview('111', { year: '2025', quarter: '2' })).envelope.data!;
    expect(p111.boxes).toMatchObject({ '07': 1, '08': 100_000, '09': 15_000, '28': 15_000, '30': 15_000 });
    expect(p111.result).toEqual({ type: 'I', amountCents: 15_000 });
    const p115 = (await preview('115', { year: '2025', period: '2T' })).envelope.data!;
    expect(p115.boxes).toMatchObject({ '01': 1, '02': 180_000, '03': 34_200, '05': 34_200 });
    expect(p115.result).toEqual({ type: 'I', amountCents: 34_200 });
  });

  it('read only the received book: more customers never add items to a withholding return', async () => {
    const before = (await preview('111', { year: '2025', quarter: '2' })).envelope.data!.itemsRead;
    for (let i = 0; i < 5; i++) {
      await addIssued(h, CO, {
        id: `extra-${i}`,
        number: `F-2025-2${i}`,
        date: '2025-05-20',
        customer: {
          name: `Cliente ${i} SL`,
          taxId: ['B12345674', 'A58818501', 'B65410011', 'B86561412', 'A08001851'][i]!,
        },
        lines: [[100_000, 2100]],
      });
    }
    const after = (await preview('111', { year: '2025', quarter: '2' })).envelope.data!;
    expect(after.itemsRead).toBe(before);
    expect(after.boxes['09']).toBe(15_000);
  });

  it('prefill the 115’s rentalProperties from the books and the 111’s blocks', async () => {
    const p115 = (
      await h.call<PrefillView>(GESTOR, {
        routeId: 'taxModels.prefill',
        params: { companyId: CO, modelType: '115' },
        query: { year: '2025', period: '2T' },
      })
    ).envelope.data!;
    expect(p115.lists.rentalProperties).toEqual([
      { nif: '11111111H', name: 'Arrendador particular', rentAmount: 180_000, withholdingCents: 34_200 },
    ]);
    expect(p115.fields).toMatchObject({ recipients: 1, baseCents: 180_000, retentions: 34_200 });
    const p111 = (
      await h.call<PrefillView>(GESTOR, {
        routeId: 'taxModels.prefill',
        params: { companyId: CO, modelType: '111' },
        query: { year: '2025', period: '2T' },
      })
    ).envelope.data!;
    expect(p111.fields).toMatchObject({
      professionalRecipients: 1,
      professionalBase: 100_000,
      professionalRetentions: 15_000,
      workRecipients: 0,
      totalRetentions: 15_000,
    });
  });

  it('refuse the 115’s entries with the spec’s messages, and add valid ones', async () => {
    await generate('115', { year: 2025, period: '2T' });
    const empty = await update('115', '2025-115-2T', { rentalProperties: [] });
    expect(empty.status).toBe(400);
    expect(empty.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'Debe indicar al menos un inmueble arrendado',
    });
    const bad = await update('115', '2025-115-2T', {
      rentalProperties: [
        { nif: '1234', rentAmount: 50_000 },
        { nif: '33333333P', rentAmount: 0 },
        { nif: '33333333P', rentAmount: 10_000 },
        { nif: '11111111H', rentAmount: 10_000 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.message).toBe('El NIF 1234 no tiene un formato válido');
    const details = bad.envelope.error?.details as { issues: { message: string }[] } | undefined;
    const messages = details?.issues.map((i) => i.message);
    expect(messages).toEqual([
      'El NIF 1234 no tiene un formato válido',
      'El importe del alquiler debe ser mayor que 0',
      'NIF duplicado: 33333333P',
      'NIF duplicado: 11111111H (ya figura como perceptor en las facturas recibidas del periodo)',
    ]);
    const negative = await update('115', '2025-115-2T', {
      rentalProperties: [{ nif: '33333333P', rentAmount: -1 }],
    });
    expect(negative.status).toBe(400);
    expect(negative.envelope.error?.details).toMatchObject({
      issues: [{ field: 'rentalProperties.0.rentAmount', message: 'rentAmount no puede ser negativo' }],
    });
    // A second landlord without an invoice: 500,00 € at 19 % = 95,00 €.
    const ok = await update('115', '2025-115-2T', {
      rentalProperties: [{ nif: '33333333P', rentAmount: 50_000 }],
    });
    expect(ok.status).toBe(200);
    expect(ok.envelope.data!.boxes).toMatchObject({ '01': 2, '02': 230_000, '03': 43_700, '05': 43_700 });
    // The preview starts from the stored entries.
    const again = (await preview('115', { year: '2025', period: '2T' })).envelope.data!;
    expect(again.boxes['01']).toBe(2);
    // So does a regeneration that names none.
    const re = await generate('115', { year: 2025, period: '2T', regenerate: true });
    expect(re.envelope.data).toMatchObject({
      version: 3,
      boxes: { '01': 2, '05': 43_700 },
      adjustments: { rentalProperties: [{ nif: '33333333P', rentAmount: 50_000 }] },
    });
  });

  it('are monthly for a large company: the quarter is refused, the month answers', async () => {
    h.table.put(profile(CO, 'AUTONOMO', { ...FACTS, largeCompany: true }, 2025));
    const quarter = await preview('111', { year: '2025', period: '2T' });
    expect(quarter.status).toBe(400);
    expect(quarter.envelope.error?.code).toBe('TAX_027');
    const may = (await preview('111', { year: '2025', period: '05' })).envelope.data!;
    expect(may.boxes).toMatchObject({ '07': 1, '08': 100_000, '09': 15_000 });
  });
});

describe('returns by year and quarter, metrics, statistics', () => {
  beforeEach(async () => {
    await generate('115', { year: 2025, period: '1T' });
    await generate('115', { year: 2025, quarter: 2 });
  });

  it('lists the year period by period and gets one quarter (404 without one)', async () => {
    const year = await h.call<ModelYearView>(GESTOR, {
      routeId: 'taxModels.byYear',
      params: { companyId: CO, modelType: '115', year: '2025' },
    });
    expect(year.status).toBe(200);
    expect(year.envelope.data!.periods.map((p) => [p.period, p.status])).toEqual([
      ['1T', 'MODEL_GENERATED'],
      ['2T', 'MODEL_GENERATED'],
      ['3T', 'NOT_GENERATED'],
      ['4T', 'NOT_GENERATED'],
    ]);
    const q2 = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.byQuarter',
      params: { companyId: CO, modelType: '115', year: '2025', quarter: '2' },
    });
    expect(q2.envelope.data).toMatchObject({ modelId: '2025-115-2T', result: { amountCents: 34_200 } });
    const q3 = await h.call(GESTOR, {
      routeId: 'taxModels.byQuarter',
      params: { companyId: CO, modelType: '115', year: '2025', quarter: '3' },
    });
    expect(q3.status).toBe(404);
    expect(q3.envelope.error).toMatchObject({ code: 'CORE_006', message: 'El modelo no existe.' });
    const q9 = await h.call(GESTOR, {
      routeId: 'taxModels.byQuarter',
      params: { companyId: CO, modelType: '115', year: '2025', quarter: '9' },
    });
    expect(q9.status).toBe(400);
  });

  it('answers the metrics of the year and the statistics', async () => {
    const m = (
      await h.call<ModelMetricsView>(GESTOR, {
        routeId: 'taxModels.metrics',
        params: { companyId: CO, modelType: '115' },
        query: { year: '2025' },
      })
    ).envelope.data!;
    expect(m.periods[0]).toMatchObject({
      period: '1T',
      baseCents: 180_000,
      withheldCents: 34_200,
      recipients: 1,
    });
    expect(m.periods[2]).toMatchObject({ period: '3T', status: 'NOT_GENERATED', baseCents: null });
    expect(m.totals).toMatchObject({
      generated: 2,
      submitted: 0,
      toPayCents: 68_400,
      baseCents: 360_000,
      withheldCents: 68_400,
    });
    const s = (
      await h.call<ModelStatisticsView>(GESTOR, {
        routeId: 'taxModels.statistics',
        params: { companyId: CO, modelType: '115' },
      })
    ).envelope.data!;
    expect(s).toMatchObject({
      year: null,
      total: 2,
      byStatus: { MODEL_GENERATED: 2, SUBMITTED: 0 },
      byResultType: { I: 2 },
      toPayCents: 68_400,
      averageResultCents: 34_200,
      years: [2025],
    });
  });

  it('a cumulative 130: the year’s figures are the latest return’s', async () => {
    await generate('130', { year: 2025, period: '1T' });
    await generate('130', { year: 2025, period: '2T' });
    const m = (
      await h.call<ModelMetricsView>(GESTOR, {
        routeId: 'taxModels.metrics',
        params: { companyId: CO, modelType: '130' },
        query: { year: '2025' },
      })
    ).envelope.data!;
    expect(m.cumulative).toBe(true);
    expect(m.totals).toMatchObject({ baseCents: 917_700, withheldCents: 150_000, toPayCents: 33_540 });
  });

  it('refuses a CLIENTE without VIEW_TAX_DOCUMENTS and another company’s member', async () => {
    const client: Caller = { userId: 'u-client', groups: ['CLIENTE'] };
    h.table.put(member(CO, client.userId, 'CLIENTE', { permissions: ['VIEW_INVOICES'] }));
    const outsider: Caller = { userId: 'u-outsider', groups: ['GESTOR'] };
    h.table.put(member('co-other', outsider.userId, 'GESTOR'));
    for (const who of [client, outsider]) {
      const res = await h.call(who, {
        routeId: 'taxModels.byYear',
        params: { companyId: CO, modelType: '115', year: '2025' },
      });
      expect(res.status, who.userId).toBe(403);
    }
  });
});

describe('analyze-period', () => {
  it('lists the income-tax returns the quarter owes, with what the books give', async () => {
    const res = await h.call<{ models: { modelType: string; applicable: boolean; result: unknown }[] }>(
      GESTOR,
      {
        routeId: 'taxModels.analyzePeriod',
        params: { companyId: CO },
        body: { year: 2025, quarter: 2 },
      },
    );
    const by = Object.fromEntries(res.envelope.data!.models.map((m) => [m.modelType, m]));
    expect(by['130']).toMatchObject({ applicable: true, result: { type: 'I', amountCents: 19_240 } });
    expect(by['111']).toMatchObject({ applicable: true, result: { type: 'I', amountCents: 15_000 } });
    expect(by['115']).toMatchObject({ applicable: true, result: { type: 'I', amountCents: 34_200 } });
    expect(by['123']).toMatchObject({ applicable: false });
  });
});

describe('cockpit', () => {
  it('shows each client in its own periodicity and flags a withholding return with nothing withheld', async () => {
    const BIG = 'co-big';
    h.table.put(company(BIG, 'Gran Empresa SA', { nif: 'A58818501' }));
    h.table.put(member(BIG, GESTOR.userId, 'GESTOR'));
    h.table.put(profile(BIG, 'SA', { largeCompany: true, paysProfessionals: true }, 2025));
    h.table.put(obligation(BIG, '111', '06', 2025, '2025-07-21'));
    h.table.put(obligation(CO, '111', '2T', 2025, '2025-07-21'));
    await addReceived(h, BIG, {
      id: 'abogado',
      number: 'AB-1',
      date: '2025-06-10',
      supplier: { name: 'Abogada autónoma', taxId: '22222222J' },
      lines: [[200_000, 2100]],
      irpfRateBp: 1500,
      withholding: { kind: 'PROFESSIONAL' },
    });
    const view = await h.call<CockpitView>(GESTOR, {
      routeId: 'taxCockpit.get',
      query: { modelType: '111', year: '2025', period: '2T' },
    });
    const rows = Object.fromEntries(view.envelope.data!.rows.map((r) => [r.companyId, r]));
    expect(rows[CO]).toMatchObject({ period: '2T', applicable: true, result: { amountCents: 15_000 } });
    expect(rows[BIG]).toMatchObject({ period: '06', applicable: true, result: { amountCents: 30_000 } });
    expect(rows[BIG]!.anomalies.map((a) => a.code)).not.toContain('NO_INVOICES');
    const computed = await h.call<{ results: { companyId: string; outcome: string }[] }>(GESTOR, {
      routeId: 'taxCockpit.compute',
      body: { modelType: '111', year: 2025, period: '2T', companyIds: [CO, BIG] },
    });
    expect(computed.envelope.data!.results.map((r) => r.outcome)).toEqual(['OK', 'OK']);
    expect(h.table.get(keys.taxModel(BIG, 2025, '2025-111-06'))).toMatchObject({ boxes: { '09': 30_000 } });
  });
});
