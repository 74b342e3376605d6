/**
 * Running tax aggregates of a company's books (issue 4, items 8 and 12): what one issued or
 * received invoice adds to (sign +1) or takes from (sign −1) the month and quarter figures the
 * AEAT models are filled from (303 by rate and kind, 111/115 withholdings, 347 by counterparty,
 * 349 intra-EU). Pure and integer-only: the store turns a contribution into DynamoDB `ADD`s and the
 * nightly recompute rebuilds the same figures from the books with these very functions.
 *
 * Tax key grammar (`AggregateLine.taxKey`), one line per key and book:
 *  - issued VAT group:    `<operation>|<vatRateBp>|<recargoRateBp>`  e.g. `S1|2100|0`, `S1|2100|520`,
 *                         `S2|0|0`, `E1|0|0`, `N2|0|0` (operation = VeriFacTu/SII CalificacionOperacion
 *                         or exemption cause, exactly the invoice breakdown's groups);
 *  - received VAT group:  `<kind>|<vatRateBp>|<recargoRateBp>|<C|I>` e.g. `DOMESTIC|2100|0|C`,
 *                         `INTRA_EU_GOODS|2100|0|I` (C = current goods/services, I = investment goods:
 *                         modelo 303 deducts them in separate boxes);
 *  - withholding:         `IRPF` (one per book; its line carries only `irpfCents` and
 *                         `totalCents = −irpfCents`, so the sum of an invoice's lines is its total).
 *                         The rate is not part of the key: 111/115/130 need amounts, and the invoices
 *                         a substitution rectifies do not record theirs.
 * Per VAT-group line: `totalCents = base + vat + recargo`; `deductibleVatCents` only on received lines.
 * So for one invoice, Σ lines = its totals (base, vat, recargo, irpf, total) — property-tested.
 *
 * `count` counts invoices: on a key, the invoices whose own breakdown has that key; on the
 * contribution (`invoiceCount`), one per invoice. Rectificativas count as invoices.
 *
 * Counterparties (modelo 347 needs the annual total per counterparty, VAT included, withholdings not
 * subtracted): `totalCents = base + VAT charged + recargo` (the invoice total plus its IRPF).
 * `counterpartyKey` = the Spanish NIF, or `<country>:<type>:<value>` for a foreign id,
 * or `SIN_IDENTIFICAR` when there is none (simplified invoices F2 without customer).
 *
 * Rectificativas (AEAT TipoRectificativa): by DIFFERENCES (I) they contribute their own amounts,
 * possibly negative; by SUBSTITUTION (S) their amounts MINUS those of the invoices they rectify
 * (ImporteRectificacion), in the rectificativa's own period.
 */

import type { Invoice, InvoiceRectification, InvoiceTotalsView } from '../schemas/invoices';

export type TaxBook = 'ISSUED' | 'RECEIVED';
export const TAX_BOOKS: readonly TaxBook[] = ['ISSUED', 'RECEIVED'];

export interface TaxKeyTotals {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  deductibleVatCents: number;
  totalCents: number;
  count: number;
}
export interface AggregateLine extends TaxKeyTotals {
  taxKey: string;
}
export interface CounterpartyLine {
  counterpartyKey: string;
  name: string;
  country: string;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  count: number;
}
/** Invoices counted by type (F1, F2, R1…): count and amounts (simplified invoices, rectificativas). */
export interface InvoiceTypeLine {
  invoiceType: string;
  baseCents: number;
  totalCents: number;
  count: number;
}
export interface AggregateContribution {
  book: TaxBook;
  /** ISO yyyy-mm-dd deciding month and quarter. */
  date: string;
  byKey: AggregateLine[];
  byCounterparty: CounterpartyLine[];
  /** Invoices by type: the AEAT type of an issued one (F1…R5); `RECEIVED` for every received one. */
  byInvoiceType?: InvoiceTypeLine[];
  /**
   * Storage hint, not a figure: contributions with different shards are kept in different items
   * (summed on read), so writers that never contend otherwise do not contend on the aggregates.
   * An issued invoice's shard is its series (confirmations of one series are serialised by its
   * number counter anyway); absent = the book's common items.
   */
  shard?: string;
}

