import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { type PaymentTerms, storedTerms } from '@shared/fiscal/due-dates';
import { type RememberedWithholding, taxIdCountry } from '@shared/fiscal/received-invoice-totals';
import { type Supplier, supplierTaxIdKey } from '@shared/schemas/expenses';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  CreateReceivedInvoiceBody,
  type ReceivedInvoice,
  type ReceivedRectification,
  type ReceivedRectifiedRef,
  type ReceivedSupplierSnapshot,
  supplierNumberKey,
  type UpdateReceivedInvoiceBody,
} from '@shared/schemas/received-invoices';
import { buildReceivedInvoice } from '../model/received-invoices';
import { readCompanySii, readTaxProfileVersions } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { readCompanyPaymentTerms } from '../store/payment-terms';
import { getReceivedInvoice, saveReceivedInvoice } from '../store/received-invoices';
import { getSupplier, getSupplierByTaxIdKey } from '../store/suppliers';

/** The withholding kind and key a stored supplier remembers (issue 15 item 1), or null. */
const rememberedOf = (s: Supplier | undefined): RememberedWithholding =>
  s?.withholdingKind
    ? { withholdingKind: s.withholdingKind, withholdingKey: s.withholdingKey ?? null }
    : null;

/**
 * The supplier as written on the invoice: a stored supplier of the company, or the inline data
 * (linked to the stored supplier holding the same tax id, when there is one); with the withholding
 * kind and key that stored supplier remembers, for an invoice that names none, and whether it is
 * marked as applying the criterio de caja (false without a stored supplier), and its payment terms
 * (issue 19; undefined without a stored supplier: the company's apply).
 */
export async function resolveSupplier(
  deps: ExpensesDeps,
  companyId: string,
  body: Pick<UpdateReceivedInvoiceBody, 'supplierId' | 'supplier'>,
): Promise<{
  supplier: ReceivedSupplierSnapshot;
  remembered: RememberedWithholding;
  rememberedCashCriterion: boolean;
  paymentTerms?: PaymentTerms | undefined;
}> {
  if (body.supplierId) {
    const s = await getSupplier(deps, companyId, body.supplierId);
    if (!s) {
      throw new AppError('CORE_004', 'El proveedor no existe en la empresa.', {
        field: 'supplierId',
        details: { reason: 'UNKNOWN_SUPPLIER' },
      });
    }
    return {
      supplier: { supplierId: s.supplierId, name: s.name, taxId: s.taxId, country: taxIdCountry(s.taxId) },
      remembered: rememberedOf(s),
      rememberedCashCriterion: s.supplierCashCriterion === true,
      paymentTerms: storedTerms(s.paymentTerms, s.paymentTermsDays),
    };
  }
  const inline = body.supplier!;
  const stored = await getSupplierByTaxIdKey(deps, companyId, supplierTaxIdKey(inline.taxId));
  return {
    supplier: {
      supplierId: stored?.supplierId ?? null,
      name: inline.name,
      taxId: inline.taxId,
      country: inline.country ?? taxIdCountry(inline.taxId),
    },
    remembered: rememberedOf(stored),
    rememberedCashCriterion: stored?.supplierCashCriterion === true,
    paymentTerms: stored ? storedTerms(stored.paymentTerms, stored.paymentTermsDays) : undefined,
  };
}

/**
 * The terms the invoice's due dates come from when the body names none (issue 19): the supplier's,
 * else the company's (read only then).
 */
export async function termsInForce(
  deps: ExpensesDeps,
  companyId: string,
  body: { dueDate?: string | undefined; dueDates?: unknown },
  supplierTerms: PaymentTerms | undefined,
): Promise<PaymentTerms | undefined> {
  if (body.dueDate || body.dueDates) return undefined;
  return supplierTerms ?? (await readCompanyPaymentTerms(deps, companyId));
}

const rectifiedError = (i: number, field: string, reason: string, message: string) =>
  new AppError('CORE_004', message, {
    field: `rectification.rectified.${i}.${field}`,
    details: { reason },
  });

/**
 * One rectified invoice as recorded: a registered one must be a received invoice of the same
 * company and supplier, not the rectificativa itself, issued no later than it; the number and date
 * come from it (and, when sent too, must be its own).
 */
