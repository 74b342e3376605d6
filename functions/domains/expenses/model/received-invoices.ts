/** Pure rules of received invoices: the record from a request body, list filters and period sums. */

import { matchesSearch } from '@shared/api/listing';
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { sumCents } from '@shared/fiscal/money';
import {
  computeReceivedInvoiceTotals,
  type RememberedWithholding,
  recordedWithholding,
} from '@shared/fiscal/received-invoice-totals';
import { versionAt } from '@shared/fiscal/tax-obligations';
import { supplierTaxIdText } from '@shared/schemas/expenses';
import type { SiiStatus } from '@shared/schemas/invoices';
import type {
  DeductionOnPayment,
  ExpenseCategoryTotals,
  ExpenseTotals,
  ReceivedApproval,
  ReceivedInvoice,
  ReceivedInvoiceLine,
  ReceivedInvoiceListQuery,
  ReceivedPaymentStatus,
  ReceivedRectification,
  ReceivedSupplierSnapshot,
  UpdateReceivedInvoiceBody,
} from '@shared/schemas/received-invoices';
import type { TaxProfileVersion } from '@shared/schemas/tax-profile';
import { madridDay, receivedDueDates, receivedStatusAt } from './received-due-dates';

type Body = UpdateReceivedInvoiceBody;

/** What decides whether the company itself applies the criterio de caja (store/company-sii.ts). */
export interface CompanyCashRegime {
  /** Its tax profile's versions, oldest first; null without a profile. */
  versions: readonly TaxProfileVersion[] | null;
  /** The company's recorded VAT regime (`fiscal.vatRegime`): the only fact without a profile. */
  vatRegime: string | null;
}

/**
 * Whether the company itself applies the régimen especial del criterio de caja to an operation made
 * on `date` (art. 163 terdecies LIVA: the regime governs the operations made while it applies): the
 * profile's version in force that day (for a day before the profile, its first version, as the
 * models read it), else the company's recorded regime (CRITERIO_CAJA). Art. 163 duodecies.Dos.a LIVA
 * leaves out the operations under the simplified, agriculture (REAGP) and recargo de equivalencia
 * regimes and the VAT group, and a company with only exempt operations deducts nothing: only a
 * company under the general regime applies it (tax/model/profile-rules.ts warns of the others).
 */
export function ownCashCriterionAt(regime: CompanyCashRegime, date: string): boolean {
  const versions = regime.versions ?? [];
  if (versions.length === 0) return regime.vatRegime === 'CRITERIO_CAJA';
  const facts = (versionAt([...versions], date) ?? (versions[0] as TaxProfileVersion)).facts;
  return facts.cashAccounting && facts.vatRegime === 'GENERAL' && !facts.vatGroup;
}

/**
 * Why the invoice's deduction waits for its payment, stored on it (so neither the aggregates nor the
 * recompute ever read the profile): its supplier applies the criterio de caja (art. 163
 * quinquiesdecies.Uno LIVA; it also says so when the company applies it too: the supplier's regime
 * is the one the invoice shows), else the company does itself (art. 163 terdecies LIVA), else the
 * general rule (null). Which lines it defers (DOMESTIC ones, art. 163 duodecies.Dos LIVA) is the
 * aggregates' rule (shared/fiscal/tax-aggregates.ts `isCashCriterionLine`).
 */
export const deductionOnPaymentOf = (
  supplierCashCriterion: boolean,
  ownCashCriterion: boolean,
): DeductionOnPayment | null =>
  supplierCashCriterion ? 'SUPPLIER_RECC' : ownCashCriterion ? 'OWN_RECC' : null;

/**
 * Where a received invoice stands with its payments: nothing paid PENDING, part PARTIAL, all of
 * the total payable (base + supplier VAT + recargo − IRPF) PAID. An invoice with nothing payable
 * (a rectificativa that lowers what was invoiced) is PAID: there is nothing to pay on it.
 */
export const receivedPaymentStatus = (totalCents: number, paidCents: number): ReceivedPaymentStatus =>
  paidCents >= totalCents ? 'PAID' : paidCents > 0 ? 'PARTIAL' : 'PENDING';

const toLine = (l: Body['lines'][number]): ReceivedInvoiceLine => ({
  description: l.description,
  quantityMilli: l.quantity,
  unitPriceCents: l.unitPriceCents,
  discountBp: l.discountBp,
  vatRateBp: l.vatRateBp,
  kind: l.kind,
  deductibleBp: l.deductibleBp,
  recargoRateBp: l.recargoRateBp ?? 0,
  investmentGoods: l.investmentGoods,
});

/**
 * The invoice's data from a create or correction body, with its supplier and (for a rectificativa)
 * the rectified invoices as resolved against the store; identity, approval and timestamps come from
 * `base`. Optional fields left out are absent (a correction is a replacement). The withholding's
 * kind and key (issue 15 item 1): the body's, else `resolved.rememberedWithholding` (the supplier's,
 * or a corrected invoice's own), else a professional's; none without a withholding.
 */
