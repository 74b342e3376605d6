/**
 * The VAT models (issue 14) against the local cloud, over real HTTP through the local gateway: the
 * worked example of ../shared/reference/tax-models.md §5 end to end — an autónomo IT consultant's
 * profile, its 2T 2025 invoices and received invoices entered through the API, then
 * - the 303 preview compared box by box, to the cent, with the reference ([07] 9.000,00, [08] 21 %,
 *   [09] 1.890,00, [27] 1.890,00, [28] 3.140,00, [29] 642,40, [45] 642,40, [46] 1.247,60,
 *   [71] 1.247,60, type I), read from a handful of aggregate items;
 * - generate (its obligation MODEL_GENERATED), TAX_022 on a second generate, regenerate (version 2);
 * - the AEAT file downloaded and checked position by position (design DR303e24v200), the PDF summary,
 *   the invoices behind box [07];
 * - a CLIENTE without VIEW_TAX_DOCUMENTS gets 403 CORE_002, another firm's gestor 403 CORE_003.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem } from '@shared/db/records';
import { dniLetter } from '@shared/fiscal/nif';
import type { BoxSourcesView, ModelPreview, TaxModelView } from '@shared/schemas/tax-models';
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

const dniNumber = String((Date.now() * 7) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;
const run = Date.now().toString(36).toUpperCase().slice(-4);

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>): T => {
  if (!res.body.success) throw new Error(`${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

/** The boxes of the reference's 303, to the cent ([46] = 1.890,00 − 642,40 = 1.247,60 €). */
const EXPECTED: Record<string, number> = {
  '07': 900_000,
  '08': 2100,
  '09': 189_000,
  '27': 189_000,
  '28': 314_000,
  '29': 64_240,
  '45': 64_240,
  '46': 124_760,
  '71': 124_760,
};

