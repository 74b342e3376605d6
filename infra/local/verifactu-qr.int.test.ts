/**
 * The VeriFacTu QR against the local cloud (issue 5, item 3; issue 10, item 3): a fresh company of
 * the demo gestor with VeriFacTu configured (VERI*FACTU mode, a test certificate) confirms an
 * invoice; its QR comes back as PNG and SVG (and as a download) encoding the AEAT validation URL of
 * its registro de alta, and the invoice PDF carries 'QR tributario:' with the VERI*FACTU legend. A
 * company without VeriFacTu configured gets neither (its record is not sent) until it configures
 * it. An SII company's invoice has no record: 404 and the PDF keeps the empty frame.
 */

import { randomBytes } from 'node:crypto';
import { NO_QR_MESSAGE } from '@functions/domains/verifactu/actions/get-invoice-qr';
import { makeTestP12 } from '@functions/domains/verifactu/testing/certificates';
import { qrMatrix } from '@functions/lib/qr';
import { formatInfo, pngBilevelPixels, pngChunks } from '@functions/lib/qr/test-helpers';
import { cifControl } from '@shared/fiscal/nif';
import { formatAeatDate, formatAmount, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import type { InvoiceVerifactuStatus } from '@shared/schemas/verifactu';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
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

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

describe('VeriFacTu QR (local cloud)', () => {
  let gestor: string;

  const ok = async <T>(
    companyId: string,
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => {
    const res = await api.request<T>(method, path, { token: gestor, companyId, ...opts });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const get = (companyId: string, path: string, accept: string) =>
    fetch(new URL(path, cloud.url), {
      headers: { authorization: `Bearer ${gestor}`, 'x-company-id': companyId, accept },
    });

  /** VERI*FACTU mode on the test environment with a certificate of the local test CA. */
  async function configureVerifactu(id: string, nif: string, name: string) {
    const password = randomBytes(12).toString('base64url');
    const p12 = makeTestP12({ nif, name: name.toUpperCase(), password });
    const cert = await ok<{ certificateId: string }>(id, 'POST', `/api/v1/companies/${id}/certificates`, {
      body: {
        file: {
          fileName: 'qr.p12',
          contentType: 'application/x-pkcs12',
          contentBase64: p12.toString('base64'),
        },
        password,
      },
    });
    await ok(id, 'POST', `/api/v1/companies/${id}/verifactu-config`, {
      body: { mode: 'VERIFACTU', environment: 'TEST', certificateId: cert.certificateId, enabled: true },
    });
  }

  /** A fresh company with a customer and a series, and one confirmed invoice. */
  async function confirmedInvoice(name: string, siiEnabled: boolean, configured = false) {
    const company = await ok<{ companyId: string; nif: string }>('', 'POST', '/api/v1/companies', {
      body: { name, nif: freshCif(), companyType: 'SL', address, siiEnabled },
    });
    const id = company.companyId;
    if (configured) await configureVerifactu(id, company.nif, name);
    const customer = await ok<Customer>(id, 'POST', '/api/v1/customers', {
      body: { name: `Cliente QR ${run}`, taxId: freshCif(), address, vatTreatment: 'DOMESTIC' },
    });
    // A series code with '/' would be refused; the number still goes through the URL escaping.
    const series = await ok<InvoiceSeriesView>(id, 'POST', '/api/v1/invoice-series', {
      body: { code: `Q${run}`, description: `QR ${run}`, isDefault: false },
    });
    const invoice = await ok<Invoice>(id, 'POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: series.seriesId },
      body: {
        invoiceType: 'F1',
        invoiceDate: TODAY,
        customerId: customer.customerId,
        invoiceLines: [
          { description: 'Revisión anual', quantity: 1, unitPriceCents: 10_000, vatRateBp: 2100 },
        ],
      },
    });
    return { id, nif: company.nif, invoice };
  }

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
  });

  it('serves the QR of a confirmed invoice as PNG and SVG, and the PDF carries it with its legend', async () => {
    const { id, nif, invoice } = await confirmedInvoice(`QR VeriFacTu ${run} SL`, false, true);
    // VERI*FACTU mode, test environment (the AEAT's prewww2 host).
    const url = verifactuQrUrl({
      nif,
      numSerie: invoice.invoiceNumber!,
      fecha: formatAeatDate(invoice.invoiceDate),
      importe: formatAmount(invoice.totals.totalCents),
      mode: 'VERIFACTU',
      environment: 'TEST',
    });
    expect(url).toContain('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=');
    expect(url).toContain('&importe=121.00');
    const matrix = qrMatrix(url);
    expect(formatInfo(matrix).level).toBe('M');

    const png = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr?format=png&size=240`,
      'image/png',
    );
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect(pngChunks(bytes).map((c) => [c.type, c.crcOk])).toEqual([
      ['IHDR', true],
      ['IDAT', true],
      ['IEND', true],
    ]);
    const { width, dark } = pngBilevelPixels(bytes);
    expect(width).toBe(240);
    const module = Math.floor(240 / (matrix.length + 8));
    const offset = Math.floor((240 - matrix.length * module) / 2);
    const sampled = matrix.map((row, y) =>
      row.map((_, x) => dark[offset + y * module]![offset + x * module]!),
    );
    expect(sampled).toEqual(matrix);

    const svg = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr?format=svg`,
      'image/svg+xml',
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const text = await svg.text();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
    expect(text).toContain(url.replace(/&/g, '&amp;'));

    const download = await get(
      id,
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr/download`,
      'image/png',
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="qr-${invoice.invoiceNumber!.replace(/[^\w.-]+/g, '-')}.png"`,
    );

    const pdf = await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf');
    expect(pdf.status).toBe(200);
    const pages = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).toContain('QR tributario:');
    expect(pages[0]).toContain('VERI*FACTU');
    expect(pages[0]).toContain(invoice.invoiceNumber!);
  });

  it('without VeriFacTu configured: no QR (404) nor legend on the PDF; once configured, both', async () => {
    const name = `QR Sin Config ${run} SL`;
    const { id, nif, invoice } = await confirmedInvoice(name, false);
    const qr = await api.request('GET', `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr`, {
      token: gestor,
      companyId: id,
    });
    expect(qr.status).toBe(404);
    if (!qr.body.success) expect(qr.body.error.message).toBe(NO_QR_MESSAGE);
    const status = await ok<InvoiceVerifactuStatus>(
      id,
      'GET',
      `/api/v1/verifactu/invoices/${invoice.invoiceId}/status`,
    );
    expect(status).toMatchObject({ applies: true, submissionStatus: 'QUEUED', qrUrl: null, legend: null });
    expect(status.pendingReason?.code).toBe('NOT_CONFIGURED');
    const before = await pdfText(
      new Uint8Array(
        await (await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf')).arrayBuffer(),
      ),
    );
    expect(before[0]).not.toContain('QR tributario:');
    expect(before[0]).not.toContain('VERI*FACTU');
    expect(before[0]).not.toContain('Factura verificable');

    await configureVerifactu(id, nif, name);
    const after = await pdfText(
      new Uint8Array(
        await (await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf')).arrayBuffer(),
      ),
    );
    expect(after[0]).toContain('QR tributario:');
    expect(after[0]).toContain('VERI*FACTU');
    expect((await get(id, `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr`, 'image/png')).status).toBe(
      200,
    );
  });

  it('an SII company invoice has no VeriFacTu QR: 404 in Spanish, and the PDF has no QR block', async () => {
    const { id, invoice } = await confirmedInvoice(`QR SII ${run} SA`, true);
    const res = await api.request('GET', `/api/v1/verifactu/invoices/${invoice.invoiceId}/qr`, {
      token: gestor,
      companyId: id,
    });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    if (!res.body.success) {
      expect(res.body.error.code).toBe('CORE_006');
      expect(res.body.error.message).toBe(NO_QR_MESSAGE);
    }
    const pdf = await get(id, `/api/v1/invoices/${invoice.invoiceId}/pdf`, 'application/pdf');
    expect(pdf.status).toBe(200);
    const pages = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages[0]).not.toContain('QR tributario:');
  });
});
