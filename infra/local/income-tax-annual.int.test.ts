/**
 * The rest of issue 15 against the local cloud, over real HTTP through the local gateway:
 * - an SL that pays a professional (PROFESSIONAL G01, 15 %) and rents its office (RENT, 19 %) every
 *   quarter of 2025, its received invoices entered through the API and its four 111s and 115s generated;
 *   then the 190 and the 180 of 2025 previewed: their totals equal the sums of those 111s and 115s, to
 *   the cent; both generated, exported as BOE records (500 positions and CRLF, read back with the
 *   design's own layout) and the 190 filed through the local AEAT simulator;
 * - the SL's 202 of 1P by art. 40.2 LIS (18 % of the last return's base), read back from its file;
 * - an autónomo in estimación objetiva (módulos): its 131 of 2T with two activities (generate, then PUT)
 *   and filed through the simulator; the 131 entries the definition refuses (400 CORE_004);
 * - that autónomo's annual returns' checklists of 2025: the 100 applies, the 200 does not, its 131 is an
 *   instalment of the 100's list; the PDF of the 100's checklist.
 *
 * By hand — professional: 1.000,00 + 1.500,00 + 2.000,00 + 2.500,00 = 7.000,00 € at 15 % = 1.050,00 €;
 * landlord: 4 × 800,00 = 3.200,00 € at 19 % = 608,00 €. 131 2T: activity 6511 (1 unit × 12.000,00 €, no
 * employees, 2 %) 240,00 + activity 6531 (2 × 9.000,00 € − 1.000,00 €, one employee, 3 %) 510,00 = 750,00 €.
 * 202 1P: 18 % × 20.000,00 € = 3.600,00 €.
 */

import type { AnnualChecklist } from '@shared/fiscal/annual-checklists';
import { parseFixedWidth } from '@shared/fiscal/models/aeat-file';
import { design180 } from '@shared/fiscal/models/model-180';
import { design190v2025 } from '@shared/fiscal/models/model-190';
import { design202v2025 } from '@shared/fiscal/models/model-202';
import type { PageLayout } from '@shared/fiscal/models/types';
import { cifControl, dniLetter } from '@shared/fiscal/nif';
import type {
  AnnualReturnsView,
  ModelPreview,
  SubmissionView,
  TaxModelView,
} from '@shared/schemas/tax-models';
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

const noise = () => Date.now() * 37 + Math.floor(Math.random() * 1_000_000);
const seven = String(noise() % 10_000_000).padStart(7, '0');
const SL_NIF = `B${seven}${cifControl(seven).digit}`;
const dniNumber = (noise() * 13) % 100_000_000;
const AUTONOMO_NIF = `${String(dniNumber).padStart(8, '0')}${dniLetter(dniNumber)}`;
const PROFESSIONAL = { taxId: '22222222J', name: 'Diseñadora Autónoma' };
const LANDLORD = { taxId: '11111111H', name: 'Arrendador Particular' };

let gestor: string;
let sl: string;
let autonomo: string;

const as = <T>(
  companyId: string,
  method: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string> } = {},
) => api.request<T>(method, path, { token: gestor, companyId, ...opts });
const models = (companyId: string) => `/api/v1/tax/companies/${companyId}/models`;

/** A download (file or PDF) of a route, with its headers. */
async function download(companyId: string, method: string, path: string, query: Record<string, string>) {
  const url = new URL(path, cloud.url);
  url.search = new URLSearchParams(query).toString();
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function createCompany(
  name: string,
  nif: string,
  companyType: 'SL' | 'AUTONOMO',
  facts: Record<string, unknown>,
) {
  const { companyId } = dataOf(
    await api.request<{ companyId: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name,
        nif,
        companyType,
        address: {
          street: 'Calle de la Paz 14',
          postalCode: '46003',
          city: 'Valencia',
          province: 'Valencia',
          country: 'ES',
        },
        siiEnabled: false,
      },
    }),
    'company',
  );
  // The company's certificate of the local test CA files its models at the simulator.
  await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
  dataOf(
    await as(companyId, 'POST', `/api/v1/companies/${companyId}/tax-profile`, {
      body: { facts, taxYear: 2025 },
    }),
    'tax profile',
  );
  return companyId;
}

