/**
 * Test helper: a company's books as the invoicing writes leave them — issued invoice items (on their
 * date index) and received invoice items, each with its running aggregates written by the same pure
 * contribution the real transaction carries — and the worked example of
 * ../shared/reference/tax-models.md §5 (an IT consultant, 2T 2025).
 */

import { keys } from '@shared/db/keys';
import { SCHEMA_VERSION } from '@shared/db/records';
import { computeInvoiceTotals } from '@shared/fiscal/invoice-totals';
import {
  computeReceivedInvoiceTotals,
  toReceivedForAggregates,
} from '@shared/fiscal/received-invoice-totals';
import {
  type IssuedForAggregates,
  issuedContribution,
  receivedContribution,
} from '@shared/fiscal/tax-aggregates';
import { WITHHOLDING_KIND_INFO, type WithholdingKind } from '@shared/fiscal/withholdings';
import type { ReceivedInvoice, ReceivedLineKind } from '@shared/schemas/received-invoices';
import type { taxModelsHarness } from './harness';

type Harness = ReturnType<typeof taxModelsHarness>;

export interface IssuedSpec {
  id: string;
  number: string;
  date: string;
  customer?: {
    name: string;
    taxId: string | { type: string; value: string; country: string } | null;
    country?: string;
  };
  /** [base in céntimos, VAT rate bp, operation] per line. */
  lines: [number, number, string?][];
  irpfRateBp?: number;
  invoiceType?: string;
}

/** Stores a confirmed issued invoice and adds it to the aggregates. */
export async function addIssued(h: Harness, companyId: string, spec: IssuedSpec) {
  const totals = computeInvoiceTotals({
    lines: spec.lines.map(([base, rate, op]) => ({
      quantityMilli: 1000,
      unitPriceCents: base,
      vatRateBp: rate,
      operation: (op ?? 'S1') as 'S1',
    })),
    irpfRateBp: spec.irpfRateBp ?? 0,
  });
  const country = spec.customer?.country ?? 'ES';
  const invoice = {
    invoiceId: spec.id,
    companyId,
    invoiceType: spec.invoiceType ?? 'F1',
    status: 'CONFIRMED',
    invoiceDate: spec.date,
    invoiceNumber: spec.number,
    customer: spec.customer
      ? {
          customerId: null,
          name: spec.customer.name,
          taxId: spec.customer.taxId,
          address: '',
          postalCode: '',
          city: '',
          country,
          vatTreatment: 'STANDARD',
        }
      : null,
    breakdown: totals.breakdown,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: totals.recargoCents,
      irpfCents: totals.irpfCents,
      totalCents: totals.totalCents,
    },
    irpfRateBp: spec.irpfRateBp ?? 0,
    rectification: null,
    seriesId: 'serie-a',
  };
  h.table.put({
    ...keys.invoice(companyId, spec.id),
    ...keys.invoiceByDate(companyId, spec.date, spec.id),
    entity: 'Invoice',
    v: SCHEMA_VERSION,
    ...invoice,
  });
  await h.addToBooks(companyId, issuedContribution(invoice as unknown as IssuedForAggregates, 1));
  return invoice;
}

export interface ReceivedSpec {
  id: string;
  number: string;
  date: string;
  supplier: {
    name: string;
    taxId: string | { type: string; value: string; country: string };
    country?: string;
  };
  /** [base, VAT rate bp, kind?, investmentGoods?] per line. */
  lines: [number, number, ReceivedLineKind?, boolean?][];
  irpfRateBp?: number;
  /** The withholding's kind and key (issue 15); absent with a withholding: a professional's (G01). */
  withholding?: { kind: WithholdingKind; key?: string };
}

/** Stores a received invoice and adds it to the aggregates. */
export async function addReceived(h: Harness, companyId: string, spec: ReceivedSpec) {
  const totals = computeReceivedInvoiceTotals({
    lines: spec.lines.map(([base, rate, kind, investment]) => ({
      quantityMilli: 1000,
      unitPriceCents: base,
      discountBp: 0,
      vatRateBp: rate,
      kind: kind ?? 'DOMESTIC',
      deductibleBp: 10_000,
      recargoRateBp: 0,
      investmentGoods: investment ?? false,
    })),
    irpfRateBp: spec.irpfRateBp ?? 0,
  });
  const rec = {
    receivedInvoiceId: spec.id,
    companyId,
    supplier: {
      supplierId: null,
      name: spec.supplier.name,
      taxId: spec.supplier.taxId,
      country: spec.supplier.country ?? 'ES',
    },
    supplierInvoiceNumber: spec.number,
    invoiceType: 'F1',
    rectification: null,
    issueDate: spec.date,
    accountingDate: spec.date,
    lines: [],
    irpfRateBp: spec.irpfRateBp ?? 0,
    ...(spec.withholding
      ? {
          withholdingKind: spec.withholding.kind,
          withholdingKey: spec.withholding.key ?? WITHHOLDING_KIND_INFO[spec.withholding.kind].defaultKey,
        }
      : {}),
    expenseCategoryId: null,
    attachments: [],
    approvalStatus: 'APPROVED',
    approval: null,
    totals,
    version: 1,
    createdBy: 'u-owner',
    createdAt: `${spec.date}T10:00:00.000Z`,
    updatedAt: `${spec.date}T10:00:00.000Z`,
  } as unknown as ReceivedInvoice;
  h.table.put({
    ...keys.receivedInvoice(companyId, spec.id),
    ...keys.receivedInvoiceByDate(companyId, spec.date, spec.id),
    entity: 'ReceivedInvoice',
    v: SCHEMA_VERSION,
    ...rec,
  });
  await h.addToBooks(companyId, receivedContribution(toReceivedForAggregates(rec), 1));
  return rec;
}

