/**
 * The judge's own ledger (issue 18, "How it will be judged"): the entries a Spanish accountant posts
 * for the documents the judge sends, worked out here from the documents' inputs alone — never from
 * the product's totals. Rules: PGC 2007 PYMES, ../shared/reference/banking-accounting.md Part B3:
 *
 *  - issued invoice: D 430 (the customer's sub-account under 4300) total to collect; D 473 IRPF the
 *    customer withholds; H 700/705 bases; H 477 VAT per rate; H 477 recargo de equivalencia per rate
 *    (5,2 / 1,4 / 0,5 % for 21 / 10 / 4 %, art. 161 LIVA); an intra-EU delivery (E5) has no 477;
 *  - rectificativa by differences: the same rules with its negative amounts (a negative amount is
 *    posted on the other side);
 *  - cancelled invoice: its entry, then a reversal (contraasiento) with the sides swapped;
 *  - collection: D 572 (570 in cash) / H 430 customer;
 *  - received invoice: D 600/62x per line (the category's PGC account, else the supplier's mapped
 *    account, else 629), investment goods to 219; the VAT not deductible (art. 95 LIVA) is part of the
 *    cost; D 472 deductible VAT; intra-EU / ISP: D 472 and H 477 the self-assessed VAT (arts. 84.Uno.2º,
 *    85 LIVA); H 4751 IRPF we withhold (art. 101 LIRPF); H 400 (goods: account 60x) or 410 (services,
 *    creditors) the total to pay;
 *  - payment to a supplier: D 400/410 / H 572 (570 in cash).
 *
 * Money in integer céntimos; quotas rounded once per group, half away from zero (RD 1619/2012 art. 10).
 * Pure: no I/O, so it can be read and checked on its own.
 */

export type Side = 'D' | 'H';
export type PartyKind = 'CUSTOMER' | 'SUPPLIER' | 'CREDITOR';

export interface Party {
  kind: PartyKind;
  /** Stable key of the party in this run (the judge's own ref). */
  ref: string;
  name: string;
}

/** One line as the judge expects it: `account` is the PGC account (3 or 4 digits); parties go under 4300/4000/4100. */
export interface ExpectedLine {
  account: string;
  side: Side;
  /** Signed: a negative amount ends up on the other side (rectificativas by differences). */
  cents: number;
  party?: Party;
  what: string;
}

export type DocumentType = 'INVOICE' | 'RECEIVED_INVOICE' | 'INVOICE_PAYMENT' | 'RECEIVED_PAYMENT';

export interface ExpectedEntry {
  /** The judge's label of the document (shown in every disagreement). */
  label: string;
  documentType: DocumentType;
  /** Filled once the API has answered with the document's id. */
  documentId: string;
  date: string;
  /** A reversal (contraasiento) of the document's earlier entry. */
  reversal: boolean;
  lines: ExpectedLine[];
}

/** The revenue accounts: 700 (goods) and 705 (services) are both right for a sale the invoice does not qualify. */
export const REVENUE = '70x';

// --- arithmetic ---------------------------------------------------------------------------------

/** cents × bp / 10000, rounded half away from zero. */
export function applyBp(cents: number, bp: number): number {
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * bp + 5_000) / 10_000);
}

/** Recargo de equivalencia linked to each VAT rate (art. 161 LIVA). */
export const RECARGO_BP: Record<number, number> = { 2100: 520, 1000: 140, 400: 50 };

/** The 3-digit group of an account (4751 -> 475, 43000001 -> 430); revenue 700/705 -> 70x. */
export function group3(code: string): string {
  const g = code.slice(0, 3);
  return g === '700' || g === '705' ? REVENUE : g;
}

/** Debit − credit of a line (its contribution to the account's balance). */
export const signed = (l: Pick<ExpectedLine, 'side' | 'cents'>): number =>
  l.side === 'D' ? l.cents : -l.cents;

/** The debit and credit columns of a line once a negative amount is moved to the other side. */
export function columns(l: Pick<ExpectedLine, 'side' | 'cents'>): { debit: number; credit: number } {
  const s = signed(l);
  return s >= 0 ? { debit: s, credit: 0 } : { debit: 0, credit: -s };
}

