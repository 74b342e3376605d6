/**
 * Synthetic documents for the accounting bench (issue 18 item 7): a year of a wholesale distributor's
 * issued invoices with their collections and received invoices with their payments, each turned into
 * the posting the accounting queue's consumer would compute for its event, by the product's own pure
 * rules (functions/domains/accounting/model/postings.ts) over totals computed by the shared fiscal
 * functions (`computeInvoiceTotals`, `computeReceivedInvoiceTotals`: the figures the invoices and
 * expenses domains store and their events carry). Deterministic: document `i` depends only on `i`.
 *
 * The mix (by share of the document groups; a group is an invoice and, usually, its payment):
 *  - 85 % issued invoices (F1, series F) to 300 customers, with 1 or 2 VAT rates (21/10/4 %):
 *    12 % to retailers in recargo de equivalencia (art. 154 LIVA), 10 % professional services with
 *    15 % IRPF withheld by the customer (art. 101.5 LIRPF), 4 % services located abroad (N2, art. 69
 *    LIVA: revenue 7050, no 477); 90 % collected 0–60 days later within the year (5 % in cash, 10 %
 *    of those in part);
 *  - 15 % received invoices from 120 suppliers: goods for resale (600, supplier 4000) at 21/10/4 %,
 *    and services by expense category (rent 621 with 19 % IRPF, repairs 622, professionals 623 with
 *    15 % IRPF, insurance 625 exempt, advertising 627, utilities 628; creditor 4100), 5 % intra-EU
 *    services self-assessed (art. 84.Uno.2º LIVA), a car at 50 % deductible (art. 95.Tres LIVA);
 *    85 % paid 0–45 days later within the year.
 */

import {
  DEFAULT_POSTING_SETTINGS,
  type DesiredPosting,
  type IssuedInvoiceInput,
  issuedInvoicePosting,
  issuedPaymentPosting,
  type PostingSettings,
  type ReceivedInvoiceInput,
  receivedInvoicePosting,
  receivedPaymentPosting,
} from '@functions/domains/accounting/model/postings';
import { computeInvoiceTotals, type InvoiceLineInput } from '@shared/fiscal/invoice-totals';
import { cifControl, dniLetter } from '@shared/fiscal/nif';
import {
  computeReceivedInvoiceTotals,
  type ReceivedTotalsLine,
} from '@shared/fiscal/received-invoice-totals';
import { hash01 } from '../taxmodels/books';

/** Expense categories of the received invoices and the account each maps to (settings.categoryAccounts). */
export const CATEGORY_ACCOUNTS: Readonly<Record<string, string>> = {
  'cat-rent': '621',
  'cat-repairs': '622',
  'cat-professionals': '623',
  'cat-insurance': '625',
  'cat-advertising': '627',
  'cat-utilities': '628',
};

/** The posting settings of the bench's companies: the defaults plus the category mapping. */
export const CUSTOMERS = 300;
export const SUPPLIERS = 120;

export type DocumentKind = 'ISSUED' | 'COLLECTION' | 'RECEIVED' | 'PAYMENT';

export interface BenchDocument {
  kind: DocumentKind;
  posting: DesiredPosting;
}

const pick = <T>(xs: readonly T[], i: number, salt: number): T =>
  xs[Math.floor(hash01(i, salt) * xs.length)]!;
const between = (lo: number, hi: number, i: number, salt: number) =>
  lo + Math.floor(hash01(i, salt) * (hi - lo + 1));

