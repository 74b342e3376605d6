/**
 * Invoice import and export against the local cloud (demo-romero-fontaneria, this run's own series
 * and customers): a CSV of three invoices, one with an invalid NIF, is validated row by row without
 * creating anything; executing it with skipInvalid goes through the stream consumer and the
 * 'invoice-import' queue and creates exactly the two valid drafts with their exact totals; a second
 * execution is refused; the list is exported as .xlsx and .csv and read back with our readers.
 */

import { readCsv, readXlsx, writeCsv } from '@functions/lib/spreadsheets';
import { apiClient } from '@infra/local/testing/api';
import { dniLetter } from '@shared/fiscal/nif';
import { EXPORT_HEADERS, IMPORT_COLUMNS, type ImportBatchView } from '@shared/schemas/invoice-import';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-5);
const dniNumber = String((Date.now() + 13) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;
const BAD_NIF = `${dniNumber}${dniLetter(Number(dniNumber)) === 'A' ? 'B' : 'A'}`;
const DATE = '2026-03-17';

const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const row = (values: Record<string, string>) => HEADERS.map((h) => values[h] ?? '');

/** Invoice A: two lines (100 € at 21 % ×2 and 50,25 € at 10 %); B: invalid NIF; C: 1.000 € with 15 % IRPF. */
const CSV = writeCsv([
  HEADERS,
  row({
    Referencia: `A-${run}`,
    Fecha: '17/03/2026',
    'NIF cliente': NIF,
    'Nombre cliente': `Importado A ${run}`,
    Descripción: 'Instalación',
    Cantidad: '2',
    'Precio unitario': '100,00',
    'Tipo IVA %': '21',
    Vencimiento: '16/04/2026',
  }),
  row({
    Referencia: `A-${run}`,
    Descripción: 'Material',
    Cantidad: '1',
    'Precio unitario': '50,25',
    'Tipo IVA %': '10',
  }),
  row({
    Referencia: `B-${run}`,
    Fecha: '17/03/2026',
    'NIF cliente': BAD_NIF,
    'Nombre cliente': `Importado B ${run}`,
    Descripción: 'Revisión',
    'Precio unitario': '80',
    'Tipo IVA %': '21',
  }),
  row({
    Referencia: `C-${run}`,
    Fecha: '2026-03-17',
    'NIF cliente': NIF,
    'Nombre cliente': `Importado C ${run}`,
    Descripción: 'Proyecto',
    'Precio unitario': '1.000,00',
    'Tipo IVA %': '21',
    'Retención IRPF %': '15',
  }),
]);

// A: 200,00 + 42,00 + 50,25 + 5,03 = 297,28. C: 1.000 + 210 - 150 = 1.060,00.
const TOTAL_A = 29_728;
const TOTAL_C = 106_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('invoice import and export (local cloud)', () => {
  let gestor: string;
  let series: InvoiceSeriesView;
  let batch: ImportBatchView;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const download = (path: string, body: unknown) =>
    fetch(new URL(path, cloud.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${gestor}`,
        'x-company-id': COMPANY,
        'content-type': 'application/json',
        accept: 'application/octet-stream',
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const s = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `I${run}`, description: `Importación ${run}`, isDefault: false },
    });
    if (!s.body.success) throw new Error(`series: ${JSON.stringify(s.body.error)}`);
    series = s.body.data;
  });

  it('validates every row on upload, flags exactly the invalid one and creates nothing', async () => {
    const res = await req<ImportBatchView>('POST', '/api/v1/invoices/import', {
      body: { fileName: `facturas-${run}.csv`, contentBase64: Buffer.from(CSV).toString('base64') },
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    expect(res.status).toBe(201);
    batch = res.body.data;
    expect(batch.status).toBe('VALIDATED');
    expect(batch.counts).toEqual({
      rows: 4,
      validRows: 3,
      invalidRows: 1,
      invoices: 3,
      validInvoices: 2,
      invalidInvoices: 1,
    });
    expect(batch.report.filter((r) => !r.ok)).toEqual([
      {
        row: 4,
        invoiceRef: `B-${run}`,
        ok: false,
        errors: [{ field: 'NIF cliente', message: expect.any(String) }],
      },
    ]);
    const list = await req<{ totalElements: number }>('GET', '/api/v1/invoices', {
      query: { search: run, from: DATE, to: DATE },
    });
    expect(list.body.success && list.body.data.totalElements).toBe(0);
  });

  it('executes with skipInvalid: exactly the two valid drafts, with exact totals, then COMPLETED', async () => {
    const refused = await req('POST', `/api/v1/invoices/import/${batch.batchId}/execute`, { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.success ? null : refused.body.error.details).toMatchObject({
      reason: 'INVALID_ROWS',
    });

    const res = await req<ImportBatchView>('POST', `/api/v1/invoices/import/${batch.batchId}/execute`, {
      body: { skipInvalid: true, series: series.code },
    });
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    expect(res.status).toBe(202);
    expect(res.body.data.status).not.toBe('VALIDATED');

    const again = await req('POST', `/api/v1/invoices/import/${batch.batchId}/execute`, {
      body: { skipInvalid: true },
    });
    expect(again.status).toBe(400);
    expect(again.body.success ? null : again.body.error.details).toMatchObject({
      reason: 'IMPORT_ALREADY_EXECUTED',
    });

    let view: ImportBatchView | undefined;
    for (let i = 0; i < 60; i++) {
      const got = await req<ImportBatchView>('GET', `/api/v1/invoices/import/${batch.batchId}`);
      if (!got.body.success) throw new Error(JSON.stringify(got.body.error));
      view = got.body.data;
      if (view.status === 'COMPLETED') break;
      await sleep(500);
    }
    expect(view!.status).toBe('COMPLETED');
    expect(view!.execution).toMatchObject({ toProcess: 2, processed: 2, created: 2, failed: 0 });
    expect(view!.results.map((r) => [r.invoiceRef, r.ok]).sort()).toEqual([
      [`A-${run}`, true],
      [`C-${run}`, true],
    ]);

    const byRef = Object.fromEntries(view!.results.map((r) => [r.invoiceRef, r.invoiceId!]));
    const a = await req<Invoice>('GET', `/api/v1/invoices/${byRef[`A-${run}`]}`);
    const c = await req<Invoice>('GET', `/api/v1/invoices/${byRef[`C-${run}`]}`);
    if (!a.body.success || !c.body.success) throw new Error('get invoice failed');
    expect(a.body.data).toMatchObject({
      status: 'DRAFT',
      origin: 'IMPORT',
      invoiceDate: DATE,
      dueDate: '2026-04-16',
      requestedSeriesId: series.seriesId,
      totals: { baseCents: 25_025, vatCents: 4_703, irpfCents: 0, totalCents: TOTAL_A },
    });
    expect(a.body.data.invoiceLines).toHaveLength(2);
    expect(c.body.data).toMatchObject({
      status: 'DRAFT',
      origin: 'IMPORT',
      irpfRateBp: 1500,
      totals: { baseCents: 100_000, vatCents: 21_000, irpfCents: 15_000, totalCents: TOTAL_C },
    });
    const list = await req<{ totalElements: number }>('GET', '/api/v1/invoices', {
      query: { search: `Importado B ${run}`, from: DATE, to: DATE },
    });
    expect(list.body.success && list.body.data.totalElements).toBe(0);
  });

  const filters = { search: run, from: DATE, to: DATE, sort: 'total,asc' };

  it('exports the list as an xlsx that reads back with numeric money and real dates', async () => {
    const res = await download('/api/v1/invoices/export', { format: 'xlsx', filters });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="facturas-\d{8}\.xlsx"$/);
    const rows = readXlsx(new Uint8Array(await res.arrayBuffer())).rows;
    const h = Object.values(EXPORT_HEADERS);
    expect(rows[0]).toEqual(h);
    expect(rows).toHaveLength(3);
    const col = (r: number, name: string) => rows[r]![h.indexOf(name)];
    expect([col(1, 'Cliente'), col(1, 'Total'), col(1, 'Fecha'), col(1, 'Estado')]).toEqual([
      `Importado A ${run}`,
      TOTAL_A / 100,
      DATE,
      'Borrador',
    ]);
    expect([col(2, 'Cliente'), col(2, 'Base imponible'), col(2, 'IRPF'), col(2, 'Total')]).toEqual([
      `Importado C ${run}`,
      1000,
      150,
      TOTAL_C / 100,
    ]);
  });

  it('exports the list as an es-ES CSV that reads back', async () => {
    const res = await download('/api/v1/invoices/export', {
      format: 'csv',
      filters,
      columns: ['customer', 'nif', 'date', 'total'],
    });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { separator, rows } = readCsv(bytes);
    expect(separator).toBe(';');
    expect(rows).toEqual([
      ['Cliente', 'NIF', 'Fecha', 'Total'],
      [`Importado A ${run}`, NIF, '17/03/2026', '297,28'],
      [`Importado C ${run}`, NIF, '17/03/2026', '1.060,00'],
    ]);
  });

  it('creates and confirms on request, numbered in the chosen series', async () => {
    const csv = writeCsv([
      HEADERS,
      row({
        Referencia: `D-${run}`,
        Fecha: '17/03/2026',
        'NIF cliente': NIF,
        'Nombre cliente': `Confirmado D ${run}`,
        // Art. 6 RD 1619/2012: an F1 is confirmed only with the customer's domicilio.
        Dirección: 'Calle Mayor 1',
        'Código postal': '28013',
        Ciudad: 'Madrid',
        Descripción: 'Mantenimiento',
        'Precio unitario': '60',
        'Tipo IVA %': '21',
      }),
    ]);
    const up = await req<ImportBatchView>('POST', '/api/v1/invoices/import', {
      body: { fileName: 'd.csv', contentBase64: Buffer.from(csv).toString('base64') },
    });
    if (!up.body.success) throw new Error(JSON.stringify(up.body.error));
    const ex = await req('POST', `/api/v1/invoices/import/${up.body.data.batchId}/execute`, {
      body: { confirm: true, series: series.seriesId },
    });
    expect(ex.status).toBe(202);
    let view: ImportBatchView | undefined;
    for (let i = 0; i < 60 && view?.status !== 'COMPLETED'; i++) {
      if (i) await sleep(500);
      const got = await req<ImportBatchView>('GET', `/api/v1/invoices/import/${up.body.data.batchId}`);
      if (got.body.success) view = got.body.data;
    }
    expect(view!.status).toBe('COMPLETED');
    expect(view!.results).toEqual([
      expect.objectContaining({ invoiceRef: `D-${run}`, ok: true, invoiceNumber: `I${run}-2026-0001` }),
    ]);
    const inv = await req<Invoice>('GET', `/api/v1/invoices/${view!.results[0]!.invoiceId}`);
    expect(inv.body.success && inv.body.data).toMatchObject({
      status: 'CONFIRMED',
      origin: 'IMPORT',
      invoiceNumber: `I${run}-2026-0001`,
      totals: { totalCents: 7_260 },
    });
  });

  it('takes the file as multipart/form-data too, with its mappingConfig part, like a browser form', async () => {
    const form = new FormData();
    const renamed = CSV.replace('Tipo IVA %', 'IVA');
    form.append('file', new Blob([renamed], { type: 'text/csv' }), `multipart-${run}.csv`);
    form.append('mappingConfig', JSON.stringify({ IVA: 'vatRatePercent' }));

    const res = await fetch(new URL('/api/v1/invoices/import', cloud.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': COMPANY },
      body: form,
    });
    const body = (await res.json()) as { success: boolean; data: ImportBatchView; error: unknown };

    expect(res.status, JSON.stringify(body.error)).toBe(201);
    expect(body.data).toMatchObject({ status: 'VALIDATED', fileName: `multipart-${run}.csv` });
    expect(body.data.counts).toMatchObject({ invoices: 3, validInvoices: 2, invalidInvoices: 1 });
  });

  it('serves the template workbook with its instructions sheet', async () => {
    const res = await fetch(
      new URL('/api/v1/invoices/import/template?invoiceType=ISSUED&format=xlsx', cloud.url),
      {
        headers: {
          authorization: `Bearer ${gestor}`,
          'x-company-id': COMPANY,
          accept: 'application/octet-stream',
        },
      },
    );
    expect(res.status).toBe(200);
    const rows = readXlsx(new Uint8Array(await res.arrayBuffer())).rows;
    expect(rows[0]).toEqual(HEADERS);
  });
});
