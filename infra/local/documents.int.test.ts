/**
 * Documents end to end on the local cloud (issue 17 items 1 and 3): a sample invoice PDF uploaded
 * through the multipart API is stored, checked by its bytes (S3 event -> on-upload), read from its
 * text layer (queue `ocr` -> read-document, Tesseract configured as the engine) and becomes a
 * received-invoice draft in the expenses domain (invokable `received-invoice-draft`), all through the
 * local cloud's own engines; a PNG renamed .pdf is refused (DOC_041) and never read; a presigned POST
 * upload goes straight to the bucket and follows the same path.
 */

import { readFileSync } from 'node:fs';
import { cifControl } from '@shared/fiscal/nif';
import type { DocumentDetails, DocumentStatus, PresignedUpload } from '@shared/schemas/documents';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from './testing/api';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);
const SAMPLES = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = Date.now().toString(36).toUpperCase().slice(-4);
const address = {
  street: 'Calle Mayor 1',
  postalCode: '38001',
  city: 'Santa Cruz de Tenerife',
  province: 'Santa Cruz de Tenerife',
  country: 'ES',
};
const freshCif = () => {
  const seven = String(
    1_000_000 + ((Date.now() * 13 + Math.floor(Math.random() * 1e6)) % 8_999_999),
  ).padStart(7, '0');
  return `B${seven}${cifControl(seven).digit}`;
};
const PENDING: readonly DocumentStatus[] = [
  'UPLOADING',
  'OCR_PENDING',
  'OCR_PROCESSING',
  'OCR_RETRY_SCHEDULED',
];

/** A one-page digital invoice (text layer) of a peninsular supplier: one base at 21 %. */
async function vatInvoicePdf(supplierNif: string, customerNif: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines: [number, number, string][] = [
    [50, 790, 'Papelería Central SL'],
    [50, 775, `NIF: ${supplierNif}`],
    [50, 760, 'Calle Colón 12, 46004 Valencia'],
    [350, 790, 'Cliente: Empresa Documentos SL'],
    [350, 775, `NIF: ${customerNif}`],
    [50, 700, `FACTURA Nº A-2026-${run}`],
    [350, 700, 'Fecha: 05/03/2026'],
    [50, 640, 'Concepto'],
    [400, 640, 'Importe'],
    [50, 620, 'Material de oficina'],
    [400, 620, '100,00 €'],
    [300, 560, 'Base imponible'],
    [450, 560, '100,00 €'],
    [300, 545, 'IVA 21%'],
    [450, 545, '21,00 €'],
    [300, 530, 'TOTAL FACTURA'],
    [450, 530, '121,00 €'],
  ];
  for (const [x, y, text] of lines) page.drawText(text, { x, y, size: 10, font });
  return pdf.save();
}

