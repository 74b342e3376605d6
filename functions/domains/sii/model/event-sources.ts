/**
 * Which books a source change touches, and what each record should be (pure): the registration
 * plan of one invoice event, received-invoice event or backfilled document.
 *
 *  - issued invoice (confirmed / cancelled): FE, plus OI when it carries an intra-EU operation of
 *    art. 66.1 RIVA; the invoice's FE entry is the plan's head (a late confirmation after the
 *    cancellation changes nothing);
 *  - issued payment (recorded / deleted): one RECC collection per payment, when the invoice is
 *    under the criterio de caja (the regime recorded with it, else the company's: sii-record.ts);
 *  - received invoice (registered / updated / deleted): FR; BI, one per line marked as an
 *    investment good, when the company applies the prorrata (art. 65 RIVA: the book of investment
 *    goods is kept by those applying the prorrata rule); OI when it carries an intra-EU operation.
 *    Its FR entry is the head. Lines or operations that are gone withdraw their entries;
 *  - received payment (recorded / deleted): one RECC payment per payment when the criterio de caja
 *    applies: the company's own regime (the event's `vatRegime`, the tax profile's
 *    `cashAccounting`; art. 163 terdecies LIVA), or the supplier's, which the received invoice
 *    records (`supplierCashCriterion`: its deduction waits for the payment, art. 163 quinquiesdecies.Uno
 *    LIVA, so its payments are recorded too). The FR record then carries ClaveRegimen 07
 *    (sii-record.ts).
 *
 * A payment or received-invoice change marked `reportsSii: false` (the events every company writes
 * for the accounting, issue 18, that the SII does not hear of) plans nothing: the publisher never
 * sends those here, and should one arrive it changes no book.
 */

import { receivedBookDate } from '@shared/fiscal/received-invoice-totals';
import { siiDeadline } from '@shared/fiscal/sii-deadlines';
import {
  collectionRecord,
  entrySummary,
  type IssuedInvoiceSource,
  intraEuRecord,
  investmentRecords,
  issuedRecord,
  paymentRecord,
  receivedRecord,
  type SiiCompany,
  type SiiPaymentInput,
} from '@shared/fiscal/sii-record';
import { accrualDateOf } from '@shared/fiscal/tax-aggregates';
import type { ReceivedInvoice } from '@shared/schemas/received-invoices';
import { type SiiBook, type SiiRecord, siiDocumentId } from '@shared/schemas/sii';
import { type EntryTarget, sourceOrder } from './entry-rules';

/** What the planner needs of the company (store/config.ts `SiiCompanyInfo`). */
export interface PlanCompany extends SiiCompany {
  /** The prorrata in basis points (art. 104 LIVA), null without one: then no BI book. */
  prorrataBp: number | null;
}

/** A payment as the events carry it (issued: `revision`; received: none). */
export interface SourcePayment extends SiiPaymentInput {
  revision?: number;
}

/** A received invoice as the events carry it (`supplierCashCriterion` absent on older ones: false). */
export type ReceivedSource = ReceivedInvoice;

/**
 * Whether the event says the SII hears of it (issue 18: every company's events exist for the
 * accounting). Absent: an event stored before the mark (written only for the SII), or a backfilled
 * document: reported.
 */
interface Reported {
  reportsSii?: boolean;
}

export type SourceChange =
  | { kind: 'INVOICE_CONFIRMED' | 'INVOICE_CANCELLED'; invoice: IssuedInvoiceSource }
  | ({
      kind: 'PAYMENT_RECORDED' | 'PAYMENT_DELETED';
      invoice: IssuedInvoiceSource;
      payment: SourcePayment;
      /** When the change happened (orders the changes of one payment revision). */
      at: string;
    } & Reported)
  | ({
      kind: 'RECEIVED_REGISTERED' | 'RECEIVED_UPDATED' | 'RECEIVED_DELETED';
      received: ReceivedSource;
    } & Reported)
  | ({
      kind: 'RECEIVED_PAYMENT_RECORDED' | 'RECEIVED_PAYMENT_DELETED';
      received: ReceivedSource;
      payment: SourcePayment;
      /** The company's VAT regime the event recorded (CRITERIO_CAJA), if any. */
      vatRegime: string | null;
      at: string;
    } & Reported);

/** False only for a change marked `reportsSii: false` (see the header). */
export const reportedToSii = (change: SourceChange): boolean =>
  !('reportsSii' in change) || change.reportsSii !== false;

/** One plan: the targets, the head entry that orders them, the entries to withdraw when absent. */
export interface SourcePlan {
  head: { book: SiiBook; documentId: string; order: string } | null;
  targets: EntryTarget[];
  withdrawOthers: { book: SiiBook; invoiceId: string; order: string }[];
}

