/**
 * The income-tax returns (issue 15) against the local cloud, over real HTTP through the local gateway:
 * the worked example of ../shared/reference/tax-models.md §5 end to end — an autónomo IT consultant in
 * estimación directa simplificada who pays a professional and rents an office, its 1T and 2T 2025
 * invoices and received invoices entered through the API (the rent typed RENT 19 %, the designer
 * PROFESSIONAL G01 15 %; the RETA quota of 900,00 € as a received document with one not-subject line,
 * which the API takes, so it is an expense of the 130 and of no VAT box), then
 * - the 130 of 1T and 2T (asked as `quarter=2`), the 111 and the 115 of 2T compared box by box, to the
 *   cent, with the reference: 130 2T [01] 17.000,00, [02] 7.823,00 (7.340,00 + the 5 % provision
 *   483,00), [03] 9.177,00, [04] 1.835,40, [05] 143,00, [06] 1.500,00, [07] = [19] = 192,40 → I; 111 [07]
 *   1, [08] 1.000,00, [09] 150,00, [28] = [30] 150,00; 115 [01] 1, [02] 1.800,00, [03] = [05] 342,00;
 * - the 130 generated (`quarter: 2`), its AEAT file read back position by position (DR130e15v12) and
 *   filed through the local AEAT simulator with the company's certificate (a CSV justificante);
 * - the 115's entries refused with the spec's messages (PUT), then a landlord without an invoice added;
 * - the returns by year and quarter and the metrics of the 115;
 * - another firm's gestor gets 403 CORE_003, a CLIENTE without VIEW_TAX_DOCUMENTS 403 CORE_002.
 * The reference's [13] is 0 because the previous year's net income exceeded 12.000 €; here the company
 * has no 2024 books, so [13] is 0 with a warning asking for that figure.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem } from '@shared/db/records';
import { dniLetter } from '@shared/fiscal/nif';
import type {
  ModelMetricsView,
  ModelPreview,
  ModelYearView,
  SubmissionView,
  TaxModelView,
} from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  { marshallOptions: { removeUndefinedValues: true } },
);
const subOfToken = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

const dniNumber = String((Date.now() * 13) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;
const run = Date.now().toString(36).toUpperCase().slice(-4);

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what = ''): T => {
  if (!res.body.success) throw new Error(`${what} ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

/** Every box listed equals the expected figure (expect.soft: a run lists every box that disagrees). */
function expectBoxes(label: string, p: ModelPreview, expected: Record<string, number>) {
  for (const [box, cents] of Object.entries(expected))
    expect.soft(p.boxes[box], `${label} [${box}]`).toBe(cents);
}

/** 130 of 2T 2025 (reference §5), by hand: see the header. */
const Q2_130 = {
  '01': 1_700_000, // 8.000,00 + 9.000,00
  '02': 782_300, // 3.300,00 + 4.040,00 + 5 % × 9.660,00 = 483,00
  '03': 917_700,
  '04': 183_540, // 20 % × 9.177,00
  '05': 14_300, // the 1T's [07]
  '06': 150_000, // 750,00 + 450,00 + 300,00
  '07': 19_240, // 1.835,40 − 143,00 − 1.500,00
  '12': 19_240,
  '13': 0,
  '14': 19_240,
  '15': 0,
  '16': 0,
  '17': 19_240,
  '18': 0,
  '19': 19_240,
};

