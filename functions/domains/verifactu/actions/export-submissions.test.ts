import { CSV_CONTENT_TYPE, readXlsx, XLSX_CONTENT_TYPE } from '@functions/lib/spreadsheets';
import { keys } from '@shared/db/keys';
import { describe, expect, it } from 'vitest';
import { COMPANY, seedRecord, submissionsHarness, table } from '../testing/submissions-harness';
import { EXPORT_HEADERS, esDateTime, MAX_EXPORT_ROWS, submissionsFile } from './export-submissions';

const h = submissionsHarness();

describe('verifactu.exportSubmissions', () => {
  it('EXCEL by default: an xlsx with the Spanish headers, newest first, with the filters of the list', async () => {
    seedRecord({ invoiceId: 'a', status: 'VERIFIED', sentAt: '2027-01-15T09:31:00.000Z' });
    seedRecord({
      invoiceId: 'b',
      status: 'ERROR',
      aeatState: 'Incorrecto',
      aeatCode: '1104',
      aeatMessage: 'NumSerieFactura no válido',
    });
    seedRecord({ invoiceId: 'c', status: 'QUEUED' });

    const res = await h.raw({ routeId: 'verifactu.exportSubmissions', query: { status: 'ERROR' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers?.['content-disposition']).toBe(
      'attachment; filename="envios-verifactu-20270115.xlsx"',
    );
    const rows = readXlsx(Buffer.from(res.body, 'base64')).rows;
    expect(rows[0]).toEqual(EXPORT_HEADERS);
    expect(EXPORT_HEADERS).toEqual([
      'Nº registro',
      'Factura',
      'Fecha',
      'Tipo',
      'Operación',
      'Estado',
      'Código AEAT',
      'Mensaje AEAT',
      'CSV',
      'Importe',
      'Enviado',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 2)).toEqual([2, 'F-2027-0002']);
    expect(rows[1]!.slice(3, 8)).toEqual(['Alta', 'Alta', 'Error', '1104', 'NumSerieFactura no válido']);
  });

  it('CSV: es-ES amounts and dates, ; separated', async () => {
    seedRecord({ invoiceId: 'a', status: 'VERIFIED', sentAt: '2027-01-15T09:31:00.000Z' });
    const res = await h.raw({ routeId: 'verifactu.exportSubmissions', query: { format: 'CSV' } });
    expect(res.headers?.['content-type']).toBe(CSV_CONTENT_TYPE);
    const text = Buffer.from(res.body, 'base64').toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADERS.join(';'));
    expect(lines[1]).toBe('1;F-2027-0001;10/01/2027;Alta;Alta;Verificado;;;;121,00;15/01/2027 10:31');
  });

  it('refuses more than 10.000 rows with a Spanish 400 naming the limit', async () => {
    // Only submission items are read: seed those directly (a full record per row is slow to hash).
    const { submission } = seedRecord({ invoiceId: 'i0' });
    for (let seq = 2; seq <= MAX_EXPORT_ROWS + 1; seq++) {
      table.put({
        ...keys.verifactuSubmission(COMPANY, seq),
        ...submission,
        seq,
        recordId: `${COMPANY}-${seq}`,
      });
    }
    const res = await h.call({ routeId: 'verifactu.exportSubmissions' });
    expect(res.status).toBe(400);
    expect(res.envelope.error).toMatchObject({
      code: 'CORE_004',
      message: 'La exportación admite como máximo 10.000 envíos: acota las fechas u otros filtros.',
      details: { reason: 'TOO_MANY_ROWS', limit: 10_000 },
    });
  }, 30_000);

  it('the file builder writes every row (pure)', () => {
    const { record } = seedRecord({ invoiceId: 'a' });
    const sub = {
      ...record,
      status: 'QUEUED',
      aeatCode: null,
      aeatMessage: null,
      csv: null,
      sentAt: null,
    } as never;
    const file = submissionsFile([sub, sub], 'CSV');
    expect(Buffer.from(file.body).toString('utf8').trim().split('\r\n')).toHaveLength(3);
    expect(esDateTime(null)).toBeNull();
  });

  it('CLIENTE without VIEW_TAX_DOCUMENTS is refused', async () => {
    const res = await h.call({ routeId: 'verifactu.exportSubmissions', user: 'cliente' });
    expect(res.status).toBe(403);
  });
});
