import {
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { appendRecord, type ChainContext, type RecordBody } from '@functions/lib/verifactu-chain';
import { FakeChainTable } from '@functions/lib/verifactu-chain/testing/fake-chain-table';
import type { Membership } from '@functions/platform/company-scope';
import { createApiHandler } from '@functions/platform/http';
import { apiEvent, lambdaContext, readResponse } from '@functions/platform/testing/api-event';
import { testDocumentClient, useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { buildAltaFields, buildAnulacionFields } from '@shared/fiscal/verifactu-record';
import type { Invoice } from '@shared/schemas/invoices';
import type { ChainVerification, RegistroAltaFields } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifactuActions } from '../handler';
import type { VerifactuDeps } from '../store/deps';
import { CHAIN_PAGE_SIZE } from './verify-chain';

useEnv({ TABLE_NAME: 'cuadra-test', AWS_REGION: 'eu-west-1', LOG_LEVEL: 'silent' });

const CO = 'co-1';
const USER = 'user-1';
const T0 = new Date('2027-02-01T09:00:00.000Z');
const db = mockClient(DynamoDBDocumentClient);
let table: FakeChainTable;
let membership: Membership | undefined;
const deps: VerifactuDeps = {
  db: testDocumentClient(),
  table: 'cuadra-test',
  now: () => T0,
  newId: () => 'id',
};

const handler = createApiHandler('verifactu', verifactuActions as never, () => deps, {
  membershipLookup: async () => membership,
  companyExists: async () => true,
});

const verify = async (claims = { sub: USER, groups: ['GESTOR'] as string[] }) =>
  readResponse<ChainVerification>(
    await handler(
      apiEvent({ routeId: 'verifactu.chainVerification', claims, headers: { 'x-company-id': CO } }),
      lambdaContext(),
    ),
  );

const invoice = (n: number): Invoice =>
  ({
    invoiceId: `inv-${n}`,
    companyId: CO,
    invoiceType: 'F2',
    invoiceDate: '2027-02-01',
    operationDate: null,
    customer: null,
    invoiceLines: [{ description: 'Pan', baseCents: 1000 }],
    totals: { baseCents: 1000, vatCents: 40, recargoCents: 0, irpfCents: 0, totalCents: 1040 },
    breakdown: [
      { operation: 'S1', vatRateBp: 400, recargoRateBp: 0, baseCents: 1000, vatCents: 40, recargoCents: 0 },
    ],
    issuer: { name: 'Panadería SL', nif: 'B12345674', vatRegime: 'GENERAL' },
    siiStatus: null,
    rectification: null,
    invoiceNumber: `T-${n}`,
  }) as unknown as Invoice;

const alta =
  (n: number) =>
  (ctx: ChainContext): RecordBody => ({
    kind: 'ALTA',
    operation: 'ALTA',
    invoiceId: `inv-${n}`,
    invoiceNumber: `T-${n}`,
    invoiceDate: '2027-02-01',
    invoiceType: 'F2',
    totalCents: 1040,
    customerName: null,
    fields: buildAltaFields({
      invoice: invoice(n),
      link: ctx.link,
      timestamp: ctx.timestamp,
      system: ctx.system,
    }),
    reason: null,
    correctsSeq: null,
    createdBy: USER,
  });

const anulacion = (ctx: ChainContext): RecordBody => ({
  ...alta(1)(ctx),
  kind: 'ANULACION',
  operation: 'ANULACION',
  totalCents: 0,
  fields: buildAnulacionFields({
    target: { IDEmisorFactura: 'B12345674', NumSerieFactura: 'T-1', FechaExpedicionFactura: '01-02-2027' },
    link: ctx.link,
    timestamp: ctx.timestamp,
    system: ctx.system,
  }),
});

const chainOf = async (n: number) => {
  for (let i = 1; i <= n; i++) await appendRecord(deps, CO, alta(i));
};

const storedRecord = (seq: number) => table.get({ TableName: 'x', Key: keys.verifactuRecord(CO, seq) }).Item!;

beforeEach(() => {
  db.reset();
  table = new FakeChainTable();
  membership = { companyId: CO, userId: USER, companyRole: 'GESTOR', permissions: [], isActive: true };
  db.on(GetCommand).callsFake((input: GetCommandInput) => table.get(input));
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
  db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => table.transactWrite(input));
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => table.update(input));
});

