/**
 * The VeriFacTu submissions API against the local cloud (issue 5, item 8): on a fresh SL of the
 * demo gestor (created through the API, so every run starts a new chain), the dashboard warns
 * 'VeriFacTu no configurado' before any configuration, with the reason and when VeriFacTu becomes
 * (or became) mandatory for it. The company then configures VeriFacTu (VERI*FACTU mode, test
 * environment, the local AEAT simulator) before it confirms, as it must from 1 January 2027
 * (RD 1007/2023; shared/fiscal/verifactu-obligation.ts), so the test holds whatever the date. Its
 * confirmed invoices show in the submissions list and detail with nothing holding them back, the
 * invoice status carries the QR URL and the VERI*FACTU legend (issue 10 item 3), the record
 * downloads as a complete RegFactuSistemaFacturacion valid against the official XSD, the export is an
 * xlsx with the Spanish headers, and neither a CLIENTE without VIEW_TAX_DOCUMENTS nor another firm's
 * gestor gets in. Last, with the configuration disabled the dashboard warns again and submitting is
 * 409 'VeriFacTu no está configurado para esta empresa.'. (The QR of a record that is not really
 * sent: verifactu-qr.int.test.ts.)
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { readXlsx } from '@functions/lib/spreadsheets';
import { validateXml } from '@functions/lib/verifactu-xml';
import type { Page } from '@shared/api/envelope';
import { membershipItem } from '@shared/db/records';
import { cifControl } from '@shared/fiscal/nif';
import {
  mandatoryNotice,
  mandatoryRefusal,
  verifactuObligationOf,
} from '@shared/fiscal/verifactu-obligation';
import { formatAeatDate, formatAmount, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type {
  InvoiceVerifactuStatus,
  SubmissionDetail,
  SubmissionView,
  VerifactuDashboard,
  VerifactuSubmission,
  VerifactuUsage,
} from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localClientConfig } from './aws';
import { configureVerifactuThroughApi } from './seed-verifactu';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient(localClientConfig(cloud.env.AWS_ENDPOINT_URL_DYNAMODB!)),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);

const run = Date.now().toString(36).toUpperCase().slice(-4);
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

const subOfToken = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

const NOT_CONFIGURED_REASON =
  'VeriFacTu no configurado: la empresa no tiene certificado ni representación de su gestoría para enviar los registros a la AEAT.';
const DISABLED_REASON =
  'VeriFacTu está desactivado en la configuración de la empresa: los registros no se envían.';
/** A state every record of a configured company may be in while the sender works. */
const SENDING_STATES = ['QUEUED', 'SENT', 'VERIFIED'];

