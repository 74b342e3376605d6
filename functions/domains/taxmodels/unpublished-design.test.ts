/**
 * The 390 of an exercise whose design the AEAT has not published (2026, while only "390 - Ejercicio
 * 2025" exists) through the real pipeline: preview and generate compute it with the 2025 design and
 * say so; the AEAT file (export, and the bulk export of the cockpit) is refused with 422 TAX_023 until
 * the design exists; the 390 of 2025 still exports.
 */

import { useEnv } from '@functions/platform/testing/env';
import type { ModelPreview, TaxModelView } from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { addIssued, addReceived } from './testing/books';
import { company, GESTOR, member, profile, taxModelsHarness } from './testing/harness';

const NOW = new Date('2026-11-27T09:00:00.000Z');
const h = taxModelsHarness(NOW);
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000000', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
const CO = 'co-tienda';
const NIF = 'B12345674';

const WARNING_2026 =
  'La AEAT aún no ha publicado el diseño del modelo 390 para 2026; el cálculo usa el diseño de 2025 y la exportación puede cambiar.';
const REFUSAL_2026 =
  'La AEAT aún no ha publicado el diseño de registro del modelo 390 para 2026 (el cálculo usa el diseño de 2025): el fichero para presentarlo no se puede generar hasta que se publique.';

const preview = (year: string) =>
  h.call<ModelPreview>(GESTOR, {
    routeId: 'taxModels.preview',
    params: { companyId: CO, modelType: '390' },
    query: { year, period: '0A' },
  });
const generate = (year: number) =>
  h.call<TaxModelView>(GESTOR, {
    routeId: 'taxModels.generate',
    params: { companyId: CO, modelType: '390' },
    body: { year, period: '0A' },
  });
const exportFile = (year: string, format = 'AEAT') =>
  h.raw(GESTOR, {
    routeId: 'taxModels.export',
    params: { companyId: CO, modelType: '390' },
    query: { format, year, period: '0A' },
  });
const notPublished = <T extends { code: string }>(issues: readonly T[]) =>
  issues.filter((i) => i.code === 'DESIGN_NOT_PUBLISHED');

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Tienda Ñandú SL', { nif: NIF }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(CO, 'SL', {}, 2025));
  for (const y of [2025, 2026]) {
    await addIssued(h, CO, {
      id: `f${y}`,
      number: `F-${y}-001`,
      date: `${y}-03-10`,
      lines: [[100_000, 2100]],
    });
    await addReceived(h, CO, {
      id: `r${y}`,
      number: `R-${y}-001`,
      date: `${y}-03-12`,
      supplier: { name: 'Proveedor SL', taxId: 'B87654323' },
      lines: [[40_000, 2100]],
    });
  }
});

describe('the 390 of 2026 without a published AEAT design', () => {
  it('previews with the 2025 design, its boxes from the books, and the warning', async () => {
    const res = await preview('2026');
    expect(res.status).toBe(200);
    const p = res.envelope.data!;
    expect([p.modelType, p.year, p.period, p.design]).toEqual(['390', 2026, '0A', '390-2025']);
    expect([p.boxes['05'], p.boxes['06'], p.boxes['605'], p.boxes['606']]).toEqual([
      100_000, 21_000, 40_000, 8_400,
    ]);
    expect(notPublished(p.issues)).toEqual([
      { code: 'DESIGN_NOT_PUBLISHED', field: 'design', message: WARNING_2026, severity: 'WARNING' },
    ]);
    const p2025 = (await preview('2025')).envelope.data!;
    expect(p2025.design).toBe('390-2025');
    expect(notPublished(p2025.issues)).toEqual([]);
  });

  it('generates it with the warning kept in the stored model', async () => {
    const res = await generate(2026);
    expect(res.status).toBe(201);
    const m = res.envelope.data!;
    expect([m.modelId, m.design]).toEqual(['2026-390-0A', '390-2025']);
    expect(notPublished(m.issues).map((i) => i.message)).toEqual([WARNING_2026]);
  });

  it('refuses its AEAT file with 422 TAX_023, stored or not, while the JSON still downloads', async () => {
    for (const stored of [false, true]) {
      if (stored) expect((await generate(2026)).status).toBe(201);
      const res = await exportFile('2026');
      expect(res.statusCode, `stored: ${stored}`).toBe(422);
      const body = JSON.parse(res.body) as {
        error: { code: string; message: string; details?: Record<string, unknown> };
      };
      expect(body.error).toMatchObject({
        code: 'TAX_023',
        message: REFUSAL_2026,
        details: { reason: 'DESIGN_NOT_PUBLISHED', design: '390-2025', year: 2026, period: '0A' },
      });
    }
    const json = await exportFile('2026', 'JSON');
    expect(json.statusCode).toBe(200);
    const model = JSON.parse(Buffer.from(json.body, 'base64').toString('utf8')) as TaxModelView;
    expect([model.year, model.design]).toEqual([2026, '390-2025']);
  });

  it('still exports the 390 of 2025 in its own design', async () => {
    const res = await exportFile('2025');
    expect(res.statusCode).toBe(200);
    const text = Buffer.from(res.body, 'base64').toString('latin1');
    expect(text.startsWith('<T3900')).toBe(true);
    expect(text).toContain('2025');
  });

  it('leaves the 390 of 2026 out of the bulk export with the reason', async () => {
    expect((await generate(2026)).status).toBe(201);
    const res = await h.raw(GESTOR, {
      routeId: 'taxCockpit.export',
      body: { modelType: '390', year: 2026, period: '0A', companyIds: [CO] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('no ha publicado el diseño de registro del modelo 390 para 2026');
  });
});
