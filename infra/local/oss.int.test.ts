/**
 * The one-stop shop (ventanilla única, OSS) end to end against the local cloud over real HTTP (issue 14
 * item 3, "369 OSS where the profile has it"): an autónomo registered in the Union scheme, two stored
 * consumers (a French and a German one, vatTreatment OSS), invoices charging the VAT of each member
 * state of consumption, then
 *  - the calendar owes the 369 every quarter, due the last day of the following month, never moved;
 *  - the 369 preview per member state and rate, and its total to pay;
 *  - the 303 of the same quarter: the OSS bases in [123] (not subject here, declared under the OSS), the
 *    Spanish sale alone in the rate boxes;
 *  - the invoice's VeriFacTu record: ClaveRegimen 17, N2, valid against the AEAT's XSD;
 *  - the 369's exports: its lines as CSV; no AEAT file (422).
 * Every expected amount is a literal with its arithmetic beside it.
 */

import { validateXml } from '@functions/lib/verifactu-xml';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type { ModelPreview } from '@shared/schemas/tax-models';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const run = Date.now().toString(36).toUpperCase().slice(-4);

type Res<T> = Awaited<ReturnType<typeof api.request<T>>>;
const dataOf = <T>(res: Res<T>, what = ''): T => {
  if (!res.body.success) throw new Error(`${what} ${res.status} ${JSON.stringify(res.body.error)}`);
  return res.body.data;
};

let gestor: string;
let companyId: string;
let fr: Customer;
let de: Customer;
let frInvoice: Invoice;

const call = <T>(
  method: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => api.request<T>(method, path, { token: gestor, companyId, ...opts });

const models = () => `/api/v1/tax/companies/${companyId}/models`;
const preview = async (modelType: string, period: string) =>
  dataOf(
    await call<ModelPreview>('GET', `${models()}/${modelType}/preview`, { query: { year: '2026', period } }),
    `${modelType} ${period}`,
  );

const download = (method: string, path: string, query: Record<string, string> = {}) => {
  const url = new URL(path, cloud.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return fetch(url, { method, headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId } });
};

const line = (description: string, unitPriceCents: number, vatRateBp: number) => ({
  description,
  quantity: 1,
  unitPriceCents,
  vatRateBp,
});

/** A draft F1 (POST invoices) to a stored customer or one written on it, then its confirmation. */
async function issue(
  invoiceDate: string,
  customer: { customerId: string } | { customer: Record<string, string> },
  invoiceLines: unknown[],
): Promise<Invoice> {
  const draft = dataOf(
    await call<Invoice>('POST', '/api/v1/invoices', {
      body: { invoiceType: 'F1', invoiceDate, ...customer, invoiceLines },
    }),
    `draft ${invoiceDate}`,
  );
  return dataOf(
    await call<Invoice>('POST', `/api/v1/invoices/${draft.invoiceId}/confirm`),
    `confirm ${invoiceDate}`,
  );
}

async function consumer(name: string, country: string, passport: string, street: string, postalCode: string) {
  return dataOf(
    await call<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `${name} ${run}`,
        taxId: { type: 'PASSPORT', value: `${passport}${run}`, country },
        address: { street, postalCode, city: country === 'FR' ? 'Paris' : 'Berlin', country },
        vatTreatment: 'OSS',
      },
    }),
    `customer ${country}`,
  );
}

