/**
 * The rest of issue 15's models through the real pipeline over the in-memory table: the 131 (módulos)
 * from the activities entered and the quarter's withholdings borne, its [09] from the previous year's
 * 131; the 202 by art. 40.2 and 40.3 LIS with the withholdings borne from January to the instalment's last
 * month and the earlier instalments; the annual summaries 190 and 180 of a year whose 111s and 115s were
 * generated (their totals equal the sums of those), with recipients entered by hand; the definitions'
 * own checks of those entries answered 400 on generate and PUT; their AEAT files, prefill and metrics.
 * And two rules of the 130's assembly: a previous year without books that the profile covers counts as
 * 0 € for [13] (reference notes §2.3), and a company's 130 or 131 carries an ERROR (its instalments are
 * the 202's).
 *
 * By hand — 131 2T 2025: activity 1 (epígrafe 6511, 1,5 units × 10.000,00 € − 2.000,00 €, no employees):
 * RN 13.000,00, 2 % → 260,00; activity 2 (6531, 2 × 8.000,00 € − 1.000,00 €, one employee): RN 15.000,00,
 * 3 % → 450,00; [01] 28.000,00, [02] = [07] 710,00; [08] 1 % of a 2.000,00 € invoice = 20,00; [10] 690,00.
 * With the 2024 131's [01] 9.500,00 € (≤ 10.000,00 €), [09] 75,00 (art. 110.3.c RIRPF) → [15] 615,00.
 * 202 of an SL: 1P 40.2 on a base of 10.000,00 € → 18 % = 1.800,00; 3P 40.3 on a base of 100.000,00 € at
 * 17 % (5/7 of 25 %) = 17.000,00 − [28] 1.800,00 (March 1.500,00 + November 300,00; December's 150,00 is
 * after the 3P's months) − [30] 1.800,00 (the 1P) = 13.400,00.
 */

import { decodeLatin1, parseFixedWidth } from '@shared/fiscal/models/aeat-file';
import { design190v2025 } from '@shared/fiscal/models/model-190';
import { design202v2025 } from '@shared/fiscal/models/model-202';
import type { ModelMetricsView, ModelPreview, PrefillView, TaxModelView } from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { previousYearNetIncome131 } from './model/compute';
import { modelFile } from './model/files';
import type { StoredModel } from './store/models';
import { addIssued, addReceived } from './testing/books';
import { company, GESTOR, member, profile, taxModelsHarness } from './testing/harness';

const NOW = new Date('2026-01-20T09:00:00.000Z');
const h = taxModelsHarness(NOW);
const AUTONOMO = 'co-bar';
const SL = 'co-sl';
const SOFTWARE = { nif: 'B00000034', name: 'Cuadra Software SL' };

const call = <T>(
  routeId: string,
  companyId: string,
  o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } = {},
) =>
  h.call<T>(GESTOR, {
    routeId: routeId as never,
    params: { companyId, ...(o.params ?? {}) },
    ...(o.query ? { query: o.query } : {}),
    ...(o.body !== undefined ? { body: o.body } : {}),
  });
const generate = (companyId: string, modelType: string, body: Record<string, unknown>) =>
  call<TaxModelView>('taxModels.generate', companyId, { params: { modelType }, body });
const update = (companyId: string, modelType: string, modelId: string, body: unknown) =>
  call<TaxModelView>('taxModels.update', companyId, { params: { modelType, modelId }, body });
const preview = (companyId: string, modelType: string, query: Record<string, string>) =>
  call<ModelPreview>('taxModels.preview', companyId, { params: { modelType }, query });

const ACTIVITIES = [
  { activityCode: '6511', moduleUnits: 1.5, unitValue: 1_000_000, deductions: 200_000, employees: 0 },
  { activityCode: '6531', moduleUnits: 2, unitValue: 800_000, deductions: 100_000, employees: 1 },
];

