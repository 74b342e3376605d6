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
import {
  invoiceQrOf,
  latestAltaRecord,
  loadInvoiceDocument,
  renderInvoicePdfFor,
} from './load-invoice-document';

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

describe('the VeriFacTu QR of an invoice document', () => {
  it('reads the invoice records on gsi1 newest first and takes the latest alta', async () => {
    db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } }).resolves({
      Items: [
        anulacion(9),
        record(7, {
          operation: 'SUBSANACION',
          fields: { ...(record(7).fields as object), ImporteTotal: '10.00' } as RegistroAltaFields,
        }),
        record(3),
      ],
    });
    const alta = await latestAltaRecord(deps, COMPANY, 'inv1');
    expect(alta?.seq).toBe(7);
    expect(alta).not.toHaveProperty('gsi1pk');
    expect(recordQueries()[0]).toMatchObject({
      TableName: TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ScanIndexForward: false,
    });
  });

  it('pages on when the first page holds only anulaciones', async () => {
    db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } })
      .resolvesOnce({ Items: [anulacion(9)], LastEvaluatedKey: { pk: 'x' } })
      .resolvesOnce({ Items: [record(3)] });
    expect((await latestAltaRecord(deps, COMPANY, 'inv1'))?.seq).toBe(3);
    expect(recordQueries()[1]?.ExclusiveStartKey).toEqual({ pk: 'x' });
  });

  it('gives URL and VERI*FACTU legend, no legend in NO VERI*FACTU mode, nothing without a record', async () => {
    db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } })
      .resolvesOnce({ Items: [record(3)] })
      .resolvesOnce({ Items: [record(3, { mode: 'NO_VERIFACTU' })] })
      .resolvesOnce({ Items: [] });
    expect(await invoiceQrOf(deps, COMPANY, invoice())).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
    expect(await invoiceQrOf(deps, COMPANY, invoice())).toEqual({
      qrUrl: URL.replace('/ValidarQR?', '/ValidarQRNoVerifactu?'),
      legend: null,
    });
    expect(await invoiceQrOf(deps, COMPANY, invoice())).toBeUndefined();
  });

  it('does not even look for records of a draft or of an SII company invoice', async () => {
    expect(await invoiceQrOf(deps, COMPANY, invoice({ status: 'DRAFT' }))).toBeUndefined();
    expect(
      await invoiceQrOf(deps, COMPANY, invoice({ siiStatus: 'NOT_SENT' } as Partial<Invoice>)),
    ).toBeUndefined();
    expect(recordQueries()).toHaveLength(0);
  });

  it('hands the QR to the renderer: the PDF carries QR tributario:, the legend and the symbol', async () => {
    db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } }).resolves({
      Items: [record(3)],
    });
    const doc = await loadInvoiceDocument(deps, COMPANY, 'inv1');
    expect(doc.qr).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
    const spy = vi.spyOn(render, 'renderInvoicePdf');
    const { bytes } = await renderInvoicePdfFor(deps, COMPANY, 'inv1');
    expect(spy.mock.calls[0]?.[4]).toEqual({ qrUrl: URL, legend: 'VERI*FACTU' });
    const text = (await pdfPages(bytes))[0]!;
    expect(text).toContain(QR_LABEL);
    expect(text).toContain('VERI*FACTU');
    expect(qrMatrix(URL).length).toBeGreaterThan(21);
  });

  it('keeps the frame for an invoice without records', async () => {
    const doc = await loadInvoiceDocument(deps, COMPANY, 'inv1');
    expect(doc.qr).toBeUndefined();
    const text = (await pdfPages((await renderInvoicePdfFor(deps, COMPANY, 'inv1')).bytes))[0]!;
    expect(text).not.toContain(QR_LABEL);
  });
});
