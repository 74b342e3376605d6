/**
 * Sending an invoice by e-mail on the local cloud, end to end: create-and-confirm an invoice of
 * demo-romero-fontaneria in a series of this test, POST send-email (202, QUEUED log entry), and
 * follow the mail through the outbox stream consumer, the mail queue, the mail worker (which reads
 * the PDF from the documents bucket and sends raw MIME) and the SES emulator into the dev mailbox,
 * where it arrives with the PDF attached; the log entry turns SENT.
 */

import type { InvoiceEmailLog } from '@functions/lib/invoice-emails';
import { apiClient } from '@infra/local/testing/api';
import type { SentMail } from '@infra/local/types';
import { dniLetter } from '@shared/fiscal/nif';
import type { Customer } from '@shared/schemas/customers';
import type { InvoiceSeriesView } from '@shared/schemas/invoice-series';
import type { Invoice } from '@shared/schemas/invoices';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const cloud = inject('localCloud');
const api = apiClient(cloud.url);

const COMPANY = 'demo-romero-fontaneria';
const run = Date.now().toString(36).toUpperCase().slice(-4);
const dniNumber = String((Date.now() + 11) % 100_000_000).padStart(8, '0');
const NIF = `${dniNumber}${dniLetter(Number(dniNumber))}`;
const CUSTOMER_EMAIL = `facturas-${run.toLowerCase()}@cliente-h4.example`;

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

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

describe('send an invoice by e-mail (local cloud)', () => {
  let gestor: string;
  let invoice: Invoice;
  let draft: Invoice;

  const req = <T>(
    method: string,
    path: string,
    opts: { body?: unknown; query?: Record<string, string> } = {},
  ) => api.request<T>(method, path, { token: gestor, companyId: COMPANY, ...opts });

  beforeAll(async () => {
    gestor = await api.login('gestor@cuadra.test');
    const c = await req<Customer>('POST', '/api/v1/customers', {
      body: {
        name: `Reformas Ibáñez ${run}`,
        taxId: NIF,
        email: CUSTOMER_EMAIL,
        address: {
          street: 'Calle del Carmen 8',
          postalCode: '46003',
          city: 'Valencia',
          province: 'Valencia',
        },
        vatTreatment: 'DOMESTIC',
      },
    });
    if (!c.body.success) throw new Error(`customer: ${JSON.stringify(c.body.error)}`);
    const s = await req<InvoiceSeriesView>('POST', '/api/v1/invoice-series', {
      body: { code: `M${run}`, description: `Envío por correo ${run}`, isDefault: false },
    });
    if (!s.body.success) throw new Error(`series: ${JSON.stringify(s.body.error)}`);
    const body = {
      invoiceType: 'F1',
      invoiceDate: '2026-03-16',
      customerId: c.body.data.customerId,
      invoiceLines: [
        { description: 'Revisión de fontanería', quantity: 2, unitPriceCents: 4_550, vatRateBp: 2100 },
      ],
    };
    const inv = await req<Invoice>('POST', '/api/v1/invoices/create-and-confirm', {
      query: { series: s.body.data.seriesId },
      body,
    });
    if (!inv.body.success) throw new Error(`invoice: ${JSON.stringify(inv.body.error)}`);
    invoice = inv.body.data;
    const d = await req<Invoice>('POST', '/api/v1/invoices', {
      query: { series: s.body.data.seriesId },
      body,
    });
    if (!d.body.success) throw new Error(`draft: ${JSON.stringify(d.body.error)}`);
    draft = d.body.data;
  });

  it('refuses a draft with NOT_CONFIRMED', async () => {
    const res = await req('POST', `/api/v1/invoices/${draft.invoiceId}/send-email`, { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'CORE_004', details: { reason: 'NOT_CONFIRMED' } });
    const log = await req<InvoiceEmailLog[]>('GET', `/api/v1/invoices/${draft.invoiceId}/emails`);
    expect(log.body.data).toEqual([]);
  });

  it("queues the mail to the customer's e-mail, which arrives with the PDF; the log turns SENT", async () => {
    const res = await req<InvoiceEmailLog>('POST', `/api/v1/invoices/${invoice.invoiceId}/send-email`, {
      body: { message: 'Gracias por confiar en nosotros.' },
    });
    expect(res.status).toBe(202);
    if (!res.body.success) throw new Error(JSON.stringify(res.body.error));
    const queued = res.body.data;
    expect(queued).toMatchObject({ status: 'QUEUED', to: [CUSTOMER_EMAIL], sentAt: null });
    expect(queued.subject).toBe(`Factura ${invoice.invoiceNumber} de ${invoice.issuer?.name}`);

    const mail = await waitFor('the mail in the dev mailbox', async () => {
      const mails = (await (await fetch(new URL('/_dev/mailbox.json', cloud.url))).json()) as SentMail[];
      return mails.find((m) => m.to.includes(CUSTOMER_EMAIL) && m.subject === queued.subject);
    });
    const fileName = `${invoice.invoiceNumber}.pdf`;
    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: fileName, contentType: 'application/pdf' }),
    ]);
    expect(mail.text).toContain('Gracias por confiar en nosotros.');

    const pdf = await fetch(new URL(`/_dev/mailbox/${mail.id}/attachments/0`, cloud.url));
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(invoice.invoiceNumber!);
    expect(text).toContain('110,11 €');

    const sent = await waitFor('the SENT log entry', async () => {
      const log = await req<InvoiceEmailLog[]>('GET', `/api/v1/invoices/${invoice.invoiceId}/emails`);
      const entry = log.body.success ? log.body.data.find((e) => e.emailId === queued.emailId) : undefined;
      return entry?.status === 'SENT' ? entry : undefined;
    });
    expect(sent.sesMessageId).toBe(mail.id);
    expect(sent.sentAt).not.toBeNull();
  });
});
