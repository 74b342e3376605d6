import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { readCsv, readXlsx, writeCsv, writeXlsx } from '@functions/lib/spreadsheets';
import { apiEvent, lambdaContext } from '@functions/platform/testing/api-event';
import { useEnv } from '@functions/platform/testing/env';
import { keys } from '@shared/db/keys';
import { EXPORT_HEADERS, IMPORT_COLUMNS, type ImportBatchView } from '@shared/schemas/invoice-import';
import type { InvoiceSeries } from '@shared/schemas/invoice-series';
import type { CreateInvoiceBody, Invoice } from '@shared/schemas/invoices';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildDraft } from './model/build-invoice';
import type { ImportBatchRecord } from './store/imports';
import { invoiceItem } from './store/invoices';
import { seriesItem } from './store/series';
import { COMPANY, invoicesHarness, T0, USER } from './testing/harness';

useEnv({ BUCKET_DOCUMENTS: 'docs-bucket', QUEUE_URL_INVOICE_IMPORT: 'http://sqs.local/import' });
const { db, call, handler, resetIds } = invoicesHarness('imp');
const s3 = mockClient(S3Client);

const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
const row = (values: Record<string, string>) => HEADERS.map((h) => values[h] ?? '');
const line = (ref: string, nif: string, price: string, extra: Record<string, string> = {}) =>
  row({
    Referencia: ref,
    Fecha: '15/03/2026',
    'NIF cliente': nif,
    'Nombre cliente': `Cliente ${ref}`,
    Descripción: `Servicio ${ref}`,
    Cantidad: '1',
    'Precio unitario': price,
    'Tipo IVA %': '21',
    ...extra,
  });

const CSV = writeCsv([
  HEADERS,
  line('A-1', '12345678Z', '100,00'),
  line('A-1', '12345678Z', '50,25', { Descripción: 'Material', 'Tipo IVA %': '10' }),
  line('B-1', '12345678A', '10,00'),
  line('C-1', 'B12345674', '1.000,00'),
]);
const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');

const series: InvoiceSeries = {
  seriesId: 'f1',
  companyId: COMPANY,
  code: 'F',
  description: '',
  purpose: 'ORDINARY',
  format: '{SERIES}-{YYYY}-{NNNN}',
  isActive: true,
  issuedCount: 0,
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
};

const errorOf = (res: { envelope: unknown }) =>
  (res.envelope as { error?: { code: string; field: string | null; message: string; details: unknown } })
    .error;
const invoiceWrites = () =>
  db.commandCalls(PutCommand).filter((c) => c.args[0].input.Item?.entity === 'Invoice').length +
  db.commandCalls(TransactWriteCommand).length;
const s3Keys = () => s3.commandCalls(PutObjectCommand).map((c) => c.args[0].input.Key);

async function raw(options: Parameters<typeof apiEvent>[0]): Promise<APIGatewayProxyResult> {
  const event = apiEvent({
    claims: { sub: USER, groups: ['GESTOR'] },
    ...options,
    headers: { 'x-company-id': COMPANY, ...options.headers },
  });
  return handler(event, lambdaContext());
}
const bytesOf = (res: APIGatewayProxyResult) => new Uint8Array(Buffer.from(res.body, 'base64'));

let stored: ImportBatchRecord | undefined;

beforeEach(() => {
  db.reset();
  s3.reset();
  resetIds();
  stored = undefined;
  db.on(GetCommand).resolves({});
  db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
    Item: { ...keys.membership(COMPANY, USER), companyRole: 'GESTOR', isActive: true },
  });
  db.on(GetCommand, { Key: keys.invoiceSeries(COMPANY, 'f1') }).resolves({ Item: seriesItem(series) });
  db.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    if (input.ExpressionAttributeValues?.[':prefix'] === keys.invoiceSeriesDefaultPrefix(COMPANY).skPrefix) {
      return { Items: [{ purpose: 'ORDINARY', seriesId: 'f1' }] };
    }
    return { Items: [] };
  });
  db.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    if (input.Item.entity === 'ImportBatch') stored = input.Item as unknown as ImportBatchRecord;
    return {};
  });
  db.on(UpdateCommand).resolves({});
  s3.on(PutObjectCommand).resolves({});
});

const upload = (over: Record<string, unknown> = {}) =>
  call<ImportBatchView>({
    routeId: 'invoices.importUpload',
    body: { fileName: 'facturas marzo.csv', contentBase64: b64(CSV), ...over },
  });