export const swap = (lines: ExpectedLine[]): ExpectedLine[] =>
  lines.map((l) => ({ ...l, side: l.side === 'D' ? 'H' : 'D' }));

// --- issued invoices ------------------------------------------------------------------------------

export interface CustomerSpec {
  ref: string;
  name: string;
  /** Spanish NIF of a stored customer, or an EU VAT number of an inline one. */
  nif?: string;
  euVat?: { country: string; value: string };
  recargo: boolean;
  stored: boolean;
}

export interface IssuedLineSpec {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  /** Intra-EU delivery of goods, exempt (art. 25 LIVA; cause E5). */
  e5?: boolean;
}

export interface IssuedSpec {
  ref: string;
  date: string;
  customer: CustomerSpec;
  lines: IssuedLineSpec[];
  irpfBp: number;
}

export interface IssuedTotals {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
  vatByRate: Map<number, number>;
  recargoByRate: Map<number, number>;
}

export function issuedTotals(spec: Pick<IssuedSpec, 'lines' | 'irpfBp' | 'customer'>): IssuedTotals {
  const baseByRate = new Map<number, number>();
  let baseCents = 0;
  for (const l of spec.lines) {
    const base = l.quantity * l.unitPriceCents;
    baseCents += base;
    if (!l.e5) baseByRate.set(l.vatRateBp, (baseByRate.get(l.vatRateBp) ?? 0) + base);
  }
  const vatByRate = new Map<number, number>();
  const recargoByRate = new Map<number, number>();
  for (const [rate, base] of baseByRate) {
    vatByRate.set(rate, applyBp(base, rate));
    if (spec.customer.recargo) recargoByRate.set(rate, applyBp(base, RECARGO_BP[rate]!));
  }
  const sum = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const vatCents = sum(vatByRate);
  const recargoCents = sum(recargoByRate);
  const irpfCents = applyBp(baseCents, spec.irpfBp);
  return {
    baseCents,
    vatCents,
    recargoCents,
    irpfCents,
    totalCents: baseCents + vatCents + recargoCents - irpfCents,
    vatByRate,
    recargoByRate,
  };
}

export const customerParty = (c: CustomerSpec): Party => ({ kind: 'CUSTOMER', ref: c.ref, name: c.name });

/** B3.1: the entry of an issued invoice (or of a rectificativa by differences, with its signs). */
export function issuedLines(spec: Pick<IssuedSpec, 'lines' | 'irpfBp' | 'customer'>): ExpectedLine[] {
  const t = issuedTotals(spec);
  const party = customerParty(spec.customer);
  const lines: ExpectedLine[] = [
    { account: '4300', side: 'D', cents: t.totalCents, party, what: 'cliente: total a cobrar' },
  ];
  if (t.irpfCents !== 0)
    lines.push({ account: '473', side: 'D', cents: t.irpfCents, what: 'IRPF retenido por el cliente' });
  lines.push({ account: REVENUE, side: 'H', cents: t.baseCents, what: 'ventas / prestaciones: bases' });
  for (const [rate, vat] of t.vatByRate) {
    if (vat !== 0)
      lines.push({ account: '477', side: 'H', cents: vat, what: `IVA repercutido ${rate / 100} %` });
  }
  for (const [rate, re] of t.recargoByRate) {
    if (re !== 0)
      lines.push({
        account: '477',
        side: 'H',
        cents: re,
        what: `recargo de equivalencia (IVA ${rate / 100} %)`,
      });
  }
  return lines;
}

// --- received invoices ----------------------------------------------------------------------------

/** EXEMPT: no VAT at all (e.g. insurance, art. 20.Uno.16º LIVA). */
export type ReceivedKind = 'DOMESTIC' | 'INTRA_EU_GOODS' | 'INTRA_EU_SERVICES' | 'REVERSE_CHARGE' | 'EXEMPT';

export interface SupplierSpec {
  ref: string;
  name: string;
  taxId: string | { type: 'NIF_IVA'; value: string; country: string };
  /** Created through POST /suppliers (its id is then sent instead of the inline supplier). */
  stored: boolean;
  /** The account the company maps the supplier's invoices to (accounting settings). */
  mappedAccount?: string;
}

