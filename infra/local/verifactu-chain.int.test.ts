/**
 * The VeriFacTu hash chain against the local cloud (issue 5, items 1, 2 and 9): 50 concurrent
 * confirmations of one issuer (create-and-confirm and confirmation of drafts, two series) give one
 * unbroken chain with exactly one registro de alta per invoice; cancelling an invoice appends a
 * registro de anulación chained to the last record; a company in the SII gets no records. Works
 * on fresh companies created by the demo gestor through the API, so every run starts a new chain.
 * The SL configures VeriFacTu (VERI*FACTU mode, test environment, the local AEAT simulator) before
 * it confirms, as it must from 1 January 2027 (RD 1007/2023; shared/fiscal/verifactu-obligation.ts),
 * so the test holds whatever the date; the SII company is outside RD 1007/2023 and needs none.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listChainPage, readChainHead, recordsOfInvoice } from '@functions/lib/verifactu-chain';
import { cifControl } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  ChainVerification,
  RegistroAltaFields,
  RegistroAnulacionFields,
  VerifactuRecord,
} from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const table = cloud.env.TABLE_NAME!;
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);

const run = Date.now().toString(36).toUpperCase().slice(-4);
/** A valid CIF of an SL that no other run uses (7 digits from the clock and a random part). */
const freshCif = () => {
  const seven = String((Date.now() * 7 + Math.floor(Math.random() * 1e6)) % 10_000_000).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const TODAY = new Date().toISOString().slice(0, 10);
const address = {
  street: 'Calle Mayor 1',
  postalCode: '46001',
  city: 'Valencia',
  province: 'Valencia',
  country: 'ES',
};

type Body = Record<string, unknown>;

describe('VeriFacTu chain (local cloud)', () => {
  let gestor: string;

  const call = async <T>(
    companyId: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId, ...opts });
  const ok = async <T>(
    companyId: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await call<T>(companyId, method, path, opts);
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  /**
   * A fresh company of the demo gestor with one customer and two series; outside the SII it
   * configures VeriFacTu first, so it may confirm whatever the date.
   */
  async function freshCompany(name: string, siiEnabled: boolean) {
    const company = await ok<{ companyId: string; nif: string }>('', 'POST', '/api/v1/companies', {
      body: { name, nif: freshCif(), companyType: 'SL', address, siiEnabled },
    });
    const id = company.companyId;
    if (!siiEnabled) {
      await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId: id });
    }
    const customer = await ok<Customer>(id, 'POST', '/api/v1/customers', {
      body: { name: `Cliente Cadena ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    const series: InvoiceSeriesView[] = [];
    for (const code of [`A${run}`, `B${run}`]) {
      series.push(
        await ok<InvoiceSeriesView>(id, 'POST', '/api/v1/invoice-series', {
          body: { code, description: `Cadena ${run}`, isDefault: false },
        }),
      );
    }
    return { id, nif: company.nif, customer, series };
  }

  const invoiceBody = (customerId: string, cents: number): Body => ({
    invoiceType: 'F1',
    invoiceDate: TODAY,
    customerId,
    invoiceLines: [{ description: 'Servicio', quantity: 1, unitPriceCents: cents, vatRateBp: 2100 }],
  });

  const verification = (companyId: string) =>
    ok<ChainVerification>(companyId, 'GET', '/api/v1/verifactu/chain/verification');

  const allRecords = async (companyId: string): Promise<VerifactuRecord[]> => {
    const out: VerifactuRecord[] = [];
    let after = 0;
    for (;;) {
      const page = await listChainPage(db, table, companyId, after, 100);
      out.push(...page.records);
      if (page.nextAfterSeq === null) return out;
      after = page.nextAfterSeq;
    }
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
  });

  it('50 concurrent confirmations give one unbroken chain, one alta per invoice; a cancellation appends an anulación', async () => {
    const co = await freshCompany(`Cadena VeriFacTu ${run} SL`, false);
    // 20 drafts (10 per series) confirmed concurrently with 30 create-and-confirm calls (15 per series).
    const drafts: Invoice[] = [];
    for (let i = 0; i < 20; i++) {
      drafts.push(
        await ok<Invoice>(co.id, 'POST', '/api/v1/invoices', {
          query: { series: co.series[i % 2]!.seriesId },
          body: invoiceBody(co.customer.customerId, 10_000 + i),
        }),
      );
    }
    const started = Date.now();
    const results = await Promise.all([
      ...drafts.map((d) => call<Invoice>(co.id, 'POST', `/api/v1/invoices/${d.invoiceId}/confirm`)),
      ...Array.from({ length: 30 }, (_, i) =>
        call<Invoice>(co.id, 'POST', '/api/v1/invoices/create-and-confirm', {
          query: { series: co.series[i % 2]!.seriesId },
          body: invoiceBody(co.customer.customerId, 20_000 + i),
        }),
      ),
    ]);
    const elapsed = Date.now() - started;
    for (const r of results) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const invoices = results.map((r) => (r.body.success ? r.body.data : (null as never)));
    console.info(`verifactu-chain: 50 concurrent confirmations in ${elapsed} ms`);

    // Gap-free numbering per series still holds.
    for (const s of co.series) {
      const numbers = invoices.filter((i) => i.seriesId === s.seriesId).map((i) => i.number!);
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    }

    const v = await verification(co.id);
    expect(v).toMatchObject({ records: 50, breaks: [], headSeq: 50 });

    // Every invoice has exactly one record, and the records name exactly the confirmed numbers.
    const records = await allRecords(co.id);
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const numbers = records.map((r) => (r.fields as RegistroAltaFields).IDFactura.NumSerieFactura).sort();
    expect(numbers).toEqual(invoices.map((i) => i.invoiceNumber!).sort());
    expect(new Set(records.map((r) => r.invoiceId))).toEqual(new Set(invoices.map((i) => i.invoiceId)));
    expect(
      records.every(
        (r) => r.kind === 'ALTA' && (r.fields as RegistroAltaFields).IDFactura.IDEmisorFactura === co.nif,
      ),
    ).toBe(true);
    expect(records[0]!.fields.Encadenamiento).toEqual({ PrimerRegistro: 'S' });
    // Generation timestamps never go backwards along the chain.
    const instants = records.map((r) => Date.parse(r.fields.FechaHoraHusoGenRegistro));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));

    // Cancel one invoice (it should never have existed): a registro de anulación chained to seq 50.
    const target = invoices[7]!;
    await ok(co.id, 'POST', `/api/v1/invoices/${target.invoiceId}/cancel`, {
      body: { reason: 'Emitida por error, duplicada' },
    });
    const after = await verification(co.id);
    expect(after).toMatchObject({ records: 51, breaks: [], headSeq: 51 });
    const [alta, anulacion, ...more] = await recordsOfInvoice(db, table, co.id, target.invoiceId);
    expect(more).toHaveLength(0);
    expect(anulacion).toMatchObject({ seq: 51, kind: 'ANULACION', operation: 'ANULACION', previousSeq: 50 });
    const f = anulacion!.fields as RegistroAnulacionFields;
    expect(f.IDFactura).toEqual({
      IDEmisorFacturaAnulada: co.nif,
      NumSerieFacturaAnulada: target.invoiceNumber,
      FechaExpedicionFacturaAnulada: (alta!.fields as RegistroAltaFields).IDFactura.FechaExpedicionFactura,
    });
    const last = (await allRecords(co.id)).at(-2)!;
    expect(f.Encadenamiento).toEqual({
      RegistroAnterior: { ...(last.fields as RegistroAltaFields).IDFactura, Huella: last.huella },
    });
    expect((await readChainHead(db, table, co.id))!.huella).toBe(anulacion!.huella);
  }, 120_000);

  it('gives no records to a company in the SII (outside RD 1007/2023)', async () => {
    const co = await freshCompany(`SII Cadena ${run} SA`, true);
    const inv = await ok<Invoice>(co.id, 'POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: co.series[0]!.seriesId },
      body: invoiceBody(co.customer.customerId, 50_000),
    });
    expect(inv.siiStatus).toBe('NOT_SENT');
    await ok(co.id, 'POST', `/api/v1/invoices/${inv.invoiceId}/cancel`, {
      body: { reason: 'Emitida por error' },
    });
    expect(await recordsOfInvoice(db, table, co.id, inv.invoiceId)).toEqual([]);
    expect(await verification(co.id)).toMatchObject({ records: 0, breaks: [], headSeq: null });
  });
});
