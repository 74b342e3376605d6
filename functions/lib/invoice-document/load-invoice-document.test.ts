import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as render from '@functions/lib/pdf';
import { invoice, pdfPages } from '@functions/lib/pdf/test-fixtures';
import { qrMatrix } from '@functions/lib/qr';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { QR_LABEL } from '@shared/fiscal/verifactu-record';
import type { Invoice } from '@shared/schemas/invoices';
import type { RegistroAltaFields, VerifactuRecord } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceQrOf, loadInvoiceDocument, renderInvoicePdfFor } from './load-invoice-document';

const TABLE = 'cuadra-test';
const COMPANY = 'co-1';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
const partition = keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk;

const record = (seq: number, over: Partial<VerifactuRecord> = {}): Record<string, unknown> => ({
  ...keys.verifactuRecord(COMPANY, seq),
  ...keys.verifactuRecordByInvoice(COMPANY, 'inv1', seq),
  entity: 'VerifactuRecord',
  v: 1,
  companyId: COMPANY,
  seq,
  kind: 'ALTA',
  operation: 'ALTA',
  invoiceId: 'inv1',
  invoiceNumber: 'F-2026-0007',
  mode: 'VERIFACTU',
  environment: 'TEST',
  fields: {
    IDFactura: {
      IDEmisorFactura: 'B12345674',
      NumSerieFactura: 'F-2026-0007',
      FechaExpedicionFactura: '02-03-2026',
    },
    ImporteTotal: '2652.95',
  } as RegistroAltaFields,
  ...over,
});
const anulacion = (seq: number) =>
  record(seq, {
    kind: 'ANULACION',
    operation: 'ANULACION',
    fields: {
      IDFactura: {
        IDEmisorFacturaAnulada: 'B12345674',
        NumSerieFacturaAnulada: 'F-2026-0007',
        FechaExpedicionFacturaAnulada: '02-03-2026',
      },
    } as unknown as RegistroAltaFields,
  });

const URL =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F-2026-0007&fecha=02-03-2026&importe=2652.95';

const stored = (i: Invoice) => ({ ...keys.invoice(COMPANY, i.invoiceId), entity: 'Invoice', ...i });

beforeEach(() => {
  db.reset();
  vi.restoreAllMocks();
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.invoice(COMPANY, 'inv1') }).resolves({ Item: stored(invoice()) });
  db.on(QueryCommand).resolves({ Items: [] });
});

const recordQueries = () => db.commandCalls(QueryCommand).map((c) => c.args[0].input);

const submissionOf = (seq: number, status: string) => ({
  ...keys.verifactuSubmission(COMPANY, seq),
  entity: 'VerifactuSubmission',
  companyId: COMPANY,
  seq,
  status,
});
const CONFIG = {
  ...keys.verifactuConfig(COMPANY),
  companyId: COMPANY,
  mode: 'VERIFACTU',
  enabled: true,
  certificateId: 'cert1',
};
const NOW = new Date('2026-11-26T12:00:00Z');
const clocked = { ...deps, now: () => NOW };

/** The company sends now: an enabled VERI*FACTU configuration with a certificate valid today. */
function configured(validTo = '2027-11-26T00:00:00Z') {
  db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).resolves({ Item: CONFIG });
  db.on(GetCommand, { Key: keys.verifactuCertificate(COMPANY, 'cert1') }).resolves({
    Item: { validFrom: '2026-01-01T00:00:00Z', validTo },
  });
}
function altaWith(status: string, over: Partial<VerifactuRecord> = {}) {
  db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } }).resolves({
    Items: [anulacion(9), record(3, over)],
  });
  db.on(GetCommand, { Key: keys.verifactuSubmission(COMPANY, 3) }).resolves({
    Item: submissionOf(3, status),
  });
}

describe('the VeriFacTu QR of an invoice document (only when really sent in VERI*FACTU mode)', () => {
  it('a queued record of a company without VeriFacTu configured: no QR', async () => {
    altaWith('QUEUED');
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toBeUndefined();
  });

  it('a queued record of a configured company that sends now: URL and VERI*FACTU legend', async () => {
    altaWith('QUEUED');
    configured();
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
  });

  it('a queued record of a company whose certificate expired: no QR', async () => {
    altaWith('QUEUED');
    configured('2026-11-01T00:00:00Z');
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toBeUndefined();
  });

  it('a record already verified by the AEAT keeps its QR, whatever the configuration now', async () => {
    altaWith('VERIFIED');
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
  });

  it('no QR in NO VERI*FACTU mode, nor without a record', async () => {
    altaWith('VERIFIED', { mode: 'NO_VERIFACTU' });
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toBeUndefined();
    db.on(QueryCommand).resolves({ Items: [] });
    expect(await invoiceQrOf(clocked, COMPANY, invoice())).toBeUndefined();
  });

  it('does not even look for records of a draft or of an SII company invoice', async () => {
    expect(await invoiceQrOf(deps, COMPANY, invoice({ status: 'DRAFT' }))).toBeUndefined();
    expect(
      await invoiceQrOf(deps, COMPANY, invoice({ siiStatus: 'NOT_SENT' } as Partial<Invoice>)),
    ).toBeUndefined();
    expect(recordQueries()).toHaveLength(0);
  });

  it('configured: the PDF carries QR tributario:, the legend and the symbol', async () => {
    altaWith('QUEUED');
    configured();
    const doc = await loadInvoiceDocument(clocked, COMPANY, 'inv1');
    expect(doc.qr).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
    const spy = vi.spyOn(render, 'renderInvoicePdf');
    const { bytes } = await renderInvoicePdfFor(clocked, COMPANY, 'inv1');
    expect(spy.mock.calls[0]?.[4]).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
    const text = (await pdfPages(bytes))[0]!;
    expect(text).toContain(QR_LABEL);
    expect(text).toContain('VERI*FACTU');
    expect(text).toContain('Factura verificable en la');
    expect(qrMatrix(URL).length).toBeGreaterThan(21);
  });

  it('not configured: the PDF has neither the QR nor the legend, only the empty frame', async () => {
    altaWith('QUEUED');
    const doc = await loadInvoiceDocument(clocked, COMPANY, 'inv1');
    expect(doc.qr).toBeUndefined();
    const text = (await pdfPages((await renderInvoicePdfFor(clocked, COMPANY, 'inv1')).bytes))[0]!;
    expect(text).not.toContain(QR_LABEL);
    expect(text).not.toContain('VERI*FACTU');
    expect(text).not.toContain('Factura verificable');
  });
});