/** The order that withdraws every other entry of a deleted document for good. */
export const FINAL_ORDER = '~';

const factsOf = (record: SiiRecord, period: EntryTarget['facts']['period']) => ({
  ...entrySummary(record),
  period,
});

// --- issued invoices ----------------------------------------------------------------------------

function issuedTargets(src: IssuedInvoiceSource, company: PlanCompany, withdrawn: boolean): EntryTarget[] {
  const order = sourceOrder.issued(withdrawn);
  const source = { type: 'INVOICE' as const, id: src.invoiceId, invoiceId: src.invoiceId };
  const fe = issuedRecord(src, company);
  const targets: EntryTarget[] = [
    {
      book: 'FE',
      documentId: src.invoiceId,
      source,
      record: fe,
      facts: factsOf(fe, fe.period),
      deadline: siiDeadline({
        book: 'FE',
        issueDate: src.invoiceDate,
        operationDate: accrualDateOf(src),
      }),
      withdrawn,
      approved: null,
      order,
    },
  ];
  if (src.intraEuOperation) {
    const oi = intraEuRecord('ISSUED', src, src.intraEuOperation, company);
    targets.push({
      book: 'OI',
      documentId: src.invoiceId,
      source,
      record: oi,
      facts: factsOf(oi, oi.period),
      deadline: siiDeadline({ book: 'OI', issueDate: src.invoiceDate, operationDate: src.operationDate }),
      withdrawn,
      approved: null,
      order,
    });
  }
  return targets;
}

/** Whether an issued invoice's collections go to the RECC book (the regime recorded with it, else the company's). */
export const issuedUnderCash = (src: IssuedInvoiceSource, company: PlanCompany): boolean => {
  const regime = src.vatRegime ?? src.issuer?.vatRegime;
  return regime ? regime === 'CRITERIO_CAJA' : company.cashCriterion;
};

export function collectionTarget(
  src: IssuedInvoiceSource,
  company: PlanCompany,
  payment: SourcePayment,
  withdrawn: boolean,
  at: string,
): EntryTarget {
  const record = collectionRecord(src, company, payment);
  return {
    book: 'RECC',
    documentId: siiDocumentId(src.invoiceId, payment.paymentId),
    source: { type: 'INVOICE_PAYMENT', id: payment.paymentId, invoiceId: src.invoiceId },
    record,
    facts: factsOf(record, periodOfPayment(payment.date)),
    deadline: siiDeadline({ book: 'RECC', issueDate: src.invoiceDate, paymentDate: payment.date }),
    withdrawn,
    approved: null,
    order: sourceOrder.payment(payment.revision ?? 0, at, withdrawn),
  };
}

/** A collection or payment is listed in the period of the day it was collected or paid. */
const periodOfPayment = (date: string) => ({ year: Number(date.slice(0, 4)), period: date.slice(5, 7) });

// --- received invoices --------------------------------------------------------------------------

const approvedOf = (r: ReceivedInvoice) => r.approvalStatus === 'APPROVED';

function receivedTargets(r: ReceivedSource, company: PlanCompany, withdrawn: boolean): EntryTarget[] {
  const order = sourceOrder.received(r.version, withdrawn);
  const source = {
    type: 'RECEIVED_INVOICE' as const,
    id: r.receivedInvoiceId,
    invoiceId: r.receivedInvoiceId,
  };
  const bookDate = receivedBookDate(r);
  const fr = receivedRecord(r, company);
  const base = { source, withdrawn, approved: approvedOf(r), order };
  const targets: EntryTarget[] = [
    {
      ...base,
      book: 'FR',
      documentId: r.receivedInvoiceId,
      record: fr,
      facts: factsOf(fr, fr.period),
      deadline: siiDeadline({ book: 'FR', issueDate: r.issueDate, accountingDate: bookDate }),
    },
  ];
  if (company.prorrataBp !== null) {
    const year = Number(bookDate.slice(0, 4));
    const goods = investmentRecords(r, {
      companyNif: company.companyNif,
      definitiveProrrataBp: company.prorrataBp,
      year,
    });
    for (const { sub, record } of goods) {
      targets.push({
        ...base,
        book: 'BI',
        documentId: siiDocumentId(r.receivedInvoiceId, sub),
        record,
        facts: factsOf(record, record.period),
        deadline: siiDeadline({ book: 'BI', issueDate: r.issueDate, year }),
      });
    }
  }
  if (r.intraEuOperation) {
    const oi = intraEuRecord('RECEIVED', r, r.intraEuOperation, company);
    targets.push({
      ...base,
      book: 'OI',
      documentId: r.receivedInvoiceId,
      record: oi,
      facts: factsOf(oi, oi.period),
      deadline: siiDeadline({ book: 'OI', issueDate: r.issueDate, operationDate: r.operationDate ?? null }),
    });
  }
  return targets;
}