describe('import upload', () => {
  it('validates every row of a CSV, flags exactly the invalid one and creates nothing', async () => {
    const res = await upload();
    expect(res.status).toBe(201);
    const batch = res.envelope.data!;
    expect(batch).toMatchObject({ batchId: 'imp1', status: 'VALIDATED', format: 'csv', execution: null });
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
        invoiceRef: 'B-1',
        ok: false,
        errors: [{ field: 'NIF cliente', message: expect.any(String) }],
      },
    ]);
    expect(batch.mapping.every((m) => m.field !== null)).toBe(true);
    // The file and the plan are stored; the batch item is written once, nothing else.
    expect(s3Keys()).toEqual(['imports/co-1/imp1/facturas_marzo.csv', 'imports/co-1/imp1/plan.json']);
    const plan = JSON.parse(String(s3.commandCalls(PutObjectCommand)[1]!.args[0].input.Body));
    expect(
      plan.map((p: { invoiceRef: string; ok: boolean; totalCents: number }) => [
        p.invoiceRef,
        p.ok,
        p.totalCents,
      ]),
    ).toEqual([
      // 100 + 21 % and 50,25 + 10 % = 121,00 + 55,28.
      ['A-1', true, 17_628],
      ['B-1', false, null],
      ['C-1', true, 121_000],
    ]);
    expect(stored).toMatchObject({
      entity: 'ImportBatch',
      status: 'VALIDATED',
      ...keys.importBatch(COMPANY, 'imp1'),
    });
    expect(db.commandCalls(PutCommand)[0]!.args[0].input.ConditionExpression).toBe(
      'attribute_not_exists(pk)',
    );
    expect(invoiceWrites()).toBe(0);
  });

  it('reads an .xlsx upload by its content, whatever the file is called', async () => {
    const book = writeXlsx([
      {
        name: 'Facturas',
        columns: HEADERS.map((h) => ({
          header: h,
          kind: h === 'Fecha' ? ('date' as const) : ('text' as const),
        })),
        rows: [
          HEADERS.map((h) =>
            h === 'Fecha' ? '2026-03-15' : (line('X', '12345678Z', '10')[HEADERS.indexOf(h)] ?? ''),
          ),
        ],
      },
    ]);
    const res = await upload({ fileName: 'datos.csv', contentBase64: b64(book) });
    expect(res.status).toBe(201);
    expect(res.envelope.data!.format).toBe('xlsx');
    expect(res.envelope.data!.counts.validInvoices).toBe(1);
  });

  it('refuses what is not a spreadsheet, missing columns and received invoices, writing nothing', async () => {
    const zipNoBook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const binary = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 0, 1]);
    const notXlsx = await upload({ fileName: 'a.xlsx', contentBase64: b64(zipNoBook) });
    const notText = await upload({ fileName: 'a.csv', contentBase64: b64(binary) });
    const missing = await upload({
      contentBase64: b64(
        writeCsv([
          ['Fecha', 'Concepto'],
          ['15/03/2026', 'x'],
        ]),
      ),
    });
    const received = await upload({ invoiceType: 'RECEIVED' });
    expect(errorOf(notXlsx)).toMatchObject({
      code: 'CORE_004',
      field: 'file',
      details: { reason: 'NOT_XLSX' },
    });
    expect(errorOf(notText)).toMatchObject({ field: 'file', details: { reason: 'UNSUPPORTED_FORMAT' } });
    expect(errorOf(missing)).toMatchObject({
      field: 'file',
      details: { reason: 'MISSING_COLUMNS', missing: ['Precio unitario', 'Tipo IVA %'] },
    });
    expect(errorOf(received)).toMatchObject({
      message: 'Solo se admite la importación de facturas emitidas.',
      field: 'invoiceType',
    });
    expect(s3Keys()).toEqual([]);
    expect(db.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('applies the caller mapping over the auto-mapping', async () => {
    const csv = writeCsv([
      ['Fecha', 'Concepto', 'Importe', 'IVA', 'NIF', 'Cliente'],
      ['15/03/2026', 'Servicio', '10', '21', '12345678Z', 'López'],
    ]);
    const res = await upload({ contentBase64: b64(csv), mappingConfig: { Importe: 'unitPrice' } });
    expect(res.status).toBe(201);
    expect(res.envelope.data!.mapping.find((m) => m.column === 'Importe')!.field).toBe('unitPrice');
    expect(res.envelope.data!.counts.validInvoices).toBe(1);
  });

  it('lets a CLIENTE user read but not import', async () => {
    db.on(GetCommand, { Key: keys.membership(COMPANY, USER) }).resolves({
      Item: {
        ...keys.membership(COMPANY, USER),
        companyRole: 'CLIENTE',
        permissions: ['VIEW_INVOICES'],
        isActive: true,
      },
    });
    expect((await upload()).status).toBe(403);
  });
});

