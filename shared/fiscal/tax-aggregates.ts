/**
 * Running tax aggregates of a company's books (issue 4, items 8 and 12; issue 14 item 1): what one
 * issued or received invoice adds to (sign +1) or takes from (sign −1) the month and quarter figures
 * the AEAT models are filled from (303/390 by operation, rate, region, period of the rectified
 * invoice and regime; 111/115 withholdings; 347 and 349 by counterparty and operation key). Pure and
 * integer-only: the store turns a contribution into DynamoDB `ADD`s and the nightly recompute
 * rebuilds the same figures from the books with these very functions.
 *
 * The key grammar is the contract in ./aggregate-keys.ts, e.g. issued `S1|2100|0|ES|0|G`, `IRPF`,
 * received `DOMESTIC|2100|0|C|0`, `IRPF|PROFESSIONAL|G01`; counterparty lines carry an operation key
 * (`347B`, `349E`, `349E@2026-02`, `X_FOREIGN`, `W|RENT|-`…). The cash-basis settlements
 * (`CAJA|…`) and cash collections (`CASH@yyyy`) of issued invoices come from their payments:
 * ./payment-aggregates.ts; those of received invoices under the criterio de caja (the supplier's or
 * the company's own, `deductionOnPayment`; their DOMESTIC keys end in `|C`) from theirs:
 * ./received-payment-aggregates.ts.
 *
 * Per VAT-group line: `totalCents = base + vat + recargo`; `deductibleVatCents` and
 * `deductibleBaseCents` only on received lines (the base whose VAT is deductible, before the
 * prorrata, which the model applies). A received withholding line (`IRPF|<kind>|<key>`) carries the
 * withholding's base, which repeats the invoice's: `sumLines` leaves it out. So for one invoice,
 * Σ lines = its totals (base, vat, recargo, irpf, total) — property-tested.
 *
 * `count` counts invoices: on a key, the invoices whose own breakdown has that key; on the
 * contribution (`invoiceCount`), one per invoice. Rectificativas count as invoices.
 *
 * Counterparties (modelo 347 needs the annual total per counterparty, VAT included, withholdings not
 * subtracted; modelo 349 the bases per operation key): one line per operation key the invoice has,
 * each with its share (`totalCents = base + VAT charged + recargo`), so Σ of an invoice's counterparty
 * lines = its total plus its IRPF; a received invoice with a withholding adds one more line for its
 * recipient (`W|<kind>|<key>`: the withholding base as base and total, no VAT, the amount withheld as
 * `irpfCents`, count 1), outside that sum. `counterpartyKey` = the Spanish NIF, or
 * `<country>:<type>:<value>` for a foreign id, or `SIN_IDENTIFICAR` when there is none.
 *
 * Rectificativas (AEAT TipoRectificativa): by DIFFERENCES (I) they contribute their own amounts,
 * possibly negative; by SUBSTITUTION (S) their amounts MINUS those of the invoices they rectify
 * (ImporteRectificacion), in the rectificativa's own period and under its keys (same region, regime
 * and modification marker: the whole difference lands in the modification boxes when it rectifies an
 * earlier period).
 */

import { isEuCountry } from '../schemas/countries';
import type { Invoice, InvoiceRectification, InvoiceTotalsView } from '../schemas/invoices';
import type { DeductionOnPayment } from '../schemas/received-invoices';
import {
  formatIssuedKey,
  formatReceivedKey,
  formatWithholdingKey,
  formatWithholdingOpKey,
  IRPF_KEY,
  IRPF_KEY_PREFIX,
  type IssuedRegime,
  type ModMarker,
  modMarker,
  type Region,
} from './aggregate-keys';
import { roundHalfUpBig } from './money';
import { defaultWithholding, type WithholdingKind } from './withholdings';

export { IRPF_KEY } from './aggregate-keys';