/** A BOE file's records, each read with its design's layout (type 1, then type 2). */
function boeRecords(bytes: Buffer, pages: readonly PageLayout[]) {
  const text = bytes.toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.split('\r\n').filter(Boolean);
  for (const l of lines) expect(l.length).toBe(500);
  const read = (line: string, page: string) =>
    Object.fromEntries(
      parseFixedWidth(line, pages.find((p) => p.page === page)!).map((f) => [f.source, f.value]),
    );
  return { declarant: read(lines[0]!, '1'), recipients: lines.slice(1).map((l) => read(l, '2')) };
}

describe('income-tax annual models and checklists (local cloud)', () => {
  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    sl = await createCompany(`Consultora Norte ${run} SL`, SL_NIF, 'SL', {
      paysProfessionals: true,
      rentsPremises: true,
    });
    autonomo = await createCompany(`Pepe ${run} Martínez Gil`, AUTONOMO_NIF, 'AUTONOMO', {
      irpfMethod: 'MODULOS',
    });

    const days = ['02-10', '05-12', '08-11', '11-10'];
    for (const [q, day] of days.entries()) {
      const received: [string, { taxId: string; name: string }, number, Record<string, unknown>][] = [
        [
          `DIS-${q + 1}`,
          PROFESSIONAL,
          100_000 + q * 50_000,
          { irpfRateBp: 1500, withholdingKind: 'PROFESSIONAL', withholdingKey: 'G01' },
        ],
        [`ALQ-${q + 1}`, LANDLORD, 80_000, { irpfRateBp: 1900, withholdingKind: 'RENT' }],
      ];
      for (const [number, supplier, base, extra] of received) {
        dataOf(
          await as(sl, 'POST', '/api/v1/received-invoices', {
            body: {
              supplier,
              supplierInvoiceNumber: `${number}-${run}`,
              issueDate: `2025-${day}`,
              lines: [{ description: number, quantity: 1, unitPriceCents: base, vatRateBp: 2100 }],
              ...extra,
            },
          }),
          `received ${number}`,
        );
      }
    }
    for (const period of ['1T', '2T', '3T', '4T']) {
      for (const modelType of ['111', '115']) {
        const gen = await as<TaxModelView>(sl, 'POST', `${models(sl)}/${modelType}/generate`, {
          body: { year: 2025, period },
        });
        expect(gen.status, `${modelType} ${period}`).toBe(201);
      }
    }
  }, 240_000);

  it('previews the 190 and the 180 whose totals equal the sums of the year’s 111s and 115s', async () => {
    const stored = dataOf(
      await as<{ content: TaxModelView[] }>(sl, 'GET', models(sl), { query: { year: '2025', size: '100' } }),
      'list',
    ).content;
    const sum = (modelType: string, box: string) =>
      stored.filter((m) => m.modelType === modelType).reduce((s, m) => s + (m.boxes[box] ?? 0), 0);
    expect(stored.filter((m) => m.modelType === '111')).toHaveLength(4);
    // The 111's activities block: [08] base, [09] withheld; the 115's [02] and [03].
    expect([sum('111', '08'), sum('111', '09')]).toEqual([700_000, 105_000]);
    expect([sum('115', '02'), sum('115', '03')]).toEqual([320_000, 60_800]);

    const m190 = dataOf(
      await as<ModelPreview>(sl, 'GET', `${models(sl)}/190/preview`, {
        query: { year: '2025', period: '0A' },
      }),
      '190',
    );
    expect(m190.boxes).toEqual({ '01': 1, '02': sum('111', '08'), '03': sum('111', '09') });
    expect(m190.records).toEqual([
      expect.objectContaining({
        taxId: PROFESSIONAL.taxId,
        key: 'G',
        subkey: '01',
        amountCents: 700_000,
        withholdingCents: 105_000,
      }),
    ]);
    expect(m190.issues.map((i) => i.code)).not.toContain('SUM_111');

    const m180 = dataOf(
      await as<ModelPreview>(sl, 'GET', `${models(sl)}/180/preview`, {
        query: { year: '2025', period: '0A' },
      }),
      '180',
    );
    expect(m180.boxes).toEqual({ '01': 1, '02': sum('115', '02'), '03': sum('115', '03') });
    expect(m180.issues.map((i) => i.code)).not.toContain('SUM_115');
  });

  it('exports the 190 and the 180 as BOE records and files the 190 through the simulator', async () => {
    for (const modelType of ['190', '180']) {
      const gen = await as<TaxModelView>(sl, 'POST', `${models(sl)}/${modelType}/generate`, {
        body: { year: 2025, period: '0A' },
      });
      expect(gen.status, modelType).toBe(201);
    }
    const f190 = await download(sl, 'POST', `${models(sl)}/190/export`, {
      format: 'AEAT',
      year: '2025',
      period: '0A',
    });
    expect(f190.res.status).toBe(200);
    expect(f190.res.headers.get('content-disposition')).toBe(
      `attachment; filename="190_2025_0A_${SL_NIF}.txt"`,
    );
    const r190 = boeRecords(f190.bytes, design190v2025.pages);
    expect(r190.declarant).toMatchObject({
      'value:year': 2025,
      'value:nif': SL_NIF,
      'box:01': 1,
      'box:02': 700_000,
      'box:03': 105_000,
    });
    expect(r190.recipients).toEqual([
      expect.objectContaining({
        'record:taxId': PROFESSIONAL.taxId,
        'record:key': 'G',
        'record:subkey': 1,
        'record:amountCents': 700_000,
        'record:withholdingCents': 105_000,
      }),
    ]);

    const f180 = await download(sl, 'POST', `${models(sl)}/180/export`, {
      format: 'AEAT',
      year: '2025',
      period: '0A',
    });
    const r180 = boeRecords(f180.bytes, design180.pages);
    expect(r180.declarant).toMatchObject({ 'box:01': 1, 'box:02': 320_000, 'box:03': 60_800 });
    expect(r180.recipients).toEqual([
      expect.objectContaining({
        'record:taxId': LANDLORD.taxId,
        'record:amountCents': 320_000,
        'record:withholdingRateBp': 1900,
        'record:withholdingCents': 60_800,
      }),
    ]);

    const filed = dataOf(
      await as<SubmissionView>(sl, 'POST', `${models(sl)}/190/2025-190-0A/submit`, {
        body: { mode: 'CERTIFICATE' },
      }),
      'submit 190',
    );
    expect(filed).toMatchObject({ modelType: '190', period: '0A', state: 'ACCEPTED' });
  });

  it('generates the SL’s 202 of 1P by art. 40.2 LIS and writes its "<T" file', async () => {
    const gen = await as<TaxModelView>(sl, 'POST', `${models(sl)}/202/generate`, {
      body: {
        year: 2025,
        period: '1P',
        adjustments: { instalment202: { method: '40.2', lastReturnBaseCents: 2_000_000 } },
      },
    });
    expect(gen.status).toBe(201);
    expect(dataOf(gen)).toMatchObject({
      modelId: '2025-202-1P',
      boxes: { '01': 2_000_000, '03': 360_000 },
      result: { type: 'I', amountCents: 360_000 },
    });
    const file = await download(sl, 'POST', `${models(sl)}/202/export`, {
      format: 'AEAT',
      year: '2025',
      period: '1P',
    });
    const text = file.bytes.toString('latin1');
    expect(text.slice(0, 17)).toBe('<T202020251P0000>');
    const page = text.slice(text.indexOf('<T20201000>'), text.indexOf('</T20201000>') + 12);
    expect(page.length).toBe(700);
    const fields = Object.fromEntries(
      parseFixedWidth(page, design202v2025.pages[0]!).map((f) => [f.source, f.value]),
    );
    expect(fields).toMatchObject({
      'value:nif': SL_NIF,
      'value:period': '1P',
      'value:taxPeriodStart': '01012025',
      'value:modality': 'A',
      'box:01': 2_000_000,
      'box:03': 360_000,
    });
  });

  it('generates the autónomo’s 131 with two activities, adjusts it by PUT and files it', async () => {
    const activities = [
      { activityCode: '6511', moduleUnits: 1, unitValue: 1_200_000, deductions: 0, employees: 0 },
      { activityCode: '6531', moduleUnits: 2, unitValue: 900_000, deductions: 100_000, employees: 1 },
    ];
    const refused = await as(autonomo, 'POST', `${models(autonomo)}/131/generate`, {
      body: {
        year: 2025,
        quarter: 2,
        adjustments: { modulesData: [{ ...activities[0], activityCode: '65111' }] },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'CORE_004',
      message: 'El epígrafe IAE de la actividad 1 debe tener entre 1 y 4 caracteres.',
    });
    const gen = await as<TaxModelView>(autonomo, 'POST', `${models(autonomo)}/131/generate`, {
      body: { year: 2025, quarter: 2, adjustments: { modulesData: [activities[0]] } },
    });
    expect(gen.status).toBe(201);
    expect(dataOf(gen).boxes).toMatchObject({ RN1: 1_200_000, PA1: 200, RP1: 24_000, '15': 24_000 });
    const put = dataOf(
      await as<TaxModelView>(autonomo, 'PUT', `${models(autonomo)}/131/2025-131-2T`, {
        body: { modulesData: activities },
      }),
      'PUT 131',
    );
    expect(put.boxes).toMatchObject({
      RN2: 1_700_000,
      PA2: 300,
      RP2: 51_000,
      '01': 2_900_000,
      '02': 75_000,
      '15': 75_000,
    });
    expect(put.result).toEqual({ type: 'I', amountCents: 75_000 });
    const filed = dataOf(
      await as<SubmissionView>(autonomo, 'POST', `${models(autonomo)}/131/2025-131-2T/submit`, {
        body: { mode: 'CERTIFICATE' },
      }),
      'submit 131',
    );
    expect(filed).toMatchObject({ modelType: '131', period: '2T', state: 'ACCEPTED' });
  });

  it('lists the autónomo’s annual returns of 2025 (the 100 applies, the 200 does not) and renders a PDF', async () => {
    const path = `/api/v1/tax/companies/${autonomo}/annual-returns`;
    const view = dataOf(
      await as<AnnualReturnsView>(autonomo, 'GET', path, { query: { year: '2025' } }),
      'list',
    );
    expect(view.year).toBe(2025);
    const by = Object.fromEntries(view.items.map((c) => [c.modelType, c]));
    expect(view.items.map((c) => c.modelType)).toEqual(['100', '200', '036', '369', '720']);
    expect(by['100']).toMatchObject({ applies: true, dueDate: '2026-06-30' });
    expect(by['200']).toMatchObject({ applies: false });
    // Its 131 of 2T is one of the 100's instalments (filed above).
    expect(by['100']!.items.find((i) => i.id === 'instalment-131-2T')).toMatchObject({
      status: 'KNOWN',
      amountCents: 75_000,
      detail: 'Presentado',
    });
    expect(by['100']!.items.find((i) => i.id === 'instalments-131')).toMatchObject({ amountCents: 75_000 });

    const one = dataOf(
      await as<AnnualChecklist>(autonomo, 'GET', `${path}/200`, { query: { year: '2025' } }),
      '200',
    );
    expect(one).toMatchObject({ modelType: '200', applies: false });
    const missing = await as(autonomo, 'GET', `${path}/303`, { query: { year: '2025' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe('CORE_006');

    const pdf = await download(autonomo, 'GET', `${path}/100/pdf`, { year: '2025' });
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