export interface ReceivedLineSpec {
  description: string;
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  kind: ReceivedKind;
  deductibleBp: number;
  investmentGoods: boolean;
}

export interface ReceivedSpec {
  ref: string;
  number: string;
  date: string;
  supplier: SupplierSpec;
  /** The expense category (its name) and the PGC account it stands for; none: the supplier's mapping or 629. */
  category?: { name: string; account: string };
  lines: ReceivedLineSpec[];
  irpfBp: number;
}

export interface ReceivedTotals {
  baseCents: number;
  vatCents: number;
  supplierVatCents: number;
  selfAssessedVatCents: number;
  deductibleVatCents: number;
  irpfCents: number;
  totalCents: number;
  /** Per line: its base plus its share of the VAT that is not deductible. */
  lineCostCents: number[];
}

const SELF_ASSESSED: ReadonlySet<ReceivedKind> = new Set([
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
  'REVERSE_CHARGE',
]);

export function receivedTotals(spec: Pick<ReceivedSpec, 'lines' | 'irpfBp'>): ReceivedTotals {
  const groups = new Map<string, { lines: number[]; base: number; line: ReceivedLineSpec }>();
  spec.lines.forEach((l, i) => {
    const key = [l.kind, l.vatRateBp, l.deductibleBp, l.investmentGoods].join('|');
    const g = groups.get(key) ?? { lines: [], base: 0, line: l };
    g.lines.push(i);
    g.base += l.quantity * l.unitPriceCents;
    groups.set(key, g);
  });
  const lineCostCents = spec.lines.map((l) => l.quantity * l.unitPriceCents);
  let vatCents = 0;
  let supplierVatCents = 0;
  let selfAssessedVatCents = 0;
  let deductibleVatCents = 0;
  for (const g of groups.values()) {
    const vat = applyBp(g.base, g.line.vatRateBp);
    const deductible = applyBp(vat, g.line.deductibleBp);
    vatCents += vat;
    deductibleVatCents += deductible;
    if (SELF_ASSESSED.has(g.line.kind)) selfAssessedVatCents += vat;
    else supplierVatCents += vat;
    if (vat !== deductible) {
      // The scenario keeps a partly deductible group to one line, so its cost is unambiguous.
      if (g.lines.length !== 1) throw new Error('a partly deductible VAT group must have one line');
      lineCostCents[g.lines[0]!]! += vat - deductible;
    }
  }
  const baseCents = spec.lines.reduce((a, l) => a + l.quantity * l.unitPriceCents, 0);
  const irpfCents = applyBp(baseCents, spec.irpfBp);
  return {
    baseCents,
    vatCents,
    supplierVatCents,
    selfAssessedVatCents,
    deductibleVatCents,
    irpfCents,
    totalCents: baseCents + supplierVatCents - irpfCents,
    lineCostCents,
  };
}

/** Where a received line goes: investment goods to 219, else the category's account, the supplier's, 629. */
export function expenseAccount(
  spec: Pick<ReceivedSpec, 'category' | 'supplier'>,
  line: ReceivedLineSpec,
): string {
  if (line.investmentGoods) return '219';
  return spec.category?.account ?? spec.supplier.mappedAccount ?? '629';
}

/** Suppliers of goods (purchases, 60x) are 400; everyone else is a creditor, 410 (PGC 4th part). */
export function supplierParty(spec: Pick<ReceivedSpec, 'category' | 'supplier' | 'lines'>): Party {
  const goods = spec.lines.some((l) => expenseAccount(spec, l).startsWith('60'));
  return { kind: goods ? 'SUPPLIER' : 'CREDITOR', ref: spec.supplier.ref, name: spec.supplier.name };
}

export const partyParent = (kind: PartyKind): string =>
  kind === 'CUSTOMER' ? '4300' : kind === 'SUPPLIER' ? '4000' : '4100';