export const IRPF_KEY = 'IRPF';
/** The one invoice-type line of the received book (counts and totals its invoices). */
export const RECEIVED_INVOICE_TYPE = 'RECEIVED';
export const UNIDENTIFIED_COUNTERPARTY = 'SIN_IDENTIFICAR';

type Breakdown = Invoice['breakdown'];
type CustomerTaxIdLike = string | { type: string; value: string; country?: string } | null;

export interface IssuedForAggregates {
  invoiceDate: string;
  invoiceType: string;
  customer: { taxId: CustomerTaxIdLike; name: string; country: string } | null;
  breakdown: Breakdown;
  totals: InvoiceTotalsView;
  rectification?: InvoiceRectification | null;
  /** The series that numbered it: the contribution's storage shard (see `AggregateContribution.shard`). */
  seriesId?: string | null;
}

export const RECEIVED_LINE_KINDS = [
  'DOMESTIC',
  'REVERSE_CHARGE',
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
  'IMPORT',
  'EXEMPT',
  'NOT_SUBJECT',
] as const;
export type ReceivedLineKind = (typeof RECEIVED_LINE_KINDS)[number];

export interface ReceivedForAggregates {
  /** The book date (accounting date or, when absent, the issue date). */
  date: string;
  supplier: { taxIdKey: string | null; name: string; country: string };
  lines: {
    kind: ReceivedLineKind;
    vatRateBp: number;
    recargoRateBp: number;
    baseCents: number;
    vatCents: number;
    recargoCents: number;
    deductibleVatCents: number;
    investmentGoods: boolean;
  }[];
  irpfCents: number;
  totalCents: number;
}

// --- helpers ---------------------------------------------------------------------------------------

/** Avoids −0 (0 × −1), which would make equal figures compare different. */
const z0 = (n: number): number => (n === 0 ? 0 : n);

const ZERO_TOTALS: TaxKeyTotals = {
  baseCents: 0,
  vatCents: 0,
  recargoCents: 0,
  irpfCents: 0,
  deductibleVatCents: 0,
  totalCents: 0,
  count: 0,
};
const TOTAL_FIELDS = Object.keys(ZERO_TOTALS) as (keyof TaxKeyTotals)[];
const COUNTERPARTY_FIELDS = ['baseCents', 'vatCents', 'totalCents', 'count'] as const;
const TYPE_FIELDS = ['baseCents', 'totalCents', 'count'] as const;

export const isZeroTotals = (t: TaxKeyTotals): boolean => TOTAL_FIELDS.every((f) => t[f] === 0);

/** Adds `line × sign` into `acc` under `line.taxKey`. */
function addKey(acc: Map<string, AggregateLine>, taxKey: string, t: Partial<TaxKeyTotals>, sign: number) {
  const cur = acc.get(taxKey) ?? { taxKey, ...ZERO_TOTALS };
  for (const f of TOTAL_FIELDS) cur[f] = z0(cur[f] + sign * (t[f] ?? 0));
  acc.set(taxKey, cur);
}

const byTaxKey = (a: { taxKey: string }, b: { taxKey: string }) =>
  a.taxKey < b.taxKey ? -1 : a.taxKey > b.taxKey ? 1 : 0;

/** Lines in key order without the all-zero ones: the same figures always give the same array. */
const finishKeys = (acc: Map<string, AggregateLine>): AggregateLine[] =>
  [...acc.values()].filter((l) => !isZeroTotals(l)).sort(byTaxKey);

/** Sums lines with the same key (several contributions of one period, or several stored items). */
export function mergeLines(...groups: AggregateLine[][]): AggregateLine[] {
  const acc = new Map<string, AggregateLine>();
  for (const g of groups) for (const l of g) addKey(acc, l.taxKey, l, 1);
  return finishKeys(acc);
}

