/** Test fixtures for the invoice PDF: a stored invoice, its issuer, and text extraction with pdfjs. */

import type { Company } from '@shared/db/records';
import { defaultCompanySettings } from '@shared/schemas/companies';
import type { Invoice, InvoiceIssuerSnapshot, InvoiceLine } from '@shared/schemas/invoices';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

export const company: Company = {
  companyId: 'co-1',
  name: 'Fontanería Romero S.L.',
  nif: 'B12345674',
  companyType: 'SL',
  isActive: true,
  siiEnabled: false,
  verifactuEnabled: false,
  address: {
    street: 'Calle Núñez de Balboa 12',
    postalCode: '28001',
    city: 'Madrid',
    province: 'Madrid',
    country: 'ES',
  },
  fiscal: { vatRegime: 'GENERAL' } as Company['fiscal'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u1',
} as Company;

export const issuer: InvoiceIssuerSnapshot = {
  name: company.name,
  nif: company.nif,
  street: company.address.street,
  postalCode: company.address.postalCode,
  city: company.address.city,
  province: company.address.province,
  country: company.address.country,
  email: null,
  phone: null,
  vatRegime: 'GENERAL',
};

export const settings = {
  ...defaultCompanySettings(),
  invoicing: {
    ...defaultCompanySettings().invoicing,
    iban: 'ES9121000418450200051332',
    footerNotes: 'Inscrita en el Registro Mercantil de Madrid, tomo 1234, folio 56.',
  },
};

export const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  description: 'Reparación de caldera',
  quantityMilli: 1500,
  unitPriceCents: 123_456,
  discountBp: 0,
  vatRateBp: 2100,
  operation: 'S1',
  recargo: false,
  baseCents: 185_184,
  ...over,
});

export const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  invoiceId: 'inv1',
  companyId: 'co-1',
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-03-02',
  operationDate: '2026-02-27',
  dueDate: '2026-04-01',
  paymentMethod: 'TRANSFER',
  notes: 'Trabajo realizado en el 3º B.',
  customer: {
    customerId: 'c1',
    name: 'Ferretería López',
    taxId: '12345678Z',
    address: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'ES',
    vatTreatment: 'DOMESTIC',
  },
  invoiceLines: [
    line(),
    line({
      description: 'Piezas de repuesto',
      quantityMilli: 2000,
      unitPriceCents: 5_000,
      vatRateBp: 1000,
      baseCents: 10_000,
    }),
    line({
      description: 'Formación exenta',
      quantityMilli: 1000,
      unitPriceCents: 20_000,
      vatRateBp: 0,
      operation: 'E1',
      baseCents: 20_000,
    }),
    line({
      description: 'Obra en edificio',
      quantityMilli: 1000,
      unitPriceCents: 50_000,
      vatRateBp: 2100,
      operation: 'S2',
      baseCents: 50_000,
    }),
  ],
  irpfRateBp: 1500,
  totals: { baseCents: 265_184, vatCents: 39_889, recargoCents: 0, irpfCents: 39_778, totalCents: 265_295 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 185_184,
      vatCents: 38_889,
      recargoCents: 0,
    },
    {
      operation: 'S1',
      vatRateBp: 1000,
      recargoRateBp: 0,
      baseCents: 10_000,
      vatCents: 1_000,
      recargoCents: 0,
    },
    { operation: 'S2', vatRateBp: 0, recargoRateBp: 0, baseCents: 50_000, vatCents: 0, recargoCents: 0 },
    { operation: 'E1', vatRateBp: 0, recargoRateBp: 0, baseCents: 20_000, vatCents: 0, recargoCents: 0 },
  ],
  legalMentions: [
    'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)',
    'Operación exenta de IVA en virtud del artículo 20 de la Ley 37/1992',
  ],
  issuer,
  series: 'F',
  seriesId: 'f1',
  requestedSeriesId: null,
  number: 7,
  invoiceNumber: 'F-2026-0007',
  confirmedAt: '2026-03-02T10:00:00.000Z',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});