export type TaxBook = 'ISSUED' | 'RECEIVED';
export const TAX_BOOKS: readonly TaxBook[] = ['ISSUED', 'RECEIVED'];

export interface TaxKeyTotals {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  deductibleVatCents: number;
  /** Received: the part of the base whose VAT is deductible (art. 95 LIVA share; prorrata not applied). */
  deductibleBaseCents: number;
  totalCents: number;
  count: number;
}
export interface AggregateLine extends TaxKeyTotals {
  taxKey: string;
}
export interface CounterpartyLine {
  counterpartyKey: string;
  /** The operation key (aggregate-keys.ts): 347A/347B, 349E/T/S/A/I[@yyyy-mm], CASH@yyyy, X_…. */
  opKey: string;
  name: string;
  country: string;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  count: number;
  /** `W|…` lines (issue 15): the amount withheld from this recipient. Absent = 0. */
  irpfCents?: number;
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

/** The one invoice-type line of the received book (counts and totals its invoices). */
export const RECEIVED_INVOICE_TYPE = 'RECEIVED';
export const UNIDENTIFIED_COUNTERPARTY = 'SIN_IDENTIFICAR';

type Breakdown = Invoice['breakdown'];
type CustomerTaxIdLike = string | { type: string; value: string; country?: string } | null;

export interface IssuedForAggregates {
  invoiceDate: string;
  /** Fecha de operación when it differs from the invoice date: the VAT accrues then (art. 75 LIVA). */
  operationDate?: string | null;
  invoiceType: string;
  customer: { taxId: CustomerTaxIdLike; name: string; country: string } | null;
  breakdown: Breakdown;
  totals: InvoiceTotalsView;
  rectification?: InvoiceRectification | null;
  /** The series that numbered it: the contribution's storage shard (see `AggregateContribution.shard`). */
  seriesId?: string | null;
  /** The issuer as confirmed: `vatRegime` CRITERIO_CAJA puts the invoice under regime `C`. */
  issuer?: { vatRegime?: string | null } | null;
  /** An intra-EU delivery in a triangular operation (art. 26.Tres LIVA): 349 key T instead of E. */
  triangular?: boolean | null;
}

/**
 * The date an issued invoice's VAT accrues (devengo), which decides its month and quarter:
 *  - art. 75.Uno.1º-2º LIVA: the delivery or the service, i.e. the operation date when the invoice
 *    is issued after it (an invoice issued before the operation is an advance: art. 75.Dos, accrued
 *    with the payment — the invoice date is the closest date the books have);
 *  - art. 75.Uno.8º LIVA: an exempt intra-EU delivery (E5) accrues on the 15th of the month after
 *    the transport started, or on the invoice date when that is earlier;
 *  - a rectificativa is declared in the period it is issued (art. 89.Cinco LIVA; RIVA art. 15).
 */
export function accrualDateOf(
  inv: Pick<IssuedForAggregates, 'invoiceDate' | 'operationDate' | 'breakdown' | 'rectification'>,
): string {
  const op = inv.operationDate;
  if (inv.rectification || !op || op >= inv.invoiceDate) return inv.invoiceDate;
  const onlyE5 = inv.breakdown.length > 0 && inv.breakdown.every((g) => g.operation === 'E5');
  if (!onlyE5) return op;
  const y = Number(op.slice(0, 4));
  const m = Number(op.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01-15` : `${y}-${String(m + 1).padStart(2, '0')}-15`;
  return next < inv.invoiceDate ? next : inv.invoiceDate;
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
  /** A received rectificativa: the dates of the invoices it rectifies (its modification marker). */
  rectifiedDates?: string[];
  /**
   * The withholding's kind, perception key and base (issue 15 item 1). Absent or null with a
   * withholding (a caller written before the kinds): a professional's (`defaultWithholding`) on the
   * sum of the lines' bases.
   */
  withholding?: { kind: WithholdingKind; key: string; baseCents: number } | null;
  /**
   * Why the deduction of its DOMESTIC lines' VAT waits for the payment, as stored on the invoice
   * (decided when it was written, never from the profile here; ./received-payment-aggregates.ts):
   * SUPPLIER_RECC the supplier applies the régimen especial del criterio de caja (the invoice says so,
   * art. 6.1.o RD 1619/2012; art. 163 quinquiesdecies.Uno LIVA), OWN_RECC the company applies it
   * itself (art. 163 terdecies LIVA, the deductions of a company in the regime). Absent or null: the
   * general rule.
   */
  deductionOnPayment?: DeductionOnPayment | null;
  /** The date the operation was made (fecha de operación, else the issue date): the RECC deadline's year. */
  operationDate?: string;
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
  deductibleBaseCents: 0,
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

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byTaxKey = (a: { taxKey: string }, b: { taxKey: string }) => byString(a.taxKey, b.taxKey);

/** Lines in key order without the all-zero ones: the same figures always give the same array. */
const finishKeys = (acc: Map<string, AggregateLine>): AggregateLine[] =>
  [...acc.values()].filter((l) => !isZeroTotals(l)).sort(byTaxKey);

/** Sums lines with the same key (several contributions of one period, or several stored items). */
export function mergeLines(...groups: AggregateLine[][]): AggregateLine[] {
  const acc = new Map<string, AggregateLine>();
  for (const g of groups) for (const l of g) addKey(acc, l.taxKey, l, 1);
  return finishKeys(acc);
}

/** The identity of a counterparty line: counterparty and operation key. */
export const counterpartyLineId = (l: Pick<CounterpartyLine, 'counterpartyKey' | 'opKey'>): string =>
  `${l.counterpartyKey}|${l.opKey}`;

/** Whether a counterparty line holds any figure (its optional `irpfCents` included). */
const hasFigures = (l: CounterpartyLine): boolean =>
  COUNTERPARTY_FIELDS.some((f) => l[f] !== 0) || (l.irpfCents ?? 0) !== 0;

/**
 * Adds `l × sign` into `acc` under its counterparty and operation key; descriptive fields: latest
 * non-empty. `irpfCents` (only `W|…` lines carry it) is summed too and left out while it is 0.
 */
function addCounterparty(acc: Map<string, CounterpartyLine>, l: CounterpartyLine, sign: number) {
  const id = counterpartyLineId(l);
  const cur = acc.get(id) ?? {
    counterpartyKey: l.counterpartyKey,
    opKey: l.opKey,
    name: l.name,
    country: l.country,
    baseCents: 0,
    vatCents: 0,
    totalCents: 0,
    count: 0,
  };
  for (const f of COUNTERPARTY_FIELDS) cur[f] = z0(cur[f] + sign * l[f]);
  const irpf = z0((cur.irpfCents ?? 0) + sign * (l.irpfCents ?? 0));
  if (irpf !== 0) cur.irpfCents = irpf;
  else delete cur.irpfCents;
  if (l.name) cur.name = l.name;
  if (l.country) cur.country = l.country;
  acc.set(id, cur);
}

const finishCounterparties = (acc: Map<string, CounterpartyLine>): CounterpartyLine[] =>
  [...acc.values()]
    .filter(hasFigures)
    .sort((a, b) => byString(a.counterpartyKey, b.counterpartyKey) || byString(a.opKey, b.opKey));

export function mergeCounterparties(...groups: CounterpartyLine[][]): CounterpartyLine[] {
  const acc = new Map<string, CounterpartyLine>();
  for (const g of groups) for (const l of g) addCounterparty(acc, l, 1);
  return finishCounterparties(acc);
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
    .sort((a, b) => byString(a.invoiceType, b.invoiceType));
}

/** A received withholding line (`IRPF|<kind>|<key>`): its base is the withholding's, not an invoice's. */
const isTypedWithholding = (l: TaxKeyTotals): boolean =>
  'taxKey' in l && typeof l.taxKey === 'string' && l.taxKey.startsWith(IRPF_KEY_PREFIX);

/**
 * Σ of the lines' totals (without count): equals the invoice totals for one invoice. The base of a
 * typed withholding line is left out: it repeats the base of the invoice's VAT lines.
 */
export function sumLines(lines: readonly TaxKeyTotals[]): Omit<TaxKeyTotals, 'count'> {
  const s = { ...ZERO_TOTALS };
  for (const l of lines) {
    const skipBase = isTypedWithholding(l);
    for (const f of TOTAL_FIELDS) if (!(skipBase && f === 'baseCents')) s[f] = z0(s[f] + l[f]);
  }
  const { count: _count, ...rest } = s;
  return rest;
}

/**
 * The lines that are invoice amounts: without the cash-basis settlements (`CAJA|…`), which repeat
 * part of invoices already counted (the book's totals and turnover must not count them twice).
 */
export const invoiceLines = <T extends { taxKey: string }>(lines: readonly T[]): T[] =>
  lines.filter((l) => !l.taxKey.startsWith('CAJA|'));

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

// --- classification (aggregate-keys.ts grammar v2) -----------------------------------------------

/** The key of a customer's tax id: the NIF itself, or `<country>:<type>:<value>` for a foreign id. */
export function counterpartyKeyOf(taxId: CustomerTaxIdLike | undefined, fallbackCountry: string): string {
  if (taxId === null || taxId === undefined) return UNIDENTIFIED_COUNTERPARTY;
  if (typeof taxId === 'string') return taxId.trim() === '' ? UNIDENTIFIED_COUNTERPARTY : taxId;
  return `${taxId.country ?? fallbackCountry}:${taxId.type}:${taxId.value}`;
}

/** ES (Spain, or unknown), EU (another member state) or XX (outside the EU). */
export function regionOf(country: string | null | undefined): Region {
  const c = (country ?? '').trim().toUpperCase();
  if (c === '' || c === 'ES') return 'ES';
  return isEuCountry(c) ? 'EU' : 'XX';
}

/** Régimen especial del criterio de caja (art. 163 decies LIVA) as the invoice's issuer snapshot says. */
export const issuedRegime = (inv: Pick<IssuedForAggregates, 'issuer'>): IssuedRegime =>
  inv.issuer?.vatRegime === 'CRITERIO_CAJA' ? 'C' : 'G';

const isIsoDate = (d: unknown): d is string => typeof d === 'string' && ISO_DATE.test(d);

/** The earliest rectified date and the modification marker of a document dated `date`. */
function modificationOf(date: string, rectifiedDates: readonly unknown[] | undefined) {
  const dates = (rectifiedDates ?? []).filter(isIsoDate).sort();
  const mod: ModMarker = modMarker(date, dates);
  return { mod, rectifiedMonth: mod === '0' ? undefined : (dates[0] as string).slice(0, 7) };
}

/** `349x`, with `@<yyyy-mm>` for a rectification of an earlier period. */
const op349 = (key: string, rectifiedMonth: string | undefined) =>
  `349${key}${rectifiedMonth ? `@${rectifiedMonth}` : ''}`;

/**
 * The counterparty operation key of one group of an issued invoice: without customer tax id
 * X_UNIDENTIFIED; to another member state E5 → 349E (349T triangular), N2 (services located there)
 * → 349S, anything else X_FOREIGN; outside the EU X_FOREIGN; in Spain 347B.
 */
export function issuedOpKey(
  operation: string,
  ctx: { identified: boolean; region: Region; triangular: boolean; rectifiedMonth?: string },
): string {
  if (!ctx.identified) return 'X_UNIDENTIFIED';
  if (ctx.region === 'ES') return '347B';
  if (ctx.region === 'EU' && operation === 'E5') return op349(ctx.triangular ? 'T' : 'E', ctx.rectifiedMonth);
  if (ctx.region === 'EU' && operation === 'N2') return op349('S', ctx.rectifiedMonth);
  return 'X_FOREIGN';
}

/**
 * The counterparty operation key of one line of a received invoice (the whole invoice is X_IRPF
 * when it carries a withholding: declared in the 190/180, not in the 347): IMPORT → X_IMPORT;
 * without supplier tax id X_UNIDENTIFIED; intra-EU acquisitions from another member state → 349A
 * (goods) / 349I (services), from anywhere else X_FOREIGN; other lines of a Spanish supplier → 347A,
 * of a foreign one X_FOREIGN.
 */
export function receivedOpKey(
  kind: ReceivedLineKind,
  ctx: { identified: boolean; supplierCountry: string; withholding: boolean; rectifiedMonth?: string },
): string {
  if (ctx.withholding) return 'X_IRPF';
  if (kind === 'IMPORT') return 'X_IMPORT';
  if (!ctx.identified) return 'X_UNIDENTIFIED';
  const region = regionOf(ctx.supplierCountry);
  if (kind === 'INTRA_EU_GOODS' || kind === 'INTRA_EU_SERVICES') {
    return region === 'EU' ? op349(kind === 'INTRA_EU_GOODS' ? 'A' : 'I', ctx.rectifiedMonth) : 'X_FOREIGN';
  }
  return region === 'ES' ? '347A' : 'X_FOREIGN';
}

/**
 * The counterparty lines of one document from its per-line shares (`× sign`), adjusted so their
 * sums are exactly the document's base and gross total (the first line takes any difference between
 * the document's totals and the sum of its groups; none for consistent invoices).
 */
function counterpartyLines(
  party: { counterpartyKey: string; name: string; country: string },
  shares: { opKey: string; baseCents: number; grossCents: number; counted: boolean }[],
  expected: { baseCents: number; grossCents: number; fallbackOpKey: string },
  sign: number,
): CounterpartyLine[] {
  // A document without groups (none is confirmed so; older test data) still counts its counterparty.
  if (shares.length === 0)
    shares.push({ opKey: expected.fallbackOpKey, baseCents: 0, grossCents: 0, counted: true });
  const acc = new Map<string, { baseCents: number; grossCents: number; counted: boolean }>();
  for (const s of shares) {
    const cur = acc.get(s.opKey) ?? { baseCents: 0, grossCents: 0, counted: false };
    cur.baseCents += s.baseCents;
    cur.grossCents += s.grossCents;
    cur.counted ||= s.counted;
    acc.set(s.opKey, cur);
  }
  const ops = [...acc.keys()].sort(byString);
  const first = acc.get(ops[0] as string);
  if (first) {
    first.baseCents += expected.baseCents - shares.reduce((s, x) => s + x.baseCents, 0);
    first.grossCents += expected.grossCents - shares.reduce((s, x) => s + x.grossCents, 0);
  }
  return ops.map((opKey) => {
    const s = acc.get(opKey) as { baseCents: number; grossCents: number; counted: boolean };
    return {
      ...party,
      opKey,
      baseCents: z0(sign * s.baseCents),
      vatCents: z0(sign * (s.grossCents - s.baseCents)),
      totalCents: z0(sign * s.grossCents),
      count: s.counted ? sign : 0,
    };
  });
}

// --- issued ---------------------------------------------------------------------------------------

interface IssuedKeyContext {
  region: Region;
  mod: ModMarker;
  regime: IssuedRegime;
  identified: boolean;
  triangular: boolean;
  rectifiedMonth?: string;
}

/**
 * The VAT-group key of an issued breakdown group under its invoice's region, marker and regime. A
 * one-stop-shop group (grammar v6) adds its member state of consumption and is always under the general
 * regime: the criterio de caja covers operations located in Spain only (art. 163 decies LIVA).
 */
export const issuedTaxKey = (
  g: { operation: string; vatRateBp: number; recargoRateBp: number; ossCountry?: string | undefined },
  ctx: { region: Region; mod: ModMarker; regime: IssuedRegime; rectifiedMonth?: string | undefined },
): string =>
  formatIssuedKey({
    operation: g.operation,
    vatRateBp: g.vatRateBp,
    recargoRateBp: g.recargoRateBp,
    region: ctx.region,
    mod: ctx.mod,
    regime: g.ossCountry ? 'G' : ctx.regime,
    ...(g.ossCountry ? { oss: g.ossCountry } : {}),
    ...(g.ossCountry && ctx.mod === 'Q' && ctx.rectifiedMonth
      ? { ossCorrects: quarterOfMonth(ctx.rectifiedMonth) }
      : {}),
  });

/** '2026-02' → '2026-Q1'. */
const quarterOfMonth = (month: string): string =>
  `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;

/**
 * A one-stop-shop sale is to a consumer (no NIF-IVA): never in the 349 (art. 79 RIVA declares
 * operations with businesses) nor the 347 (a counterparty abroad): X_FOREIGN, or X_UNIDENTIFIED when
 * the customer has no tax id at all.
 */
const ossOpKey = (ctx: { identified: boolean }): string => (ctx.identified ? 'X_FOREIGN' : 'X_UNIDENTIFIED');

/**
 * Adds one invoice's breakdown and withholding to `acc` (× sign, or × −sign for the invoices a
 * substitution rectifies: `own` false) and its counterparty shares to `shares`; an invoice's own
 * groups add 1 to each key's count, the rectified ones nothing.
 */
function addIssuedAmounts(
  acc: Map<string, AggregateLine>,
  shares: { opKey: string; baseCents: number; grossCents: number; counted: boolean }[],
  breakdown: Breakdown,
  irpfCents: number,
  ctx: IssuedKeyContext,
  sign: number,
  own: boolean,
) {
  const dir = own ? 1 : -1;
  const seen = new Set<string>();
  for (const g of breakdown) {
    const key = issuedTaxKey(g, ctx);
    const first = !seen.has(key);
    seen.add(key);
    const gross = g.baseCents + g.vatCents + g.recargoCents;
    addKey(
      acc,
      key,
      {
        baseCents: g.baseCents,
        vatCents: g.vatCents,
        recargoCents: g.recargoCents,
        totalCents: gross,
        count: own && first ? 1 : 0,
      },
      dir * sign,
    );
    shares.push({
      opKey: g.ossCountry ? ossOpKey(ctx) : issuedOpKey(g.operation, ctx),
      baseCents: dir * g.baseCents,
      grossCents: dir * gross,
      counted: own,
    });
  }
  if (irpfCents !== 0) {
    addKey(acc, IRPF_KEY, { irpfCents, totalCents: -irpfCents, count: own ? 1 : 0 }, dir * sign);
  }
}

/** The region, modification marker, regime and counterparty facts an issued invoice's keys carry. */
export function issuedKeyContext(inv: IssuedForAggregates): IssuedKeyContext {
  const { mod, rectifiedMonth } = modificationOf(
    inv.invoiceDate,
    inv.rectification?.rectified.map((r) => r.invoiceDate),
  );
  const counterpartyKey = counterpartyKeyOf(inv.customer?.taxId, inv.customer?.country ?? 'ES');
  return {
    region: regionOf(inv.customer?.country),
    mod,
    regime: issuedRegime(inv),
    identified: counterpartyKey !== UNIDENTIFIED_COUNTERPARTY,
    triangular: inv.triangular === true,
    ...(rectifiedMonth ? { rectifiedMonth } : {}),
  };
}

/** The counterparty an issued invoice's lines are kept under. */
export const issuedCounterparty = (inv: Pick<IssuedForAggregates, 'customer'>) => {
  const country = inv.customer?.country ?? 'ES';
  return {
    counterpartyKey: counterpartyKeyOf(inv.customer?.taxId, country),
    name: inv.customer?.name ?? '',
    country,
  };
};

/**
 * What an issued invoice (confirmed, rectificativas included) adds to its book; sign −1 takes it
 * out again (cancellation, or the old state of a correction).
 */
export function issuedContribution(inv: IssuedForAggregates, sign: 1 | -1): AggregateContribution {
  const ctx = issuedKeyContext(inv);
  const acc = new Map<string, AggregateLine>();
  const shares: { opKey: string; baseCents: number; grossCents: number; counted: boolean }[] = [];
  addIssuedAmounts(acc, shares, inv.breakdown, inv.totals.irpfCents, ctx, sign, true);
  let base = inv.totals.baseCents;
  let net = inv.totals.totalCents;
  let irpf = inv.totals.irpfCents;
  if (inv.rectification?.method === 'SUBSTITUTION') {
    // Art. 15 RD 1619/2012 (ImporteRectificacion): the rectified amounts leave under the
    // rectificativa's own keys, so the difference is declared where the rectificativa is.
    for (const r of inv.rectification.rectified) {
      addIssuedAmounts(acc, shares, r.breakdown, r.totals.irpfCents, ctx, sign, false);
      base -= r.totals.baseCents;
      net -= r.totals.totalCents;
      irpf -= r.totals.irpfCents;
    }
  }
  const type: InvoiceTypeLine = {
    invoiceType: inv.invoiceType,
    baseCents: z0(sign * base),
    totalCents: z0(sign * net),
    count: sign,
  };
  return {
    book: 'ISSUED',
    date: accrualDateOf(inv),
    byKey: finishKeys(acc),
    byCounterparty: counterpartyLines(
      issuedCounterparty(inv),
      shares,
      { baseCents: base, grossCents: net + irpf, fallbackOpKey: issuedOpKey('S1', ctx) },
      sign,
    ),
    byInvoiceType: [type],
    ...(inv.seriesId ? { shard: inv.seriesId } : {}),
  };
}

// --- received -------------------------------------------------------------------------------------

type ReceivedLine = ReceivedForAggregates['lines'][number];

export const receivedTaxKey = (
  l: Pick<ReceivedLine, 'kind' | 'vatRateBp' | 'recargoRateBp' | 'investmentGoods'>,
  mod: ModMarker = '0',
  regime: IssuedRegime = 'G',
): string =>
  formatReceivedKey({
    kind: l.kind,
    vatRateBp: l.vatRateBp,
    recargoRateBp: l.recargoRateBp,
    investmentGoods: l.investmentGoods,
    mod,
    regime,
  });

/**
 * Whether a received line's deduction waits for the payment: on an invoice whose supplier applies the
 * criterio de caja (art. 163 quinquiesdecies.Uno LIVA) or whose recipient — the company — does (art.
 * 163 terdecies LIVA), only its DOMESTIC lines — intra-EU acquisitions, imports and reverse
 * charges are outside the regime (art. 163 duodecies.Dos c, d, e LIVA), exempt and not subject lines
 * carry no VAT — and only on an invoice with something to pay (a rectificativa that lowers what was
 * invoiced is never paid: its deduction is rectified by the general rule, art. 114 LIVA).
 */
export const isCashCriterionLine = (
  rec: Pick<ReceivedForAggregates, 'deductionOnPayment' | 'totalCents'>,
  l: Pick<ReceivedLine, 'kind'>,
): boolean => Boolean(rec.deductionOnPayment) && rec.totalCents > 0 && l.kind === 'DOMESTIC';

/**
 * The base whose VAT is deductible (303 [28]/[30]/[32]/[34]/[36]/[40]/[42]…; art. 95 LIVA share, the
 * prorrata is the model's): base × deductible VAT / VAT, rounded once half away from zero; a line
 * without VAT deducts its whole base unless it is exempt or not subject (nothing to deduct).
 */
export function deductibleBaseOf(
  l: Pick<ReceivedLine, 'kind' | 'baseCents' | 'vatCents' | 'deductibleVatCents'>,
) {
  if (l.vatCents !== 0) {
    return Number(roundHalfUpBig(BigInt(l.baseCents) * BigInt(l.deductibleVatCents), BigInt(l.vatCents)));
  }
  return l.kind === 'EXEMPT' || l.kind === 'NOT_SUBJECT' ? 0 : l.baseCents;
}

/**
 * What a received invoice adds to the received book. Counterparty total = the supplier's invoice
 * total plus its withholding (`totalCents + irpfCents`), VAT charged = that minus the base; split
 * by operation key, each line with its base, the VAT the supplier charged (DOMESTIC) and recargo.
 * A withholding (issue 15 item 1) goes under `IRPF|<kind>|<key>` (its base, the amount withheld,
 * total −withheld, one invoice) and adds its recipient's line `W|<kind>|<key>` (base and total the
 * withholding base, no VAT, `irpfCents` withheld, one invoice): the 111/115/123/216 count recipients
 * and the 190/180/193/296 declare them. The invoice's other lines stay X_IRPF (out of the 347).
 */
export function receivedContribution(rec: ReceivedForAggregates, sign: 1 | -1): AggregateContribution {
  const { mod, rectifiedMonth } = modificationOf(rec.date, rec.rectifiedDates);
  const counterpartyKey = rec.supplier.taxIdKey ?? UNIDENTIFIED_COUNTERPARTY;
  const opCtx = {
    identified: counterpartyKey !== UNIDENTIFIED_COUNTERPARTY,
    supplierCountry: rec.supplier.country,
    withholding: rec.irpfCents !== 0,
    ...(rectifiedMonth ? { rectifiedMonth } : {}),
  };
  const acc = new Map<string, AggregateLine>();
  const seen = new Set<string>();
  const shares: { opKey: string; baseCents: number; grossCents: number; counted: boolean }[] = [];
  let base = 0;
  for (const l of rec.lines) {
    const key = receivedTaxKey(l, mod, isCashCriterionLine(rec, l) ? 'C' : 'G');
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
        deductibleBaseCents: deductibleBaseOf(l),
        totalCents: l.baseCents + l.vatCents + l.recargoCents,
        count: first ? 1 : 0,
      },
      sign,
    );
    shares.push({
      opKey: receivedOpKey(l.kind, opCtx),
      baseCents: l.baseCents,
      // Only DOMESTIC VAT is charged by the supplier (self-assessed and customs VAT are not).
      grossCents: l.baseCents + (l.kind === 'DOMESTIC' ? l.vatCents : 0) + l.recargoCents,
      counted: true,
    });
  }
  const party = { counterpartyKey, name: rec.supplier.name, country: rec.supplier.country };
  const recipient: CounterpartyLine[] = [];
  if (rec.irpfCents !== 0) {
    const w = rec.withholding ?? { ...defaultWithholding(), baseCents: base };
    const parts = { kind: w.kind, key: w.key };
    addKey(
      acc,
      formatWithholdingKey(parts),
      { baseCents: w.baseCents, irpfCents: rec.irpfCents, totalCents: -rec.irpfCents, count: 1 },
      sign,
    );
    recipient.push({
      ...party,
      opKey: formatWithholdingOpKey(parts),
      baseCents: z0(sign * w.baseCents),
      vatCents: 0,
      totalCents: z0(sign * w.baseCents),
      count: sign,
      irpfCents: z0(sign * rec.irpfCents),
    });
  }
  const byCounterparty = [
    ...counterpartyLines(
      party,
      shares,
      {
        baseCents: base,
        grossCents: rec.totalCents + rec.irpfCents,
        fallbackOpKey: receivedOpKey('DOMESTIC', opCtx),
      },
      sign,
    ),
    ...recipient,
  ].sort((a, b) => byString(a.opKey, b.opKey));
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
    byCounterparty,
  };
}