export function buildReceivedInvoice(
  body: Body,
  resolved: {
    supplier: ReceivedSupplierSnapshot;
    rectification: ReceivedRectification | null;
    rememberedWithholding?: RememberedWithholding;
    /** The supplier applies the criterio de caja (the body's, else as remembered; absent: false). */
    supplierCashCriterion?: boolean;
    /**
     * The company's own criterio de caja, read on the operation's date (`operationDate`, else the
     * issue date). Absent: not applied (a caller without the company, the bench).
     */
    companyCashRegime?: CompanyCashRegime;
    /**
     * Issue 19: the payment terms in force (the supplier's, else the company's) that give the due
     * dates when the body names none (model/received-due-dates.ts). Absent: only the body's.
     */
    paymentTerms?: PaymentTerms;
  },
  base: {
    receivedInvoiceId: string;
    companyId: string;
    approvalStatus: ReceivedInvoice['approvalStatus'];
    approval: ReceivedApproval | null;
    /** NOT_SENT for a new invoice of an SII company; a correction keeps the invoice's own (absent: null). */
    siiStatus?: SiiStatus | null;
    /** What its payments add up to (absent: 0, a new invoice). */
    paidCents?: number;
    version: number;
    createdBy: string;
    createdAt: string;
    updatedAt: string;
  },
): ReceivedInvoice {
  const lines = body.lines.map(toLine);
  const totals = computeReceivedInvoiceTotals({ lines, irpfRateBp: body.irpfRateBp });
  const optional = <K extends string, V>(k: K, v: V | undefined) => (v === undefined ? {} : { [k]: v });
  const dueDates = receivedDueDates(body, totals.totalCents, resolved.paymentTerms);
  const due = { dueDate: dueDates?.[0]?.dueDate ?? body.dueDate, dueDates };
  return {
    receivedInvoiceId: base.receivedInvoiceId,
    companyId: base.companyId,
    supplier: resolved.supplier,
    supplierInvoiceNumber: body.supplierInvoiceNumber,
    invoiceType: body.invoiceType,
    rectification: resolved.rectification,
    ...optional('customsDocument', body.customsDocument),
    issueDate: body.issueDate,
    ...optional('operationDate', body.operationDate),
    accountingDate: body.accountingDate ?? body.issueDate,
    ...optional('receivedDate', body.receivedDate),
    lines,
    irpfRateBp: body.irpfRateBp,
    ...recordedWithholding(body, resolved.rememberedWithholding),
    expenseCategoryId: body.expenseCategoryId ?? null,
    ...optional('paymentMethod', body.paymentMethod),
    ...optional('dueDate', due.dueDate),
    ...optional('dueDates', due.dueDates),
    ...optional('notes', body.notes),
    attachments: body.attachments,
    approvalStatus: base.approvalStatus,
    approval: base.approval,
    totals,
    intraEuOperation: body.intraEuOperation ?? null,
    supplierCashCriterion: resolved.supplierCashCriterion ?? false,
    deductionOnPayment: deductionOnPaymentOf(
      resolved.supplierCashCriterion ?? false,
      resolved.companyCashRegime !== undefined &&
        ownCashCriterionAt(resolved.companyCashRegime, body.operationDate ?? body.issueDate),
    ),
    siiStatus: base.siiStatus ?? null,
    paidCents: base.paidCents ?? 0,
    // Issue 19: OVERDUE when a due date before the day of the write is not covered.
    paymentStatus: receivedStatusAt(
      { totals, dueDate: due.dueDate, dueDates: due.dueDates },
      base.paidCents ?? 0,
      madridDay(base.updatedAt),
    ),
    version: base.version,
    createdBy: base.createdBy,
    createdAt: base.createdAt,
    updatedAt: base.updatedAt,
  };
}

/** The in-memory filters of the list (the date range is the Query's key condition). */
export const matchesListQuery = (r: ReceivedInvoice, q: ReceivedInvoiceListQuery): boolean =>
  (!q.expenseCategoryId || r.expenseCategoryId === q.expenseCategoryId) &&
  (!q.supplierId || r.supplier.supplierId === q.supplierId) &&
  (!q.approvalStatus || r.approvalStatus === q.approvalStatus) &&
  matchesSearch(
    q.search,
    r.supplierInvoiceNumber,
    r.supplier.name,
    supplierTaxIdText(r.supplier.taxId),
    r.notes,
    r.customsDocument,
    ...(r.rectification?.rectified ?? []).map((x) => x.supplierInvoiceNumber),
    ...r.lines.map((l) => l.description),
  );

export type ExpenseSums = Omit<ExpenseTotals, 'from' | 'to' | 'type'>;

/** Request-time sums of a set of received invoices (each total was rounded once, per invoice). */
export function sumExpenses(invoices: readonly ReceivedInvoice[]): ExpenseSums {
  const sum = (pick: (r: ReceivedInvoice) => number) => sumCents(invoices.map(pick));
  return {
    count: invoices.length,
    baseCents: sum((r) => r.totals.baseCents),
    vatCents: sum((r) => r.totals.vatCents),
    deductibleVatCents: sum((r) => r.totals.deductibleVatCents),
    recargoCents: sum((r) => r.totals.recargoCents),
    irpfCents: sum((r) => r.totals.irpfCents),
    totalCents: sum((r) => r.totals.totalCents),
  };
}

/**
 * Sums per category, in the order of `categories` (the user's order), then the uncategorised ones
 * and any category no longer listed; categories without invoices are left out.
 */
export function sumByCategory(
  invoices: readonly ReceivedInvoice[],
  categories: readonly { categoryId: string; name: string }[],
): ExpenseCategoryTotals[] {
  const groups = new Map<string | null, ReceivedInvoice[]>();
  for (const r of invoices) groups.set(r.expenseCategoryId, [...(groups.get(r.expenseCategoryId) ?? []), r]);
  const names = new Map(categories.map((c) => [c.categoryId, c.name]));
  const order = [...categories.map((c) => c.categoryId), null, ...groups.keys()];
  const seen = new Set<string | null>();
  const out: ExpenseCategoryTotals[] = [];
  for (const id of order) {
    if (seen.has(id) || !groups.has(id)) continue;
    seen.add(id);
    out.push({
      categoryId: id,
      name: id === null ? null : (names.get(id) ?? null),
      ...sumExpenses(groups.get(id)!),
    });
  }
  return out;
}
