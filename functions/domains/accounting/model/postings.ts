/**
 * The automatic entries (issue 18; design "Rules"; reference banking-accounting.md B3): pure rules
 * from an event's document state to the lines it should have in the books now. Posting is
 * state-based: the engine compares these desired lines (after resolving parties to their
 * sub-accounts, `netLines`) with what is posted and posts the difference as a reversal plus a new
 * entry. Integer céntimos throughout; every posting balances exactly (checked here).
 *
 * Source keys and versions (monotonic per document):
 *  - issued invoice `INV#<invoiceId>`: INVOICE_CONFIRMED 1, INVOICE_CANCELLED 2 (nothing posted);
 *  - issued payment `PAY#<paymentId>`: revision × 4, + 2 once moved to a substitute (`movedFrom`: the
 *    substitute's INVOICE_CONFIRMED reposts it on its customer, and wins over the original's event of
 *    the same revision), + 1 for PAYMENT_DELETED (nothing posted);
 *  - received invoice `REC#<receivedInvoiceId>`: version × 2 (+1 for RECEIVED_DELETED);
 *  - received payment `RPAY#<paymentId>`: the invoice's version × 2 (+1 for RECEIVED_PAYMENT_DELETED).
 *
 * A removal (INVOICE_CANCELLED, PAYMENT_DELETED, RECEIVED_DELETED, RECEIVED_PAYMENT_DELETED) carries
 * the document as it was: its posting also says what the document posted before (`restore`), so the
 * engine can post that entry and its reversal when the removal arrives before the event that posted
 * it (the books never depend on the order the queue delivers them in).
 *
 * D = debit (Debe), H = credit (Haber). An amount that comes out negative (a rectificativa that lowers
 * what was invoiced) goes to the other side.
 */

import { postingSourceKey } from '@shared/db/keys/accounting';
import { WITHHOLDING_KINDS } from '@shared/fiscal/withholdings';
import type { AccountingSettings, EntrySource, JournalEntry } from '@shared/schemas/accounting';
import * as z from 'zod';
import type { NetLine } from '../store/items';
import { withholdingAccountOf, withholdingModelOf } from './chart/withholding-accounts';
import { customerParty, PARTY_PARENT_ACCOUNTS, type PartyRef, supplierParty } from './parties';

export type { NetLine } from '../store/items';
export type { PartyRef } from './parties';

// --- contracts --------------------------------------------------------------------------------------

export interface DraftLine {
  /** A PGC account; for a line with `party`, the PGC parent of the party's sub-account (4300/4000/4100). */
  accountCode: string;
  party?: PartyRef;
  debitCents: number;
  creditCents: number;
  description: string;
}

export type PostingSettings = Pick<
  AccountingSettings,
  | 'revenueGoodsAccount'
  | 'revenueServicesAccount'
  | 'defaultExpenseAccount'
  | 'goodsPurchaseAccount'
  | 'investmentGoodsAccount'
  | 'bankAccount'
  | 'cashAccount'
  | 'categoryAccounts'
  | 'supplierAccounts'
> & {
  /**
   * Each expense category's own PGC account (`pgcAccount` of the company's expense categories),
   * already resolved to an account of the company's chart that accepts entries (store/chart.ts
   * `categoryDefaultAccounts`). Absent: no category has one.
   */
  categoryDefaultAccounts?: Readonly<Record<string, string>>;
};

/**
 * The accounts a new company's settings start with (banking-accounting.md B2). Revenue goes to 7000
 * "Ventas de mercaderías en España" / 7050 "Prestaciones de servicios en España": in the chart
 * (OCA l10n_es) 700 and 705 are parents of those and accept no entries themselves.
 */
export const DEFAULT_POSTING_SETTINGS: PostingSettings = Object.freeze({
  revenueGoodsAccount: '7000',
  revenueServicesAccount: '7050',
  defaultExpenseAccount: '629',
  goodsPurchaseAccount: '600',
  investmentGoodsAccount: '219',
  bankAccount: '572',
  cashAccount: '570',
  categoryAccounts: Object.freeze({}) as Record<string, string>,
  supplierAccounts: Object.freeze({}) as Record<string, string>,
});

/** Fixed PGC accounts of the rules (RD 1515/2007 cuadro de cuentas). */
export const POSTING_ACCOUNTS = {
  /** 472 Hacienda Pública. IVA soportado. */
  inputVat: '472',
  /** 473 Hacienda Pública, retenciones y pagos a cuenta (IRPF our customers withhold from us). */
  withheldFromUs: '473',
  /**
   * 4751 Hacienda Pública, acreedora por retenciones practicadas (IRPF we withhold): posted on its
   * sub-account of the return that declares it (47510111, 47510115...: `withholdingAccountOf`).
   */
  withheldByUs: '4751',
  /** 4759 Hacienda Pública, acreedora por otros conceptos: import VAT liquidated on the DUA until paid. */
  importVatPayable: '4759',
  /** 477 Hacienda Pública. IVA repercutido (and recargo de equivalencia, and self-assessed VAT). */
  outputVat: '477',
} as const;