describe('import batch: get and execute', () => {
  async function uploaded(): Promise<ImportBatchRecord> {
    await upload();
    const item = stored!;
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'imp1') }).resolves({ Item: item });
    return item;
  }

  it('returns the batch with its report, and 404 for an unknown one', async () => {
    await uploaded();
    const res = await call<ImportBatchView>({ routeId: 'invoices.importGet', params: { batchId: 'imp1' } });
    expect(res.status).toBe(200);
    expect(res.envelope.data!.report).toHaveLength(4);
    expect(res.envelope.data!.results).toEqual([]);
    const missing = await call({ routeId: 'invoices.importGet', params: { batchId: 'nope' } });
    expect(missing.status).toBe(404);
  });

  it('reads a large report from S3', async () => {
    const item = await uploaded();
    const full = [{ row: 2, invoiceRef: 'A', ok: true, errors: [] }];
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'imp1') }).resolves({
      Item: { ...item, report: [], reportKey: 'imports/co-1/imp1/report.json' },
    });
    s3.on(GetObjectCommand).resolves({
      Body: { transformToString: async () => JSON.stringify(full) },
    } as never);
    const res = await call<ImportBatchView>({ routeId: 'invoices.importGet', params: { batchId: 'imp1' } });
    expect(res.envelope.data!.report).toEqual(full);
  });

  it('refuses to execute with invalid rows unless skipInvalid, then moves VALIDATED -> EXECUTING once', async () => {
    await uploaded();
    const refused = await call({ routeId: 'invoices.importExecute', params: { batchId: 'imp1' }, body: {} });
    expect(errorOf(refused)).toMatchObject({
      code: 'CORE_004',
      details: { reason: 'INVALID_ROWS', invalidInvoices: 1 },
    });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);

    const res = await call<ImportBatchView>({
      routeId: 'invoices.importExecute',
      params: { batchId: 'imp1' },
      body: { skipInvalid: true, series: 'f1' },
    });
    expect(res.status).toBe(202);
    const update = db.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual(keys.importBatch(COMPANY, 'imp1'));
    expect(update.ConditionExpression).toBe('attribute_exists(pk) AND #status = :validated');
    expect(Object.keys(update.ExpressionAttributeNames ?? {}).sort()).toEqual(['#execution', '#status']);
    expect(update.UpdateExpression).toBe('SET #status = :executing, #execution = :execution');
    expect(update.ExpressionAttributeValues?.[':execution']).toMatchObject({
      confirm: false,
      series: 'f1',
      skipInvalid: true,
      toProcess: 2,
      processed: 0,
      requestedBy: USER,
    });
    expect(invoiceWrites()).toBe(0);
  });

  it('refuses a second execution (already executing, or lost the conditional update)', async () => {
    const item = await uploaded();
    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'imp1') }).resolves({
      Item: { ...item, status: 'EXECUTING' },
    });
    const again = await call({
      routeId: 'invoices.importExecute',
      params: { batchId: 'imp1' },
      body: { skipInvalid: true },
    });
    expect(errorOf(again)).toMatchObject({
      code: 'CORE_004',
      details: { reason: 'IMPORT_ALREADY_EXECUTED' },
    });

    db.on(GetCommand, { Key: keys.importBatch(COMPANY, 'imp1') })
      .resolvesOnce({ Item: item })
      .resolves({ Item: { ...item, status: 'EXECUTING' } });
    db.on(UpdateCommand).rejects(
      Object.assign(new Error('conditional'), { name: 'ConditionalCheckFailedException' }),
    );
    const raced = await call({
      routeId: 'invoices.importExecute',
      params: { batchId: 'imp1' },
      body: { skipInvalid: true },
    });
    expect(errorOf(raced)).toMatchObject({
      code: 'CORE_004',
      details: { reason: 'IMPORT_ALREADY_EXECUTED' },
    });
  });

  it('refuses an unknown series before anything is queued', async () => {
    await uploaded();
    const res = await call({
      routeId: 'invoices.importExecute',
      params: { batchId: 'imp1' },
      body: { skipInvalid: true, confirm: true, series: 'ZZ' },
    });
    expect(errorOf(res)).toMatchObject({ code: 'CORE_004', field: 'series' });
    expect(db.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});

describe('import template', () => {
  it('is a workbook with the headers, an example row that validates, and Spanish instructions', async () => {
    const res = await raw({
      routeId: 'invoices.importTemplate',
      query: { invoiceType: 'ISSUED', format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers?.['content-disposition']).toBe(
      'attachment; filename="plantilla-importacion-facturas.xlsx"',
    );
    const sheet = readXlsx(bytesOf(res));
    expect(sheet.rows[0]).toEqual(HEADERS);
    expect(sheet.rows[1]![HEADERS.indexOf('Fecha')]).toBe('2026-03-15');
    // The template uploaded as it is imports its example invoice.
    const up = await upload({ fileName: 'plantilla.xlsx', contentBase64: res.body });
    expect(up.envelope.data!.counts).toMatchObject({ invoices: 1, validInvoices: 1 });
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(bytesOf(res));
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="Instrucciones"');
    const instructions = strFromU8(files['xl/sharedStrings.xml']!);
    expect(instructions).toContain('E5 (art. 25, entregas intracomunitarias)');
    expect(instructions).toContain('DD/MM/AAAA');
  });

  it('is a CSV with BOM on request, and refuses received invoices', async () => {
    const csv = await raw({ routeId: 'invoices.importTemplate', query: { format: 'csv' } });
    const text = Buffer.from(csv.body, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFFReferencia;Tipo de factura;Fecha')).toBe(true);
    expect(readCsv(text).rows[1]![HEADERS.indexOf('Precio unitario')]).toBe('100,5');
    const received = await call({ routeId: 'invoices.importTemplate', query: { invoiceType: 'RECEIVED' } });
    expect(errorOf(received)).toMatchObject({ code: 'CORE_004', field: 'invoiceType' });
  });
});

describe('invoice export', () => {
  const body = (over: Partial<CreateInvoiceBody> = {}): CreateInvoiceBody =>
    ({
      invoiceType: 'F1',
      invoiceDate: '2026-03-02',
      customer: {
        name: 'Ferretería López',
        taxId: '12345678Z',
        address: '',
        postalCode: '',
        city: '',
        country: 'ES',
      },
      invoiceLines: [
        { description: 'x', quantity: 1000, unitPriceCents: 123_456, discountBp: 0, vatRateBp: 2100 },
      ],
      ...over,
    }) as CreateInvoiceBody;
  const invoice = (id: string, over: Partial<Invoice> = {}, b = body()): Invoice => ({
    ...buildDraft({ invoiceId: id, companyId: COMPANY, body: b, customer: undefined, now: T0.toISOString() }),
    ...over,
  });
  const confirmed = invoice('i1', {
    status: 'CONFIRMED',
    series: 'F',
    number: 1,
    invoiceNumber: 'F-2026-0001',
    dueDate: '2026-04-01',
    siiStatus: 'ACCEPTED',
  });
  const draft = invoice(
    'i2',
    { invoiceDate: '2026-03-05' },
    body({
      invoiceType: 'F2',
      customer: undefined,
      invoiceLines: [
        { description: 'y', quantity: 1000, unitPriceCents: 1000, discountBp: 0, vatRateBp: 2100 },
      ],
    }),
  );

  const withInvoices = (list: Invoice[]) =>
    db
      .on(QueryCommand)
      .callsFake((input: QueryCommandInput) =>
        input.IndexName === 'gsi1' ? { Items: list.map((i) => invoiceItem(i)) } : { Items: [] },
      );

  it('exports the filtered list as a workbook with numeric money and real dates', async () => {
    withInvoices([confirmed, draft]);
    const res = await raw({
      routeId: 'invoices.export',
      body: { format: 'xlsx', filters: { sort: 'invoiceDate,asc' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers?.['content-disposition']).toBe('attachment; filename="facturas-20260302.xlsx"');
    const rows = readXlsx(bytesOf(res)).rows;
    expect(rows[0]).toEqual(Object.values(EXPORT_HEADERS));
    expect(rows[1]).toEqual([
      'F-2026-0001',
      'F',
      '2026-03-02',
      'F1',
      'Ferretería López',
      '12345678Z',
      1234.56,
      259.26,
      0,
      0,
      1493.82,
      'Confirmada',
      'Pendiente',
      '2026-04-01',
      'Aceptada',
    ]);
    expect(rows[2]!.slice(0, 4)).toEqual([null, null, '2026-03-05', 'F2']);
    expect(rows[2]![11]).toBe('Borrador');
  });

  it('exports es-ES CSV with the chosen columns and the list filters', async () => {
    withInvoices([confirmed, draft]);
    const res = await raw({
      routeId: 'invoices.export',
      body: { format: 'csv', filters: { status: 'CONFIRMED' }, columns: ['number', 'date', 'total'] },
    });
    expect(res.headers?.['content-type']).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(res.body, 'base64').toString('utf8')).toBe(
      '\uFEFFNúmero;Fecha;Total\r\nF-2026-0001;02/03/2026;1.493,82\r\n',
    );
    const gsi1 = db.commandCalls(QueryCommand).find((c) => c.args[0].input.IndexName === 'gsi1');
    expect(gsi1).toBeDefined();
  });

  it('refuses more than 10.000 invoices with TOO_MANY_ROWS', async () => {
    withInvoices(Array.from({ length: 10_001 }, (_, i) => ({ ...confirmed, invoiceId: `i${i}` })));
    const res = await call({ routeId: 'invoices.export', body: { format: 'csv' } });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'CORE_004',
      field: 'filters',
      details: { reason: 'TOO_MANY_ROWS' },
    });
    expect(errorOf(res)!.message).toMatch(/acota/);
  });
});