const DAY_MS = 86_400_000;
const daysIn = (year: number) => (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS;
/** The date of group `i` of about `n` spread evenly over `year` (non-decreasing in `i`; the last ones on 31-12). */
const dateOf = (year: number, i: number, n: number): string =>
  new Date(Date.UTC(year, 0, 1) + Math.min(Math.floor((i * daysIn(year)) / n), daysIn(year) - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const cif = (letter: string, n: number) => {
  const seven = String(n).padStart(7, '0');
  return `${letter}${seven}${cifControl(seven).digit}`;
};
const dni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;

const TRADES = ['Hostelería', 'Alimentación', 'Distribuciones', 'Comercial', 'Servicios', 'Suministros'];
const TOWNS = ['Valencia', 'Paterna', 'Burjassot', 'Torrent', 'Gandia', 'Sagunto', 'Alzira', 'Xàtiva'];

/** Customer `k`: retailers in recargo de equivalencia are the first 36 (natural persons). */
const RETAILERS = 36;
const customerOf = (k: number) =>
  k < RETAILERS
    ? {
        customerId: `cus-${k}`,
        name: `Comercio ${pick(TOWNS, k, 1)} ${k}`,
        taxId: dni(20_000_000 + k * 7919),
      }
    : {
        customerId: `cus-${k}`,
        name: `${pick(TRADES, k, 2)} ${pick(TOWNS, k, 3)} ${k} SL`,
        taxId: cif('B', 4_600_000 + k * 31),
      };

type SupplierProfile =
  | 'GOODS'
  | 'RENT'
  | 'REPAIRS'
  | 'PROFESSIONAL'
  | 'INSURANCE'
  | 'ADVERTISING'
  | 'UTILITIES'
  | 'EU'
  | 'CAR';
const PROFILES: readonly SupplierProfile[] = [
  'GOODS',
  'GOODS',
  'GOODS',
  'GOODS',
  'GOODS',
  'GOODS',
  'GOODS',
  'GOODS',
  'RENT',
  'REPAIRS',
  'PROFESSIONAL',
  'INSURANCE',
  'ADVERTISING',
  'UTILITIES',
  'UTILITIES',
  'EU',
  'CAR',
];
/** Supplier `k` always sells the same kind of thing: one sub-account (400 or 410) per supplier. */
const profileOf = (k: number): SupplierProfile => PROFILES[k % PROFILES.length]!;

/** Suppliers of goods for resale post to 600 (settings.supplierAccounts), so their sub-account hangs from 4000. */
export const SUPPLIER_ACCOUNTS: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from({ length: SUPPLIERS }, (_, k) => k)
    .filter((k) => profileOf(k) === 'GOODS')
    .map((k) => [`sup-${k}`, '600']),
);

/** The posting settings of the bench's companies: the defaults plus the category and supplier mappings. */
export const BENCH_POSTING_SETTINGS: PostingSettings = {
  ...DEFAULT_POSTING_SETTINGS,
  categoryAccounts: { ...CATEGORY_ACCOUNTS },
  supplierAccounts: { ...SUPPLIER_ACCOUNTS },
};

const supplierOf = (k: number) =>
  profileOf(k) === 'EU'
    ? {
        supplierId: `sup-${k}`,
        name: `Software Europa ${k} GmbH`,
        taxId: { value: `DE${300_000_000 + k}`, country: 'DE' },
      }
    : {
        supplierId: `sup-${k}`,
        name: `Proveedor ${pick(TRADES, k, 4)} ${k} SL`,
        taxId: cif('B', 9_600_000 + k * 17),
      };

const VAT_RATES = [2100, 2100, 2100, 1000, 1000, 400] as const;

function issuedLines(i: number, retailer: boolean, services: 'NONE' | 'IRPF' | 'ABROAD'): InvoiceLineInput[] {
  const first = pick(VAT_RATES, i, 10);
  const second =
    hash01(i, 11) < 0.35
      ? pick(
          VAT_RATES.filter((r) => r !== first),
          i,
          12,
        )
      : null;
  const lines: InvoiceLineInput[] = [];
  const count = between(1, 4, i, 13);
  for (let l = 0; l < count; l++) {
    const vatRateBp = services === 'NONE' ? (second !== null && l % 2 === 1 ? second : first) : 2100;
    lines.push({
      quantityMilli: between(1, 40, i * 7 + l, 14) * 1000,
      unitPriceCents: between(150, 45_000, i * 7 + l, 15),
      discountBp: hash01(i * 7 + l, 16) < 0.2 ? 500 : 0,
      vatRateBp,
      operation: services === 'ABROAD' ? 'N2' : 'S1',
      recargo: retailer,
      irpf: services === 'IRPF',
    });
  }
  return lines;
}

function issuedInvoice(year: number, i: number, groups: number): IssuedInvoiceInput {
  const k = between(0, CUSTOMERS - 1, i, 20);
  const customer = customerOf(k);
  const retailer = k < RETAILERS && hash01(i, 21) < 0.9;
  const r = hash01(i, 22);
  const services = retailer ? 'NONE' : r < 0.1 ? 'IRPF' : r < 0.14 ? 'ABROAD' : 'NONE';
  const irpfRateBp = services === 'IRPF' ? 1500 : undefined;
  const totals = computeInvoiceTotals({
    lines: issuedLines(i, retailer, services),
    ...(irpfRateBp ? { irpfRateBp } : {}),
    recargoEquivalencia: retailer,
  });
  return {
    kind: 'INVOICE_CONFIRMED',
    invoiceId: `inv-${i}`,
    invoiceType: 'F1',
    invoiceDate: dateOf(year, i, groups),
    invoiceNumber: `F${year}-${String(i + 1).padStart(6, '0')}`,
    customer,
    breakdown: totals.breakdown,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: totals.recargoCents,
      irpfCents: totals.irpfCents,
      totalCents: totals.totalCents,
    },
    irpfRateBp: irpfRateBp ?? null,
    rectification: null,
  };
}

function receivedLines(i: number, profile: SupplierProfile): ReceivedTotalsLine[] {
  const base = (salt: number, lo: number, hi: number) => ({
    quantityMilli: 1000,
    unitPriceCents: between(lo, hi, i, salt),
    discountBp: 0,
    recargoRateBp: 0,
    investmentGoods: false,
    deductibleBp: 10_000,
  });
  switch (profile) {
    case 'GOODS': {
      const count = between(1, 3, i, 30);
      return Array.from({ length: count }, (_, l) => ({
        ...base(31 + l, 5_000, 900_000),
        vatRateBp: pick(VAT_RATES, i * 3 + l, 34),
        kind: 'DOMESTIC' as const,
      }));
    }
    case 'RENT':
      return [{ ...base(35, 120_000, 180_000), vatRateBp: 2100, kind: 'DOMESTIC' }];
    case 'INSURANCE':
      return [{ ...base(36, 20_000, 90_000), vatRateBp: 0, kind: 'EXEMPT' }];
    case 'EU':
      return [{ ...base(37, 3_000, 60_000), vatRateBp: 2100, kind: 'INTRA_EU_SERVICES' }];
    case 'CAR':
      return [{ ...base(38, 4_000, 25_000), vatRateBp: 2100, kind: 'DOMESTIC', deductibleBp: 5_000 }];
    default:
      return [{ ...base(39, 2_000, 150_000), vatRateBp: 2100, kind: 'DOMESTIC' }];
  }
}

const CATEGORY_OF: Partial<Record<SupplierProfile, string>> = {
  RENT: 'cat-rent',
  REPAIRS: 'cat-repairs',
  PROFESSIONAL: 'cat-professionals',
  INSURANCE: 'cat-insurance',
  ADVERTISING: 'cat-advertising',
  UTILITIES: 'cat-utilities',
};

function receivedInvoice(year: number, i: number, groups: number): ReceivedInvoiceInput {
  const k = between(0, SUPPLIERS - 1, i, 40);
  const profile = profileOf(k);
  const irpfRateBp = profile === 'RENT' ? 1900 : profile === 'PROFESSIONAL' ? 1500 : 0;
  const totals = computeReceivedInvoiceTotals({ lines: receivedLines(i, profile), irpfRateBp });
  return {
    kind: 'RECEIVED_REGISTERED',
    receivedInvoiceId: `rec-${i}`,
    receivedInvoice: {
      receivedInvoiceId: `rec-${i}`,
      supplier: supplierOf(k),
      supplierInvoiceNumber: `P-${k}-${i + 1}`,
      invoiceType: 'F1',
      issueDate: dateOf(year, i, groups),
      irpfRateBp: irpfRateBp || null,
      expenseCategoryId: CATEGORY_OF[profile] ?? null,
      totals,
      version: 1,
    },
  };
}

/**
 * The documents of one year, in group order, `count` of them (invoices and payments together). Each
 * comes with the posting its event asks for (the rules throw when a document does not balance).
 */
export function* benchDocuments(opts: { year: number; count: number }): Generator<BenchDocument> {
  // About 1.79 documents per group (a share of the payments falls after the year's end and is left out).
  const groups = Math.max(1, Math.ceil(opts.count / 1.79));
  const yearEnd = `${opts.year}-12-31`;
  let emitted = 0;
  for (let i = 0; emitted < opts.count; i++) {
    if (hash01(i, 1) < 0.85) {
      const inv = issuedInvoice(opts.year, i, groups);
      emitted++;
      yield { kind: 'ISSUED', posting: issuedInvoicePosting(inv, BENCH_POSTING_SETTINGS) };
      const date = addDays(inv.invoiceDate, between(0, 60, i, 50));
      if (emitted < opts.count && hash01(i, 51) < 0.9 && date <= yearEnd) {
        const partial = hash01(i, 52) < 0.1;
        emitted++;
        yield {
          kind: 'COLLECTION',
          posting: issuedPaymentPosting(
            {
              ...inv,
              kind: 'PAYMENT_RECORDED',
              payment: {
                paymentId: `pay-${i}`,
                date,
                amountCents: partial ? Math.floor(inv.totals.totalCents / 2) : inv.totals.totalCents,
                method: hash01(i, 53) < 0.05 ? 'CASH' : 'TRANSFER',
                revision: 0,
              },
            },
            BENCH_POSTING_SETTINGS,
          ),
        };
      }
    } else {
      const rec = receivedInvoice(opts.year, i, groups);
      emitted++;
      yield { kind: 'RECEIVED', posting: receivedInvoicePosting(rec, BENCH_POSTING_SETTINGS) };
      const date = addDays(rec.receivedInvoice.issueDate, between(0, 45, i, 60));
      if (emitted < opts.count && hash01(i, 61) < 0.85 && date <= yearEnd) {
        emitted++;
        yield {
          kind: 'PAYMENT',
          posting: receivedPaymentPosting(
            {
              ...rec,
              kind: 'RECEIVED_PAYMENT_RECORDED',
              payment: {
                paymentId: `rpay-${i}`,
                date,
                amountCents: rec.receivedInvoice.totals.totalCents,
                method: 'TRANSFER',
              },
            },
            BENCH_POSTING_SETTINGS,
          ),
        };
      }
    }
  }
}
