import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
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
import { testDocumentClient } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import {
  buildAltaFields,
  madridTimestamp,
  recomputeHuella,
  verifyChain,
} from '@shared/fiscal/verifactu-record';
import type { Invoice } from '@shared/schemas/invoices';
import type { RegistroAltaFields, RegistroAnulacionFields, VerifactuRecord } from '@shared/schemas/verifactu';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appendRecord,
  isChainConflict,
  MAX_CHAIN_ATTEMPTS,
  releaseChainTurn,
  takeChainTurn,
} from './chain-writer';
import { FakeChainTable } from './testing/fake-chain-table';
import {
  type ChainContext,
  listChainPage,
  prepareAlta,
  prepareAnulacion,
  RECORD_ITEM_INDEX,
  type RecordBody,
  readChainHead,
  recordsOfInvoice,
  recordWriteItems,
} from './verifactu-records';

const TABLE = 't';
const CO = 'co-1';
const NIF = 'B12345674';
const T0 = new Date('2027-01-15T09:30:00.000Z'); // 10:30 in Madrid (CET)
const db = mockClient(DynamoDBDocumentClient);
const deps = { db: testDocumentClient(), table: TABLE, now: () => T0 };
let table: FakeChainTable;

beforeEach(() => {
  db.reset();
  table = new FakeChainTable();
  db.on(GetCommand).callsFake((input: GetCommandInput) => table.get(input));
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => table.query(input));
  db.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => table.transactWrite(input));
  db.on(UpdateCommand).callsFake((input: UpdateCommandInput) => table.update(input));
});

/** A confirmed invoice as confirmInvoiceWrite hands it over (issuer snapshot, number, no SII). */
const invoice = (n: number, over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: `inv-${n}`,
  companyId: CO,
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2027-01-15',
  operationDate: null,
  dueDate: null,
  paymentMethod: null,
  notes: null,
  customer: {
    customerId: 'c1',
    name: 'Ferretería López',
    taxId: '12345678Z',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
    vatTreatment: 'DOMESTIC',
  } as Invoice['customer'],
  invoiceLines: [
    {
      description: 'Reparación',
      quantityMilli: 1000,
      unitPriceCents: 10_000,
      discountBp: 0,
      vatRateBp: 2100,
      operation: 'S1',
      recargo: false,
      baseCents: 10_000,
    },
  ],
  irpfRateBp: 0,
  totals: { baseCents: 10_000, vatCents: 2100, recargoCents: 0, irpfCents: 0, totalCents: 12_100 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 10_000,
      vatCents: 2100,
      recargoCents: 0,
    },
  ],
  legalMentions: [],
  series: 'F',
  seriesId: 'f1',
  issuer: {
    name: 'Carpintería Gil SL',
    nif: NIF,
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
    email: null,
    phone: null,
    vatRegime: 'GENERAL',
  } as Invoice['issuer'],
  siiStatus: null,
  rectification: null,
  requestedSeriesId: null,
  number: n,
  invoiceNumber: `F-2027-${String(n).padStart(4, '0')}`,
  confirmedAt: T0.toISOString(),
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  ...over,
});

const write = async (items: NonNullable<TransactWriteCommandInput['TransactItems']>) =>
  table.transactWrite({ TransactItems: items });

const records = () =>
  table
    .entities('VerifactuRecord')
    .map((i) => i as unknown as VerifactuRecord)
    .sort((a, b) => a.seq - b.seq);

