/**
 * The invoice PDF through the local REST gateway: a confirmed invoice of demo-romero-fontaneria is
 * downloaded as binary (application/pdf is one of the API's binaryMediaTypes) and its text carries
 * the invoice number and the total. Another company's user gets a 404, never the document.
 */

import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dniNumber = String((Date.now() + 7) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return parts.join(' ');
}

describe('invoice PDF (local cloud)', () => {
  let gestor: string;
  let invoice: Invoice;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  const download = (token: string, invoiceId: string, companyId = COMPANY) =>
    fetch(new URL(`/api/v1/invoices/${invoiceId}/pdf`, cloud.url), {
      headers: { authorization: `Bearer ${token}`, 'x-company-id': companyId, accept: 'application/pdf' },
    });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const c = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Climatización Núñez ${run}`,
        taxId: NIF,
        address: {
          street: 'Avenida del Puerto 3',
          postalCode: '46021',
          city: 'Valencia',
          province: 'Valencia',
        },
        vatTreatment: 'DOMESTIC',
      },
    });
    if (!c.body.success) throw new Error(`customer: ${JSON.stringify(c.body.error)}`);
    const s = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `P${run}`, description: `PDF ${run}`, isDefault: false },
    });
    if (!s.body.success) throw new Error(`series: ${JSON.stringify(s.body.error)}`);
    const inv = await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: s.body.data.seriesId },
      body: {
        invoiceType: 'F1',
        invoiceDate: '2026-03-15',
        customerId: c.body.data.customerId,
        invoiceLines: [
          { description: 'Instalación de caldera', quantity: 1, unitPriceCents: 123_456, vatRateBp: 2100 },
        ],
      },
    });
    if (!inv.body.success) throw new Error(`invoice: ${JSON.stringify(inv.body.error)}`);
    invoice = inv.body.data;
  });

  it('downloads the confirmed invoice as a PDF with its number and total', async () => {
    const res = await download(gestor, invoice.invoiceId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${invoice.invoiceNumber}.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(invoice.invoiceNumber!);
    // 1.234,56 € + 21 % (259,26 €) = 1.493,82 €.
    expect(invoice.totals.totalCents).toBe(149_382);
    expect(text).toContain('1.493,82 €');
    expect(text).toContain(`Climatización Núñez ${run}`);
  });

  it("answers 404 to another company's user asking for it in their own company", async () => {
    const other = await api.login('gestor2@cuadra.test');
    const res = await download(other, invoice.invoiceId, 'demo-navarro-asesores');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    // And not through Romero's company either: gestor2 is not a member of it.
    expect((await download(other, invoice.invoiceId)).status).toBe(403);
  });
});
