import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { taxIdCountry } from '@shared/fiscal/received-invoice-totals';
import { supplierTaxIdKey } from '@shared/schemas/expenses';
import {
  CreateReceivedInvoiceBody,
  type ReceivedInvoice,
  type ReceivedSupplierSnapshot,
  type UpdateReceivedInvoiceBody,
} from '@shared/schemas/received-invoices';
import { buildReceivedInvoice } from '../model/received-invoices';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { getSupplier, getSupplierByTaxIdKey } from '../store/suppliers';

/**
 * The supplier as written on the invoice: a stored supplier of the company, or the inline data
 * (linked to the stored supplier holding the same tax id, when there is one).
 */
export async function resolveSupplier(
  deps: ExpensesDeps,
  companyId: string,
  body: Pick<UpdateReceivedInvoiceBody, 'supplierId' | 'supplier'>,
): Promise<ReceivedSupplierSnapshot> {
  if (body.supplierId) {
    const s = await getSupplier(deps, companyId, body.supplierId);
    if (!s) {
      throw new AppError('CORE_004', 'El proveedor no existe en la empresa.', {
        field: 'supplierId',
        details: { reason: 'UNKNOWN_SUPPLIER' },
      });
    }
    return { supplierId: s.supplierId, name: s.name, taxId: s.taxId, country: taxIdCountry(s.taxId) };
  }
  const inline = body.supplier!;
  const stored = await getSupplierByTaxIdKey(deps, companyId, supplierTaxIdKey(inline.taxId));
  return {
    supplierId: stored?.supplierId ?? null,
    name: inline.name,
    taxId: inline.taxId,
    country: inline.country ?? taxIdCountry(inline.taxId),
  };
}

/** Registers a received invoice: the invoice, its number claim, counters and aggregates in one transaction. */
export async function createReceivedInvoice(
  input: { companyId: string; userId: string; body: CreateReceivedInvoiceBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoice> {
  const { body } = input;
  const supplier = await resolveSupplier(deps, input.companyId, body);
  const now = deps.now().toISOString();
  const decided = body.approvalStatus !== 'PENDING';
  const invoice = buildReceivedInvoice(body, supplier, {
    receivedInvoiceId: deps.newId(),
    companyId: input.companyId,
    approvalStatus: body.approvalStatus,
    approval: decided
      ? { status: body.approvalStatus, comment: null, decidedBy: input.userId, decidedAt: now }
      : null,
    version: 1,
    createdBy: input.userId,
    createdAt: now,
    updatedAt: now,
  });
  await saveReceivedInvoice(deps, undefined, invoice);
  return invoice;
}

export const createReceivedInvoiceRoute = defineCompanyAction({
  body: CreateReceivedInvoiceBody,
  status: 201,
  run: ({ auth, scope, body }, deps: ExpensesDeps) => {
    return createReceivedInvoice({ companyId: scope.companyId, userId: auth.userId, body }, deps);
  },
});