/**
 * The worked example (reference notes §5): four issued invoices of 2T 2025 (two to companies with
 * 15 % IRPF, two to consumers) and the quarter's received invoices (rent with 19 % IRPF, typed RENT →
 * 115; telecom; a designer with 15 % IRPF, PROFESSIONAL G01 → 111; a technical book at 4 %).
 */
export async function workedExample(h: Harness, companyId: string) {
  await addIssued(h, companyId, {
    id: 'f011',
    number: 'F-2025-011',
    date: '2025-04-10',
    customer: { name: 'Cliente SL', taxId: 'B12345674' },
    lines: [[300_000, 2100]],
    irpfRateBp: 1500,
  });
  await addIssued(h, companyId, {
    id: 'f012',
    number: 'F-2025-012',
    date: '2025-05-06',
    customer: { name: 'Empresa SA', taxId: 'A58818501' },
    lines: [[200_000, 2100]],
    irpfRateBp: 1500,
  });
  await addIssued(h, companyId, {
    id: 'f013',
    number: 'F-2025-013',
    date: '2025-05-20',
    customer: { name: 'Lucía Pérez', taxId: '12345678Z' },
    lines: [[250_000, 2100]],
  });
  await addIssued(h, companyId, {
    id: 'f014',
    number: 'F-2025-014',
    date: '2025-06-18',
    customer: { name: 'Jorge Ruiz', taxId: '87654321X' },
    lines: [[150_000, 2100]],
  });
  for (const [i, date] of ['2025-04-01', '2025-05-01', '2025-06-01'].entries()) {
    await addReceived(h, companyId, {
      id: `alq0${i + 4}`,
      number: `ALQ-0${i + 4}`,
      date,
      supplier: { name: 'Arrendador particular', taxId: '11111111H' },
      lines: [[60_000, 2100]],
      irpfRateBp: 1900,
      withholding: { kind: 'RENT' },
    });
  }
  await addReceived(h, companyId, {
    id: 'tel',
    number: 'TEL-Q2',
    date: '2025-06-30',
    supplier: { name: 'Telecom SA', taxId: 'A28015865' },
    lines: [[24_000, 2100]],
  });
  await addReceived(h, companyId, {
    id: 'dis7',
    number: 'DIS-7',
    date: '2025-05-15',
    supplier: { name: 'Diseñadora autónoma', taxId: '22222222J' },
    lines: [[100_000, 2100]],
    irpfRateBp: 1500,
    withholding: { kind: 'PROFESSIONAL', key: 'G01' },
  });
  await addReceived(h, companyId, {
    id: 'lib1',
    number: 'LIB-1',
    date: '2025-04-22',
    supplier: { name: 'Librería Técnica SL', taxId: 'B87654323' },
    lines: [[10_000, 400]],
  });
}

/**
 * The boxes of the worked example's 303 (2T 2025), to the cent: [46] = [27] − [45] = 1.890,00 −
 * 642,40 = 1.247,60 € (reference §5).
 */
export const WORKED_EXAMPLE_303 = {
  '07': 900_000,
  '08': 2100,
  '09': 189_000,
  '27': 189_000,
  '28': 314_000,
  '29': 64_240,
  '45': 64_240,
  '46': 124_760,
  '71': 124_760,
} as const;

/**
 * The worked example's first quarter (reference notes §5, "Q1 2025 already filed: income 8,000.00;
 * expenses 3,300.00; withholdings borne 750.00"): 5.000,00 € invoiced to a company that withholds 15 %
 * (750,00 €) and 3.000,00 € to a consumer; 3.300,00 € of expenses: the rent, 3 × 600,00 € (RENT 19 %),
 * and 1.500,00 € of office supplies at 21 %.
 */
export async function workedExampleQ1(h: Harness, companyId: string) {
  await addIssued(h, companyId, {
    id: 'f001',
    number: 'F-2025-001',
    date: '2025-02-10',
    customer: { name: 'Cliente SL', taxId: 'B12345674' },
    lines: [[500_000, 2100]],
    irpfRateBp: 1500,
  });
  await addIssued(h, companyId, {
    id: 'f002',
    number: 'F-2025-002',
    date: '2025-03-12',
    customer: { name: 'Lucía Pérez', taxId: '12345678Z' },
    lines: [[300_000, 2100]],
  });
  for (const [i, date] of ['2025-01-01', '2025-02-01', '2025-03-01'].entries()) {
    await addReceived(h, companyId, {
      id: `alq0${i + 1}`,
      number: `ALQ-0${i + 1}`,
      date,
      supplier: { name: 'Arrendador particular', taxId: '11111111H' },
      lines: [[60_000, 2100]],
      irpfRateBp: 1900,
      withholding: { kind: 'RENT' },
    });
  }
  await addReceived(h, companyId, {
    id: 'sum1',
    number: 'SUM-1',
    date: '2025-03-20',
    supplier: { name: 'Suministros Oficina SL', taxId: 'B87654323' },
    lines: [[150_000, 2100]],
  });
}

/**
 * The worked example's RETA quota of 2T 2025 (reference notes §5: 900,00 €, no VAT): the social
 * security receipt entered as a received document with one not-subject line, so it is an expense of the
 * 130 ([02]) and of no VAT box.
 */
export async function workedExampleReta(h: Harness, companyId: string) {
  await addReceived(h, companyId, {
    id: 'reta2',
    number: 'RETA-Q2',
    date: '2025-06-30',
    supplier: { name: 'Tesorería General de la Seguridad Social', taxId: 'Q2827003A' },
    lines: [[90_000, 0, 'NOT_SUBJECT']],
  });
}
