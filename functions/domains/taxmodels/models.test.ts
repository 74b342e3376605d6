/**
 * The tax models API through the real pipeline over the in-memory table: the worked example of the
 * reference notes (§5) box by box, generate / regenerate / adjust / status / approve with their
 * obligation and alert, validation, the drill-down, prefill, validate-data and export.
 */

import { useEnv } from '@functions/platform/testing/env';
import type { Page } from '@shared/api/envelope';
import { keys } from '@shared/db/keys';
import type {
  BoxSourcesView,
  ModelPreview,
  ModelValidationView,
  PrefillView,
  TaxModelView,
  ValidateDataView,
} from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { addIssued, WORKED_EXAMPLE_303, workedExample } from './testing/books';
import { company, GESTOR, member, obligation, profile, taxModelsHarness } from './testing/harness';

const NOW = new Date('2025-07-10T09:00:00.000Z');
const h = taxModelsHarness(NOW);
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000000', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
const CO = 'co-consultor';
const NIF = '44444444A';

const preview = (query: Record<string, string>, modelType = '303') =>
  h.call<ModelPreview>(GESTOR, {
    routeId: 'taxModels.preview',
    params: { companyId: CO, modelType },
    query,
  });
const generate = (body: Record<string, unknown>, modelType = '303') =>
  h.call<TaxModelView>(GESTOR, {
    routeId: 'taxModels.generate',
    params: { companyId: CO, modelType },
    body,
  });
const path = (modelId: string, modelType = '303') => ({ companyId: CO, modelType, modelId });

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Ana Consultora', { nif: NIF, companyType: 'AUTONOMO' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(CO, 'AUTONOMO', {}, 2025));
  h.table.put(obligation(CO, '303', '2T', 2025, '2025-07-21'));
  await workedExample(h, CO);
});

describe('preview', () => {
  it('gives the worked example (reference §5) box by box, to the cent, from the aggregates alone', async () => {
    const res = await preview({ year: '2025', period: '2T' });
    expect(res.status).toBe(200);
    const p = res.envelope.data!;
    expect(p).toMatchObject({
      modelType: '303',
      year: 2025,
      period: '2T',
      result: { type: 'I', amountCents: 124_760 },
    });
    for (const [box, cents] of Object.entries(WORKED_EXAMPLE_303))
      expect(p.boxes[box], `[${box}]`).toBe(cents);
    expect(p.design).toBe('303-2024-10');
    expect(p.itemsRead).toBeGreaterThan(0);
    expect(p.itemsRead).toBeLessThan(40);
    // The 303 reads the aggregates: not a single invoice item.
    expect(p.sources['07']?.every((s) => s.startsWith('ISSUED:'))).toBe(true);
  });

  it('accepts a compensation from earlier periods and refuses a negative one', async () => {
    const ok = await preview({ year: '2025', period: '2T', compensationFromPreviousCents: '25360' });
    expect(ok.envelope.data!.boxes).toMatchObject({ '110': 25_360, '78': 25_360, '87': 0, '71': 99_400 });
    const bad = await preview({ year: '2025', period: '2T', compensationFromPreviousCents: '-1' });
    expect(bad.status).toBe(400);
    expect(bad.envelope.error).toMatchObject({
      code: 'CORE_004',
      field: 'compensationFromPreviousCents',
      details: { issues: [{ message: 'compensationFromPreviousCents no puede ser negativo' }] },
    });
  });

  it('answers TAX_027 for a period the model or the profile does not have, with the valid ones', async () => {
    const month = await preview({ year: '2025', period: '04' });
    expect(month.status).toBe(400);
    expect(month.envelope.error).toMatchObject({
      code: 'TAX_027',
      message: 'El periodo fiscal no es válido.',
    });
    expect(month.envelope.error?.details).toMatchObject({ validPeriods: ['1T', '2T', '3T', '4T'] });
    for (const modelType of ['390', '347']) {
      const quarter = await preview({ year: '2025', period: '2T' }, modelType);
      expect(quarter.status, modelType).toBe(400);
      expect(quarter.envelope.error?.code, modelType).toBe('TAX_027');
      expect(quarter.envelope.error?.details, modelType).toMatchObject({ validPeriods: ['0A'] });
    }
    const garbage = await preview({ year: '2025', period: '5T' });
    expect(garbage.status).toBe(400);
    expect(garbage.envelope.error?.code).toBe('CORE_004');
    const year = await preview({ year: '1999', period: '2T' });
    expect(year.envelope.error?.message).toMatch(/El año debe estar entre 2000 y 2100/);
  });

  it('answers TAX_021 without a tax profile', async () => {
    h.table.items.delete(`${keys.taxProfile(CO).pk}\u0000${keys.taxProfile(CO).sk}`);
    const res = await preview({ year: '2025', period: '2T' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'TAX_021',
      message: 'La empresa no tiene configuración fiscal.',
    });
  });
});