/** B3.2: the entry of a received invoice. */
export function receivedLines(spec: ReceivedSpec): ExpectedLine[] {
  const t = receivedTotals(spec);
  const party = supplierParty(spec);
  const byAccount = new Map<string, number>();
  spec.lines.forEach((l, i) => {
    const account = expenseAccount(spec, l);
    byAccount.set(account, (byAccount.get(account) ?? 0) + t.lineCostCents[i]!);
  });
  const lines: ExpectedLine[] = [...byAccount].map(([account, cents]) => ({
    account,
    side: 'D' as const,
    cents,
    what: account === '219' ? 'bien de inversión' : 'gasto / compra (con el IVA no deducible)',
  }));
  if (t.deductibleVatCents !== 0)
    lines.push({ account: '472', side: 'D', cents: t.deductibleVatCents, what: 'IVA soportado deducible' });
  if (t.selfAssessedVatCents !== 0) {
    lines.push({
      account: '477',
      side: 'H',
      cents: t.selfAssessedVatCents,
      what: 'IVA autorrepercutido (ISP / intracomunitario)',
    });
  }
  if (t.irpfCents !== 0)
    lines.push({ account: '4751', side: 'H', cents: t.irpfCents, what: 'IRPF retenido al profesional' });
  lines.push({
    account: partyParent(party.kind),
    side: 'H',
    cents: t.totalCents,
    party,
    what: 'proveedor / acreedor: total a pagar',
  });
  return lines;
}

// --- payments ---------------------------------------------------------------------------------------

export type PaymentMethod = 'TRANSFER' | 'CARD' | 'DIRECT_DEBIT' | 'CASH';

export const treasuryAccount = (method: PaymentMethod): string => (method === 'CASH' ? '570' : '572');

/** B3.4: a customer's collection. */
export const collectionLines = (party: Party, cents: number, method: PaymentMethod): ExpectedLine[] => [
  { account: treasuryAccount(method), side: 'D', cents, what: `cobro (${method})` },
  { account: '4300', side: 'H', cents, party, what: 'cliente: cobro' },
];

/** B3.4: a payment to a supplier or creditor. */
export const supplierPaymentLines = (party: Party, cents: number, method: PaymentMethod): ExpectedLine[] => [
  { account: partyParent(party.kind), side: 'D', cents, party, what: 'proveedor / acreedor: pago' },
  { account: treasuryAccount(method), side: 'H', cents, what: `pago (${method})` },
];

// --- aggregates --------------------------------------------------------------------------------------

export interface Sums {
  debit: number;
  credit: number;
  balance: number;
}

/** Per 3-digit group: sums (debe / haber, negatives moved to the other side) and balance (debe − haber). */
export function byGroup(entries: readonly ExpectedEntry[]): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const e of entries) {
    for (const l of e.lines) {
      const g = group3(l.account);
      const s = out.get(g) ?? { debit: 0, credit: 0, balance: 0 };
      const c = columns(l);
      s.debit += c.debit;
      s.credit += c.credit;
      s.balance += signed(l);
      out.set(g, s);
    }
  }
  return out;
}

/** Balance (debe − haber) of each party's own sub-account. */
export function byParty(entries: readonly ExpectedEntry[]): Map<string, { party: Party; balance: number }> {
  const out = new Map<string, { party: Party; balance: number }>();
  for (const e of entries) {
    for (const l of e.lines) {
      if (!l.party) continue;
      const key = `${l.party.kind}|${l.party.ref}`;
      const p = out.get(key) ?? { party: l.party, balance: 0 };
      p.balance += signed(l);
      out.set(key, p);
    }
  }
  return out;
}

/** Net (debe − haber) per 3-digit group of one entry's lines. */
export function netByGroup(
  lines: readonly Pick<ExpectedLine, 'account' | 'side' | 'cents'>[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) out.set(group3(l.account), (out.get(group3(l.account)) ?? 0) + signed(l));
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

// --- a seeded generator --------------------------------------------------------------------------------

/** mulberry32: a small seeded PRNG, so JUDGE_SEED replays a run exactly. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

/** ISO date `days` after `iso` (UTC), capped at `max`. */
export function addDays(iso: string, days: number, max?: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const out = d.toISOString().slice(0, 10);
  return max && out > max ? max : out;
}
