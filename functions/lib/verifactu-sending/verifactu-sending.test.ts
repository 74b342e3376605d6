import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import type { RegistroAltaFields, VerifactuRecord } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceVerifactuQr, latestAltaRecord, readSendingState } from './verifactu-sending';

const TABLE = 'cuadra-test';
const COMPANY = 'co-1';
useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE };
const NOW = new Date('2026-11-26T12:00:00Z');
const partition = keys.verifactuRecordByInvoicePartition(COMPANY, 'inv1').gsi1pk;

const record = (seq: number, over: Partial<VerifactuRecord> = {}): Record<string, unknown> => ({
  ...keys.verifactuRecord(COMPANY, seq),
  ...keys.verifactuRecordByInvoice(COMPANY, 'inv1', seq),
  entity: 'VerifactuRecord',
  companyId: COMPANY,
  seq,
  kind: 'ALTA',
  operation: 'ALTA',
  invoiceId: 'inv1',
  mode: 'VERIFACTU',
  environment: 'TEST',
  fields: {
    IDFactura: { IDEmisorFactura: 'B12345674', NumSerieFactura: 'F-7', FechaExpedicionFactura: '02-03-2026' },
    ImporteTotal: '10.00',
  } as RegistroAltaFields,
  ...over,
});
const anulacion = (seq: number) => record(seq, { kind: 'ANULACION', operation: 'ANULACION' });

beforeEach(() => {
  db.reset();
  db.on(GetCommand).resolves({});
  db.on(QueryCommand).resolves({ Items: [] });
});

const configure = (over: Record<string, unknown> = {}) =>
  db.on(GetCommand, { Key: keys.verifactuConfig(COMPANY) }).resolves({
    Item: { companyId: COMPANY, mode: 'VERIFACTU', enabled: true, certificateId: 'cert1', ...over },
  });
const certificate = (validTo: string) =>
  db.on(GetCommand, { Key: keys.verifactuCertificate(COMPANY, 'cert1') }).resolves({
    Item: { validFrom: '2026-01-01T00:00:00Z', validTo },
  });

describe('readSendingState', () => {
  it('not configured: NOT_CONFIGURED', async () => {
    expect((await readSendingState(deps, COMPANY, NOW)).reason?.code).toBe('NOT_CONFIGURED');
  });

  it('reads only the validity of the certificate, never its sealed secret', async () => {
    configure();
    certificate('2027-01-01T00:00:00Z');
    expect(await readSendingState(deps, COMPANY, NOW)).toEqual({ ready: true, reason: null });
    const certRead = db
      .commandCalls(GetCommand)
      .map((c) => c.args[0].input)
      .find((i) => i.Key?.sk === keys.verifactuCertificate(COMPANY, 'cert1').sk);
    expect(Object.values(certRead?.ExpressionAttributeNames ?? {})).toEqual(['validFrom', 'validTo']);
  });

  it('a deleted or expired certificate is a reason', async () => {
    configure();
    expect((await readSendingState(deps, COMPANY, NOW)).reason?.code).toBe('CERTIFICATE_NOT_FOUND');
    certificate('2026-11-01T00:00:00Z');
    expect((await readSendingState(deps, COMPANY, NOW)).reason?.code).toBe('CERTIFICATE_EXPIRED');
  });
});

describe('latestAltaRecord', () => {
  it('reads the invoice records on gsi1 newest first and takes the latest alta', async () => {
    db.on(QueryCommand, { IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': partition } }).resolves({
      Items: [anulacion(9), record(7, { operation: 'SUBSANACION' }), record(3)],
    });
    const alta = await latestAltaRecord(deps, COMPANY, 'inv1');
    expect(alta?.seq).toBe(7);
    expect(alta).not.toHaveProperty('gsi1pk');
    expect(db.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
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
    expect(db.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({ pk: 'x' });
  });
});

describe('invoiceVerifactuQr', () => {
  const withSubmission = (status: string) => {
    db.on(QueryCommand).resolves({ Items: [record(3)] });
    db.on(GetCommand, { Key: keys.verifactuSubmission(COMPANY, 3) }).resolves({ Item: { seq: 3, status } });
  };

  it('QUEUED and the company cannot send: null', async () => {
    withSubmission('QUEUED');
    expect(await invoiceVerifactuQr(deps, COMPANY, 'inv1', NOW)).toBeNull();
  });

  it('QUEUED and the company sends now: the URL and the legend', async () => {
    withSubmission('QUEUED');
    configure();
    certificate('2027-01-01T00:00:00Z');
    const qr = await invoiceVerifactuQr(deps, COMPANY, 'inv1', NOW);
    expect(qr?.qrUrl).toMatch(/\/ValidarQR\?nif=B12345674&numserie=F-7&fecha=02-03-2026&importe=10.00$/);
    expect(qr?.legend).toBe('VERI*FACTU');
  });

  it('sent: the QR without reading the configuration', async () => {
    withSubmission('SENT');
    expect((await invoiceVerifactuQr(deps, COMPANY, 'inv1', NOW))?.record.seq).toBe(3);
    const reads = db.commandCalls(GetCommand).map((c) => c.args[0].input.Key?.sk);
    expect(reads).not.toContain(keys.verifactuConfig(COMPANY).sk);
  });
});
