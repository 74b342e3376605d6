/** Builders for the invoicing feature's tests: invoices and pages shaped like the API's. */
import type { Page } from '@shared/api/envelope';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';

export const pageOf = <T>(content: T[], page = 0, total = content.length): Page<T> => ({
  content,
  page,
  size: 20,
  totalElements: total,
  totalPages: Math.max(1, Math.ceil(total / 20)),
});

export const invoice = (n: number, overrides: Partial<InvoiceWithPayments> = {}): InvoiceWithPayments => ({
  invoiceId: `inv-${n}`,
  companyId: 'c-1',
  invoiceType: 'F1',
  status: 'CONFIRMED',
  invoiceDate: '2026-03-10',
  operationDate: null,
  dueDate: '2026-04-09',
  paymentMethod: 'TRANSFER',
  notes: null,
  customer: {
    customerId: 'cus-1',
    name: `Cliente ${n} SL`,
    taxId: 'B12345674',
    address: 'Calle Mayor 1',
    postalCode: '28001',
    city: 'Madrid',
    country: 'ES',
    vatTreatment: 'DOMESTIC',
  },
  invoiceLines: [
    {
      description: 'Reparación',
      quantityMilli: 1000,
      unitPriceCents: 10_000,
      discountBp: 0,
      vatRateBp: 2100,
      operation: 'S1',
      recargo: false,
      baseCents: 10_000,
    },
  ],
  irpfRateBp: 0,
  totals: { baseCents: 10_000, vatCents: 2_100, recargoCents: 0, irpfCents: 0, totalCents: 12_100 },
  breakdown: [
    {
      operation: 'S1',
      vatRateBp: 2100,
      recargoRateBp: 0,
      baseCents: 10_000,
      vatCents: 2_100,
      recargoCents: 0,
    },
  ],
  legalMentions: [],
  series: 'F',
  seriesId: 's-1',
  requestedSeriesId: null,
  number: n,
  invoiceNumber: `F-2026-000${n}`,
  confirmedAt: '2026-03-10T10:00:00Z',
  createdAt: '2026-03-10T09:00:00Z',
  updatedAt: '2026-03-10T10:00:00Z',
  paymentStatus: 'PENDING',
  paidCents: 0,
  ...overrides,
});