beforeEach(() => {
  h.table.reset();
  h.table.put(company(AUTONOMO, 'Bar de Pepe Martínez Gil', { nif: '44444444A', companyType: 'AUTONOMO' }));
  h.table.put(member(AUTONOMO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(AUTONOMO, 'AUTONOMO', { irpfMethod: 'MODULOS' }, 2024));
  h.table.put(company(SL, 'Consultora Norte SL', { nif: 'B12345674' }));
  h.table.put(member(SL, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(SL, 'SL', { paysProfessionals: true, rentsPremises: true }, 2025));
});

describe('131', () => {
  beforeEach(async () => {
    // Art. 95.6 RIRPF: 1 % withheld on a módulos invoice to a company.
    await addIssued(h, AUTONOMO, {
      id: 'm1',
      number: 'M-1',
      date: '2025-05-12',
      customer: { name: 'Cliente SL', taxId: 'B12345674' },
      lines: [[200_000, 1000]],
      irpfRateBp: 100,
    });
  });

  it('computes two activities and the quarter’s withholdings, stored and recomputed by PUT', async () => {
    const gen = await generate(AUTONOMO, '131', {
      year: 2025,
      quarter: 2,
      adjustments: { modulesData: ACTIVITIES },
    });
    expect(gen.status).toBe(201);
    const m = gen.envelope.data!;
    expect(m.boxes).toMatchObject({
      RN1: 1_300_000,
      PA1: 200,
      RP1: 26_000,
      RN2: 1_500_000,
      PA2: 300,
      RP2: 45_000,
      '01': 2_800_000,
      '02': 71_000,
      '07': 71_000,
      '08': 2_000,
      '09': 0,
      '10': 69_000,
      '15': 69_000,
    });
    expect(m.result).toEqual({ type: 'I', amountCents: 69_000 });
    expect(m.issues.map((i) => i.code)).toContain('PREVIOUS_YEAR_INCOME');
    // PUT: one activity fewer; the stored adjustments are what the model keeps.
    const put = await update(AUTONOMO, '131', '2025-131-2T', { modulesData: [ACTIVITIES[0]] });
    expect(put.status).toBe(200);
    expect(put.envelope.data!.boxes).toMatchObject({ '01': 1_300_000, '02': 26_000, '15': 24_000 });
    const again = (await preview(AUTONOMO, '131', { year: '2025', quarter: '2' })).envelope.data!;
    expect(again.boxes['01']).toBe(1_300_000);
  });

  it('lists the activities its returns of the year declare (spec: Model 131 activities)', async () => {
    await generate(AUTONOMO, '131', {
      year: 2025,
      quarter: 1,
      adjustments: { modulesData: [ACTIVITIES[0]] },
    });
    await generate(AUTONOMO, '131', { year: 2025, quarter: 2, adjustments: { modulesData: ACTIVITIES } });
    const res = await call<{ year: number; activities: { activityCode: string; periods: string[] }[] }>(
      'taxModels.activities',
      AUTONOMO,
      { params: { modelType: '131' }, query: { year: '2025' } },
    );
    expect(res.status).toBe(200);
    expect(res.envelope.data?.activities.map((a) => [a.activityCode, a.periods])).toEqual([
      ['6511', ['1T', '2T']],
      ['6531', ['2T']],
    ]);
    const other = await call('taxModels.activities', AUTONOMO, { params: { modelType: '130' } });
    expect(other.status).toBe(400);
  });

  it('takes [09] from the previous year’s 131 (its net income by modules)', async () => {
    await generate(AUTONOMO, '131', {
      year: 2024,
      period: '4T',
      adjustments: {
        modulesData: [{ activityCode: '6511', moduleUnits: 1, unitValue: 950_000, deductions: 0 }],
      },
    });
    const p = (await preview(AUTONOMO, '131', { year: '2025', quarter: '2' })).envelope.data!;
    // No stored 2T: no activities either, so the reduction is bounded by [07] − [08] = 0.
    expect(p.boxes['09']).toBe(0);
    const gen = (
      await generate(AUTONOMO, '131', { year: 2025, quarter: 2, adjustments: { modulesData: ACTIVITIES } })
    ).envelope.data!;
    expect(gen.boxes).toMatchObject({ '09': 7_500, '10': 61_500, '15': 61_500 });
    expect(gen.issues.map((i) => i.code)).not.toContain('PREVIOUS_YEAR_INCOME');
  });

  it('refuses entries the definition rejects (400 CORE_004 with its messages) and negative ones', async () => {
    const tooLong = await generate(AUTONOMO, '131', {
      year: 2025,
      quarter: 2,
      adjustments: { modulesData: [{ ...ACTIVITIES[0], activityCode: '65112' }] },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'El epígrafe IAE de la actividad 1 debe tener entre 1 y 4 caracteres.',
      field: 'modulesData.0.activityCode',
    });
    const six = await generate(AUTONOMO, '131', {
      year: 2025,
      quarter: 2,
      adjustments: { modulesData: Array.from({ length: 6 }, () => ACTIVITIES[0]) },
    });
    expect(six.status).toBe(400);
    expect(six.envelope.error?.message).toBe(
      'El modelo 131 admite como máximo 5 actividades; se han indicado 6.',
    );
    const negative = await generate(AUTONOMO, '131', {
      year: 2025,
      quarter: 2,
      adjustments: { modulesData: [{ ...ACTIVITIES[0], deductions: -1 }] },
    });
    expect(negative.status).toBe(400);
    expect(negative.envelope.error?.details).toMatchObject({
      issues: [
        { field: 'adjustments.modulesData.0.deductions', message: 'deductions no puede ser negativo' },
      ],
    });
    // Nothing was stored by the refused attempts.
    const none = await call('taxModels.get', AUTONOMO, {
      params: { modelType: '131', modelId: '2025-131-2T' },
    });
    expect(none.status).toBe(404);
  });

  it('writes the epigraphs in its "<T" file, prefills the spec’s fields and answers its metrics', async () => {
    const m = (
      await generate(AUTONOMO, '131', { year: 2025, quarter: 2, adjustments: { modulesData: ACTIVITIES } })
    ).envelope.data!;
    const file = modelFile(m, {
      nif: '44444444A',
      name: 'Martínez Gil, Pepe',
      companyType: 'AUTONOMO',
      softwareNif: SOFTWARE.nif,
    });
    const text = decodeLatin1(file.body);
    const page = text.slice(text.indexOf('<T13101000>'), text.indexOf('</T13101000>') + 12);
    expect(page.length).toBe(751);
    const at = (pos: number, len: number) => page.slice(pos - 1, pos - 1 + len);
    expect(at(13, 1)).toBe('I');
    expect(at(23, 60).trimEnd()).toBe('MARTINEZ GIL');
    expect(at(109, 4)).toBe('6511');
    expect(at(152, 4)).toBe('6531');
    expect(at(113, 17)).toBe('00000000001300000');

    const prefill = (
      await call<PrefillView>('taxModels.prefill', AUTONOMO, {
        params: { modelType: '131' },
        query: { year: '2025', period: '2T' },
      })
    ).envelope.data!;
    expect(prefill.fields).toEqual({ previousPayments: 0, irpfRate: 200 });
    expect(prefill.lists.modulesData).toEqual([
      expect.objectContaining({
        activityCode: '6511',
        netIncome: 1_300_000,
        rateBp: 200,
        instalment: 26_000,
      }),
      expect.objectContaining({
        activityCode: '6531',
        netIncome: 1_500_000,
        rateBp: 300,
        instalment: 45_000,
      }),
    ]);
    const metrics = (
      await call<ModelMetricsView>('taxModels.metrics', AUTONOMO, {
        params: { modelType: '131' },
        query: { year: '2025' },
      })
    ).envelope.data!;
    expect(metrics.periods[1]).toMatchObject({ period: '2T', withheldCents: 2_000, baseCents: null });
  });
});

describe('130 and 131 assembly rules', () => {
  it('counts a previous year without books as 0 € when the profile covers it, unknown before it', async () => {
    const DIRECT = 'co-direct';
    h.table.put(company(DIRECT, 'Irene Pastor Climent', { nif: '44444444A', companyType: 'AUTONOMO' }));
    h.table.put(member(DIRECT, GESTOR.userId, 'GESTOR'));
    h.table.put(profile(DIRECT, 'AUTONOMO', { irpfMethod: 'DIRECTA_NORMAL' }, 2024));
    // 1T 2025: 2.000,00 € invoiced → [03] 2.000,00, [04] = [12] 400,00.
    await addIssued(h, DIRECT, {
      id: 'd1',
      number: 'D-1',
      date: '2025-02-10',
      customer: { name: 'Lucía Pérez', taxId: '12345678Z' },
      lines: [[200_000, 2100]],
    });
    const covered = (await preview(DIRECT, '130', { year: '2025', period: '1T' })).envelope.data!;
    // 2024 had no books and the profile starts in 2024: net income 0 → 100,00 € (art. 110.3.c RIRPF).
    expect(covered.boxes).toMatchObject({ '12': 40_000, '13': 10_000, '19': 30_000 });
    expect(covered.issues.map((i) => i.code)).not.toContain('PREVIOUS_YEAR_INCOME');
    h.table.put(profile(DIRECT, 'AUTONOMO', { irpfMethod: 'DIRECTA_NORMAL' }, 2025));
    const before = (await preview(DIRECT, '130', { year: '2025', period: '1T' })).envelope.data!;
    expect(before.boxes['13']).toBe(0);
    expect(before.issues.map((i) => i.code)).toContain('PREVIOUS_YEAR_INCOME');
  });

  it('gives a company’s 130 and 131 an ERROR: its instalments are the 202’s', async () => {
    for (const modelType of ['130', '131']) {
      const p = (await preview(SL, modelType, { year: '2025', period: '2T' })).envelope.data!;
      expect(p.issues.find((i) => i.code === 'NOT_AN_IRPF_TAXPAYER')).toMatchObject({
        severity: 'ERROR',
        message: expect.stringContaining('modelo 202'),
      });
    }
    const own = (await preview(AUTONOMO, '131', { year: '2025', period: '2T' })).envelope.data!;
    expect(own.issues.map((i) => i.code)).not.toContain('NOT_AN_IRPF_TAXPAYER');
  });
});

describe('previousYearNetIncome131', () => {
  const stored = (modelType: string, year: number, period: string, boxes: Record<string, number>) =>
    ({ modelType, year, period, boxes }) as unknown as StoredModel;

  it('prefers the previous year’s latest 131, then its 4T 130, else unknown', () => {
    expect(
      previousYearNetIncome131(
        [
          stored('131', 2024, '3T', { '01': 1 }),
          stored('131', 2024, '4T', { '01': 2 }),
          stored('130', 2024, '4T', { '03': 3 }),
        ],
        2025,
      ),
    ).toBe(2);
    expect(
      previousYearNetIncome131(
        [stored('130', 2024, '4T', { '03': 3 }), stored('131', 2025, '1T', { '01': 9 })],
        2025,
      ),
    ).toBe(3);
    expect(previousYearNetIncome131([stored('131', 2025, '1T', { '01': 9 })], 2025)).toBeNull();
  });
});

describe('202', () => {
  beforeEach(async () => {
    for (const [id, date, base] of [
      ['s03', '2025-03-10', 1_000_000],
      ['s11', '2025-11-10', 200_000],
      ['s12', '2025-12-10', 100_000],
    ] as const) {
      await addIssued(h, SL, {
        id,
        number: id,
        date,
        customer: { name: 'Cliente SA', taxId: 'A58818501' },
        lines: [[base, 2100]],
        irpfRateBp: 1500,
      });
    }
  });

  it('1P by art. 40.2 LIS: 18 % of the last return’s base, with its "<T" file (modality A)', async () => {
    const gen = await generate(SL, '202', {
      year: 2025,
      period: '1P',
      adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 1_000_000 } },
    });
    expect(gen.status).toBe(201);
    const m = gen.envelope.data!;
    expect(m.boxes).toMatchObject({ '01': 1_000_000, '03': 180_000 });
    expect(m.result).toEqual({ type: 'I', amountCents: 180_000 });
    const file = modelFile(m, {
      nif: 'B12345674',
      name: 'Consultora Norte SL',
      companyType: 'SL',
      softwareNif: SOFTWARE.nif,
    });
    const text = decodeLatin1(file.body);
    expect(text.slice(0, 17)).toBe('<T202020251P0000>');
    const page = text.slice(text.indexOf('<T20201000>'), text.indexOf('</T20201000>') + 12);
    const fields = Object.fromEntries(
      parseFixedWidth(page, design202v2025.pages[0]!).map((f) => [f.source, f.value]),
    );
    expect(fields).toMatchObject({
      'value:resultType': 'I',
      'value:year': '2025',
      'value:period': '1P',
      'value:taxPeriodStart': '01012025',
      'value:modality': 'A',
      'box:01': 1_000_000,
      'box:03': 180_000,
    });
  });

  it('3P by art. 40.3 LIS: [28] from January to November, [30] the stored 1P', async () => {
    await generate(SL, '202', {
      year: 2025,
      period: '1P',
      adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 1_000_000 } },
    });
    const gen = await generate(SL, '202', {
      year: 2025,
      period: '3P',
      adjustments: { instalment202: { method: '40.3', periodBaseCents: 10_000_000 } },
    });
    const m = gen.envelope.data!;
    expect(m.boxes).toMatchObject({
      '13': 10_000_000,
      '17': 10_000_000,
      '17P': 1_700,
      '20': 1_700_000,
      '28': 180_000,
      '29': 10_000,
      '30': 180_000,
      '32': 1_340_000,
      '34': 1_340_000,
    });
    expect(m.issues.map((i) => i.code)).toContain('EARLIER_INSTALMENT_MISSING');
    // Only the by-tax-key items of Q1-Q3, October and November were read.
    expect(m.itemsRead).toBeLessThan(12);
    const refused = await update(SL, '202', '2025-202-3P', {
      instalment202: { method: '40.3', taxRateBp: 12_000 },
    });
    expect(refused.status).toBe(400);
    expect(refused.envelope.error?.details).toMatchObject({
      issues: [{ field: 'instalment202.taxRateBp', message: 'taxRateBp no puede superar el 100 %' }],
    });
  });
});

