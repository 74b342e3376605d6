import { validateXml } from '@functions/lib/verifactu-xml';
import { keys } from '@shared/db/keys';
import type { InvoiceVerifactuStatus, VerifactuRecord } from '@shared/schemas/verifactu';
import { describe, expect, it } from 'vitest';
import {
  COMPANY,
  seedCompany,
  seedConfig,
  seedRecord,
  submissionsHarness,
  table,
} from '../testing/submissions-harness';

const h = submissionsHarness();
const status = (invoiceId: string, user?: string) =>
  h.call<InvoiceVerifactuStatus>({ routeId: 'verifactu.invoiceStatus', params: { invoiceId }, user });

describe('verifactu.invoiceStatus', () => {
  it("the latest record's state, every record's submission, QR and legend of the latest alta", async () => {
    seedRecord({ invoiceId: 'other' });
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    seedRecord({
      invoiceId: 'inv1',
      operation: 'ALTA_TRAS_RECHAZO',
      number: 'F-2027-0002',
      status: 'VERIFIED',
    });

    const d = (await status('inv1')).envelope.data!;

    expect(d).toMatchObject({
      invoiceId: 'inv1',
      applies: true,
      submissionStatus: 'VERIFIED',
      legend: 'VERI*FACTU',
    });
    expect(d.records.map((r) => [r.seq, r.status])).toEqual([
      [2, 'ERROR'],
      [3, 'VERIFIED'],
    ]);
    expect(d.qrUrl).toContain('numserie=F-2027-0002');
  });

  it('a QUEUED alta of a company without VeriFacTu configured: no QR nor legend, pending with the reason', async () => {
    seedRecord({ invoiceId: 'inv1' });
    const d = (await status('inv1')).envelope.data!;
    expect(d).toMatchObject({ applies: true, submissionStatus: 'QUEUED', qrUrl: null, legend: null });
    expect(d.pendingReason?.code).toBe('NOT_CONFIGURED');
    expect(d.records[0]!.pendingReason?.code).toBe('NOT_CONFIGURED');
  });

  it('a QUEUED alta of a company that sends now: the QR and the legend, no pending reason', async () => {
    seedRecord({ invoiceId: 'inv1' });
    seedConfig({ certificateId: 'cert1' });
    table.put({
      ...keys.verifactuCertificate(COMPANY, 'cert1'),
      validFrom: '2026-01-01T00:00:00.000Z',
      validTo: '2028-01-01T00:00:00.000Z',
    });
    const d = (await status('inv1')).envelope.data!;
    expect(d).toMatchObject({ submissionStatus: 'QUEUED', legend: 'VERI*FACTU', pendingReason: null });
    expect(d.qrUrl).toContain('/ValidarQR?nif=B12345674');
  });

  it('applies=false for an invoice without records and for a company in the SII', async () => {
    expect((await status('draft')).envelope.data).toMatchObject({
      applies: false,
      submissionStatus: null,
      qrUrl: null,
    });
    seedRecord({ invoiceId: 'inv1' });
    seedCompany({ siiEnabled: true });
    expect((await status('inv1')).envelope.data).toMatchObject({ applies: false, records: [] });
  });

  it('CLIENTE needs VIEW_TAX_DOCUMENTS', async () => {
    expect((await status('inv1', 'cliente')).status).toBe(403);
    expect((await status('inv1', 'clienteTax')).status).toBe(200);
  });
});

describe('verifactu.invoiceRecord', () => {
  it('format=xml (default): the complete RegFactuSistemaFacturacion as a file, valid against the XSD', async () => {
    seedRecord({ invoiceId: 'inv1' });
    seedConfig({ representative: { name: 'Asesoría Martínez SL', nif: 'B98765432' } });

    const res = await h.raw({ routeId: 'verifactu.invoiceRecord', params: { invoiceId: 'inv1' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers?.['content-disposition']).toBe('attachment; filename="verifactu-F-2027-0001.xml"');
    const xml = Buffer.from(res.body, 'base64').toString('utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<sf:NombreRazon>Fontanería Romero SL</sf:NombreRazon><sf:NIF>B12345674</sf:NIF>');
    expect(xml).toMatch(
      /<sf:Representante><sf:NombreRazon>Asesoría Martínez SL<\/sf:NombreRazon><sf:NIF>B98765432<\/sf:NIF>/,
    );
    const body = xml.replace(/^<\?xml[^>]*>\s*/, '');
    const result = await validateXml(body, 'SuministroLR');
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  }, 30_000);

  it('an anulación: the issuer name comes from the invoice alta; no Representante without config', async () => {
    seedRecord({ invoiceId: 'inv1', status: 'ERROR', aeatState: 'Incorrecto' });
    seedRecord({
      invoiceId: 'inv1',
      kind: 'ANULACION',
      operation: 'ANULACION_SIN_REGISTRO_PREVIO',
      number: 'F-2027-0001',
    });
    const res = await h.raw({
      routeId: 'verifactu.invoiceRecord',
      params: { invoiceId: 'inv1' },
      query: { format: 'xml' },
    });
    const xml = Buffer.from(res.body, 'base64').toString('utf8');
    expect(xml).toContain('<sf:RegistroAnulacion>');
    expect(xml).toContain('<sf:SinRegistroPrevio>S</sf:SinRegistroPrevio>');
    expect(xml).not.toContain('Representante');
    expect(xml).toContain('<sf:NombreRazon>Fontanería Romero SL</sf:NombreRazon>');
    expect((await validateXml(xml.replace(/^<\?xml[^>]*>\s*/, ''), 'SuministroLR')).valid).toBe(true);
  }, 30_000);

  it('format=json: the stored record', async () => {
    const { record } = seedRecord({ invoiceId: 'inv1' });
    const res = await h.call<VerifactuRecord>({
      routeId: 'verifactu.invoiceRecord',
      params: { invoiceId: 'inv1' },
      query: { format: 'json' },
    });
    expect(res.envelope.data).toEqual(record);
  });

  it('404 for an invoice without records', async () => {
    const res = await h.call({ routeId: 'verifactu.invoiceRecord', params: { invoiceId: 'nope' } });
    expect(res.status).toBe(404);
    expect(res.envelope.error?.message).toBe('La factura no tiene registro VeriFacTu.');
  });
});