describe('income-tax returns: the worked example end to end (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  let cliente: string;
  let companyId: string;

  const as = <T>(
    token: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token, companyId, ...opts });
  const models = () => `/api/v1/tax/companies/${companyId}/models`;
  const preview = async (modelType: string, query: Record<string, string>) =>
    dataOf(await as<ModelPreview>(gestor, 'GET', `${models()}/${modelType}/preview`, { query }), modelType);

  beforeAll(async () => {
    [gestor, gestor2, cliente] = await Promise.all([
      api.login('gestor@cuadra.test'),
      api.login('gestor2@cuadra.test'),
      api.login('cliente@cuadra.test'),
    ]);
    companyId = dataOf(
      await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
        token: gestor,
        body: {
          name: `Ana ${run} García López`,
          nif: NIF,
          companyType: 'AUTONOMO',
          address: {
            street: 'Calle de Colón 20',
            postalCode: '46004',
            city: 'Valencia',
            province: 'Valencia',
            country: 'ES',
          },
          siiEnabled: false,
        },
      }),
      'company',
    ).companyId;
    // VeriFacTu with a certificate of the local test CA: invoices confirm whatever the date, and the
    // same certificate files the models.
    await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
    dataOf(
      await as(gestor, 'POST', `/api/v1/companies/${companyId}/tax-profile`, {
        body: {
          facts: {
            irpfMethod: 'DIRECTA_SIMPLIFICADA',
            irpfRateBp: 1500,
            paysProfessionals: true,
            rentsPremises: true,
          },
          taxYear: 2025,
        },
      }),
      'tax profile',
    );
    dataOf(
      await as(gestor, 'POST', '/api/v1/invoice-series', {
        body: { code: `F${run}`, description: 'Facturas emitidas', isDefault: true },
      }),
      'series',
    );

    // Issued: 1T 8.000,00 (5.000,00 to a company that withholds 15 %), 2T the reference's four.
    const issued: [string, { nif: string; name: string }, number, number][] = [
      ['2025-02-10', { nif: 'B12345674', name: 'Cliente SL' }, 500_000, 1500],
      ['2025-03-12', { nif: '12345678Z', name: 'Lucía Pérez' }, 300_000, 0],
      ['2025-04-10', { nif: 'B12345674', name: 'Cliente SL' }, 300_000, 1500],
      ['2025-05-06', { nif: 'A58818501', name: 'Empresa SA' }, 200_000, 1500],
      ['2025-05-20', { nif: '12345678Z', name: 'Lucía Pérez' }, 250_000, 0],
      ['2025-06-18', { nif: '87654321X', name: 'Jorge Ruiz' }, 150_000, 0],
    ];
    for (const [invoiceDate, customer, base, irpf] of issued) {
      dataOf(
        await as(gestor, 'POST', '/api/v1/invoices/create-and-confirm', {
          body: {
            invoiceType: 'F1',
            invoiceDate,
            customer: { ...customer, address: 'Calle Mayor 1', postalCode: '46001', city: 'Valencia' },
            invoiceLines: [
              { description: 'Consultoría informática', quantity: 1, unitPriceCents: base, vatRateBp: 2100 },
            ],
            ...(irpf ? { irpfRateBp: irpf } : {}),
          },
        }),
        `invoice ${invoiceDate}`,
      );
    }

    // Received: the rent every month (RENT 19 % → 115), 1T supplies 1.500,00; 2T telecom, the designer
    // (PROFESSIONAL G01 15 % → 111), the book at 4 % and the RETA quota (not subject to VAT).
    const LANDLORD = { taxId: '11111111H', name: 'Arrendador particular' };
    type Received = [
      string,
      string,
      { taxId: string; name: string },
      number,
      number,
      Record<string, unknown>?,
    ];
    const rent = (n: string, date: string): Received => [
      n,
      date,
      LANDLORD,
      60_000,
      2100,
      { irpfRateBp: 1900, withholdingKind: 'RENT' },
    ];
    const received: Received[] = [
      rent('ALQ-01', '2025-01-01'),
      rent('ALQ-02', '2025-02-01'),
      rent('ALQ-03', '2025-03-01'),
      ['SUM-1', '2025-03-20', { taxId: 'B87654323', name: 'Suministros Oficina SL' }, 150_000, 2100],
      rent('ALQ-04', '2025-04-01'),
      rent('ALQ-05', '2025-05-01'),
      rent('ALQ-06', '2025-06-01'),
      ['TEL-Q2', '2025-06-30', { taxId: 'A28015865', name: 'Telecom SA' }, 24_000, 2100],
      [
        'DIS-7',
        '2025-05-15',
        { taxId: '22222222J', name: 'Diseñadora autónoma' },
        100_000,
        2100,
        { irpfRateBp: 1500, withholdingKind: 'PROFESSIONAL', withholdingKey: 'G01' },
      ],
      ['LIB-1', '2025-04-22', { taxId: 'B87654323', name: 'Librería Técnica SL' }, 10_000, 400],
    ];
    for (const [number, issueDate, supplier, base, rate, extra] of received) {
      dataOf(
        await as(gestor, 'POST', '/api/v1/received-invoices', {
          body: {
            supplier,
            supplierInvoiceNumber: `${number}-${run}`,
            issueDate,
            lines: [{ description: number, quantity: 1, unitPriceCents: base, vatRateBp: rate }],
            ...extra,
          },
        }),
        `received ${number}`,
      );
    }
    dataOf(
      await as(gestor, 'POST', '/api/v1/received-invoices', {
        body: {
          supplier: { taxId: 'Q2827003A', name: 'Tesorería General de la Seguridad Social' },
          supplierInvoiceNumber: `RETA-Q2-${run}`,
          issueDate: '2025-06-30',
          lines: [
            {
              description: 'Cuota RETA abril-junio',
              quantity: 1,
              unitPriceCents: 90_000,
              vatRateBp: 0,
              kind: 'NOT_SUBJECT',
            },
          ],
        },
      }),
      'RETA',
    );
  }, 180_000);

  it('previews the 130 of 1T and 2T, the 111 and the 115 of 2T box by box, to the cent', async () => {
    const q1 = await preview('130', { year: '2025', period: '1T' });
    // 1T: [02] 3.300,00 + 5 % × 4.700,00 = 3.535,00; [03] 4.465,00; [04] 893,00; [06] 750,00; [07] 143,00.
    expectBoxes('130 1T', q1, {
      '01': 800_000,
      '02': 353_500,
      '03': 446_500,
      '04': 89_300,
      '06': 75_000,
      '07': 14_300,
    });
    expect(q1.result).toEqual({ type: 'I', amountCents: 14_300 });

    const q2 = await preview('130', { year: '2025', quarter: '2' });
    expect(q2).toMatchObject({ modelType: '130', period: '2T', design: '130-2015' });
    expectBoxes('130 2T', q2, Q2_130);
    expect(q2.result).toEqual({ type: 'I', amountCents: 19_240 });
    expect(q2.issues.map((i) => i.code)).toContain('PREVIOUS_YEAR_INCOME');
    // The year's tax-key items of 1T and 2T (and the empty 2024), never a counterparty nor an invoice.
    expect(q2.itemsRead).toBeLessThan(40);

    const without = await preview('130', {
      year: '2025',
      quarter: '2',
      applyDifficultJustification: 'false',
    });
    // [02] 7.340,00; [03] 9.660,00; [04] 1.932,00; [05] 1T without provision 940,00 − 750,00 = 190,00.
    expectBoxes('130 2T without provision', without, {
      '02': 734_000,
      '03': 966_000,
      '04': 193_200,
      '05': 19_000,
      '19': 24_200,
    });

    const m111 = await preview('111', { year: '2025', quarter: '2' });
    expectBoxes('111 2T', m111, {
      '01': 0,
      '02': 0,
      '03': 0,
      '07': 1,
      '08': 100_000,
      '09': 15_000,
      '28': 15_000,
      '30': 15_000,
    });
    expect(m111.result).toEqual({ type: 'I', amountCents: 15_000 });

    const m115 = await preview('115', { year: '2025', period: '2T' });
    expectBoxes('115 2T', m115, { '01': 1, '02': 180_000, '03': 34_200, '04': 0, '05': 34_200 });
    expect(m115.result).toEqual({ type: 'I', amountCents: 34_200 });
  });

  it('generates the 130, writes its AEAT file (DR130e15v12) and files it through the simulator', async () => {
    const gen = await as<TaxModelView>(gestor, 'POST', `${models()}/130/generate`, {
      body: { year: 2025, quarter: 2 },
    });
    expect(gen.status).toBe(201);
    expect(dataOf(gen)).toMatchObject({ modelId: '2025-130-2T', result: { type: 'I', amountCents: 19_240 } });

    const url = new URL(`${models()}/130/export`, cloud.url);
    url.search = new URLSearchParams({ format: 'AEAT', year: '2025', period: '2T' }).toString();
    const file = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="130_2025_2T_${NIF}.txt"`);
    const text = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(text.slice(0, 17)).toBe('<T130020252T0000>');
    expect(text.endsWith('</T130020252T0000>')).toBe(true);
    const page = text.slice(text.indexOf('<T13001000>'), text.indexOf('</T13001000>') + 12);
    expect(page.length).toBe(600);
    const at = (pos: number, len: number) => page.slice(pos - 1, pos - 1 + len);
    expect(at(13, 1)).toBe('I');
    expect(at(14, 9)).toBe(NIF);
    expect(at(23, 60).trimEnd()).toBe('GARCIA LOPEZ');
    expect(at(83, 20).trimEnd()).toBe(`ANA ${run}`);
    expect(at(103, 4)).toBe('2025');
    expect(at(107, 2)).toBe('2T');
    // [01] 109, [02] 126, [03] 143 (signed), [04] 160, [05] 177, [06] 194, [07] 211 (signed), [19] 415.
    expect(at(109, 17)).toBe('00000000001700000');
    expect(at(126, 17)).toBe('00000000000782300');
    expect(at(143, 17)).toBe('00000000000917700');
    expect(at(160, 17)).toBe('00000000000183540');
    expect(at(177, 17)).toBe('00000000000014300');
    expect(at(194, 17)).toBe('00000000000150000');
    expect(at(211, 17)).toBe('00000000000019240');
    expect(at(415, 17)).toBe('00000000000019240');

    const submitted = dataOf(
      await as<SubmissionView>(gestor, 'POST', `${models()}/130/2025-130-2T/submit`, {
        body: { mode: 'CERTIFICATE' },
      }),
      'submit',
    );
    expect(submitted).toMatchObject({ modelType: '130', period: '2T', state: 'ACCEPTED' });
    expect(submitted.csv).toMatch(/^[0-9A-Z]{16}$/);
    const filed = dataOf(await as<TaxModelView>(gestor, 'GET', `${models()}/130/2025-130-2T`));
    expect(filed).toMatchObject({ status: 'SUBMITTED', reference: submitted.csv });
  });

  it('refuses the 115’s entries with the spec’s messages, then adds a landlord without an invoice', async () => {
    dataOf(
      await as(gestor, 'POST', `${models()}/115/generate`, { body: { year: 2025, period: '2T' } }),
      '115',
    );
    const put = (body: unknown) => as<TaxModelView>(gestor, 'PUT', `${models()}/115/2025-115-2T`, { body });
    const empty = await put({ rentalProperties: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({
      code: 'CORE_004',
      message: 'Debe indicar al menos un inmueble arrendado',
    });
    const bad = await put({
      rentalProperties: [
        { nif: '1234', rentAmount: 50_000 },
        { nif: '33333333P', rentAmount: 0 },
        { nif: '33333333P', rentAmount: 10_000 },
      ],
    });
    expect(bad.status).toBe(400);
    const details = bad.body.error?.details as { issues: { message: string }[] } | undefined;
    expect(details?.issues.map((i) => i.message)).toEqual([
      'El NIF 1234 no tiene un formato válido',
      'El importe del alquiler debe ser mayor que 0',
      'NIF duplicado: 33333333P',
    ]);
    const negative = await put({ rentalProperties: [{ nif: '33333333P', rentAmount: -100 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.error?.message).toContain('rentAmount no puede ser negativo');
    // 500,00 € to a second landlord at 19 % = 95,00 €.
    const ok = dataOf(await put({ rentalProperties: [{ nif: '33333333P', rentAmount: 50_000 }] }), 'PUT 115');
    expect(ok.boxes).toMatchObject({ '01': 2, '02': 230_000, '03': 43_700, '05': 43_700 });
  });

  it('answers the 115 by year, by quarter and its metrics', async () => {
    const year = dataOf(await as<ModelYearView>(gestor, 'GET', `${models()}/115/years/2025`));
    expect(year.periods.map((p) => [p.period, p.status])).toEqual([
      ['1T', 'NOT_GENERATED'],
      ['2T', 'MODEL_GENERATED'],
      ['3T', 'NOT_GENERATED'],
      ['4T', 'NOT_GENERATED'],
    ]);
    const q2 = dataOf(await as<TaxModelView>(gestor, 'GET', `${models()}/115/years/2025/quarters/2`));
    expect(q2).toMatchObject({ modelId: '2025-115-2T', result: { type: 'I', amountCents: 43_700 } });
    const q1 = await as(gestor, 'GET', `${models()}/115/years/2025/quarters/1`);
    expect(q1.status).toBe(404);
    expect(q1.body.error?.code).toBe('CORE_006');
    const metrics = dataOf(
      await as<ModelMetricsView>(gestor, 'GET', `${models()}/115/metrics`, { query: { year: '2025' } }),
    );
    expect(metrics.periods[1]).toMatchObject({
      period: '2T',
      baseCents: 230_000,
      withheldCents: 43_700,
      recipients: 2,
    });
    expect(metrics.totals).toMatchObject({ generated: 1, toPayCents: 43_700 });
  });

  it('refuses another firm’s gestor (CORE_003) and a CLIENTE without VIEW_TAX_DOCUMENTS (CORE_002)', async () => {
    const paths: [string, Record<string, string>][] = [
      [`${models()}/130/preview`, { year: '2025', quarter: '2' }],
      [`${models()}/115/years/2025`, {}],
      [`${models()}/115/metrics`, { year: '2025' }],
    ];
    for (const [path, query] of paths) {
      const res = await as(gestor2, 'GET', path, { query });
      expect(res.status, path).toBe(403);
      expect(res.body.error?.code, path).toBe('CORE_003');
    }
    // The demo CLIENTE becomes a client of this company who may see invoices, not tax documents.
    const now = new Date().toISOString();
    await db.send(
      new PutCommand({
        TableName: cloud.env.TABLE_NAME!,
        Item: membershipItem({
          companyId,
          userId: subOfToken(cliente),
          companyRole: 'CLIENTE',
          permissions: ['VIEW_INVOICES'],
          isActive: true,
          email: 'cliente@cuadra.test',
          firstName: 'Ana',
          lastName: 'Torres Vidal',
          createdAt: now,
          updatedAt: now,
        }),
      }),
    );
    for (const [path, query] of paths) {
      const res = await as(cliente, 'GET', path, { query });
      expect(res.status, path).toBe(403);
      expect(res.body.error?.code, path).toBe('CORE_002');
    }
  });
});