/** What a document posted before its removal: the entry its earlier event posts (same date and lines). */
export interface RestoredPosting {
  date: string;
  description: string;
  lines: DraftLine[];
}

export interface DesiredPosting {
  sourceKey: string;
  version: number;
  source: EntrySource;
  document: NonNullable<JournalEntry['document']>;
  /** The document's date (YYYY-MM-DD): the new entry's date (the engine moves it out of closed months). */
  date: string;
  description: string;
  /** Empty when nothing should be posted (cancelled invoice, deleted payment or received invoice). */
  lines: DraftLine[];
  /**
   * A removal's document as it was posted before (the entry of the event it undoes). When nothing
   * was ever posted for the document (the removal came first), the engine posts this entry and its
   * reversal together: the same entries as in order, and the earlier event is then stale.
   */
  restore?: RestoredPosting;
  /**
   * The source key of the document whose posted party sub-account this posting's party lines take
   * (a received payment follows its invoice's `REC#` posting: 4000 or 4100, whatever the invoice's
   * accounts are now). Without a posting of that document, the lines' own party applies.
   */
  partyFollows?: string;
}

/** The key of a document's posting state (`keys.documentPosting(companyId, sourceKey)`). */
export { postingSourceKey };

/** A rule produced lines that do not balance: the document's totals contradict its breakdown. */
export class UnbalancedPostingError extends Error {
  constructor(
    readonly sourceKey: string,
    readonly differenceCents: number,
  ) {
    super(`Posting ${sourceKey} does not balance (debit − credit = ${differenceCents})`);
    this.name = 'UnbalancedPostingError';
  }
}

// --- event shapes (what the accounting queue carries; validated before use) --------------------------

const Cents = z.number().int().refine(Number.isSafeInteger);
const Bp = z.number().int().min(0).max(10_000);
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .transform((s) => s.slice(0, 10));
const TaxId = z.union([
  z.string(),
  z.object({ type: z.string().optional(), value: z.string(), country: z.string() }),
]);

const IssuedGroup = z.object({
  /** An OPERATION_KINDS code (the stored invoice types it as a string). */
  operation: z.string(),
  vatRateBp: Bp,
  recargoRateBp: Bp,
  baseCents: Cents,
  vatCents: Cents,
  recargoCents: Cents,
  ossCountry: z.string().optional(),
});
const IssuedTotals = z.object({
  baseCents: Cents,
  vatCents: Cents,
  recargoCents: Cents,
  irpfCents: Cents,
  totalCents: Cents,
});

const issuedInvoiceFields = {
  eventId: z.string().optional(),
  entity: z.literal('InvoiceEvent').optional(),
  companyId: z.string().min(1),
  invoiceId: z.string().min(1),
  invoiceType: z.string(),
  invoiceDate: Day,
  invoiceNumber: z.string().nullable(),
  customer: z
    .object({ customerId: z.string().nullish(), name: z.string(), taxId: TaxId.nullish() })
    .nullable(),
  breakdown: z.array(IssuedGroup),
  totals: IssuedTotals,
  irpfRateBp: Bp.nullish(),
  rectification: z
    .object({
      method: z.enum(['SUBSTITUTION', 'DIFFERENCES']),
      rectified: z.array(
        z.object({
          invoiceId: z.string(),
          invoiceNumber: z.string(),
          totals: IssuedTotals,
          breakdown: z.array(IssuedGroup),
        }),
      ),
    })
    .nullish(),
};

const PaymentBody = z.object({
  paymentId: z.string().min(1),
  date: Day,
  amountCents: Cents,
  method: z.string(),
  revision: z.number().int().min(0),
  /** Set once the payment was moved to a substitute (rectificativa by substitution). */
  movedFrom: z.object({ invoiceId: z.string(), invoiceNumber: z.string() }).nullish(),
});

