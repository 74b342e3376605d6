/**
 * Demo SII for `npm start` (issue 16 item 8): Transportes Levante Norte SA, the demo company in the
 * SII, gets an SII configuration on the test environment with a certificate made like the local AEAT
 * simulator's client certificates, so its demo invoices (infra/local/seed-tax-books.ts) are sent to
 * the local AEAT simulator's SII services and come back ACCEPTED. Two records show the rest of the
 * life of an SII record:
 *  - an invoice to Comercial Moncayo Importaciones SL, whose NIF the simulator's census does not know
 *    (`SII_DEMO_UNIDENTIFIED_CUSTOMER`): the AEAT rejects it with 1117 "El NIF no está identificado",
 *    and the gestor sees it in Fiscal → SII with 'Corregir' (IDOtro 07 "no censado") and 'Reintentar';
 *  - a received invoice registered today and not yet approved: the configuration holds unapproved
 *    received invoices, so its FR record waits (NOT_SENT) within its four working days.
 * Everything goes through the REST API as the gestor would. The configuration is written before the
 * books (`seedDemoSiiConfig`), the two cases after them (`seedDemoSiiCases`). Idempotent: a company
 * with an SII configuration is not configured again, and the cases are written once (their customer
 * marks them).
 */

import { randomBytes } from 'node:crypto';
import { SII_DEMO_UNIDENTIFIED_CUSTOMER } from './aeat-simulator/sii-rules';
import { demoP12 } from './seed-verifactu';
import { apiClient } from './testing/api';
import type { LocalCloudInfo } from './types';

export const DEMO_SII_COMPANY = 'demo-transportes-levante';
const DEMO_GESTOR_EMAIL = 'gestor@cuadra.test';
/** The series the demo books use (seed-tax-books.ts `DEMO_BOOKS_SERIES`). */
const BOOKS_SERIES = 'V';

type Call = <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => Promise<T>;

async function gestorCalls(info: Pick<LocalCloudInfo, 'url'>): Promise<Call> {
  const api = apiClient(info.url);
  const token = await api.login(DEMO_GESTOR_EMAIL);
  return async <T>(method: string, path: string, body?: unknown, query?: Record<string, string>) => {
    const res = await api.request<T>(method, path, { token, companyId: DEMO_SII_COMPANY, body, query });
    if (!res.body.success) {
      throw new Error(`demo SII: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body.error)}`);
    }
    return res.body.data;
  };
}

/** The SII configuration of the demo SII company (test environment, automatic sending). */
export async function seedDemoSiiConfig(info: Pick<LocalCloudInfo, 'url'>): Promise<void> {
  const call = await gestorCalls(info);
  const base = `/api/v1/companies/${DEMO_SII_COMPANY}`;
  // The API answers the defaults until a configuration is saved (`configured: false`).
  if ((await call<{ configured: boolean }>('GET', `${base}/sii-config`)).configured) return;
  const company = await call<{ name: string; nif: string }>('GET', base);
  const password = randomBytes(12).toString('base64url');
  const p12 = demoP12({ nif: company.nif, name: company.name.toUpperCase(), password });
  const cert = await call<{ certificateId: string }>('POST', `${base}/certificates`, {
    file: {
      fileName: 'certificado-sii-pruebas.p12',
      contentType: 'application/x-pkcs12',
      contentBase64: p12.toString('base64'),
    },
    password,
  });
  await call('PUT', `${base}/sii-config`, {
    environment: 'TEST',
    certificateId: cert.certificateId,
    submissionMode: 'AUTOMATIC',
    holdUnapprovedReceived: true,
  });
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/** The rejected invoice and the held received invoice (once). */
export async function seedDemoSiiCases(info: Pick<LocalCloudInfo, 'url'>): Promise<void> {
  const call = await gestorCalls(info);
  const customers = await call<{ content?: { customerId: string; taxId: string }[] }>(
    'GET',
    '/api/v1/customers',
    undefined,
    { search: SII_DEMO_UNIDENTIFIED_CUSTOMER.name, size: '5' },
  );
  if ((customers.content ?? []).some((c) => c.taxId === SII_DEMO_UNIDENTIFIED_CUSTOMER.nif)) return;
  const series = await call<{ code: string; seriesId: string }[]>(
    'GET',
    '/api/v1/invoice-series',
    undefined,
    {
      includeInactive: 'true',
    },
  );
  const books = series.find((s) => s.code === BOOKS_SERIES);
  // The books were not written (a start interrupted before them): the cases wait for the next start.
  if (!books) return;
  const customer = await call<{ customerId: string }>('POST', '/api/v1/customers', {
    name: SII_DEMO_UNIDENTIFIED_CUSTOMER.name,
    taxId: SII_DEMO_UNIDENTIFIED_CUSTOMER.nif,
    address: {
      street: 'Polígono Europa, nave 12',
      postalCode: '50011',
      city: 'Zaragoza',
      province: 'Zaragoza',
    },
    paymentTermsDays: 30,
  });
  await call(
    'POST',
    '/api/v1/invoices/create-and-confirm',
    {
      invoiceType: 'F1',
      invoiceDate: today(),
      customerId: customer.customerId,
      invoiceLines: [
        {
          description: 'Transporte de mercancías Zaragoza – Tarazona (palés de importación)',
          quantity: 6,
          unitPriceCents: 38_000,
          vatRateBp: 2100,
        },
      ],
      paymentMethod: 'TRANSFER',
    },
    { series: books.seriesId },
  );
  await call('POST', '/api/v1/received-invoices', {
    supplier: { name: 'Talleres Hermanos Lasheras SL', taxId: 'B50417286' },
    supplierInvoiceNumber: `TL-${today().slice(0, 4)}-0871`,
    issueDate: today(),
    lines: [
      {
        description: 'Revisión de frenos y cambio de pastillas, tractora 4521-KLM',
        quantity: 1,
        unitPriceCents: 64_500,
        vatRateBp: 2100,
        kind: 'DOMESTIC',
      },
    ],
    paymentMethod: 'TRANSFER',
    approvalStatus: 'PENDING',
  });
}
