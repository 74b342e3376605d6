import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { isOutOfBook } from '@shared/schemas/received-invoice-draft';
import {
  type ReceivedInvoice,
  ReceivedInvoicePath,
  SetApprovalBody,
} from '@shared/schemas/received-invoices';
import { receivedEvent } from '../model/received-events';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { saveReceivedInvoice } from '../store/received-invoices';
import { requireReceivedInvoice } from './get-received-invoice';

/** PENDING → APPROVED | REJECTED, recording who decided, when and why; conditioned on the version read. */
export async function setReceivedInvoiceApproval(
  input: { companyId: string; userId: string; receivedInvoiceId: string; body: SetApprovalBody },
  deps: ExpensesDeps,
): Promise<ReceivedInvoice> {
  const current = await requireReceivedInvoice(deps, input.companyId, input.receivedInvoiceId);
  if (current.approvalStatus !== 'PENDING') {
    throw new AppError('CORE_004', 'La factura ya está aprobada o rechazada.', {
      field: 'status',
      details: { reason: 'APPROVAL_ALREADY_DECIDED', approvalStatus: current.approvalStatus },
    });
  }
  // Issue 17 item 3: an INCOMPLETE draft is out of the book; approving it would approve what nobody
  // completed. It is completed first (PUT, or the document's review with its corrections).
  if (input.body.status === 'APPROVED' && isOutOfBook(current)) {
    throw new AppError(
      'CORE_004',
      'La factura es un borrador incompleto: complétala (proveedor, número, fecha e importes) antes de aprobarla.',
      {
        field: 'status',
        details: { reason: 'DRAFT_INCOMPLETE', missing: current.draft?.incompleteFields ?? [] },
      },
    );
  }
  const company = await readCompanySii(deps, input.companyId);
  const now = deps.now().toISOString();
  const next: ReceivedInvoice = {
    ...current,
    approvalStatus: input.body.status,
    approval: {
      status: input.body.status,
      comment: input.body.comment ?? null,
      decidedBy: input.userId,
      decidedAt: now,
    },
    version: current.version + 1,
    updatedAt: now,
  };
  // The approval can release a held FR record (SiiConfig.holdUnapprovedReceived): the SII hears of it.
  await saveReceivedInvoice(deps, current, next, {
    event: receivedEvent({ company, current, next, at: now }),
  });
  return next;
}

export const setReceivedInvoiceApprovalRoute = defineCompanyAction({
  params: ReceivedInvoicePath,
  body: SetApprovalBody,
  run: ({ auth, scope, params, body }, deps: ExpensesDeps) => {
    return setReceivedInvoiceApproval(
      {
        companyId: scope.companyId,
        userId: auth.userId,
        receivedInvoiceId: params.receivedInvoiceId,
        body,
      },
      deps,
    );
  },
});