export const IssuedInvoiceEvent = z.object({
  kind: z.enum(['INVOICE_CONFIRMED', 'INVOICE_CANCELLED']),
  ...issuedInvoiceFields,
  /** A substitute's INVOICE_CONFIRMED: the payments it takes over from the invoices it replaces. */
  payments: z.array(PaymentBody).nullish(),
});
export type IssuedInvoiceEvent = z.infer<typeof IssuedInvoiceEvent>;
type Envelope = 'kind' | 'eventId' | 'entity' | 'companyId';
/**
 * What the issued-invoice rule reads: an `InvoiceEvent` body, or `{ kind, ...invoiceEventPayload(inv) }`
 * built from a stored invoice (the backfill). Deleted iff `kind` is INVOICE_CANCELLED.
 */
export type IssuedInvoiceInput = Omit<IssuedInvoiceEvent, Envelope | 'payments'> & {
  kind: string;
  payments?: IssuedInvoiceEvent['payments'];
};

export const IssuedPaymentEvent = z.object({
  kind: z.enum(['PAYMENT_RECORDED', 'PAYMENT_DELETED']),
  ...issuedInvoiceFields,
  payment: PaymentBody,
});
export type IssuedPaymentEvent = z.infer<typeof IssuedPaymentEvent>;
/** A payment event body (or one built for the backfill). Deleted iff `kind` is PAYMENT_DELETED. */
export type IssuedPaymentInput = Omit<IssuedPaymentEvent, Envelope | 'payment'> & {
  kind: string;
  payment: Omit<IssuedPaymentEvent['payment'], 'movedFrom'> & {
    movedFrom?: IssuedPaymentEvent['payment']['movedFrom'];
  };
};

const ReceivedGroup = z.object({
  kind: z.enum([
    'DOMESTIC',
    'REVERSE_CHARGE',
    'INTRA_EU_GOODS',
    'INTRA_EU_SERVICES',
    'IMPORT',
    'EXEMPT',
    'NOT_SUBJECT',
  ]),
  vatRateBp: Bp,
  recargoRateBp: Bp,
  deductibleBp: Bp,
  investmentGoods: z.boolean(),
  baseCents: Cents,
  vatCents: Cents,
  recargoCents: Cents,
  deductibleVatCents: Cents,
});

const ReceivedInvoiceState = z.object({
  receivedInvoiceId: z.string().min(1),
  supplier: z.object({ supplierId: z.string().nullish(), name: z.string(), taxId: TaxId.nullish() }),
  supplierInvoiceNumber: z.string(),
  invoiceType: z.string().optional(),
  issueDate: Day,
  irpfRateBp: Bp.nullish(),
  /**
   * The kind of the IRPF we withhold (shared/fiscal/withholdings.ts): which return declares it and so
   * which 4751 sub-account takes it. Absent (stored before issue 15) or unknown: a professional's.
   */
  withholdingKind: z.enum(WITHHOLDING_KINDS).nullish().catch(null),
  expenseCategoryId: z.string().nullish(),
  totals: z.object({
    baseCents: Cents,
    vatCents: Cents,
    supplierVatCents: Cents,
    selfAssessedVatCents: Cents,
    importVatCents: Cents,
    deductibleVatCents: Cents,
    recargoCents: Cents,
    irpfCents: Cents,
    totalCents: Cents,
    breakdown: z.array(ReceivedGroup),
  }),
  version: z.number().int().min(0),
});

const receivedFields = {
  eventId: z.string().optional(),
  entity: z.literal('ReceivedInvoiceEvent').optional(),
  companyId: z.string().min(1),
  receivedInvoiceId: z.string().min(1),
  receivedInvoice: ReceivedInvoiceState,
};

export const ReceivedInvoicePostingEvent = z.object({
  kind: z.enum(['RECEIVED_REGISTERED', 'RECEIVED_UPDATED', 'RECEIVED_DELETED']),
  ...receivedFields,
});
export type ReceivedInvoicePostingEvent = z.infer<typeof ReceivedInvoicePostingEvent>;
/** A `ReceivedInvoiceEventBody` (or one built for the backfill). Deleted iff `kind` is RECEIVED_DELETED. */
export type ReceivedInvoiceInput = Pick<
  ReceivedInvoicePostingEvent,
  'receivedInvoiceId' | 'receivedInvoice'
> & {
  kind: string;
};

export const ReceivedPaymentPostingEvent = z.object({
  kind: z.enum(['RECEIVED_PAYMENT_RECORDED', 'RECEIVED_PAYMENT_DELETED']),
  ...receivedFields,
  payment: z.object({
    paymentId: z.string().min(1),
    date: Day,
    amountCents: Cents,
    method: z.string(),
  }),
});
export type ReceivedPaymentPostingEvent = z.infer<typeof ReceivedPaymentPostingEvent>;
/** A received payment event body with its payment. Deleted iff `kind` is RECEIVED_PAYMENT_DELETED. */
export type ReceivedPaymentInput = Pick<
  ReceivedPaymentPostingEvent,
  'receivedInvoiceId' | 'receivedInvoice' | 'payment'
