/**
 * Modelo 369 (one-stop shop) through the tax models API over the in-memory table: the preview from the
 * quarter's OSS aggregates, generate, validate, the drill-down of a state's box, and the exports (its
 * lines as CSV/XLSX; no AEAT file).
 */

import { readCsv, readXlsx } from '@functions/lib/spreadsheets';
import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import { type IssuedForAggregates, issuedContribution } from '@shared/fiscal/tax-aggregates';
import type {
  BoxSourcesView,
  ModelPreview,
  ModelValidationView,
  TaxModelView,
} from '@shared/schemas/tax-models';
import { beforeEach, describe, expect, it } from 'vitest';
import { company, GESTOR, member, profile, taxModelsHarness } from './testing/harness';

const NOW = new Date('2026-04-10T09:00:00.000Z');
const h = taxModelsHarness(NOW);
useEnv({ VERIFACTU_PRODUCER_NIF: 'B00000000', VERIFACTU_PRODUCER_NAME: 'Cuadra Software SL' });
const CO = 'co-marta';

/** A confirmed invoice to a consumer of `country` under the one-stop shop, in the books. */
async function addOssSale(id: string, date: string, country: string, lines: [number, number][]) {
  const totals = computeInvoiceTotals({
    lines: lines.map(([base, rate]) => ({
      quantityMilli: 1000,
      unitPriceCents: base,
      vatRateBp: rate,
      operation: 'N2' as const,
      ossCountry: country,
    })),
    operationDate: date,
  });
  const invoice = {
    invoiceId: id,
    companyId: CO,
    invoiceType: 'F1',
    status: 'CONFIRMED',
    invoiceDate: date,
    invoiceNumber: `A-${id}`,
    customer: {
      customerId: `c-${id}`,
      name: `Consumidor ${country}`,
      taxId: { type: 'PASSPORT', value: `P${id}`, country },
      address: '',
      postalCode: '',
      city: '',
      country,
      vatTreatment: 'OSS',
    },
    breakdown: totals.breakdown,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: 0,
      irpfCents: 0,
      totalCents: totals.totalCents,
    },
    irpfRateBp: 0,
    rectification: null,
    seriesId: 'serie-a',
  };
  h.table.put({
    ...keys.invoice(CO, id),
    ...keys.invoiceByDate(CO, date, id),
    entity: 'Invoice',
    v: SCHEMA_VERSION,
    ...invoice,
  });
  await h.addToBooks(CO, issuedContribution(invoice as unknown as IssuedForAggregates, 1));
}

const preview = (period = '1T') =>
  h.call<ModelPreview>(GESTOR, {
    routeId: 'taxModels.preview',
    params: { companyId: CO, modelType: '369' },
    query: { year: '2026', period },
  });

beforeEach(async () => {
  h.table.reset();
  h.table.put(company(CO, 'Marta Sánchez Ruiz', { nif: '12345678Z', companyType: 'AUTONOMO' }));
  h.table.put(member(CO, GESTOR.userId, 'GESTOR'));
  h.table.put(profile(CO, 'AUTONOMO', { ossRegistered: true }, 2026));
  await addOssSale('f1', '2026-01-20', 'FR', [[10_000, 2000]]);
  await addOssSale('f2', '2026-02-11', 'FR', [
    [5_000, 2000],
    [2_000, 550],
  ]);
  await addOssSale('d1', '2026-03-05', 'DE', [[8_000, 1900]]);
});

describe('modelo 369 through the API', () => {
  it('previews the quarter per member state and rate from the aggregates', async () => {
    const res = await preview();
    expect(res.status).toBe(200);
    const p = res.envelope.data!;
    expect(p).toMatchObject({ modelType: '369', year: 2026, period: '1T', design: '369-2021' });
    expect(p.records.map((r) => [r.country, r.vatRateBp, r.baseCents, r.amountCents])).toEqual([
      ['DE', 1900, 8000, 1520],
      ['FR', 2000, 15_000, 3000],
      ['FR', 550, 2000, 110],
    ]);
    expect(p.boxes).toMatchObject({ 'FR.base': 17_000, 'FR.vat': 3110, 'DE.total': 1520, total: 4630 });
    expect(p.result).toEqual({ type: 'I', amountCents: 4630 });
    expect(p.itemsRead).toBeLessThan(20);
  });

  it('answers TAX_027 for a month: the Union scheme is quarterly', async () => {
    const res = await preview('02');
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({ code: 'TAX_027' });
  });

  it('generates, validates and drills into a state box', async () => {
    const gen = await h.call<TaxModelView>(GESTOR, {
      routeId: 'taxModels.generate',
      params: { companyId: CO, modelType: '369' },
      body: { year: 2026, period: '1T' },
    });
    expect(gen.status).toBe(201);
    const model = gen.envelope.data!;
    expect(model.modelId).toBe('2026-369-1T');
    const val = await h.call<ModelValidationView>(GESTOR, {
      routeId: 'taxModels.validate',
      params: { companyId: CO, modelType: '369', modelId: model.modelId },
    });
    expect(val.envelope.data!.identities.every((i) => i.ok)).toBe(true);
    expect(val.envelope.data!.identities.length).toBeGreaterThan(0);
    const drill = await h.call<BoxSourcesView>(GESTOR, {
      routeId: 'taxModels.boxSources',
      params: { companyId: CO, modelType: '369' },
      query: { year: '2026', period: '1T', box: 'FR.vat' },
    });
    expect(drill.status).toBe(200);
    expect(drill.envelope.data!.content.map((r) => r.number).sort()).toEqual(['A-f1', 'A-f2']);
  });

  const exportAs = (format: string) =>
    h.raw(GESTOR, {
      routeId: 'taxModels.export',
      params: { companyId: CO, modelType: '369' },
      query: { format, year: '2026', period: '1T' },
    });

  it('exports its lines as CSV and XLSX, and says there is no AEAT file', async () => {
    const csv = await exportAs('CSV');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers?.['content-disposition']).toBe('attachment; filename="369_2026_1T_12345678Z.csv"');
    const rows = readCsv(Buffer.from(csv.body, 'base64')).rows;
    expect(rows[0]?.[0]).toBe('Sección');
    expect(rows.slice(1).map((r) => [r[2], r[3], r[5], r[6]])).toEqual([
      ['DE', '19,00', '80,00', '15,20'],
      ['FR', '20,00', '150,00', '30,00'],
      ['FR', '5,50', '20,00', '1,10'],
      ['DE', '', '80,00', '15,20'],
      ['FR', '', '170,00', '31,10'],
      ['', '', '', '46,30'],
    ]);
    const xlsx = await exportAs('XLSX');
    expect(xlsx.statusCode).toBe(200);
    const sheet = readXlsx(Buffer.from(xlsx.body, 'base64'));
    expect(sheet.rows.length).toBe(7);

    const aeat = await exportAs('AEAT');
    expect(aeat.statusCode).toBe(422);
    expect(JSON.parse(aeat.body).error).toMatchObject({
      code: 'TAX_023',
      details: { reason: 'NO_AEAT_FILE' },
    });
  });
});