describe('documents: upload, check, read, draft (local cloud)', () => {
  let token: string;
  let companyId: string;
  let companyNif: string;

  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api.request<T>(method, path, {
      token,
      companyId,
      ...(body === undefined ? {} : { body }),
    });
    if (!res.body.success)
      throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };

  const uploadMultipart = async (fileName: string, bytes: Uint8Array, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(bytes)], { type }), fileName);
    form.append('documentType', 'INVOICE');
    const res = await fetch(new URL('/api/v1/documents/upload', cloud.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-company-id': companyId,
        'x-forwarded-for': '198.18.7.7',
      },
      body: form,
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        success: boolean;
        data: DocumentDetails;
        error?: { code: string; details?: { documentId?: string } };
      },
    };
  };

  const settled = async (documentId: string, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const doc = await call<DocumentDetails>('GET', `/api/v1/documents/${documentId}`);
      if (!PENDING.includes(doc.status)) return doc;
      if (Date.now() > deadline) throw new Error(`document ${documentId} still ${doc.status}`);
      await sleep(500);
    }
  };

  beforeAll(async () => {
    token = await api.login('gestor@cuadra.test');
    const company = await api.request<{ companyId: string; nif: string }>('POST', '/api/v1/companies', {
      token,
      body: { name: `Empresa Documentos ${run} SL`, nif: freshCif(), companyType: 'SL', address },
    });
    if (!company.body.success) throw new Error(JSON.stringify(company.body.error));
    companyId = company.body.data.companyId;
    companyNif = company.body.data.nif;
  });

  it('reads a sample invoice PDF uploaded through the API (text layer, exact fields)', async () => {
    const bytes = new Uint8Array(readFileSync(`${SAMPLES}/F-2024-001.pdf`));
    const res = await uploadMultipart('F-2024-001.pdf', bytes, 'application/pdf');
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('UPLOADING');
    const doc = await settled(res.body.data.documentId);
    // A Canary IGIC invoice: read exactly; whether it can be booked is the expenses domain's call.
    expect(['INVOICE_CREATED', 'INVOICE_INCOMPLETE']).toContain(doc.status);
    expect(doc.contentType).toBe('application/pdf');
    expect(doc.extraction).toMatchObject({
      supplierNif: 'B38123456',
      invoiceNumber: 'F-2024/001',
      issueDate: '2026-02-18',
      source: 'TEXT',
    });
    expect(doc.extraction?.bases).toEqual([{ rateBp: 700, baseCents: 150_000, quotaCents: 10_500 }]);
    const status = await call<{ status: DocumentStatus; progress: number }>(
      'GET',
      `/api/v1/documents/status/${doc.uploadId}`,
    );
    expect(status).toMatchObject({ status: doc.status, progress: 100 });
  }, 180_000);

  it('turns a complete VAT invoice into a received-invoice draft with the document attached', async () => {
    const supplierNif = freshCif();
    const bytes = await vatInvoicePdf(supplierNif, companyNif);
    const res = await uploadMultipart('factura-papeleria.pdf', bytes, 'application/pdf');
    expect(res.status).toBe(201);
    const doc = await settled(res.body.data.documentId);
    expect(doc.status).toBe('INVOICE_CREATED');
    expect(doc.extraction).toMatchObject({
      supplierNif,
      customerNif: companyNif,
      invoiceNumber: `A-2026-${run}`,
      issueDate: '2026-03-05',
      bases: [{ rateBp: 2100, baseCents: 10_000, quotaCents: 2_100 }],
      totalCents: 12_100,
    });
    expect(doc.receivedInvoiceId).toBeTruthy();
    const invoice = await call<ReceivedInvoice>('GET', `/api/v1/received-invoices/${doc.receivedInvoiceId}`);
    expect(invoice.approvalStatus).toBe('PENDING');
    expect(JSON.stringify(invoice)).toContain(doc.documentId);
    // The same invoice again is recognised, never booked twice.
    const again = await uploadMultipart('factura-papeleria-copia.pdf', bytes, 'application/pdf');
    const dup = await settled(again.body.data.documentId);
    expect(dup.status).toBe('OCR_COMPLETED_PENDING');
    expect(dup.duplicateOf?.receivedInvoiceId).toBe(doc.receivedInvoiceId);
  }, 180_000);

  it('refuses a PNG renamed .pdf (DOC_041): recorded FAILED, never read', async () => {
    const png = new Uint8Array(readFileSync(`${SAMPLES}/F-2025-007.png`));
    const res = await uploadMultipart('factura.pdf', png, 'application/pdf');
    expect(res.status).toBe(415);
    expect(res.body.error?.code).toBe('DOC_041');
    const documentId = res.body.error?.details?.documentId;
    expect(documentId).toBeTruthy();
    const doc = await call<DocumentDetails>('GET', `/api/v1/documents/${documentId}`);
    expect(doc).toMatchObject({
      status: 'FAILED',
      rejection: { code: 'DOC_041' },
      extraction: null,
      engine: null,
    });
  });

  it('takes a presigned POST upload straight to the bucket and reads it the same way', async () => {
    const bytes = new Uint8Array(readFileSync(`${SAMPLES}/F-2025-005.pdf`));
    const presign = await call<PresignedUpload>('POST', '/api/v1/documents/upload-url', {
      fileName: 'F-2025-005.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.byteLength,
    });
    expect(presign.fields['Content-Type']).toBe('application/pdf');
    const form = new FormData();
    for (const [k, v] of Object.entries(presign.fields)) form.append(k, v);
    form.append('file', new Blob([Uint8Array.from(bytes)], { type: 'application/pdf' }), 'F-2025-005.pdf');
    const posted = await fetch(presign.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
    const doc = await settled(presign.documentId);
    expect(['INVOICE_CREATED', 'INVOICE_INCOMPLETE']).toContain(doc.status);
    expect(doc.extraction).toMatchObject({
      supplierNif: 'B76000010',
      invoiceNumber: 'FRA-25-042',
      totalCents: 128_400,
    });
  }, 180_000);
});