/** What the dashboard says today about when VeriFacTu is mandatory for an SL outside the SII. */
function obligationOfAnSlToday() {
  const obligation = verifactuObligationOf({ companyType: 'SL', siiEnabled: false }, new Date());
  const sentence = (obligation.mandatory ? mandatoryRefusal : mandatoryNotice)(obligation.mandatoryFrom!);
  return { obligation, sentence };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('VeriFacTu submissions API (local cloud)', () => {
  let gestor: string;
  let gestor2: string;
  let cliente: string;
  let companyId: string;
  let nif: string;
  let dashboardBeforeConfig: VerifactuDashboard;
  const invoices: Invoice[] = [];

  /** The AEAT validation URL of one of the company's invoices (test environment, VERI*FACTU mode). */
  const qrUrlOf = (invoice: Invoice): string =>
    verifactuQrUrl({
      nif,
      numSerie: invoice.invoiceNumber!,
      fecha: formatAeatDate(invoice.invoiceDate),
      importe: formatAmount(invoice.totals.totalCents),
      mode: 'VERIFACTU',
      environment: 'TEST',
    });

  const call = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId, ...opts });
  const ok = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await call<T>(method, path, opts);
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const download = (path: string, query: Record<string, string> = {}) => {
    const url = new URL(path, cloud.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return fetch(url, { headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId } });
  };

  beforeAll(async () => {
    [gestor, gestor2, cliente] = await Promise.all([
      api.login('gestor@cuadra.test'),
      api.login('gestor2@cuadra.test'),
      api.login('cliente@cuadra.test'),
    ]);
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `VeriFacTu API ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address,
        siiEnabled: false,
      },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data.companyId;
    nif = company.body.data.nif;
    dashboardBeforeConfig = await ok<VerifactuDashboard>('GET', `/api/v1/verifactu/dashboard/${companyId}`);
    await configureVerifactuThroughApi(cloud, { email: 'gestor@cuadra.test', companyId });
    const customer = await ok<Customer>('POST', '/api/v1/customers', {
      body: { name: `Cliente API ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    await ok('POST', '/api/v1/invoice-series', {
      body: { code: `V${run}`, description: `VeriFacTu API ${run}`, isDefault: true },
    });
    for (const cents of [10_000, 25_050]) {
      invoices.push(
        await ok<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
          body: {
            invoiceType: 'F1',
            invoiceDate: TODAY,
            customerId: customer.customerId,
            invoiceLines: [
              { description: 'Mantenimiento', quantity: 1, unitPriceCents: cents, vatRateBp: 2100 },
            ],
          },
        }),
      );
    }
    // The demo CLIENTE user becomes a client of this company WITHOUT VIEW_TAX_DOCUMENTS.
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
          firstName: 'Cliente',
          lastName: 'Demo',
          createdAt: at,
          updatedAt: at,
        }),
      }),
    );
  }, 60_000);

  it("the dashboard warns 'VeriFacTu no configurado' before a configuration exists, with when it is mandatory", () => {
    const { obligation, sentence } = obligationOfAnSlToday();
    const d = dashboardBeforeConfig;
    expect(d.configured).toBe(false);
    expect(d.sending).toEqual({
      ready: false,
      reason: { code: 'NOT_CONFIGURED', message: NOT_CONFIGURED_REASON },
    });
    expect(d.obligation).toEqual(obligation);
    expect(d.warnings).toEqual([
      {
        level: 'medium',
        message: 'VeriFacTu no configurado',
        detail: `${NOT_CONFIGURED_REASON} ${sentence}`,
      },
    ]);
  });

  it('once configured the dashboard has no configuration warning; usage counts the records', async () => {
    const d = await ok<VerifactuDashboard>('GET', `/api/v1/verifactu/dashboard/${companyId}`);
    expect(d.configured).toBe(true);
    expect(d.sending).toEqual({ ready: true, reason: null });
    expect(d.warnings.map((w) => w.message)).not.toContain('VeriFacTu no configurado');
    expect(
      d.counts.QUEUED + d.counts.SENT + d.counts.VERIFIED + d.counts.ERROR + d.counts.ACCEPTED_WITH_ERRORS,
    ).toBe(2);
    const u = await ok<VerifactuUsage>('GET', `/api/v1/verifactu/usage/${companyId}`);
    // The company was created by the demo gestor: its plan (Gestoría Professional) gives the limit.
    expect(u).toMatchObject({
      currentUsage: 2,
      planName: 'Gestoría Professional',
      limit: 10_000,
      level: 'OK',
    });
  });

  it("submitting a configured company's record sends it now, or says it already went", async () => {
    const res = await ok<{ invoiceId: string; result: string }>(
      'POST',
      `/api/v1/verifactu/invoices/${invoices[0]!.invoiceId}/submit`,
    );
    expect(res.invoiceId).toBe(invoices[0]!.invoiceId);
    expect(['QUEUED', 'ALREADY_SENT']).toContain(res.result);
  });

  it('lists the submissions newest first, none held back; one with its record and its QR URL', async () => {
    const page = await ok<Page<SubmissionView>>('GET', '/api/v1/verifactu/submissions');
    expect(page.totalElements).toBe(2);
    for (const s of page.content) {
      expect(SENDING_STATES).toContain(s.status);
      expect(s.pendingReason ?? null).toBeNull();
    }
    expect(page.content.map((s) => s.invoiceId)).toEqual([invoices[1]!.invoiceId, invoices[0]!.invoiceId]);
    const searched = await ok<Page<VerifactuSubmission>>('GET', '/api/v1/verifactu/submissions', {
      query: { search: invoices[0]!.invoiceNumber! },
    });
    expect(searched.content.map((s) => s.seq)).toEqual([1]);

    const detail = await ok<SubmissionDetail>('GET', `/api/v1/verifactu/submissions/${companyId}-1`);
    expect(detail).toMatchObject({ seq: 1, kind: 'ALTA', invoiceId: invoices[0]!.invoiceId });
    expect(detail.record.fields).toMatchObject({ IDFactura: { IDEmisorFactura: nif } });
    expect(detail.qrUrl).toBe(qrUrlOf(invoices[0]!));
    expect(detail.pendingReason ?? null).toBeNull();
    const missing = await call('GET', `/api/v1/verifactu/submissions/${companyId}-99`);
    expect(missing.status).toBe(404);
  });

  it('the invoice status of a company that sends: the QR URL and the VERI*FACTU legend, nothing pending', async () => {
    const s = await ok<InvoiceVerifactuStatus>(
      'GET',
      `/api/v1/verifactu/invoices/${invoices[1]!.invoiceId}/status`,
    );
    expect(s).toMatchObject({ applies: true, qrUrl: qrUrlOf(invoices[1]!), legend: 'VERI*FACTU' });
    expect(SENDING_STATES).toContain(s.submissionStatus);
    expect(s.records).toHaveLength(1);
    expect(s.pendingReason).toBeNull();
  });

  it('the record downloads as a RegFactuSistemaFacturacion valid against the official XSD', async () => {
    const res = await download(`/api/v1/verifactu/invoices/${invoices[0]!.invoiceId}/record`, {
      format: 'xml',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="verifactu-.+\.xml"$/);
    const xml = await res.text();
    expect(xml).toContain(`<sf:NIF>${nif}</sf:NIF>`);
    const validation = await validateXml(xml.replace(/^<\?xml[^>]*>\s*/, ''), 'SuministroLR');
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
  }, 30_000);

  it('exports EXCEL by default: an xlsx with the Spanish headers', async () => {
    const res = await download('/api/v1/verifactu/submissions/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    const rows = readXlsx(bytes).rows;
    expect(rows[0]).toEqual([
      'Nº registro',
      'Factura',
      'Fecha',
      'Tipo',
      'Operación',
      'Estado',
      'Código AEAT',
      'Mensaje AEAT',
      'CSV',
      'Importe',
      'Enviado',
    ]);
    expect(rows).toHaveLength(3);
  });

  it('a CLIENTE without VIEW_TAX_DOCUMENTS and a gestor of another firm get 403', async () => {
    const asCliente = await call('GET', '/api/v1/verifactu/submissions', { token: cliente });
    expect(asCliente.status).toBe(403);
    expect(asCliente.body.error?.code).toBe('CORE_002');
    const clienteDash = await call('GET', `/api/v1/verifactu/dashboard/${companyId}`, { token: cliente });
    expect(clienteDash.status).toBe(403);
    for (const path of ['/api/v1/verifactu/submissions', `/api/v1/verifactu/dashboard/${companyId}`]) {
      const other = await call('GET', path, { token: gestor2 });
      expect(other.status, path).toBe(403);
      expect(other.body.error?.code).toBe('CORE_003');
    }
  });

  it("with the configuration disabled the dashboard warns again and submitting is 409 'VeriFacTu no está configurado para esta empresa.'", async () => {
    await ok('PUT', `/api/v1/companies/${companyId}/verifactu-config`, { body: { enabled: false } });
    const d = await ok<VerifactuDashboard>('GET', `/api/v1/verifactu/dashboard/${companyId}`);
    expect(d.configured).toBe(false);
    expect(d.sending).toEqual({ ready: false, reason: { code: 'DISABLED', message: DISABLED_REASON } });
    // Whether a record still waits depends on how far the sender got; the reason and the date do not.
    expect(d.warnings).toContainEqual({
      level: 'medium',
      message: 'VeriFacTu no configurado',
      detail: expect.stringMatching(
        new RegExp(
          `^(\\d+ registros? esperan? su envío\\. )?${escapeRegExp(DISABLED_REASON)} ${escapeRegExp(obligationOfAnSlToday().sentence)}$`,
        ),
      ),
    });
    const res = await call('POST', `/api/v1/verifactu/invoices/${invoices[0]!.invoiceId}/submit`);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe('VeriFacTu no está configurado para esta empresa.');
  });
});