describe('recordWriteItems', () => {
  it('writes record, QUEUED submission (pending indexes), head and stats; the first head must be absent', async () => {
    const prepared = await prepareAlta(deps, { invoice: invoice(1), at: T0, createdBy: 'u1' });
    const items = prepared!.items;
    expect(items).toHaveLength(4);
    expect(items[RECORD_ITEM_INDEX.record]!.Put).toMatchObject({
      Item: {
        ...keys.verifactuRecord(CO, 1),
        ...keys.verifactuRecordByInvoice(CO, 'inv-1', 1),
        entity: 'VerifactuRecord',
        v: SCHEMA_VERSION,
        recordId: `${CO}-1`,
        createdBy: 'u1',
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[RECORD_ITEM_INDEX.submission]!.Put).toMatchObject({
      Item: {
        ...keys.verifactuSubmission(CO, 1),
        ...keys.verifactuPending(CO, 1),
        ...keys.verifactuPendingGlobal(CO, 1),
        entity: 'VerifactuSubmission',
        status: 'QUEUED',
        attempts: 0,
        history: [],
        totalCents: 12_100,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(items[RECORD_ITEM_INDEX.head]!.Put).toMatchObject({
      Item: { ...keys.verifactuChainHead(CO), entity: 'VerifactuChainHead', seq: 1 },
      // No head yet (the item may exist holding only a chain turn).
      ConditionExpression: 'attribute_not_exists(#seq)',
    });
    const stats = items[RECORD_ITEM_INDEX.stats]!.Update!;
    expect(stats.Key).toEqual(keys.verifactuStats(CO));
    expect(stats.ExpressionAttributeNames).toEqual({ '#queued': 'status_QUEUED', '#usage': 'usage_2027-01' });
    expect(stats.UpdateExpression).toContain('ADD #queued :one, #usage :one');
  });

  it('conditions a later head on the previous seq, and counts usage in the Madrid month', () => {
    const record = {
      companyId: CO,
      seq: 7,
      invoiceId: 'inv-7',
      fields: {
        IDFactura: { IDEmisorFactura: NIF, NumSerieFactura: 'F-7', FechaExpedicionFactura: '31-01-2027' },
        // 23:30 UTC on 31 January is already February in Madrid.
        FechaHoraHusoGenRegistro: madridTimestamp(new Date('2027-01-31T23:30:00Z')),
        Huella: 'H',
      },
      huella: 'H',
    } as unknown as VerifactuRecord;
    const [, , head, stats] = recordWriteItems(TABLE, { record, at: T0.toISOString() });
    expect(head!.Put).toMatchObject({
      ConditionExpression: '#seq = :prev',
      ExpressionAttributeNames: { '#seq': 'seq' },
      ExpressionAttributeValues: { ':prev': 6 },
    });
    expect(stats!.Update!.ExpressionAttributeNames!['#usage']).toBe('usage_2027-02');
    expect(stats!.Update!.UpdateExpression).not.toContain('#corrected');
    const [, , , correcting] = recordWriteItems(TABLE, {
      record,
      at: T0.toISOString(),
      correctedStatus: 'ERROR',
    });
    expect(correcting!.Update!.UpdateExpression).toContain('ADD #queued :one, #usage :one, #corrected :one');
    expect(correcting!.Update!.ExpressionAttributeNames!['#corrected']).toBe('corrected_ERROR');
  });
});

describe('prepareAlta', () => {
  it('builds the first record (PrimerRegistro) with the default mode and environment', async () => {
    const { record } = (await prepareAlta(deps, { invoice: invoice(1), at: T0, createdBy: null }))!;
    const f = record.fields as RegistroAltaFields;
    expect(record).toMatchObject({
      seq: 1,
      recordId: `${CO}-1`,
      kind: 'ALTA',
      operation: 'ALTA',
      invoiceNumber: 'F-2027-0001',
      invoiceDate: '2027-01-15',
      totalCents: 12_100,
      customerName: 'Ferretería López',
      mode: 'VERIFACTU',
      environment: 'TEST',
      previousHuella: null,
      previousSeq: null,
      huella: f.Huella,
    });
    expect(f.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    expect(f.FechaHoraHusoGenRegistro).toBe('2027-01-15T10:30:00+01:00');
    expect(f.SistemaInformatico).toMatchObject({
      NumeroInstalacion: `CUADRA-${CO}`,
      IdSistemaInformatico: 'CU',
    });
    expect(recomputeHuella(f)).toBe(record.huella);
  });

  it('links to the head, follows the configured mode, and never goes back in time', async () => {
    await write((await prepareAlta(deps, { invoice: invoice(1), at: T0, createdBy: null }))!.items);
    table.put({
      ...keys.verifactuConfig(CO),
      entity: 'VerifactuConfig',
      companyId: CO,
      mode: 'NO_VERIFACTU',
      environment: 'PRODUCTION',
    });
    // This writer's clock is 5 minutes behind the one that wrote the head.
    const late = new Date(T0.getTime() - 5 * 60_000);
    const { record } = (await prepareAlta(deps, { invoice: invoice(2), at: late, createdBy: null }))!;
    const first = records()[0]!;
    expect(record).toMatchObject({
      seq: 2,
      previousSeq: 1,
      previousHuella: first.huella,
      mode: 'NO_VERIFACTU',
      environment: 'PRODUCTION',
    });
    expect(record.fields.Encadenamiento).toEqual({
      RegistroAnterior: {
        IDEmisorFactura: NIF,
        NumSerieFactura: 'F-2027-0001',
        FechaExpedicionFactura: '15-01-2027',
        Huella: first.huella,
      },
    });
    expect(record.fields.FechaHoraHusoGenRegistro).toBe('2027-01-15T10:30:00+01:00');
  });

  it('gives no record to a company in the SII (outside RD 1007/2023) and reads nothing', async () => {
    expect(
      await prepareAlta(deps, { invoice: invoice(1, { siiStatus: 'NOT_SENT' }), at: T0, createdBy: null }),
    ).toBeNull();
    expect(db.calls()).toHaveLength(0);
  });
});

describe('prepareAnulacion', () => {
  const cancel = (n: number) =>
    prepareAnulacion(deps, { invoice: invoice(n), at: T0, createdBy: 'u1', reason: 'Duplicada' });

  it('annuls the IDFactura of the invoice alta, chained to the last record (not to the alta)', async () => {
    await write((await prepareAlta(deps, { invoice: invoice(1), at: T0, createdBy: null }))!.items);
    await write((await prepareAlta(deps, { invoice: invoice(2), at: T0, createdBy: null }))!.items);
    const { record, items } = (await cancel(1))!;
    const f = record.fields as RegistroAnulacionFields;
    expect(record).toMatchObject({
      seq: 3,
      kind: 'ANULACION',
      operation: 'ANULACION',
      totalCents: 0,
      reason: 'Duplicada',
    });
    expect(f.IDFactura).toEqual({
      IDEmisorFacturaAnulada: NIF,
      NumSerieFacturaAnulada: 'F-2027-0001',
      FechaExpedicionFacturaAnulada: '15-01-2027',
    });
    expect(f.Encadenamiento).toMatchObject({
      RegistroAnterior: { NumSerieFactura: 'F-2027-0002', Huella: records()[1]!.huella },
    });
    expect(f.SinRegistroPrevio).toBeUndefined();
    await write(items);
    expect(verifyChain(records())).toEqual({ records: 3, breaks: [] });
    // The head now names the annulled invoice (…Anulada values), as the next RegistroAnterior must.
    expect((await readChainHead(deps.db, TABLE, CO))!.idFactura.NumSerieFactura).toBe('F-2027-0001');
    // Already annulled: nothing more.
    expect(await cancel(1)).toBeNull();
  });

  it('is SinRegistroPrevio when the alta was rejected, and nothing without an alta or in the SII', async () => {
    await write((await prepareAlta(deps, { invoice: invoice(1), at: T0, createdBy: null }))!.items);
    const sub = table.get({ TableName: TABLE, Key: keys.verifactuSubmission(CO, 1) }).Item!;
    table.put({ ...sub, status: 'ERROR' });
    const { record } = (await cancel(1))!;
    expect(record.operation).toBe('ANULACION_SIN_REGISTRO_PREVIO');
    expect((record.fields as RegistroAnulacionFields).SinRegistroPrevio).toBe('S');

    expect(await cancel(9)).toBeNull();
    expect(
      await prepareAnulacion(deps, {
        invoice: invoice(1, { siiStatus: 'NOT_SENT' }),
        at: T0,
        createdBy: null,
        reason: null,
      }),
    ).toBeNull();
  });
});

/** A subsanación of invoice n, built on whatever head the attempt read. */
const correctionBody =
  (n: number) =>
  (ctx: ChainContext): RecordBody => ({
    kind: 'ALTA',
    operation: 'SUBSANACION',
    invoiceId: `inv-${n}`,
    invoiceNumber: `F-2027-${n}`,
    invoiceDate: '2027-01-15',
    invoiceType: 'F1',
    totalCents: 12_100,
    customerName: null,
    fields: buildAltaFields({
      invoice: invoice(n),
      link: ctx.link,
      timestamp: ctx.timestamp,
      system: ctx.system,
      operation: 'SUBSANACION',
    }),
    reason: 'Corrección',
    correctsSeq: null,
    createdBy: 'u1',
  });

describe('appendRecord', () => {
  it('keeps one unbroken chain when 30 writers append at once (lost heads are rebuilt and retried)', async () => {
    const written = await Promise.all(
      Array.from({ length: 30 }, (_, i) => appendRecord(deps, CO, correctionBody(i + 1))),
    );
    expect(written.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(table.refusals).toBeGreaterThan(0);
    expect(verifyChain(records())).toEqual({ records: 30, breaks: [] });
    expect((await readChainHead(deps.db, TABLE, CO))!.seq).toBe(30);
    const stats = table.get({ TableName: TABLE, Key: keys.verifactuStats(CO) }).Item!;
    expect(stats).toMatchObject({ status_QUEUED: 30, 'usage_2027-01': 30 });
    // Losers took the chain's turn and wrote one by one: far fewer lost transactions than writers
    // squared, and the last record's head Put left no turn behind.
    expect(table.refusals).toBeLessThan(60);
    expect(table.get({ TableName: TABLE, Key: keys.verifactuChainHead(CO) }).Item).not.toHaveProperty(
      'leaseHolder',
    );
  });

  it('waits while another writer holds the chain turn, then writes after it is given back', async () => {
    await appendRecord(deps, CO, correctionBody(1));
    expect(await takeChainTurn(deps, CO, 'other-writer')).toBe(true);
    expect(await takeChainTurn(deps, CO, 'third-writer')).toBe(false);
    setTimeout(() => void releaseChainTurn(deps, CO, 'other-writer'), 150);
    const started = Date.now();
    const record = await appendRecord(deps, CO, correctionBody(2));
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(record.seq).toBe(2);
    expect(verifyChain(records())).toEqual({ records: 2, breaks: [] });
    expect(table.refusals).toBe(0);
  });

  it('passes the new record to extra items, and rethrows a refusal of an extra item without retrying', async () => {
    const record = await appendRecord(deps, CO, correctionBody(1), (r) => [
      {
        Put: {
          TableName: TABLE,
          Item: { pk: 'X', sk: `MARK#${r.seq}` },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    expect(table.get({ TableName: TABLE, Key: { pk: 'X', sk: 'MARK#1' } }).Item).toBeDefined();
    expect(record.seq).toBe(1);
    const before = table.transactions;
    await expect(
      appendRecord(deps, CO, correctionBody(2), [
        {
          ConditionCheck: {
            TableName: TABLE,
            Key: { pk: 'nope', sk: 'nope' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ]),
    ).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(table.transactions - before).toBe(1);
    expect(records()).toHaveLength(1);
  });

  it(`gives up after ${MAX_CHAIN_ATTEMPTS} lost heads`, async () => {
    db.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'x',
        $metadata: {},
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
          { Code: 'None' },
        ],
      }),
    );
    await expect(appendRecord({ ...deps }, CO, correctionBody(1))).rejects.toBeInstanceOf(
      TransactionCanceledException,
    );
    expect(db.commandCalls(TransactWriteCommand)).toHaveLength(MAX_CHAIN_ATTEMPTS);
  }, 30_000);
});

describe('isChainConflict', () => {
  const cancelled = (codes: string[]) =>
    new TransactionCanceledException({
      message: 'x',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('is a lost head or record slot at the offset, or a pure transaction conflict; not another refusal', () => {
    expect(isChainConflict(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed', 'None']), 1)).toBe(
      true,
    );
    expect(isChainConflict(cancelled(['None', 'ConditionalCheckFailed', 'None', 'None', 'None']), 1)).toBe(
      true,
    );
    expect(isChainConflict(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None', 'None']), 1)).toBe(
      false,
    );
    expect(isChainConflict(cancelled(['None', 'TransactionConflict', 'None']), 0)).toBe(true);
    expect(isChainConflict(cancelled(['ConditionalCheckFailed', 'TransactionConflict']), 5)).toBe(false);
    expect(isChainConflict({ name: 'TransactionConflictException' }, 0)).toBe(true);
    expect(isChainConflict(new Error('boom'), 0)).toBe(false);
  });
});

describe('readers', () => {
  it('pages the chain in seq order and lists the records of one invoice', async () => {
    for (let n = 1; n <= 5; n++) {
      await write((await prepareAlta(deps, { invoice: invoice(n), at: T0, createdBy: null }))!.items);
    }
    await write(
      (await prepareAnulacion(deps, { invoice: invoice(2), at: T0, createdBy: null, reason: 'x' }))!.items,
    );
    const p1 = await listChainPage(deps.db, TABLE, CO, 0, 4);
    expect(p1.records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(p1.nextAfterSeq).toBe(4);
    const p2 = await listChainPage(deps.db, TABLE, CO, 4, 4);
    expect(p2.records.map((r) => r.seq)).toEqual([5, 6]);
    expect(p2.nextAfterSeq).toBeNull();
    expect(p1.records[0]).not.toHaveProperty('pk');
    const ofInvoice = await recordsOfInvoice(deps.db, TABLE, CO, 'inv-2');
    expect(ofInvoice.map((r) => [r.seq, r.kind])).toEqual([
      [2, 'ALTA'],
      [6, 'ANULACION'],
    ]);
  });
});