export function mergeCounterparties(...groups: CounterpartyLine[][]): CounterpartyLine[] {
  const acc = new Map<string, CounterpartyLine>();
  for (const g of groups) {
    for (const l of g) {
      const cur = acc.get(l.counterpartyKey) ?? {
        counterpartyKey: l.counterpartyKey,
        name: l.name,
        country: l.country,
        baseCents: 0,
        vatCents: 0,
        totalCents: 0,
        count: 0,
      };
      for (const f of COUNTERPARTY_FIELDS) cur[f] = z0(cur[f] + l[f]);
      if (l.name) cur.name = l.name;
      if (l.country) cur.country = l.country;
      acc.set(l.counterpartyKey, cur);
    }
  }
  return [...acc.values()]
    .filter((l) => COUNTERPARTY_FIELDS.some((f) => l[f] !== 0))
    .sort((a, b) =>
      a.counterpartyKey < b.counterpartyKey ? -1 : a.counterpartyKey > b.counterpartyKey ? 1 : 0,
    );
}

export function mergeInvoiceTypes(...groups: InvoiceTypeLine[][]): InvoiceTypeLine[] {
  const acc = new Map<string, InvoiceTypeLine>();
  for (const g of groups) {
    for (const l of g) {
      const cur = acc.get(l.invoiceType) ?? {
        invoiceType: l.invoiceType,
        baseCents: 0,
        totalCents: 0,
        count: 0,
      };
      for (const f of TYPE_FIELDS) cur[f] = z0(cur[f] + l[f]);
      acc.set(l.invoiceType, cur);
    }
  }
  return [...acc.values()]
    .filter((l) => TYPE_FIELDS.some((f) => l[f] !== 0))
    .sort((a, b) => (a.invoiceType < b.invoiceType ? -1 : a.invoiceType > b.invoiceType ? 1 : 0));
}

/** Σ of the lines' totals (without count): equals the invoice totals for one invoice. */
export function sumLines(lines: readonly TaxKeyTotals[]): Omit<TaxKeyTotals, 'count'> {
  const s = { ...ZERO_TOTALS };
  for (const l of lines) for (const f of TOTAL_FIELDS) s[f] = z0(s[f] + l[f]);
  const { count: _count, ...rest } = s;
  return rest;
}

// --- periods --------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-\d{2}/;