describe('tax models: the worked example end to end (local cloud)', () => {
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
          name: `Ana Consultora ${run}`,
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
    ).companyId;
    // Whatever the real date: a company that must send VeriFacTu records can confirm invoices.
    await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
    dataOf(
      await as(gestor, 'POST', `/api/v1/companies/${companyId}/tax-profile`, {
        body: { facts: { irpfMethod: 'DIRECTA_SIMPLIFICADA', irpfRateBp: 1500 }, taxYear: 2025 },
      }),
    );

    dataOf(
      await as(gestor, 'POST', '/api/v1/invoice-series', {
        body: { code: `F${run}`, description: 'Facturas emitidas', isDefault: true },
      }),
    );
    const issued: [string, { nif: string; name: string }, number, number][] = [
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
      );
    }
    const received: [string, string, { taxId: string; name: string }, number, number, number][] = [
      ['ALQ-04', '2025-04-01', { taxId: '11111111H', name: 'Arrendador particular' }, 60_000, 2100, 1900],
      ['ALQ-05', '2025-05-01', { taxId: '11111111H', name: 'Arrendador particular' }, 60_000, 2100, 1900],
      ['ALQ-06', '2025-06-01', { taxId: '11111111H', name: 'Arrendador particular' }, 60_000, 2100, 1900],
      ['TEL-Q2', '2025-06-30', { taxId: 'A28015865', name: 'Telecom SA' }, 24_000, 2100, 0],
      ['DIS-7', '2025-05-15', { taxId: '22222222J', name: 'Diseñadora autónoma' }, 100_000, 2100, 1500],
      ['LIB-1', '2025-04-22', { taxId: 'B87654323', name: 'Librería Técnica SL' }, 10_000, 400, 0],
    ];
    for (const [number, issueDate, supplier, base, rate, irpf] of received) {
      dataOf(
        await as(gestor, 'POST', '/api/v1/received-invoices', {
          body: {
            supplier,
            supplierInvoiceNumber: `${number}-${run}`,
            issueDate,
            lines: [{ description: number, quantity: 1, unitPriceCents: base, vatRateBp: rate }],
            irpfRateBp: irpf,
          },
        }),
      );
    }
  }, 120_000);

  it('previews the 303 of 2T 2025 box by box, to the cent, from a handful of aggregate items', async () => {
    const p = dataOf(
      await as<ModelPreview>(gestor, 'GET', `${models()}/303/preview`, {
        query: { year: '2025', period: '2T' },
      }),
    );
    expect(p).toMatchObject({ modelType: '303', year: 2025, period: '2T', design: '303-2024-10' });
    for (const [box, cents] of Object.entries(EXPECTED)) expect(p.boxes[box], `[${box}]`).toBe(cents);
    expect(p.result).toEqual({ type: 'I', amountCents: 124_760 });
    expect(p.itemsRead).toBeLessThan(50);
  });

  it('generates it (TAX_022 the second time), regenerates it, and downloads its AEAT file and PDF', async () => {
    const first = await as<TaxModelView>(gestor, 'POST', `${models()}/303/generate`, {
      body: { year: 2025, period: '2T' },
    });
    expect(first.status).toBe(201);
    expect(dataOf(first)).toMatchObject({ modelId: '2025-303-2T', status: 'MODEL_GENERATED', version: 1 });

    const again = await as(gestor, 'POST', `${models()}/303/generate`, {
      body: { year: 2025, period: '2T' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('TAX_022');

    const re = dataOf(
      await as<TaxModelView>(gestor, 'POST', `${models()}/303/generate`, {
        body: { year: 2025, period: '2T', regenerate: true },
      }),
    );
    expect(re).toMatchObject({ version: 2, result: { type: 'I', amountCents: 124_760 } });

    const url = new URL(`${models()}/303/export`, cloud.url);
    url.search = new URLSearchParams({ format: 'AEAT', year: '2025', period: '2T' }).toString();
    const file = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="303_2025_2T_${NIF}.txt"`);
    const text = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(text.slice(0, 17)).toBe('<T303020252T0000>');
    expect(text.slice(17, 22)).toBe('<AUX>');
    expect(text.endsWith('</T303020252T0000>')).toBe(true);
    // DR303e24v200 page 01 (positions 1-based): 13 type, 14 NIF, 103 year, 107 period, [07] 286,
    // [08] 303, [09] 308, [27] 617, [28] 634, [29] 651, [45] 923, [46] 940 (signed).
    const p1 = text.slice(text.indexOf('<T30301000>'));
    const at = (pos: number, len: number) => p1.slice(pos - 1, pos - 1 + len);
    expect(at(13, 1)).toBe('I');
    expect(at(14, 9)).toBe(NIF);
    expect(at(103, 4)).toBe('2025');
    expect(at(107, 2)).toBe('2T');
    expect(at(286, 17)).toBe('00000000000900000');
    expect(at(303, 5)).toBe('02100');
    expect(at(308, 17)).toBe('00000000000189000');
    expect(at(617, 17)).toBe('00000000000189000');
    expect(at(634, 17)).toBe('00000000000314000');
    expect(at(651, 17)).toBe('00000000000064240');
    expect(at(923, 17)).toBe('00000000000064240');
    expect(at(940, 17)).toBe('00000000000124760');
    // Page 03: [71] at 374.
    const p3 = text.slice(text.indexOf('<T30303000>'));
    expect(p3.slice(373, 390)).toBe('00000000000124760');

    const pdf = await fetch(new URL(`${models()}/303/2025-303-2T/pdf`, cloud.url), {
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('lists the four invoices behind box [07]', async () => {
    const v = dataOf(
      await as<BoxSourcesView>(gestor, 'GET', `${models()}/303/preview/sources`, {
        query: { year: '2025', period: '2T', box: '07' },
      }),
    );
    expect(v.totalElements).toBe(4);
    expect(v.content.map((r) => r.baseCents)).toEqual([300_000, 200_000, 250_000, 150_000]);
  });

  it('refuses another firm’s gestor (CORE_003) and a CLIENTE without VIEW_TAX_DOCUMENTS (CORE_002)', async () => {
    for (const path of [
      `${models()}/303/preview`,
      `${models()}`,
      `/api/v1/tax/companies/${companyId}/published-models`,
    ]) {
      const res = await as(gestor2, 'GET', path, { query: { year: '2025', period: '2T' } });
      expect(res.status, path).toBe(403);
      expect(res.body.error?.code, path).toBe('CORE_003');
    }
    // The demo CLIENTE becomes a client of this company who may see invoices, not tax documents.
    const at = new Date().toISOString();
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
          createdAt: at,
          updatedAt: at,
        }),
      }),
    );
    for (const path of [`${models()}/303/preview`, `${models()}/303/2025-303-2T/pdf`]) {
      const res = await as(cliente, 'GET', path, { query: { year: '2025', period: '2T' } });
      expect(res.status, path).toBe(403);
      expect(res.body.error?.code, path).toBe('CORE_002');
    }
  });
});