describe('190 and 180', () => {
  const QUARTERS = ['02-10', '05-10', '08-10', '11-10'];

  beforeEach(async () => {
    for (const [i, day] of QUARTERS.entries()) {
      await addReceived(h, SL, {
        id: `dis${i}`,
        number: `DIS-${i}`,
        date: `2025-${day}`,
        supplier: { name: 'Diseñadora Autónoma', taxId: '22222222J' },
        lines: [[100_000 * (i + 1), 2100]],
        irpfRateBp: 1500,
        withholding: { kind: 'PROFESSIONAL', key: 'G01' },
      });
      await addReceived(h, SL, {
        id: `alq${i}`,
        number: `ALQ-${i}`,
        date: `2025-${day}`,
        supplier: { name: 'Arrendador Particular', taxId: '11111111H' },
        lines: [[60_000, 2100]],
        irpfRateBp: 1900,
        withholding: { kind: 'RENT' },
      });
    }
    for (const period of ['1T', '2T', '3T', '4T']) {
      expect((await generate(SL, '111', { year: 2025, period })).status).toBe(201);
      expect((await generate(SL, '115', { year: 2025, period })).status).toBe(201);
    }
  });

  it('sum the year’s four quarters: their totals equal the sums of the 111s and the 115s', async () => {
    const m190 = (await preview(SL, '190', { year: '2025', period: '0A' })).envelope.data!;
    // 1.000,00 + 2.000,00 + 3.000,00 + 4.000,00 at 15 %.
    expect(m190.boxes).toEqual({ '01': 1, '02': 1_000_000, '03': 150_000 });
    expect(m190.records).toEqual([
      expect.objectContaining({
        taxId: '22222222J',
        key: 'G',
        subkey: '01',
        amountCents: 1_000_000,
        withholdingCents: 150_000,
      }),
    ]);
    expect(m190.issues.map((i) => i.code)).not.toContain('SUM_111');
    const m180 = (await preview(SL, '180', { year: '2025', period: '0A' })).envelope.data!;
    expect(m180.boxes).toEqual({ '01': 1, '02': 240_000, '03': 45_600 });
    expect(m180.issues.map((i) => i.code)).not.toContain('SUM_115');

    const prefill = (
      await call<PrefillView>('taxModels.prefill', SL, {
        params: { modelType: '190' },
        query: { year: '2025', period: '0A' },
      })
    ).envelope.data!;
    expect(prefill.fields).toMatchObject({
      totalRecipients: 1,
      totalBase: 1_000_000,
      totalRetentions: 150_000,
      totalPaidRetentions: 150_000,
      professionalRecipients: 1,
      professionalBase: 1_000_000,
      workRecipients: 0,
    });
  });

  it('warns when a 111 of the year declared other figures (a quarter changed after it)', async () => {
    await addReceived(h, SL, {
      id: 'late',
      number: 'DIS-LATE',
      date: '2025-11-20',
      supplier: { name: 'Diseñadora Autónoma', taxId: '22222222J' },
      lines: [[50_000, 2100]],
      irpfRateBp: 1500,
      withholding: { kind: 'PROFESSIONAL', key: 'G01' },
    });
    const m190 = (await preview(SL, '190', { year: '2025', period: '0A' })).envelope.data!;
    expect(m190.issues.filter((i) => i.code === 'SUM_111').length).toBe(2);
  });

  it('adds the recipients entered by hand and refuses invalid or repeated ones (400 CORE_004)', async () => {
    const employee = {
      nif: '12345678Z',
      name: 'Pérez Gómez, Lucía',
      key: 'A',
      baseCents: 2_400_000,
      withholdingCents: 360_000,
      postalCode: '46001',
    };
    const gen = await generate(SL, '190', {
      year: 2025,
      period: '0A',
      adjustments: { annualRecipients: [employee] },
    });
    expect(gen.status).toBe(201);
    expect(gen.envelope.data!.boxes).toEqual({ '01': 2, '02': 3_400_000, '03': 510_000 });
    expect(gen.envelope.data!.records.find((r) => r.taxId === '12345678Z')).toMatchObject({
      origin: 'ENTERED',
      province: '46',
    });
    const bad = await update(SL, '190', '2025-190-0A', {
      annualRecipients: [
        { ...employee, nif: '12345678A' },
        { nif: '22222222J', name: 'Diseñadora Autónoma', key: 'G01', baseCents: 1, withholdingCents: 0 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error?.code).toBe('CORE_004');
    const details = bad.envelope.error?.details as { issues: { field: string; message: string }[] };
    expect(details.issues.map((i) => i.field)).toEqual(['annualRecipients[0]', 'annualRecipients[1]']);
    expect(details.issues[0]!.message).toContain('el NIF 12345678A no es válido');
    expect(details.issues[1]!.message).toContain('ya figura en los libros con el mismo NIF y clave');
    // A regeneration without adjustments keeps the recipient entered.
    const re = await generate(SL, '190', { year: 2025, period: '0A', regenerate: true });
    expect(re.envelope.data!.boxes['01']).toBe(2);
  });

  it('writes the 190 as BOE records the design reads back: a substitutive one names the earlier id', async () => {
    const m = (
      await generate(SL, '190', {
        year: 2025,
        period: '0A',
        adjustments: { previousReceipt: '1902025000001' },
      })
    ).envelope.data!;
    const file = modelFile(m, { nif: 'B12345674', name: 'Consultora Norte SL', companyType: 'SL' });
    const lines = decodeLatin1(file.body).split('\r\n').filter(Boolean);
    expect(lines.map((l) => l.length)).toEqual([500, 500]);
    const declarant = Object.fromEntries(
      parseFixedWidth(lines[0]!, design190v2025.pages.find((p) => p.page === '1')!).map((f) => [
        f.source,
        f.value,
      ]),
    );
    expect(declarant).toMatchObject({
      'value:year': 2025,
      'value:nif': 'B12345674',
      'value:substitutive': 'S',
      'value:previousDeclarationId': 1_902_025_000_001,
      'box:01': 1,
      'box:02': 1_000_000,
      'box:03': 150_000,
    });
    const recipient = Object.fromEntries(
      parseFixedWidth(lines[1]!, design190v2025.pages.find((p) => p.page === '2')!).map((f) => [
        f.source,
        f.value,
      ]),
    );
    expect(recipient).toMatchObject({ 'record:taxId': '22222222J', 'record:key': 'G', 'record:subkey': 1 });
  });
});