/** Whether a received invoice's payments go to the RECC book (see the header). */
export const receivedUnderCash = (
  r: ReceivedSource,
  company: PlanCompany,
  vatRegime: string | null,
): boolean =>
  // The expenses domain decides it when it books the invoice (`deductionOnPayment`, from the supplier's
  // mark and the company's regime on the operation date); invoices booked before it existed are read
  // from the mark and the company's regime.
  r.deductionOnPayment !== undefined
    ? r.deductionOnPayment !== null
    : r.supplierCashCriterion === true ||
      (vatRegime !== null ? vatRegime === 'CRITERIO_CAJA' : company.cashCriterion);

export function paymentTarget(
  r: ReceivedSource,
  payment: SourcePayment,
  withdrawn: boolean,
  at: string,
): EntryTarget {
  const record = paymentRecord(r, payment);
  return {
    book: 'RECC',
    documentId: siiDocumentId(r.receivedInvoiceId, payment.paymentId),
    source: { type: 'RECEIVED_PAYMENT', id: payment.paymentId, invoiceId: r.receivedInvoiceId },
    record,
    facts: factsOf(record, periodOfPayment(payment.date)),
    deadline: siiDeadline({ book: 'RECC', issueDate: r.issueDate, paymentDate: payment.date }),
    withdrawn,
    approved: approvedOf(r),
    // Every change of a received invoice (its payments included) writes a new version of it.
    order: sourceOrder.payment(payment.revision ?? r.version, at, withdrawn),
  };
}

// --- the plan -----------------------------------------------------------------------------------

const head = (t: EntryTarget | undefined) =>
  t ? { book: t.book, documentId: t.documentId, order: t.order } : null;

/**
 * The plan of one change. Throws the record builders' AppError (TAX_023) when a record cannot be
 * built from the document (no breakdown, no supplier id…): nothing can be sent until it is fixed.
 */
export function planSourceChange(change: SourceChange, company: PlanCompany): SourcePlan {
  if (!reportedToSii(change)) return { head: null, targets: [], withdrawOthers: [] };
  switch (change.kind) {
    case 'INVOICE_CONFIRMED':
    case 'INVOICE_CANCELLED': {
      const withdrawn = change.kind === 'INVOICE_CANCELLED';
      const targets = issuedTargets(change.invoice, company, withdrawn);
      const order = sourceOrder.issued(withdrawn);
      return {
        head: head(targets[0]),
        targets,
        withdrawOthers: withdrawn ? [{ book: 'OI', invoiceId: change.invoice.invoiceId, order }] : [],
      };
    }
    case 'PAYMENT_RECORDED':
    case 'PAYMENT_DELETED': {
      if (!issuedUnderCash(change.invoice, company)) return { head: null, targets: [], withdrawOthers: [] };
      const withdrawn = change.kind === 'PAYMENT_DELETED';
      return {
        head: null,
        targets: [collectionTarget(change.invoice, company, change.payment, withdrawn, change.at)],
        withdrawOthers: [],
      };
    }
    case 'RECEIVED_REGISTERED':
    case 'RECEIVED_UPDATED':
    case 'RECEIVED_DELETED': {
      const withdrawn = change.kind === 'RECEIVED_DELETED';
      const r = change.received;
      const targets = receivedTargets(r, company, withdrawn);
      const order = sourceOrder.received(r.version, withdrawn);
      return {
        head: head(targets[0]),
        targets,
        withdrawOthers: [
          { book: 'BI', invoiceId: r.receivedInvoiceId, order },
          { book: 'OI', invoiceId: r.receivedInvoiceId, order },
          // A deleted invoice takes its payments with it, whatever their order.
          ...(withdrawn
            ? [{ book: 'RECC' as const, invoiceId: r.receivedInvoiceId, order: FINAL_ORDER }]
            : []),
        ],
      };
    }
    case 'RECEIVED_PAYMENT_RECORDED':
    case 'RECEIVED_PAYMENT_DELETED': {
      if (!receivedUnderCash(change.received, company, change.vatRegime))
        return { head: null, targets: [], withdrawOthers: [] };
      const withdrawn = change.kind === 'RECEIVED_PAYMENT_DELETED';
      return {
        head: null,
        targets: [paymentTarget(change.received, change.payment, withdrawn, change.at)],
        withdrawOthers: [],
      };
    }
  }
}
