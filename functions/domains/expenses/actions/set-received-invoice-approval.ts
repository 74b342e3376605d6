import { failedConditionAt } from '@functions/platform/aws/dynamodb-errors';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { SCHEMA_VERSION } from '@shared/db/records';
import { isIncompleteDraft, isOutOfBook } from '@shared/schemas/received-invoice-draft';
import { receivedEvent } from '@shared/schemas/received-invoice-events';
import {
  type ReceivedInvoice,
  ReceivedInvoicePath,
  SetApprovalBody,
} from '@shared/schemas/received-invoices';
import { readCompanySii } from '../store/company-sii';
import type { ExpensesDeps } from '../store/deps';
import { numberClaimKey, saveReceivedInvoice } from '../store/received-invoices';
import { requireReceivedInvoice } from './get-received-invoice';

/**
 * PENDING → APPROVED | REJECTED, recording who decided, when and why; conditioned on the version read.
 * Approving a draft made from a document books it (issue 17 item 3: nothing read is booked before a
 * person approves it): in the same transaction it gets its book-date index entry, its contribution
 * to the tax aggregates and, for an SII company, its RECEIVED_REGISTERED event (NOT_SENT); its number
 * claim is re-asserted (a claim held by another invoice refuses it: a duplicate, 409). Rejecting it
 * leaves it out of the book.
 */
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
  // Issue 17 item 3: an INCOMPLETE draft cannot be booked; approving it would approve what nobody
  // completed. It is completed first (PUT, or the document's review with its corrections).
  if (input.body.status === 'APPROVED' && isIncompleteDraft(current)) {
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
  const books = input.body.status === 'APPROVED' && isOutOfBook(current);
  const next: ReceivedInvoice = {
    ...current,
    // Booked now: its registration (art. 69.Tres RIVA), due at the AEAT for an SII company.
    ...(books && current.draft
      ? { draft: { ...current.draft, booked: true }, siiStatus: company.siiEnabled ? 'NOT_SENT' : null }
      : {}),
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
  // The claim of a draft's number was written with the draft; booking it re-asserts it in the same
  // transaction, so a claim held by any other invoice refuses the approval (never booked twice).
  const claim = books ? numberClaimKey(next) : undefined;
  try {
    // The approval can release a held FR record (SiiConfig.holdUnapprovedReceived): the SII hears of it.
    await saveReceivedInvoice(deps, current, next, {
      event: receivedEvent({ company, current, next, at: now }),
      ...(claim
        ? {
            extraItems: [
              {
                Put: {
                  TableName: deps.table,
                  Item: {
                    ...claim,
                    entity: 'ReceivedInvoiceNumberClaim',
                    v: SCHEMA_VERSION,
                    receivedInvoiceId: next.receivedInvoiceId,
                  },
                  ConditionExpression: 'attribute_not_exists(pk) OR receivedInvoiceId = :self',
                  ExpressionAttributeValues: { ':self': next.receivedInvoiceId },
                },
              },
            ],
          }
        : {}),
    });
  } catch (e) {
    // The claim is the first extra item, right after the invoice's own write.
    if (claim && failedConditionAt(e, 1)) throw duplicateDraft();
    throw e;
  }
  return next;
}

const duplicateDraft = () =>
  new AppError(
    'DOC_CONFLICT',
    'No se puede aprobar: ya está registrada otra factura de este proveedor con el mismo número en ese año. Este borrador es un duplicado; recházalo.',
    { field: 'status', details: { reason: 'DUPLICATE_SUPPLIER_NUMBER' } },
  );

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
