/**
 * Demo documents for `npm start` (issue 17): Panadería Espiga SL, the demo gestor's default company,
 * gets the document categories' Spanish defaults, two supplier invoices uploaded by the gestor (a
 * digital PDF read from its text layer, and a scanned photo read by Tesseract), one invoice mailed to
 * the company's smart-inbox address over the local SMTP listener (it shows in Buzón inteligente →
 * review), and one invoice its client user (cliente@cuadra.test, UPLOAD_DOCUMENTS) uploads from the
 * portal for the gestor's review. The invoices are generated like the reading tests' corpus
 * (functions/lib/invoice-samples), addressed to the company and dated today, so their
 * drafts wait in the open quarter without touching any closed period.
 *
 * Everything goes through the REST API and SMTP as a person would; the reading happens in the
 * background (the `ocr` queue), so the documents appear as they are read. Idempotent: a company that
 * already has documents is left alone.
 */

import { makeInvoice, renderInvoicePdf, rng, scanned } from '@functions/lib/invoice-samples';
import { madridDate } from '@shared/fiscal/sii-deadlines';
import { sendMail } from './engines/test-smtp-client';
import { DEMO_INVOICING_COMPANY } from './seed-invoicing';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

const GESTOR = 'gestor@cuadra.test';
const CLIENT = 'cliente@cuadra.test';

type Company = { name: string; nif: string };

/** A generated supplier invoice addressed to the company, dated today. */
async function demoInvoice(seed: number, layout: 'classic' | 'boxes' | 'right-header', company: Company) {
  const scenario = seed % 2 === 0 ? 'standard' : 'multi';
  const inv = makeInvoice(rng(seed), seed, layout, scenario);
  const today = madridDate(new Date());
  inv.customer = {
    ...inv.customer,
    name: company.name,
    nif: company.nif,
    printedNif: company.nif,
    tradeName: null,
  };
  inv.truth = { ...inv.truth, customerName: company.name, customerNif: company.nif, issueDate: today };
  inv.rectifies = null;
  return { pdf: await renderInvoicePdf(inv, {}), number: inv.truth.invoiceNumber, supplier: inv.supplier };
}

/** A mail with the PDF attached (lines end in \n: the SMTP client turns them into CRLF). */
function mimeWithPdf(from: string, to: string, subject: string, fileName: string, pdf: Uint8Array): string {
  const boundary = `cuadra-demo-${Date.now().toString(36)}`;
  const b64 = Buffer.from(pdf)
    .toString('base64')
    .replace(/.{1,76}/g, (l) => `${l}\n`);
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <demo-${Date.now().toString(36)}@proveedor.demo>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Buenos días, les adjuntamos la factura del mes. Un saludo.',
    `--${boundary}`,
    `Content-Type: application/pdf; name="${fileName}"`,
    `Content-Disposition: attachment; filename="${fileName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    `--${boundary}--`,
    '',
  ].join('\n');
}

export async function seedDemoDocuments(info: Pick<LocalCloudInfo, 'url' | 'smtpPort'>): Promise<void> {
  const api = apiClient(info.url);
  const companyId = DEMO_INVOICING_COMPANY;
  const gestor = await api.login(GESTOR);
  const call = async <T>(
    token: string,
    method: string,
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ) => {
    const res = await api.request<T>(method, path, { token, companyId, body, query });
    if (!res.body.success)
      throw new Error(`demo documents: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    return res.body.data;
  };
  const existing = await call<{ totalElements: number }>(gestor, 'GET', '/api/v1/documents', undefined, {
    size: '1',
  });
  if (existing.totalElements > 0) return;

  const upload = async (
    token: string,
    path: string,
    fileName: string,
    bytes: Uint8Array,
    type: string,
    extra: Record<string, string> = {},
  ) => {
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(bytes)], { type }), fileName);
    form.append('documentType', 'INVOICE');
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    const res = await fetch(new URL(path, info.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-company-id': companyId },
      body: form,
    });
    if (!res.ok) throw new Error(`demo documents: upload ${fileName} -> ${res.status} ${await res.text()}`);
  };

  const company = await call<Company>(gestor, 'GET', `/api/v1/companies/${companyId}`);
  await call(gestor, 'POST', '/api/v1/document-categories/import-defaults');

  // The gestor uploads a digital PDF and a phone photo of a paper invoice.
  const digital = await demoInvoice(11, 'classic', company);
  await upload(
    gestor,
    '/api/v1/documents/upload',
    `factura-${digital.number}.pdf`,
    digital.pdf,
    'application/pdf',
  );
  // The photo is made with poppler's pdftoppm, like a scan; without poppler (and Tesseract, which reads
  // it) installed, say so and go on: the rest of the demo does not need them.
  const paper = await demoInvoice(12, 'boxes', company);
  let photo: ReturnType<typeof scanned>[number] | undefined;
  try {
    [photo] = scanned(paper.pdf, 12, { format: 'jpeg' });
  } catch (e) {
    console.warn(
      `  ! Sin poppler no hay foto de demostración (apt-get install poppler-utils tesseract-ocr tesseract-ocr-spa): ${(e as Error).message}`,
    );
  }
  if (photo)
    await upload(gestor, '/api/v1/documents/upload', 'foto-factura.jpg', photo.bytes, photo.contentType);

  // The client sends one for review from the portal.
  const fromClient = await demoInvoice(13, 'right-header', company);
  const client = await api.login(CLIENT);
  await upload(
    client,
    '/api/v1/client/documents/upload',
    `factura-${fromClient.number}.pdf`,
    fromClient.pdf,
    'application/pdf',
    {
      description: 'Factura de la reparación de la amasadora',
      priority: 'HIGH',
    },
  );

  // A supplier mails one to the company's smart-inbox address.
  if (info.smtpPort === undefined) return;
  const config = await call<{ address: string }>(gestor, 'GET', '/api/v1/smart-inbox/configuration');
  const mailed = await demoInvoice(14, 'classic', company);
  const from = 'facturacion@proveedor-demo.es';
  await sendMail(
    info.smtpPort,
    from,
    config.address,
    mimeWithPdf(
      `${mailed.supplier.name} <${from}>`,
      config.address,
      `Factura ${mailed.number}`,
      `factura-${mailed.number}.pdf`,
      mailed.pdf,
    ),
  );
}