describe('GET /verifactu/chain/verification', () => {
  it('reports an intact chain of altas and an anulación, with the head on the last record', async () => {
    await chainOf(4);
    await appendRecord(deps, CO, anulacion);
    const res = await verify();
    expect(res.status).toBe(200);
    expect(res.envelope.data).toEqual({ records: 5, breaks: [], headSeq: 5, verifiedAt: T0.toISOString() });
  });

  it('reports an empty chain as zero records and no breaks', async () => {
    expect((await verify()).envelope.data).toEqual({
      records: 0,
      breaks: [],
      headSeq: null,
      verifiedAt: T0.toISOString(),
    });
  });

  it('finds a tampered CuotaTotal as a HASH_MISMATCH (and CONTENT_MISMATCH) of that record only', async () => {
    await chainOf(3);
    const rec = storedRecord(2);
    (rec.fields as RegistroAltaFields).CuotaTotal = '0.04';
    table.put(rec);
    const res = await verify();
    expect(res.envelope.data!.breaks).toEqual([
      { seq: 2, recordId: `${CO}-2`, reason: 'HASH_MISMATCH' },
      { seq: 2, recordId: `${CO}-2`, reason: 'CONTENT_MISMATCH' },
    ]);
  });

  it('finds a record replaced with a consistent huella by its content hash and the next link', async () => {
    await chainOf(3);
    const rec = storedRecord(2);
    const f = rec.fields as RegistroAltaFields;
    f.ImporteTotal = '1.00';
    const { recomputeHuella } = await import('@shared/fiscal/verifactu-record');
    f.Huella = recomputeHuella(f);
    rec.huella = f.Huella;
    table.put(rec);
    const res = await verify();
    expect(res.envelope.data!.breaks).toEqual([
      { seq: 2, recordId: `${CO}-2`, reason: 'CONTENT_MISMATCH' },
      { seq: 3, recordId: `${CO}-3`, reason: 'LINK_MISMATCH' },
    ]);
  });

  it('checks links across pages, a deleted record (gap) and a head ahead of the records', async () => {
    const n = CHAIN_PAGE_SIZE + 3;
    await chainOf(n);
    expect((await verify()).envelope.data).toMatchObject({ records: n, breaks: [], headSeq: n });

    // The first record of the second page was chained to a record that is not the page-1 last one.
    const rec = storedRecord(CHAIN_PAGE_SIZE + 1);
    const enc = (rec.fields as RegistroAltaFields).Encadenamiento as { RegistroAnterior: { Huella: string } };
    enc.RegistroAnterior.Huella = 'F'.repeat(64);
    table.put(rec);
    table.items.delete(`${keys.verifactuRecord(CO, n).pk}|${keys.verifactuRecord(CO, n).sk}`);
    const data = (await verify()).envelope.data!;
    expect(data.records).toBe(n - 1);
    expect(data.breaks).toEqual([
      { seq: CHAIN_PAGE_SIZE + 1, recordId: `${CO}-${CHAIN_PAGE_SIZE + 1}`, reason: 'HASH_MISMATCH' },
      { seq: CHAIN_PAGE_SIZE + 1, recordId: `${CO}-${CHAIN_PAGE_SIZE + 1}`, reason: 'CONTENT_MISMATCH' },
      { seq: CHAIN_PAGE_SIZE + 1, recordId: `${CO}-${CHAIN_PAGE_SIZE + 1}`, reason: 'LINK_MISMATCH' },
      { seq: n, recordId: `${CO}-${n}`, reason: 'SEQUENCE_GAP' },
    ]);
  }, 30_000);

  it('lets a client user read only with VIEW_TAX_DOCUMENTS', async () => {
    membership = {
      companyId: CO,
      userId: USER,
      companyRole: 'CLIENTE',
      permissions: ['VIEW_INVOICES'],
      isActive: true,
    };
    expect((await verify({ sub: USER, groups: ['CLIENTE'] })).status).toBe(403);
    membership = { ...membership, permissions: ['VIEW_TAX_DOCUMENTS'] };
    expect((await verify({ sub: USER, groups: ['CLIENTE'] })).status).toBe(200);
  });
});