> & { kind: string };

/** Any event the accounting queue posts from (the message body also carries fields not read here). */
export const AccountingEvent = z.discriminatedUnion('kind', [
  IssuedInvoiceEvent,
  IssuedPaymentEvent,
  ReceivedInvoicePostingEvent,
  ReceivedPaymentPostingEvent,
]);
export type AccountingEvent = z.infer<typeof AccountingEvent>;

// --- lines ------------------------------------------------------------------------------------------

/** A line before its side is known: debit positive, credit negative. */
interface SignedLine {
  accountCode: string;
  party?: PartyRef;
  amount: number;
  description: string;
}

const debit = (accountCode: string, amount: number, description: string, party?: PartyRef): SignedLine => ({
  accountCode,
  amount,
  description,
  ...(party ? { party } : {}),
});
const credit = (accountCode: string, amount: number, description: string, party?: PartyRef): SignedLine =>
  debit(accountCode, -amount, description, party);
const negated = (l: SignedLine): SignedLine => ({ ...l, amount: -l.amount });

/**
 * Lines on the same account, party and description are merged (one line per VAT rate stays one line
 * per rate: its description names the rate); zero lines dropped; a negative amount goes to the other
 * side. Debit lines first, each side in the order the rules wrote them.
 */
function toDraftLines(signed: readonly SignedLine[]): DraftLine[] {
  const merged = new Map<string, SignedLine>();
  for (const l of signed) {
    const key = `${l.accountCode}|${l.party?.kind ?? ''}|${l.party?.partyKey ?? ''}|${l.description}`;
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, amount: seen.amount + l.amount } : l);
  }
  const lines = [...merged.values()]
    .filter((l) => l.amount !== 0)
    .map(
      (l): DraftLine => ({
        accountCode: l.accountCode,
        ...(l.party ? { party: l.party } : {}),
        debitCents: l.amount > 0 ? l.amount : 0,
        creditCents: l.amount < 0 ? -l.amount : 0,
        description: l.description,
      }),
    );
  return [...lines.filter((l) => l.debitCents > 0), ...lines.filter((l) => l.creditCents > 0)];
}

function balanced(sourceKey: string, lines: DraftLine[]): DraftLine[] {
  let difference = 0;
  for (const l of lines) difference += l.debitCents - l.creditCents;
  if (difference !== 0) throw new UnbalancedPostingError(sourceKey, difference);
  return lines;
}

