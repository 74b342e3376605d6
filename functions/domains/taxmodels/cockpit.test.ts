/**
 * The gestor's cockpit through the real pipeline over the in-memory table: a row per client with its
 * obligation, status, result and anomalies; compute, approve, submit (approved only), publish and
 * export in bulk with an outcome per company; only the gestor's own clients.
 */

import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { CockpitActionResult, CockpitView, TaxModelView } from '@shared/schemas/tax-models';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { workedExample } from './testing/books';
import {
  certificateItem,
  fakeBucket,
  fakeGateway,
  makeClientP12,
  useLocalSecretBox,
} from './testing/filing-fakes';
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
useLocalSecretBox();

const A = 'co-a'; // the worked example's consultant: books in 2T 2025
const B = 'co-b'; // owes the 303, has no invoices
const C = 'co-c'; // does not owe the 303 this quarter
const FOREIGN = 'co-foreign'; // another firm's client
const NIF_A = '44444444A';
const PASSWORD = 'clave';
const p12 = makeClientP12({ nif: NIF_A, name: 'ANA CONSULTORA', password: PASSWORD });
const PERIOD = { modelType: '303', year: 2025, period: '2T' };

let gateway: ReturnType<typeof fakeGateway>;

const get = () =>
  h.call<CockpitView>(GESTOR, {
    routeId: 'taxCockpit.get',
    query: { modelType: '303', year: '2025', period: '2T' },
  });
const act = (
  routeId: string,
  companyIds: string[],
  extra: Record<string, unknown> = {},
  who: Caller = GESTOR,
) =>
  h.call<CockpitActionResult>(who, { routeId: routeId as never, body: { ...PERIOD, companyIds, ...extra } });
const outcomes = (r: CockpitActionResult) =>
  Object.fromEntries(r.results.map((x) => [x.companyId, x.outcome]));

beforeEach(async () => {
  h.table.reset();
  gateway = fakeGateway();
  Object.assign(h.deps, { s3: fakeBucket().s3, gateway });
  for (const [id, name, nif] of [
    [A, 'Ana Consultora', NIF_A],
    [B, 'Bodega Sin Ventas SL', 'B12345674'],
    [C, 'Comercio Anual SL', 'B87654323'],
  ] as const) {
    h.table.put(company(id, name, { nif, companyType: id === A ? 'AUTONOMO' : 'SL' }));
    h.table.put(member(id, GESTOR.userId, 'GESTOR'));
    h.table.put(profile(id, id === A ? 'AUTONOMO' : 'SL', {}, 2025));
  }
  h.table.put(obligation(A, '303', '2T', 2025, '2025-07-21'));
  h.table.put(obligation(B, '303', '2T', 2025, '2025-07-21'));
  h.table.put(company(FOREIGN, 'Cliente Ajeno SL'));
  h.table.put(
    await certificateItem(
      {
        certificateId: 'cert-a',
        companyId: A,
        subject: `CN=ANA CONSULTORA - ${NIF_A}`,
        holderNif: NIF_A,
        validFrom: '2025-01-01T00:00:00.000Z',
        validTo: '2026-01-01T00:00:00.000Z',
      },
      { p12, password: PASSWORD },
    ),
  );
  await workedExample(h, A);
});

describe('the view', () => {
  it('has a row per client: obligation, status, result (the preview before computing) and anomalies', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const view = res.envelope.data!;
    expect(view.rows.map((r) => r.companyId)).toEqual([A, B, C]);
    const [a, b, c] = view.rows;
    expect(a).toMatchObject({
      applicable: true,
      obligationId: '2025-303-2T',
      dueDate: '2025-07-21',
      status: 'NOT_GENERATED',
      modelId: null,
      result: { type: 'I', amountCents: 124_760 },
      // 1T had no invoices: from 0,00 € to 1.247,60 €.
      previousPeriodResult: { amountCents: 0 },
      // 2T 2024 is before the profile: nothing to compare with.
      lastYearResult: null,
    });
    expect(a!.anomalies.map((x) => x.code)).toEqual(['CHANGE_VS_PREVIOUS_PERIOD']);
    expect(b!.anomalies.map((x) => x.code)).toContain('NO_INVOICES');
    expect(c).toMatchObject({ applicable: false, status: 'NOT_GENERATED', result: null, anomalies: [] });
    expect(view.totals).toEqual({ companies: 3, generated: 0, approved: 0, submitted: 0, withAnomalies: 2 });
  });

  it('compares with the stored returns: change vs previous and last year, off the trend of 4 periods', async () => {
    await act('taxCockpit.compute', [A]);
    const generated = h.table.get(keys.taxModel(A, 2025, '2025-303-2T')) as Record<string, unknown>;
    // Four earlier quarters filed at 3.000 €, 3.100 €, 3.200 €, 3.300 €: the line points to 3.400 €.
    const filed: [number, string, number][] = [
      [2024, '2T', 300_000],
      [2024, '3T', 310_000],
      [2024, '4T', 320_000],
      [2025, '1T', 330_000],
    ];
    for (const [year, period, amountCents] of filed) {
      const modelId = `${year}-303-${period}`;
      h.table.put({
        ...generated,
        ...keys.taxModel(A, year, modelId),
        modelId,
        year,
        period,
        status: 'SUBMITTED',
        result: { type: 'I', amountCents },
        boxes: { ...(generated.boxes as Record<string, number>), '71': amountCents },
      });
    }
    const row = (await get()).envelope.data!.rows[0]!;
    expect(row).toMatchObject({
      status: 'MODEL_GENERATED',
      result: { type: 'I', amountCents: 124_760 },
      previousPeriodResult: { amountCents: 330_000 },
      lastYearResult: { amountCents: 300_000 },
    });
    expect(row.anomalies.map((a) => a.code)).toEqual([
      'CHANGE_VS_PREVIOUS_PERIOD',
      'CHANGE_VS_LAST_YEAR',
      'OFF_TREND',
    ]);
    expect(row.anomalies[2]!.message).toBe(
      'El resultado (1.247,60 €) se aleja de la tendencia de los últimos 4 periodos, que apuntaba a 3.400,00 €.',
    );
  });

  it('is the gestor’s only: a CLIENTE is refused by role', async () => {
    const client: Caller = { userId: 'u-client', groups: ['CLIENTE'] };
    const res = await h.call(client, { routeId: 'taxCockpit.get', query: { year: '2025', period: '2T' } });
    expect(res.status).toBe(403);
  });
});