describe('generate, regenerate, update, status, approve', () => {
  it('stores the model, settles its obligation and leaves a generated alert, in one transaction', async () => {
    const res = await generate({ year: 2025, period: '2T' });
    expect(res.status).toBe(201);
    const m = res.envelope.data!;
    expect(m).toMatchObject({
      modelId: '2025-303-2T',
      status: 'MODEL_GENERATED',
      version: 1,
      generatedBy: GESTOR.userId,
    });
    expect(m.boxes['71']).toBe(124_760);
    const o = h.table.get(keys.taxObligation(CO, 2025, '2025-303-2T'))!;
    expect(o).toMatchObject({ status: 'MODEL_GENERATED', modelId: '2025-303-2T' });
    expect(o.gsi1pk).toBeUndefined();
    expect(o.gsi1sk).toBeUndefined();
    expect(h.table.get(keys.taxAlert(CO, '2025-303-2T#generated'))).toMatchObject({
      type: 'generated',
      status: 'ACTIVE',
      obligationId: '2025-303-2T',
      modelType: '303',
    });
    const stored = h.table.get(keys.taxModel(CO, 2025, '2025-303-2T'))!;
    expect(stored).toMatchObject({ entity: 'TaxModel', revision: 1 });
  });

  it('leaves a return filed outside Cuadra filed when its model is generated afterwards', async () => {
    h.table.put(obligation(CO, '303', '2T', 2025, '2025-07-21', 'SUBMITTED'));
    const res = await generate({ year: 2025, period: '2T' });
    expect(res.status).toBe(201);
    expect(h.table.get(keys.taxObligation(CO, 2025, '2025-303-2T'))).toMatchObject({
      status: 'SUBMITTED',
      modelId: null,
    });
    expect(h.table.get(keys.taxAlert(CO, '2025-303-2T#generated'))).toBeUndefined();
  });

  it('answers TAX_022 the second time and replaces it only with regenerate', async () => {
    await generate({ year: 2025, period: '2T' });
    const again = await generate({ year: 2025, period: '2T' });
    expect(again.status).toBe(409);
    expect(again.envelope.error).toMatchObject({
      code: 'TAX_022',
      message: 'El modelo ya se ha generado para este periodo.',
    });
    await addIssued(h, CO, { id: 'f015', number: 'F-2025-015', date: '2025-06-20', lines: [[10_000, 2100]] });
    const re = await generate({ year: 2025, period: '2T', regenerate: true });
    expect(re.status).toBe(201);
    expect(re.envelope.data).toMatchObject({ version: 2, boxes: { '07': 910_000, '09': 191_100 } });
  });

  it('stores the adjustments with the model recomputed (version + 1) and refuses negative amounts', async () => {
    await generate({ year: 2025, period: '2T' });
    const upd = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { compensationFromPreviousCents: 5_360, resultType: 'U', iban: 'ES9121000418450200051332' },
    });
    expect(upd.status).toBe(200);
    expect(upd.envelope.data).toMatchObject({
      version: 2,
      boxes: { '110': 5_360, '78': 5_360, '71': 119_400 },
      result: { type: 'U', amountCents: 119_400 },
      adjustments: { compensationFromPreviousCents: 5_360, resultType: 'U' },
    });
    const negative = await h.call(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { compensationFromPreviousCents: -5 },
    });
    expect(negative.status).toBe(400);
    expect(negative.envelope.error?.details).toMatchObject({
      issues: [
        {
          field: 'compensationFromPreviousCents',
          message: 'compensationFromPreviousCents no puede ser negativo',
        },
      ],
    });
    const notManual = await h.call(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { boxes: { '07': 1 } },
    });
    expect(notManual.status).toBe(400);
    expect(notManual.envelope.error?.message).toBe(
      'La casilla [07] no se puede ajustar a mano en el modelo 303.',
    );
    const unsigned = await h.call(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { boxes: { '77': -100 } },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.envelope.error?.message).toBe('[77] no puede ser negativo');
    const signed = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { boxes: { '43': -1_000 } },
    });
    expect(signed.envelope.data?.boxes).toMatchObject({ '43': -1_000, '45': 63_240 });
  });

  it('marks it filed by hand with its justificante (the obligation too) and never changes a filed model', async () => {
    await generate({ year: 2025, period: '2T' });
    const noRef = await h.call(GESTOR, {
      routeId: 'taxModels.updateStatus',
      params: path('2025-303-2T'),
      body: { status: 'SUBMITTED' },
    });
    expect(noRef.status).toBe(400);
    expect(noRef.envelope.error?.field).toBe('reference');
    const filed = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.updateStatus',
      params: path('2025-303-2T'),
      body: { status: 'SUBMITTED', reference: '3030123456789' },
    });
    expect(filed.envelope.data).toMatchObject({
      status: 'SUBMITTED',
      reference: '3030123456789',
      submissionId: null,
    });
    expect(h.table.get(keys.taxObligation(CO, 2025, '2025-303-2T'))).toMatchObject({
      status: 'SUBMITTED',
      reference: '3030123456789',
      submittedBy: GESTOR.userId,
    });
    for (const attempt of [
      () => generate({ year: 2025, period: '2T', regenerate: true }),
      () =>
        h.call(GESTOR, {
          routeId: 'taxModels.update',
          params: path('2025-303-2T'),
          body: { resultType: 'I' },
        }),
      () => h.call(GESTOR, { routeId: 'taxModels.approve', params: path('2025-303-2T') }),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(409);
      expect(res.envelope.error).toMatchObject({ code: 'TAX_022', details: { reason: 'ALREADY_SUBMITTED' } });
    }
    const back = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.updateStatus',
      params: path('2025-303-2T'),
      body: { status: 'MODEL_GENERATED' },
    });
    expect(back.envelope.data).toMatchObject({ status: 'MODEL_GENERATED', reference: null });
    expect(h.table.get(keys.taxObligation(CO, 2025, '2025-303-2T'))).toMatchObject({
      status: 'MODEL_GENERATED',
      reference: null,
    });
  });

  it('does not take back a filing made through Cuadra', async () => {
    await generate({ year: 2025, period: '2T' });
    const { markModelSubmitted } = await import('./store/models');
    await markModelSubmitted(h.deps, CO, '2025-303-2T', {
      submissionId: 'sub1',
      reference: 'CSV123',
      at: NOW.toISOString(),
      userId: GESTOR.userId,
    });
    expect(h.table.get(keys.taxAlert(CO, '2025-303-2T#submitted'))).toMatchObject({ type: 'submitted' });
    const back = await h.call(GESTOR, {
      routeId: 'taxModels.updateStatus',
      params: path('2025-303-2T'),
      body: { status: 'MODEL_GENERATED' },
    });
    expect(back.status).toBe(400);
    expect(back.envelope.error?.details).toMatchObject({ reason: 'FILED_THROUGH_CUADRA' });
  });

  it('approves a model without errors, and a 404 for a model that is not there', async () => {
    await generate({ year: 2025, period: '2T' });
    const ok = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.approve',
      params: path('2025-303-2T'),
    });
    expect(ok.envelope.data).toMatchObject({ approvedBy: GESTOR.userId });
    const missing = await h.call(GESTOR, { routeId: 'taxModels.get', params: path('2025-303-1T') });
    expect(missing.status).toBe(404);
    expect(missing.envelope.error).toMatchObject({ code: 'CORE_006', message: 'El modelo no existe.' });
    const wrongType = await h.call(GESTOR, { routeId: 'taxModels.get', params: path('2025-303-2T', '349') });
    expect(wrongType.status).toBe(404);
    const withErrors = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.update',
      params: path('2025-303-2T'),
      body: { resultType: 'U' },
    });
    expect(withErrors.envelope.data?.issues.some((i) => i.code === 'IBAN_REQUIRED')).toBe(true);
    const refused = await h.call(GESTOR, { routeId: 'taxModels.approve', params: path('2025-303-2T') });
    expect(refused.status).toBe(400);
  });

  it('lists the models and the ones pending confirmation', async () => {
    await generate({ year: 2025, period: '2T' });
    const list = await h.call<Page<TaxModelView>>(GESTOR, {
      routeId: 'taxModels.list',
      params: { companyId: CO },
      query: { year: '2025' },
    });
    expect(list.envelope.data?.content.map((m) => m.modelId)).toEqual(['2025-303-2T']);
    const pending = await h.call<Page<TaxModelView>>(GESTOR, {
      routeId: 'taxModels.pendingConfirmation',
      params: { companyId: CO },
    });
    expect(pending.envelope.data?.totalElements).toBe(1);
  });
});