/** Basis points as a Spanish percentage: 2100 -> '21 %', 520 -> '5,2 %', 175 -> '1,75 %'. */
export function ratePercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `,${fraction}` : ''} %`;
}

/**
 * Per account, debit minus credit, as one line on the side of the net (zero nets dropped), sorted by
 * code: what an entry (or a document's entries) leaves in the books. Compare the posted and the
 * desired lines with it after resolving party lines to their sub-accounts.
 */
export function netLines(
  lines: readonly { accountCode: string; debitCents: number; creditCents: number }[],
): NetLine[] {
  const net = new Map<string, number>();
  for (const l of lines) net.set(l.accountCode, (net.get(l.accountCode) ?? 0) + l.debitCents - l.creditCents);
  return [...net.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountCode, amount]) => ({
      accountCode,
      debitCents: amount > 0 ? amount : 0,
      creditCents: amount < 0 ? -amount : 0,
    }));
}

/** Whether two sets of net lines are the same (`netLines` output is sorted, so order-sensitive is fine). */
export function sameNetLines(a: readonly NetLine[], b: readonly NetLine[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (l, i) =>
        l.accountCode === b[i]!.accountCode &&
        l.debitCents === b[i]!.debitCents &&
        l.creditCents === b[i]!.creditCents,
    )
  );
}

// --- issued invoices and their payments ---------------------------------------------------------------

type IssuedGroup = z.infer<typeof IssuedGroup>;
type IssuedDocument = IssuedInvoiceInput | IssuedPaymentInput;

/**
 * Services or goods. The issued lines do not record it (shared/fiscal/sii-record.ts `isGoods` reads
 * the same signs): recargo de equivalencia is charged only on goods (art. 154 LIVA); E2/E5 exempt
 * exports and intra-EU deliveries of goods (arts. 21 and 25 LIVA); S2 are mostly deliveries (art.
 * 84.Uno.2º LIVA). N2 without OSS is a service located abroad (arts. 69–70 LIVA). Anything else
 * cannot be told apart and takes the goods account (design: 700 unless the lines are services).
 */
const isServicesGroup = (g: IssuedGroup): boolean =>
  g.operation === 'N2' && g.ossCountry === undefined && g.recargoRateBp === 0;

const documentLabel = (inv: IssuedDocument) => inv.invoiceNumber ?? inv.invoiceId;
const customerName = (inv: IssuedDocument) => customerParty(inv.customer).name;

function issuedInvoiceDescription(inv: IssuedDocument): string {
  const what = inv.rectification ? 'Factura rectificativa emitida' : 'Factura emitida';
  return `${what} ${documentLabel(inv)} — ${customerName(inv)}`;
}

/** The lines of one issued invoice's amounts (a rectified invoice's too, to subtract them). */
function issuedAmountLines(
  doc: { breakdown: readonly IssuedGroup[]; totals: z.infer<typeof IssuedTotals> },
  irpfRateBp: number | null | undefined,
  party: PartyRef,
  description: string,
  s: PostingSettings,
): SignedLine[] {
  const lines: SignedLine[] = [
    debit(PARTY_PARENT_ACCOUNTS.CUSTOMER, doc.totals.totalCents, description, party),
  ];
  const irpf = irpfRateBp ? `Retención IRPF ${ratePercent(irpfRateBp)}` : 'Retención IRPF';
  lines.push(debit(POSTING_ACCOUNTS.withheldFromUs, doc.totals.irpfCents, irpf));
  for (const g of doc.breakdown) {
    const revenue = isServicesGroup(g) ? s.revenueServicesAccount : s.revenueGoodsAccount;
    lines.push(credit(revenue, g.baseCents, description));
    // Only S1 groups (and OSS groups, at the member state's rate) carry VAT: exempt, not subject,
    // intra-EU, exports and reverse charges post no 477.
    if (g.vatCents !== 0) {
      const oss = g.ossCountry ? ` OSS ${g.ossCountry}` : '';
      lines.push(
        credit(POSTING_ACCOUNTS.outputVat, g.vatCents, `IVA repercutido${oss} ${ratePercent(g.vatRateBp)}`),
      );
    }
    if (g.recargoCents !== 0) {
      const re = `Recargo de equivalencia ${ratePercent(g.recargoRateBp)}`;
      lines.push(credit(POSTING_ACCOUNTS.outputVat, g.recargoCents, re));
    }
  }
  return lines;
}

/**
 * An issued invoice: D 4300-customer total, D 473 IRPF withheld, H 700/705 bases, H 477 VAT per rate,
 * H 477 recargo per rate. A rectificativa by differences posts its own (negative) amounts; one by
 * substitution posts its amounts minus the rectified invoices' (they stay posted). Cancelled: nothing.
 */
export function issuedInvoicePosting(event: IssuedInvoiceInput, s: PostingSettings): DesiredPosting {
  const sourceKey = postingSourceKey.issuedInvoice(event.invoiceId);
  const description = issuedInvoiceDescription(event);
  const cancelled = event.kind === 'INVOICE_CANCELLED';
  const party = customerParty(event.customer);
  const signed = cancelled ? [] : issuedAmountLines(event, event.irpfRateBp, party, description, s);
  if (!cancelled && event.rectification?.method === 'SUBSTITUTION') {
    for (const old of event.rectification.rectified) {
      signed.push(...issuedAmountLines(old, event.irpfRateBp, party, description, s).map(negated));
    }
  }
  return {
    sourceKey,
    version: cancelled ? 2 : 1,
    source: 'ISSUED_INVOICE',
    document: {
      documentType: 'INVOICE',
      documentId: event.invoiceId,
      invoiceId: null,
      documentNumber: event.invoiceNumber,
    },
    date: event.invoiceDate,
    description: cancelled ? `Anulación de la ${lowerFirst(description)}` : description,
    lines: balanced(sourceKey, toDraftLines(signed)),
    ...(cancelled
      ? optionalRestore(() => issuedInvoicePosting({ ...event, kind: 'INVOICE_CONFIRMED' }, s))
      : {}),
  };
}

const optionalRestore = (earlier: () => DesiredPosting): { restore?: RestoredPosting } => {
  const restore = restoredOf(earlier);
  return restore ? { restore } : {};
};

/**
 * What a removal's document posted before it (its earlier event's entry), or undefined when that
 * posting could not be built (its figures do not balance: then nothing was posted either).
 */
function restoredOf(earlier: () => DesiredPosting): RestoredPosting | undefined {
  try {
    const p = earlier();
    return p.lines.length > 0 ? { date: p.date, description: p.description, lines: p.lines } : undefined;
  } catch (e) {
    if (e instanceof UnbalancedPostingError) return undefined;
    throw e;
  }
}

/**
 * The postings a substitute's INVOICE_CONFIRMED asks for besides its own: each payment it takes over
 * (`payments`, with `movedFrom`) posted again as the substitute's collection, on the substitute's
 * customer (a substitution may change it). Version revision × 4 + 2: over the original's events of
 * the same revision, under the next revision's (design "Who posts what"; moves write no PAYMENT_*).
 */
export function movedPaymentPostings(event: IssuedInvoiceInput, s: PostingSettings): DesiredPosting[] {
  if (event.kind !== 'INVOICE_CONFIRMED') return [];
  return (event.payments ?? [])
    .filter((p) => p.movedFrom)
    .map((payment) => issuedPaymentPosting({ ...event, kind: 'PAYMENT_RECORDED', payment }, s));
}

/**
 * The version of a payment's posting: revision × 4, + 2 once moved to a substitute, + 1 when deleted
 * (a deletion carries the revision it takes back; a correction is DELETED(r) + RECORDED(r + 1)).
 */
export function issuedPaymentVersion(
  payment: { revision: number; movedFrom?: unknown },
  deleted: boolean,
): number {
  return payment.revision * 4 + (payment.movedFrom ? 2 : 0) + (deleted ? 1 : 0);
}

/** A collection: D 572 (570 in cash) / H 4300-customer. A deleted payment: nothing. */
export function issuedPaymentPosting(event: IssuedPaymentInput, s: PostingSettings): DesiredPosting {
  const { payment } = event;
  const sourceKey = postingSourceKey.issuedPayment(payment.paymentId);
  const deleted = event.kind === 'PAYMENT_DELETED';
  const description = `Cobro de la factura ${documentLabel(event)} — ${customerName(event)}`;
  const treasury = payment.method === 'CASH' ? s.cashAccount : s.bankAccount;
  const signed = deleted
    ? []
    : [
        debit(treasury, payment.amountCents, description),
        credit(
          PARTY_PARENT_ACCOUNTS.CUSTOMER,
          payment.amountCents,
          description,
          customerParty(event.customer),
        ),
      ];
  return {
    sourceKey,
    version: issuedPaymentVersion(payment, deleted),
    source: 'ISSUED_PAYMENT',
    document: {
      documentType: 'INVOICE_PAYMENT',
      documentId: payment.paymentId,
      invoiceId: event.invoiceId,
      documentNumber: event.invoiceNumber,
    },
    date: payment.date,
    description: deleted
      ? `Cobro eliminado de la factura ${documentLabel(event)} — ${customerName(event)}`
      : description,
    lines: balanced(sourceKey, toDraftLines(signed)),
    ...(deleted
      ? optionalRestore(() => issuedPaymentPosting({ ...event, kind: 'PAYMENT_RECORDED' }, s))
      : {}),
  };
}

// --- received invoices and their payments --------------------------------------------------------------

type ReceivedState = z.infer<typeof ReceivedInvoiceState>;
type ReceivedGroup = z.infer<typeof ReceivedGroup>;

/** Kinds whose quota we self-assess (shared/fiscal/received-invoice-totals.ts SELF_ASSESSED_KINDS). */
const SELF_ASSESSED = new Set<ReceivedGroup['kind']>([
  'REVERSE_CHARGE',
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
]);

/**
 * Goods bought: intra-EU acquisitions of goods, imports, and what bears recargo de equivalencia (a
 * retailer's goods for resale, art. 154 LIVA). Other kinds cannot be told apart from services.
 */
const isGoodsPurchase = (g: Pick<ReceivedGroup, 'kind' | 'recargoRateBp'>): boolean =>
  g.kind === 'INTRA_EU_GOODS' || g.kind === 'IMPORT' || g.recargoRateBp > 0;

/**
 * The account a received group's cost goes to: investment goods to group 2 (219); otherwise the
 * company's explicit mappings first (settings: the invoice's category, else its supplier), then the
 * category's own PGC account (`pgcAccount` of the expense category, resolved to the chart), else
 * purchases of goods (600) or other services (629). An explicit mapping of the company, category or
 * supplier, beats a category's default: the category's account is what the expense module proposes,
 * the mapping is what the company's accountant decided for its books.
 */
export function expenseAccountOf(
  rec: Pick<ReceivedState, 'expenseCategoryId'> & { supplier: { supplierId?: string | null } },
  g: Pick<ReceivedGroup, 'kind' | 'recargoRateBp' | 'investmentGoods'>,
  s: PostingSettings,
): string {
  if (g.investmentGoods) return s.investmentGoodsAccount;
  const category = rec.expenseCategoryId ?? undefined;
  const byCategory = category ? s.categoryAccounts[category] : undefined;
  const bySupplier = rec.supplier.supplierId ? s.supplierAccounts[rec.supplier.supplierId] : undefined;
  const categoryDefault = category ? s.categoryDefaultAccounts?.[category] : undefined;
  return (
    byCategory ??
    bySupplier ??
    categoryDefault ??
    (isGoodsPurchase(g) ? s.goodsPurchaseAccount : s.defaultExpenseAccount)
  );
}

/**
 * Supplier of goods (400) when the invoice's main account (the largest base; ties by code) is a
 * purchase of group 60; any other creditor (410) otherwise.
 */
export function receivedPartyKind(rec: ReceivedState, s: PostingSettings): 'SUPPLIER' | 'CREDITOR' {
  const byAccount = new Map<string, number>();
  for (const g of rec.totals.breakdown) {
    const account = expenseAccountOf(rec, g, s);
    byAccount.set(account, (byAccount.get(account) ?? 0) + Math.abs(g.baseCents));
  }
  const main = [...byAccount.entries()].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0];
  return main?.[0].startsWith('60') ? 'SUPPLIER' : 'CREDITOR';
}

const receivedLabel = (rec: ReceivedState) => `${rec.supplierInvoiceNumber} — ${rec.supplier.name}`;

function inputVatDescription(g: ReceivedGroup): string {
  const rate = ratePercent(g.vatRateBp);
  if (g.kind === 'REVERSE_CHARGE') return `IVA soportado ISP ${rate}`;
  if (g.kind === 'INTRA_EU_GOODS' || g.kind === 'INTRA_EU_SERVICES')
    return `IVA soportado intracomunitario ${rate}`;
  if (g.kind === 'IMPORT') return `IVA soportado importación ${rate}`;
  return `IVA soportado ${rate}`;
}

function selfAssessedDescription(g: ReceivedGroup): string {
  const rate = ratePercent(g.vatRateBp);
  return g.kind === 'REVERSE_CHARGE'
    ? `IVA repercutido ISP ${rate} (autorrepercusión)`
    : `IVA repercutido intracomunitario ${rate} (autorrepercusión)`;
}

/**
 * A received invoice: D expense per group (base + recargo borne + non-deductible VAT: all part of
 * the cost, art. 95 and 154 LIVA), D 472 deductible VAT per rate; reverse charge and intra-EU: H 477
 * the whole self-assessed VAT; import VAT liquidated on the DUA: H 4759 until paid to customs;
 * H 4751 IRPF we withhold, on the sub-account of its return (47510111 professionals and other
 * modelo 111 kinds, 47510115 rent, 47510123 capital, 47510216 non-residents: model/chart/
 * withholding-accounts.ts); H 4000/4100-supplier the total to pay. Deleted: nothing.
 */
export function receivedInvoicePosting(event: ReceivedInvoiceInput, s: PostingSettings): DesiredPosting {
  const rec = event.receivedInvoice;
  const sourceKey = postingSourceKey.receivedInvoice(event.receivedInvoiceId);
  const deleted = event.kind === 'RECEIVED_DELETED';
  const description = `Factura recibida ${receivedLabel(rec)}`;
  const signed: SignedLine[] = [];
  if (!deleted) {
    for (const g of rec.totals.breakdown) {
      const nonDeductibleVat = g.vatCents - g.deductibleVatCents;
      signed.push(
        debit(expenseAccountOf(rec, g, s), g.baseCents + g.recargoCents + nonDeductibleVat, description),
      );
      signed.push(debit(POSTING_ACCOUNTS.inputVat, g.deductibleVatCents, inputVatDescription(g)));
      if (SELF_ASSESSED.has(g.kind))
        signed.push(credit(POSTING_ACCOUNTS.outputVat, g.vatCents, selfAssessedDescription(g)));
      if (g.kind === 'IMPORT') {
        const dua = `IVA a la importación ${ratePercent(g.vatRateBp)} (DUA)`;
        signed.push(credit(POSTING_ACCOUNTS.importVatPayable, g.vatCents, dua));
      }
    }
    const rate = rec.irpfRateBp ? ` ${ratePercent(rec.irpfRateBp)}` : '';
    const irpf = `Retención IRPF${rate} (modelo ${withholdingModelOf(rec.withholdingKind)})`;
    signed.push(credit(withholdingAccountOf(rec.withholdingKind), rec.totals.irpfCents, irpf));
    const kind = receivedPartyKind(rec, s);
    signed.push(
      credit(
        PARTY_PARENT_ACCOUNTS[kind],
        rec.totals.totalCents,
        description,
        supplierParty(kind, rec.supplier),
      ),
    );
  }
  return {
    sourceKey,
    version: rec.version * 2 + (deleted ? 1 : 0),
    source: 'RECEIVED_INVOICE',
    document: {
      documentType: 'RECEIVED_INVOICE',
      documentId: event.receivedInvoiceId,
      invoiceId: null,
      documentNumber: rec.supplierInvoiceNumber,
    },
    date: rec.issueDate,
    description: deleted ? `Factura recibida eliminada ${receivedLabel(rec)}` : description,
    lines: balanced(sourceKey, toDraftLines(signed)),
    ...(deleted
      ? optionalRestore(() => receivedInvoicePosting({ ...event, kind: 'RECEIVED_REGISTERED' }, s))
      : {}),
  };
}

/**
 * A payment to a supplier: D 4000/4100-supplier / H 572 (570 in cash). Deleted: nothing. The party
 * line follows the invoice's posting (`partyFollows`): the engine puts it on the sub-account the
 * invoice's entry uses now, so a re-categorised invoice (60x <-> other) and its payments stay on
 * one account; `receivedPartyKind` applies only while the invoice has nothing posted.
 */
export function receivedPaymentPosting(event: ReceivedPaymentInput, s: PostingSettings): DesiredPosting {
  const { payment, receivedInvoice: rec } = event;
  const sourceKey = postingSourceKey.receivedPayment(payment.paymentId);
  const deleted = event.kind === 'RECEIVED_PAYMENT_DELETED';
  const description = `Pago de la factura recibida ${receivedLabel(rec)}`;
  const kind = receivedPartyKind(rec, s);
  const treasury = payment.method === 'CASH' ? s.cashAccount : s.bankAccount;
  const signed = deleted
    ? []
    : [
        debit(
          PARTY_PARENT_ACCOUNTS[kind],
          payment.amountCents,
          description,
          supplierParty(kind, rec.supplier),
        ),
        credit(treasury, payment.amountCents, description),
      ];
  return {
    sourceKey,
    version: rec.version * 2 + (deleted ? 1 : 0),
    source: 'RECEIVED_PAYMENT',
    document: {
      documentType: 'RECEIVED_PAYMENT',
      documentId: payment.paymentId,
      invoiceId: event.receivedInvoiceId,
      documentNumber: rec.supplierInvoiceNumber,
    },
    date: payment.date,
    description: deleted ? `Pago eliminado de la factura recibida ${receivedLabel(rec)}` : description,
    lines: balanced(sourceKey, toDraftLines(signed)),
    partyFollows: postingSourceKey.receivedInvoice(event.receivedInvoiceId),
    ...(deleted
      ? optionalRestore(() => receivedPaymentPosting({ ...event, kind: 'RECEIVED_PAYMENT_RECORDED' }, s))
      : {}),
  };
}

// --- dispatch ---------------------------------------------------------------------------------------

/** The event of a queue message, or null when it is not one the accounting posts from (or malformed). */
export function parseAccountingEvent(message: unknown): AccountingEvent | null {
  const parsed = AccountingEvent.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/**
 * The postings a queue message asks for, by its kind (the kinds of `InvoiceEvent` and
 * `ReceivedInvoiceEvent` never overlap; `entity`, when the body carries it, must agree): the
 * document's own first, then (a substitute's INVOICE_CONFIRMED) the payments it takes over. Null for
 * a message that is not a posting event or is malformed: the caller logs it. Throws
 * `UnbalancedPostingError` when the document's totals contradict its breakdown.
 */
export function postingsOfEvent(message: unknown, s: PostingSettings): DesiredPosting[] | null {
  const event = parseAccountingEvent(message);
  if (!event) return null;
  switch (event.kind) {
    case 'INVOICE_CONFIRMED':
    case 'INVOICE_CANCELLED':
      return [issuedInvoicePosting(event, s), ...movedPaymentPostings(event, s)];
    case 'PAYMENT_RECORDED':
    case 'PAYMENT_DELETED':
      return [issuedPaymentPosting(event, s)];
    case 'RECEIVED_REGISTERED':
    case 'RECEIVED_UPDATED':
    case 'RECEIVED_DELETED':
      return [receivedInvoicePosting(event, s)];
    case 'RECEIVED_PAYMENT_RECORDED':
    case 'RECEIVED_PAYMENT_DELETED':
      return [receivedPaymentPosting(event, s)];
  }
}

/** The posting of the message's own document (`postingsOfEvent`'s first), or null. */
export function postingOfEvent(message: unknown, s: PostingSettings): DesiredPosting | null {
  return postingsOfEvent(message, s)?.[0] ?? null;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
