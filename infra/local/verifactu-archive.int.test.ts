/**
 * The archive of the SOAP exchanges end to end on the local cloud and the AEAT simulator: a fresh
 * company of the demo gestor is configured through the API, one confirmed invoice travels to the
 * simulator and ends VERIFIED, and the submission's history names the archived exchange of its
 * attempt; GET /verifactu/submissions/{id}/exchange downloads the exact envelope sent (with the
 * record's Huella) and the raw answer (with the CSV the AEAT gave), from the verifactu-archive
 * bucket (s3rver locally).
 */

import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { cifControl } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { Invoice } from '@shared/schemas/invoices';
import type { CertificateView, SubmissionDetail, VerifactuSubmission } from '@shared/schemas/verifactu';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
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
const PASSWORD = 'Certificado-Prueba-1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!cloud.aeatSimulator)('VeriFacTu archive of the SOAP exchanges (local cloud)', () => {
  let gestor: string;
  let companyId: string;

  const ok = async <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await api.request<T>(method, path, { token: gestor, companyId, ...opts });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const download = (submissionId: string, query: Record<string, string>, token = gestor) => {
    const url = new URL(`/api/v1/verifactu/submissions/${submissionId}/exchange`, cloud.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-company-id': companyId } });
  };

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token: gestor,
      body: {
        name: `Archivo VeriFacTu ${run} SL`,
        nif: freshCif(),
        companyType: 'SL',
        address,
        siiEnabled: false,
      },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data.companyId;
    const nif = company.body.data.nif;
    await ok('POST', '/api/v1/invoice-series', {
      body: { code: `A${run}`, description: `Archivo ${run}`, isDefault: true },
    });
    const p12 = makeTestP12({ nif, name: `ARCHIVO VERIFACTU ${run} SL`, password: PASSWORD });
    const cert = await ok<CertificateView>('POST', `/api/v1/companies/${companyId}/certificates`, {
      body: { file: { fileName: 'empresa.p12', contentBase64: p12.toString('base64') }, password: PASSWORD },
    });
    await ok('POST', `/api/v1/companies/${companyId}/verifactu-config`, {
      body: { mode: 'VERIFACTU', environment: 'TEST', certificateId: cert.certificateId, enabled: true },
    });
  }, 60_000);

  it('keeps the exact request (with the Huella) and the raw answer (with the CSV) of the attempt', {
    timeout: 120_000,
  }, async () => {
    const customer = await ok<Customer>('POST', '/api/v1/customers', {
      body: { name: `Cliente Archivo ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    const invoice = await ok<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      body: {
        invoiceType: 'F1',
        invoiceDate: TODAY,
        customerId: customer.customerId,
        invoiceLines: [
          { description: 'Servicio de asesoría', quantity: 1, unitPriceCents: 25_000, vatRateBp: 2100 },
        ],
      },
    });

    // Wait until VERIFIED (the sweep is run now and then so no minute is lost).
    let detail: SubmissionDetail | undefined;
    const deadline = Date.now() + 90_000;
    let lastSweep = 0;
    while (!detail) {
      const list = await ok<{ content: VerifactuSubmission[] }>('GET', '/api/v1/verifactu/submissions');
      const item = list.content.find((s) => s.invoiceId === invoice.invoiceId);
      if (item?.status === 'VERIFIED')
        detail = await ok<SubmissionDetail>('GET', `/api/v1/verifactu/submissions/${item.recordId}`);
      else if (item && ['ERROR', 'ACCEPTED_WITH_ERRORS'].includes(item.status))
        throw new Error(`The record ended ${item.status}: ${item.aeatCode} ${item.aeatMessage}`);
      if (detail) break;
      if (Date.now() > deadline) throw new Error('Timed out waiting for VERIFIED');
      if (Date.now() - lastSweep > 3_000) {
        lastSweep = Date.now();
        await fetch(new URL('/_dev/schedules/verifactu-sweep/run', cloud.url), { method: 'POST' }).catch(
          () => undefined,
        );
      }
      await sleep(500);
    }

    expect(detail.csv).toBeTruthy();
    const sent = detail.history.find((h) => h.outcome === 'SENT_OK');
    expect(sent, JSON.stringify(detail.history)).toBeDefined();
    expect(sent!.archive).toEqual({
      request: expect.stringMatching(
        new RegExp(`^verifactu/${companyId}/\\d{4}/\\d{2}/${sent!.attemptId}-request\\.xml$`),
      ),
      response: expect.stringMatching(
        new RegExp(`^verifactu/${companyId}/\\d{4}/\\d{2}/${sent!.attemptId}-response\\.xml$`),
      ),
    });

    const request = await download(detail.recordId, { attempt: sent!.attemptId, part: 'request' });
    expect(request.status).toBe(200);
    expect(request.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(request.headers.get('content-disposition')).toMatch(/^attachment; filename=".*-request\.xml"$/);
    const requestXml = await request.text();
    expect(requestXml).toContain('RegFactuSistemaFacturacion');
    expect(requestXml).toContain(detail.record.huella);
    expect(requestXml).toContain(invoice.invoiceNumber!);

    const response = await download(detail.recordId, { attempt: sent!.attemptId, part: 'response' });
    expect(response.status).toBe(200);
    const responseXml = await response.text();
    expect(responseXml).toContain('RespuestaRegFactuSistemaFacturacion');
    expect(responseXml).toContain(detail.csv!);

    // An attempt that is not of this submission is 404.
    const other = await download(detail.recordId, { attempt: 'noexiste', part: 'request' });
    expect(other.status).toBe(404);
  });
});