async function resolveRectifiedRef(
  deps: ExpensesDeps,
  ctx: { companyId: string; selfId?: string; supplier: ReceivedSupplierSnapshot; issueDate: string },
  ref: NonNullable<UpdateReceivedInvoiceBody['rectification']>['rectified'][number],
  i: number,
): Promise<ReceivedRectifiedRef> {
  if (!ref.receivedInvoiceId) {
    return {
      receivedInvoiceId: null,
      supplierInvoiceNumber: ref.supplierInvoiceNumber!,
      issueDate: ref.issueDate!,
    };
  }
  const id = ref.receivedInvoiceId;
  if (id === ctx.selfId) {
    throw rectifiedError(
      i,
      'receivedInvoiceId',
      'RECTIFIES_ITSELF',
      'Una factura no puede rectificarse a sí misma.',
    );
  }
  const stored = await getReceivedInvoice(deps, ctx.companyId, id);
  if (!stored || stored.companyId !== ctx.companyId) {
    throw rectifiedError(
      i,
      'receivedInvoiceId',
      'UNKNOWN_RECTIFIED_INVOICE',
      'La factura rectificada no está registrada en esta empresa.',
    );
  }
  if (supplierTaxIdKey(stored.supplier.taxId) !== supplierTaxIdKey(ctx.supplier.taxId)) {
    throw rectifiedError(
      i,
      'receivedInvoiceId',
      'RECTIFIED_OTHER_SUPPLIER',
      `La factura rectificada ${stored.supplierInvoiceNumber} es de otro proveedor (${stored.supplier.name}).`,
    );
  }
  if (
    ref.supplierInvoiceNumber &&
    supplierNumberKey(ref.supplierInvoiceNumber) !== supplierNumberKey(stored.supplierInvoiceNumber)
  ) {
    throw rectifiedError(
      i,
      'supplierInvoiceNumber',
      'RECTIFIED_MISMATCH',
      `El número no coincide con el de la factura rectificada registrada (${stored.supplierInvoiceNumber}).`,
    );
  }
  if (ref.issueDate && ref.issueDate !== stored.issueDate) {
    throw rectifiedError(
      i,
      'issueDate',
      'RECTIFIED_MISMATCH',
      `La fecha no coincide con la de la factura rectificada registrada (${stored.issueDate}).`,
    );
  }
  if (stored.issueDate > ctx.issueDate) {
    throw rectifiedError(
      i,
      'receivedInvoiceId',
      'RECTIFIED_AFTER_RECTIFICATIVA',
      'La factura rectificada no puede ser posterior a la rectificativa.',
    );
  }
  return {
    receivedInvoiceId: stored.receivedInvoiceId,
    supplierInvoiceNumber: stored.supplierInvoiceNumber,
    issueDate: stored.issueDate,
  };
}

/** The rectification as recorded (art. 15 RD 1619/2012), or null for an ordinary invoice. */
export async function resolveRectification(
  deps: ExpensesDeps,
  ctx: { companyId: string; selfId?: string; supplier: ReceivedSupplierSnapshot },
  body: Pick<UpdateReceivedInvoiceBody, 'rectification' | 'issueDate'>,
): Promise<ReceivedRectification | null> {
  const r = body.rectification;
  if (!r) return null;
  const rectified = await Promise.all(
    r.rectified.map((ref, i) => resolveRectifiedRef(deps, { ...ctx, issueDate: body.issueDate }, ref, i)),
  );
  const keys = rectified.map((x) => `${supplierNumberKey(x.supplierInvoiceNumber)}|${x.issueDate}`);
  const dup = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (dup >= 0) {
    // The same invoice named twice: once by its id and once by its number and date.
    const field = r.rectified[dup]?.receivedInvoiceId ? 'receivedInvoiceId' : 'supplierInvoiceNumber';
    throw rectifiedError(dup, field, 'DUPLICATE_RECTIFIED', 'Esa factura rectificada ya está indicada.');
  }
  return { method: r.method, ...(r.reason ? { reason: r.reason } : {}), rectified };
}

/**
 * Registers a received invoice: the invoice, its number claim, counters, aggregates and its
 * RECEIVED_REGISTERED event (for a company in the SII, which it then enters as NOT_SENT, also the
 * SII's: model/received-events.ts) in one transaction.
 */
export async function createReceivedInvoice(
  input: { companyId: string; userId: string; body: CreateReceivedInvoiceBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoice> {
  const { body } = input;
  const { supplier, remembered, rememberedCashCriterion, paymentTerms } = await resolveSupplier(
    deps,
    input.companyId,
    body,
  );
  const rectification = await resolveRectification(deps, { companyId: input.companyId, supplier }, body);
  const [company, profileVersions] = await Promise.all([
    readCompanySii(deps, input.companyId),
    readTaxProfileVersions(deps, input.companyId),
  ]);
  const now = deps.now().toISOString();
  const decided = body.approvalStatus !== 'PENDING';
  const invoice = buildReceivedInvoice(
    body,
    {
      supplier,
      rectification,
      rememberedWithholding: remembered,
      // Art. 163 quinquiesdecies.Uno LIVA: the invoice says whether the supplier is in the regime; not
      // said, the supplier's remembered mark.
      supplierCashCriterion: body.supplierCashCriterion ?? rememberedCashCriterion,
      // Art. 163 terdecies LIVA: the company's own regime on the operation's date (its tax profile).
      companyCashRegime: { versions: profileVersions, vatRegime: company.vatRegime },
      paymentTerms: await termsInForce(deps, input.companyId, body, paymentTerms),
    },
    {
      receivedInvoiceId: deps.newId(),
      companyId: input.companyId,
      approvalStatus: body.approvalStatus,
      approval: decided
        ? { status: body.approvalStatus, comment: null, decidedBy: input.userId, decidedAt: now }
        : null,
      // Art. 69.Tres RIVA: an SII company's invoice is due at the AEAT; the SII worker moves it on.
      siiStatus: company.siiEnabled ? 'NOT_SENT' : null,
      paidCents: 0,
      version: 1,
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    },
  );
  await saveReceivedInvoice(deps, undefined, invoice, {
    event: receivedEvent({ company, current: undefined, next: invoice, at: now }),
  });
  return invoice;
}

export const createReceivedInvoiceRoute = defineCompanyAction({
  body: CreateReceivedInvoiceBody,
  status: 201,
  run: ({ auth, scope, body }, deps: ExpensesDeps) => {
    return createReceivedInvoice({ companyId: scope.companyId, userId: auth.userId, body }, deps);
  },
});