describe('validate, drill-down, prefill, validate-data', () => {
  it('validates the identities and says which boxes the books changed since', async () => {
    await generate({ year: 2025, period: '2T' });
    const clean = await h.call<ModelValidationView>(GESTOR, {
      routeId: 'taxModels.validate',
      params: path('2025-303-2T'),
    });
    expect(clean.envelope.data).toMatchObject({ valid: true, changedSinceGenerated: [] });
    expect(clean.envelope.data?.identities.every((i) => i.ok)).toBe(true);
    await addIssued(h, CO, { id: 'f016', number: 'F-2025-016', date: '2025-06-21', lines: [[10_000, 2100]] });
    const stale = await h.call<ModelValidationView>(GESTOR, {
      routeId: 'taxModels.validate',
      params: path('2025-303-2T'),
    });
    expect(stale.envelope.data?.changedSinceGenerated).toContainEqual({
      box: '07',
      storedCents: 900_000,
      booksCents: 910_000,
    });
  });

  it('lists the invoices behind a box with what each adds to it', async () => {
    const res = await h.call<BoxSourcesView>(GESTOR, {
      routeId: 'taxModels.boxSources',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '2T', box: '07' },
    });
    expect(res.status).toBe(200);
    const v = res.envelope.data!;
    expect(v).toMatchObject({ box: '07', valueCents: 900_000, totalElements: 4 });
    expect(v.content.map((r) => [r.number, r.baseCents])).toEqual([
      ['F-2025-011', 300_000],
      ['F-2025-012', 200_000],
      ['F-2025-013', 250_000],
      ['F-2025-014', 150_000],
    ]);
    expect(v.content.reduce((s, r) => s + r.baseCents, 0)).toBe(v.valueCents);
    const deductible = await h.call<BoxSourcesView>(GESTOR, {
      routeId: 'taxModels.boxSources',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '2T', box: '29', size: '2', page: '1' },
    });
    expect(deductible.envelope.data).toMatchObject({ totalElements: 6, page: 1, size: 2, totalPages: 3 });
    const tooBig = await h.call(GESTOR, {
      routeId: 'taxModels.boxSources',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '2T', box: '07', size: '101' },
    });
    expect(tooBig.status).toBe(400);
  });

  it('prefills the spec fields of the 303', async () => {
    const res = await h.call<PrefillView>(GESTOR, {
      routeId: 'taxModels.prefill',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '2T' },
    });
    expect(res.envelope.data?.fields).toEqual({
      taxableBase21: 900_000,
      taxableBase10: 0,
      taxableBase4: 0,
      taxableBase0: 0,
      exemptOperations: 0,
      nonSubjectOperations: 0,
      intracommDeliveries: 0,
      intracommAcquisitions: 0,
      deductibleBase21: 304_000,
      deductibleBase10: 0,
      deductibleBase4: 10_000,
    });
  });

  it('lists the checks before generating, the period problems as checks', async () => {
    const ok = await h.call<ValidateDataView>(GESTOR, {
      routeId: 'taxModels.validateData',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '2T' },
    });
    expect(ok.envelope.data?.valid).toBe(true);
    expect(ok.envelope.data?.checks.map((c) => c.code)).toEqual([
      'TAX_PROFILE',
      'PERIOD',
      'COMPANY_NIF',
      'OBLIGATION',
      'BOOKS',
      'MODEL_RULES',
    ]);
    const wrong = await h.call<ValidateDataView>(GESTOR, {
      routeId: 'taxModels.validateData',
      params: { companyId: CO, modelType: '303' },
      query: { year: '2025', period: '05' },
    });
    expect(wrong.envelope.data).toMatchObject({
      valid: false,
      checks: [{ code: 'PERIOD', status: 'ERROR' }],
    });
  });
});