/** The month ('2026-03') and quarter ('2026-Q1') a book date falls in. */
export function periodsOf(date: string): { month: string; quarter: string } {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not an ISO date: ${date}`);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new Error(`Not an ISO date: ${date}`);
  return { month: `${m[1]}-${m[2]}`, quarter: `${m[1]}-Q${Math.ceil(month / 3)}` };
}

export type PeriodKind = 'MONTH' | 'QUARTER' | 'YEAR';

/** Which kind of period a text names: '2026-03', '2026-Q1' or '2026'; undefined when none. */
export function periodKind(period: string): PeriodKind | undefined {
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return 'MONTH';
  if (/^\d{4}-Q[1-4]$/.test(period)) return 'QUARTER';
  if (/^\d{4}$/.test(period)) return 'YEAR';
  return undefined;
}

// --- counterparties -------------------------------------------------------------------------------

/** The key of a customer's tax id: the NIF itself, or `<country>:<type>:<value>` for a foreign id. */
export function counterpartyKeyOf(taxId: CustomerTaxIdLike | undefined, fallbackCountry: string): string {
  if (taxId === null || taxId === undefined) return UNIDENTIFIED_COUNTERPARTY;
  if (typeof taxId === 'string') return taxId.trim() === '' ? UNIDENTIFIED_COUNTERPARTY : taxId;
  return `${taxId.country ?? fallbackCountry}:${taxId.type}:${taxId.value}`;
}

// --- issued ---------------------------------------------------------------------------------------

export const issuedTaxKey = (g: { operation: string; vatRateBp: number; recargoRateBp: number }): string =>
  `${g.operation}|${g.vatRateBp}|${g.recargoRateBp}`;

/** Adds one invoice's breakdown and withholding (× sign) to `acc`; `counted` adds 1 to each key's count. */
function addIssuedAmounts(
  acc: Map<string, AggregateLine>,
  breakdown: Breakdown,
  irpfCents: number,
  sign: number,
  counted: boolean,
) {
  const seen = new Set<string>();
  for (const g of breakdown) {
    const key = issuedTaxKey(g);
    const first = !seen.has(key);
    seen.add(key);
    addKey(
      acc,
      key,
      {
        baseCents: g.baseCents,
        vatCents: g.vatCents,
        recargoCents: g.recargoCents,
        totalCents: g.baseCents + g.vatCents + g.recargoCents,
        count: counted && first ? 1 : 0,
      },
      sign,
    );
  }
  if (irpfCents !== 0) {
    addKey(acc, IRPF_KEY, { irpfCents, totalCents: -irpfCents, count: counted ? 1 : 0 }, sign);
  }
}

/**
 * What an issued invoice (confirmed, rectificativas included) adds to its book; sign −1 takes it
 * out again (cancellation, or the old state of a correction).
 */
export function issuedContribution(inv: IssuedForAggregates, sign: 1 | -1): AggregateContribution {
  const acc = new Map<string, AggregateLine>();
  addIssuedAmounts(acc, inv.breakdown, inv.totals.irpfCents, sign, true);
  let base = inv.totals.baseCents;
  let net = inv.totals.totalCents;
  let irpf = inv.totals.irpfCents;
  if (inv.rectification?.method === 'SUBSTITUTION') {
    for (const r of inv.rectification.rectified) {
      addIssuedAmounts(acc, r.breakdown, r.totals.irpfCents, -sign, false);
      base -= r.totals.baseCents;
      net -= r.totals.totalCents;
      irpf -= r.totals.irpfCents;
    }
  }
  const gross = net + irpf;
  const country = inv.customer?.country ?? 'ES';
  const counterparty: CounterpartyLine = {
    counterpartyKey: counterpartyKeyOf(inv.customer?.taxId, country),
    name: inv.customer?.name ?? '',
    country,
    baseCents: z0(sign * base),
    vatCents: z0(sign * (gross - base)),
    totalCents: z0(sign * gross),
    count: sign,
  };
  const type: InvoiceTypeLine = {
    invoiceType: inv.invoiceType,
    baseCents: z0(sign * base),
    totalCents: z0(sign * net),
    count: sign,
  };
  return {
    book: 'ISSUED',
    date: inv.invoiceDate,
    byKey: finishKeys(acc),
    byCounterparty: [counterparty],
    byInvoiceType: [type],
    ...(inv.seriesId ? { shard: inv.seriesId } : {}),
  };
}

// --- received -------------------------------------------------------------------------------------

export const receivedTaxKey = (l: {
  kind: string;
  vatRateBp: number;
  recargoRateBp: number;
  investmentGoods: boolean;
}): string => `${l.kind}|${l.vatRateBp}|${l.recargoRateBp}|${l.investmentGoods ? 'I' : 'C'}`;

/**
 * What a received invoice adds to the received book. Counterparty total = the supplier's invoice
 * total plus its withholding (`totalCents + irpfCents`), VAT charged = that minus the base.
 */
export function receivedContribution(rec: ReceivedForAggregates, sign: 1 | -1): AggregateContribution {
  const acc = new Map<string, AggregateLine>();
  const seen = new Set<string>();
  let base = 0;
  for (const l of rec.lines) {
    const key = receivedTaxKey(l);
    const first = !seen.has(key);
    seen.add(key);
    base += l.baseCents;
    addKey(
      acc,
      key,
      {
        baseCents: l.baseCents,
        vatCents: l.vatCents,
        recargoCents: l.recargoCents,
        deductibleVatCents: l.deductibleVatCents,
        totalCents: l.baseCents + l.vatCents + l.recargoCents,
        count: first ? 1 : 0,
      },
      sign,
    );
  }
  if (rec.irpfCents !== 0) {
    addKey(acc, IRPF_KEY, { irpfCents: rec.irpfCents, totalCents: -rec.irpfCents, count: 1 }, sign);
  }
  const gross = rec.totalCents + rec.irpfCents;
  return {
    book: 'RECEIVED',
    date: rec.date,
    byKey: finishKeys(acc),
    byInvoiceType: [
      {
        invoiceType: RECEIVED_INVOICE_TYPE,
        baseCents: z0(sign * base),
        totalCents: z0(sign * rec.totalCents),
        count: sign,
      },
    ],
    byCounterparty: [
      {
        counterpartyKey: rec.supplier.taxIdKey ?? UNIDENTIFIED_COUNTERPARTY,
        name: rec.supplier.name,
        country: rec.supplier.country,
        baseCents: z0(sign * base),
        vatCents: z0(sign * (gross - base)),
        totalCents: z0(sign * gross),
        count: sign,
      },
    ],
  };
}
