/**
 * The invoice logo against the local cloud: uploaded as a browser form (checked by its bytes),
 * stored and served back as its normalised copy, printed on the invoice PDF, refused when it is
 * not a PNG/JPEG (nothing changed) or is a decompression bomb, and removed. Company demo-panaderia-espiga (its seeded invoices give a confirmed one to print).
 */

import { pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { apiClient } from '@infra/local/testing/api';
import type { Page } from '@shared/api/envelope';
import { imageHeader } from '@shared/images/image-header';
import type { CompanySettings } from '@shared/schemas/companies';
import { LOGO_MESSAGES } from '@shared/schemas/company-logo';
import type { Invoice } from '@shared/schemas/invoices';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const COMPANY = 'demo-panaderia-espiga';
const LOGO_PNG = Buffer.from(pngOf(240, 120, true));

async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .length;
}

describe('company invoice logo (local cloud)', () => {
  let token: string;
  const raw = (method: string, path: string, init: RequestInit = {}) =>
    fetch(new URL(path, cloud.url), {
      method,
      ...init,
      headers: { authorization: `Bearer ${token}`, 'x-company-id': COMPANY, ...(init.headers ?? {}) },
    });

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
  });

  it('uploads a PNG as a form, serves it back and prints it on the invoice; removes it', async () => {
    const form = new FormData();
    form.append('file', new Blob([LOGO_PNG], { type: 'image/png' }), 'logo.png');
    const put = await raw('PUT', `/api/v1/companies/${COMPANY}/logo`, { body: form });
    const settings = ((await put.json()) as { data: CompanySettings }).data;
    expect(put.status).toBe(200);
    expect(settings.invoicing.logo).toMatchObject({
      contentType: 'image/png',
      fileName: 'logo.png',
      normalised: true,
      width: 240,
      height: 120,
    });

    // What is served (and printed) is the normalised copy: our own encoding of the same pixels.
    const got = await raw('GET', `/api/v1/companies/${COMPANY}/logo`, { headers: { accept: 'image/png' } });
    expect(got.status).toBe(200);
    expect(imageHeader(new Uint8Array(await got.arrayBuffer()))).toEqual({
      kind: 'png',
      width: 240,
      height: 120,
    });

    const list = await api.request<Page<Invoice>>('GET', '/api/v1/invoices', {
      token,
      companyId: COMPANY,
      query: { status: 'CONFIRMED', size: '1' },
    });
    const invoiceId = list.body.data!.content[0]!.invoiceId;
    const pdf = await raw('GET', `/api/v1/invoices/${invoiceId}/pdf`, {
      headers: { accept: 'application/pdf' },
    });
    expect(await imageCount(new Uint8Array(await pdf.arrayBuffer()))).toBeGreaterThan(0);

    const del = await api.request<CompanySettings>('DELETE', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
    });
    expect(del.body.data!.invoicing.logo).toBeNull();
    expect((await raw('GET', `/api/v1/companies/${COMPANY}/logo`)).status).toBe(404);
  });

  it('refuses a file that is not a PNG or JPEG whatever its name, leaving the settings as they were', async () => {
    const res = await api.request('PUT', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
      body: { fileName: 'logo.png', contentBase64: Buffer.from('GIF89a not a png').toString('base64') },
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', message: LOGO_MESSAGES.TYPE_NOT_ALLOWED });
    const settings = await api.request<CompanySettings>('GET', `/api/v1/companies/${COMPANY}/settings`, {
      token,
      companyId: COMPANY,
    });
    expect(settings.body.data!.invoicing.logo).toBeNull();
  });

  it('refuses a decompression bomb at once, and the server keeps answering', async () => {
    const contentBase64 = Buffer.from(pngBomb(40_000, 40_000)).toString('base64');
    const started = Date.now();
    const res = await api.request('PUT', `/api/v1/companies/${COMPANY}/logo`, {
      token,
      companyId: COMPANY,
      body: { fileName: 'logo.png', contentBase64 },
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', message: LOGO_MESSAGES.TOO_LARGE });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