describe('export', () => {
  it('lists the export formats', async () => {
    const res = await h.call<{ format: string }[]>(GESTOR, {
      routeId: 'taxModels.exportFormats',
      params: { companyId: CO },
    });
    expect(res.envelope.data?.map((f) => f.format)).toEqual(['AEAT', 'JSON', 'PDF', 'CSV', 'XLSX']);
  });

  const exportAs = (format: string) =>
    h.raw(GESTOR, {
      routeId: 'taxModels.export',
      params: { companyId: CO, modelType: '303' },
      query: { format, year: '2025', period: '2T' },
    });

  it('downloads the AEAT file of the preview, then of the stored model', async () => {
    const res = await exportAs('AEAT');
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-disposition']).toBe('attachment; filename="303_2025_2T_44444444A.txt"');
    const text = Buffer.from(res.body, 'base64').toString('latin1');
    expect(text.startsWith('<T303020252T0000><AUX>')).toBe(true);
    expect(text.endsWith('</T303020252T0000>')).toBe(true);
    const page01 = text.slice(text.indexOf('<T30301000>'));
    // Page 01 (DR303e24v200): type at 13, NIF at 14, [07] at 286, [09] at 308.
    expect(page01.slice(12, 13)).toBe('I');
    expect(page01.slice(13, 22)).toBe('44444444A');
    expect(page01.slice(285, 302)).toBe('00000000000900000');
    expect(page01.slice(307, 324)).toBe('00000000000189000');
    await generate({
      year: 2025,
      period: '2T',
      adjustments: { resultType: 'U', iban: 'ES9121000418450200051332' },
    });
    const stored = Buffer.from((await exportAs('AEAT')).body, 'base64').toString('latin1');
    expect(stored.slice(stored.indexOf('<T30301000>') + 12, stored.indexOf('<T30301000>') + 13)).toBe('U');
    expect(stored).toContain('<T303DID00>');
  });

  it('downloads the JSON and points to the PDF route', async () => {
    const json = await exportAs('JSON');
    expect(JSON.parse(Buffer.from(json.body, 'base64').toString('utf8'))).toMatchObject({
      modelId: '2025-303-2T',
    });
    const pdfBefore = await exportAs('PDF');
    expect(pdfBefore.statusCode).toBe(400);
    await generate({ year: 2025, period: '2T' });
    const pdf = await exportAs('PDF');
    expect(pdf.statusCode).toBe(400);
    expect(JSON.parse(pdf.body).error.details).toMatchObject({
      route: 'taxModels.pdf',
      url: `/api/v1/tax/companies/${CO}/models/303/2025-303-2T/pdf`,
    });
  });
});