beforeAll(async () => {
  gestor = await api.login('gestor@cuadra.test');
  const n = (Date.now() * 31 + Math.floor(Math.random() * 1_000_000)) % 100_000_000;
  const nif = `${String(n).padStart(8, '0')}${dniLetter(n)}`;
  companyId = dataOf(
    await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `Diseño OSS ${run}`,
        nif,
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
  await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
  dataOf(
    await call('POST', `/api/v1/companies/${companyId}/tax-profile`, {
      body: { facts: { ossRegistered: true }, taxYear: 2026 },
    }),
    'tax profile',
  );
  dataOf(
    await call('POST', '/api/v1/invoice-series', {
      body: { code: `O${run}`, description: 'OSS', purpose: 'ORDINARY', isDefault: true },
    }),
    'series',
  );
  fr = await consumer('Camille Martin', 'FR', 'FR', '12 rue de Rivoli', '75001');
  de = await consumer('Jonas Weber', 'DE', 'DE', 'Hauptstrasse 1', '10115');

  // France: 100,00 € at 20 % (20,00 €) and 20,00 € at 5,5 % (1,10 €).
  frInvoice = await issue('2026-01-20', { customerId: fr.customerId }, [
    line('Plantilla web', 10_000, 2000),
    line('Libro electrónico', 2_000, 550),
  ]);
  // France again: 50,00 € at 20 % (10,00 €). Germany: 80,00 € at 19 % (15,20 €).
  await issue('2026-02-11', { customerId: fr.customerId }, [line('Logotipo', 5_000, 2000)]);
  await issue('2026-03-05', { customerId: de.customerId }, [line('Maquetación', 8_000, 1900)]);
  // A Spanish business: 300,00 € at 21 % (63,00 €), in the 303's rate boxes as ever.
  await issue(
    '2026-03-06',
    {
      customer: {
        nif: 'B12345674',
        name: 'Imprenta Levante SL',
        address: 'Calle Mayor 1',
        postalCode: '46001',
        city: 'Valencia',
      },
    },
    [line('Diseño de catálogo', 30_000, 2100)],
  );
}, 120_000);

describe('OSS: invoices to EU consumers charge the VAT of their member state', () => {
  it('the invoice to a French consumer charges 20 % and 5,5 %, not Spanish VAT', () => {
    expect(frInvoice.breakdown).toEqual([
      {
        operation: 'N2',
        vatRateBp: 2000,
        recargoRateBp: 0,
        ossCountry: 'FR',
        baseCents: 10_000,
        vatCents: 2000,
        recargoCents: 0,
      },
      {
        operation: 'N2',
        vatRateBp: 550,
        recargoRateBp: 0,
        ossCountry: 'FR',
        baseCents: 2000,
        vatCents: 110,
        recargoCents: 0,
      },
    ]);
    // 120,00 + 21,10 = 141,10 €.
    expect(frInvoice.totals).toMatchObject({ baseCents: 12_000, vatCents: 2110, totalCents: 14_110 });
    expect(frInvoice.invoiceLines.map((l) => [l.operation, l.ossCountry])).toEqual([
      ['N2', 'FR'],
      ['N2', 'FR'],
    ]);
  });

  it('refuses a Spanish rate for a French consumer', async () => {
    const res = await call('POST', '/api/v1/invoices', {
      body: {
        invoiceType: 'F1',
        invoiceDate: '2026-03-10',
        customerId: fr.customerId,
        invoiceLines: [line('X', 100, 2100)],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.success ? null : res.body.error).toMatchObject({
      code: 'CORE_004',
      field: 'invoiceLines.0.vatRateBp',
    });
  });

  it('the calendar owes the 369 every quarter, due the last day of the next month, never moved', async () => {
    const calendar = dataOf(
      await call<{ obligations: { modelType: string; period: string; dueDate: string }[] }>(
        'GET',
        `/api/v1/tax/companies/${companyId}/calendar`,
        { query: { year: '2026' } },
      ),
      'calendar',
    );
    const oss = calendar.obligations.filter((o) => o.modelType === '369').map((o) => [o.period, o.dueDate]);
    // 31 October 2026 is a Saturday: the 369 does not move.
    expect(oss).toEqual([
      ['1T', '2026-04-30'],
      ['2T', '2026-07-31'],
      ['3T', '2026-10-31'],
      ['4T', '2027-01-31'],
    ]);
  });

  it('the 369 of 1T 2026 per member state and rate, and its total', async () => {
    const p = await preview('369', '1T');
    expect(p.records.map((r) => [r.country, r.vatRateBp, r.key, r.baseCents, r.amountCents])).toEqual([
      ['DE', 1900, 'S', 8000, 1520], // 80,00 × 19 %
      ['FR', 2000, 'S', 15_000, 3000], // (100,00 + 50,00) × 20 %
      ['FR', 550, 'R', 2000, 110], // 20,00 × 5,5 %
    ]);
    expect(p.boxes).toMatchObject({
      'FR.base': 17_000,
      'FR.vat': 3110,
      'FR.total': 3110,
      'DE.base': 8000,
      'DE.total': 1520,
      'IT.total': 0,
      total: 4630, // 31,10 + 15,20
    });
    expect(p.result).toEqual({ type: 'I', amountCents: 4630 });
    expect(p.issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
  });

  it('the 303 of 1T 2026 declares the OSS sales in [123]; only the Spanish sale accrues VAT here', async () => {
    const p = await preview('303', '1T');
    expect(p.boxes['123']).toBe(25_000); // 120,00 + 50,00 + 80,00
    expect(p.boxes['124']).toBe(0);
    expect(p.boxes['59']).toBe(0);
    expect(p.boxes['120']).toBe(0);
    expect(p.boxes['07']).toBe(30_000);
    expect(p.boxes['09']).toBe(6300);
    // The foreign VAT (46,30 €) is not the 303's: [27] is the Spanish sale's 63,00 € alone.
    expect(p.boxes['27']).toBe(6300);
    expect(p.result.amountCents).toBe(6300);
    expect(p.sources['123']?.every((k) => /^ISSUED:N2\|\d+\|0\|EU\|0\|G\|(FR|DE)$/.test(k))).toBe(true);
  });

  it('the VeriFacTu record carries ClaveRegimen 17 and N2, valid against the XSD', async () => {
    let xml = '';
    for (let i = 0; i < 40 && !xml; i++) {
      const res = await download('GET', `/api/v1/verifactu/invoices/${frInvoice.invoiceId}/record`, {
        format: 'xml',
      });
      if (res.status === 200) xml = await res.text();
      else await new Promise((r) => setTimeout(r, 500));
    }
    expect(xml).not.toBe('');
    expect(xml).toContain('<sf:ClaveRegimen>17</sf:ClaveRegimen>');
    expect(xml).toContain('<sf:CalificacionOperacion>N2</sf:CalificacionOperacion>');
    expect(xml).not.toContain('<sf:CuotaRepercutida>');
    const validation = await validateXml(xml.replace(/^<\?xml[^>]*>\s*/, ''), 'SuministroLR');
    expect(validation.errors).toEqual([]);
  }, 60_000);

  it('exports the 369 lines as CSV; there is no AEAT file', async () => {
    const csv = await download('POST', `${models()}/369/export`, {
      format: 'CSV',
      year: '2026',
      period: '1T',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    const rows = text
      .trim()
      .split('\r\n')
      .map((r) => r.split(';'));
    expect(rows.slice(1, 4).map((r) => [r[2], r[3], r[5], r[6]])).toEqual([
      ['DE', '19,00', '80,00', '15,20'],
      ['FR', '20,00', '150,00', '30,00'],
      ['FR', '5,50', '20,00', '1,10'],
    ]);
    expect(rows.at(-1)?.[6]).toBe('46,30');
    const aeat = await download('POST', `${models()}/369/export`, {
      format: 'AEAT',
      year: '2026',
      period: '1T',
    });
    expect(aeat.status).toBe(422);
    expect((await aeat.json()).error).toMatchObject({ code: 'TAX_023', details: { reason: 'NO_AEAT_FILE' } });
  });
});