describe('bulk actions', () => {
  it('compute → approve → submit (approved only) → publish, with an outcome per company', async () => {
    const computed = (await act('taxCockpit.compute', [A, B, C, FOREIGN])).envelope.data!;
    expect(outcomes(computed)).toEqual({ [A]: 'OK', [B]: 'OK', [C]: 'SKIPPED', [FOREIGN]: 'ERROR' });
    expect(computed.results[0]!.message).toBe('Modelo generado: a ingresar 1.247,60 €.');

    // Submit before approving: nothing is filed.
    const early = (await act('taxCockpit.submit', [A, B])).envelope.data!;
    expect(outcomes(early)).toEqual({ [A]: 'SKIPPED', [B]: 'SKIPPED' });
    expect(gateway.submits).toHaveLength(0);

    expect(outcomes((await act('taxCockpit.approve', [A, B])).envelope.data!)).toEqual({
      [A]: 'OK',
      [B]: 'OK',
    });
    expect(outcomes((await act('taxCockpit.approve', [A])).envelope.data!)).toEqual({ [A]: 'SKIPPED' });

    const submitted = (await act('taxCockpit.submit', [A, B])).envelope.data!;
    expect(outcomes(submitted)).toEqual({ [A]: 'OK', [B]: 'ERROR' });
    expect(submitted.results[0]!.message).toBe(
      'Presentado: CSV ABCDEFGHJK000001, justificante 3030000000001.',
    );
    // B has no certificate: its own error, not the request's.
    expect(submitted.results[1]!.message).toContain('no tiene ningún certificado digital');
    expect(gateway.submits.map((s) => s.companyNif)).toEqual([NIF_A]);

    // A computed again is refused for the filed one.
    expect(outcomes((await act('taxCockpit.compute', [A])).envelope.data!)).toEqual({ [A]: 'SKIPPED' });

    const published = (await act('taxCockpit.publish', [A, B])).envelope.data!;
    expect(outcomes(published)).toEqual({ [A]: 'OK', [B]: 'OK' });
    const model = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.get',
      params: { companyId: A, modelType: '303', modelId: '2025-303-2T' },
    });
    expect(model.envelope.data).toMatchObject({ status: 'SUBMITTED', publishedAt: NOW.toISOString() });

    const view = (await get()).envelope.data!;
    expect(view.totals).toMatchObject({ generated: 2, approved: 2, submitted: 1 });
    expect(view.rows[0]).toMatchObject({ status: 'SUBMITTED', approved: true, published: true });
  });

  it('exports a ZIP with each generated model’s AEAT file and a summary', async () => {
    await act('taxCockpit.compute', [A, B]);
    const res = await h.raw(GESTOR, {
      routeId: 'taxCockpit.export',
      body: { ...PERIOD, companyIds: [A, B, C] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(Buffer.from(res.body, 'base64')));
    expect(Object.keys(files).sort()).toEqual([
      '303_2025_2T_44444444A.txt',
      '303_2025_2T_B12345674.txt',
      'resumen.csv',
    ]);
    expect(
      Buffer.from(files['303_2025_2T_44444444A.txt']!).toString('latin1').startsWith('<T303020252T0000>'),
    ).toBe(true);
    const summary = strFromU8(files['resumen.csv']!);
    expect(summary).toContain(
      'Ana Consultora;44444444A;303_2025_2T_44444444A.txt;Generado;A ingresar;1.247,60 €',
    );
    expect(summary).toContain(`${C};;;OMITIDA;No hay modelo generado.`);

    const nothing = await act('taxCockpit.export', [C]);
    expect(nothing.status).toBe(404);
  });
});
