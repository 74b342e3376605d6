/**
 * Queue consumer of 'invoice-bulk': one message is a chunk of a bulk operation's invoices. Each
 * invoice goes through the same domain functions as the single-invoice routes (confirmInvoice,
 * addPayment for the pending amount, deleteInvoice; PDFs and PDF e-mails are asked of the pdf
 * domain's function, store/invoice-pdfs.ts) and its outcome is recorded once (store/bulk-operations.ts). A refusal (AppError) is that
 * invoice's result; an unexpected error sends the message back to the queue, except on its last
 * delivery, where it is recorded as CORE_005 so the operation still completes. The chunk that
 * records the last invoice completes the operation (and, for DOWNLOAD_PDFS, builds the ZIP).
 * No invoices bundle carries the PDF library: only the pdf domain renders.
 */

import type { CompanyScope } from '@functions/platform/company-scope';
import {
  parseJsonBody,
  sqsHandler,
  type WorkerContext,
  workerErrorFields,
} from '@functions/platform/workers';
import { AppError, isAppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import type { BulkOperation } from '@shared/schemas/bulk-operations';
import { isValidEmail } from '@shared/schemas/common';
import type { InvoiceWithPayments } from '@shared/schemas/invoices';
import { addPayment } from '../actions/add-payment';
import { confirmInvoice } from '../actions/confirm-invoice';
import { deleteInvoice } from '../actions/delete-invoice';
import { requireInvoice } from '../actions/get-invoice';
import { madridDate } from '../model/payments';
import { buildZip } from '../store/bulk-files';
import {
  type BulkChunkMessage,
  type BulkOutcome,
  completeIfDone,
  getBulkOperation,
  hasResult,
  markRunning,
  recordResult,
  successfulResults,
} from '../store/bulk-operations';
import { getCustomer } from '../store/customers';
import { type InvoicesDeps, makeDeps } from '../store/deps';
import { emailInvoicePdf, storeBulkPdf } from '../store/invoice-pdfs';

/** The queue's maxReceiveCount (infra/manifest.ts): the last delivery records instead of retrying. */
export const LAST_DELIVERY = 3;

export interface BulkFiles {
  buildZip: (files: { s3Key: string; fileName: string }[], zipKey: string) => Promise<void>;
}

const defaultFiles: BulkFiles = { buildZip };

const scopeOf = (op: BulkOperation): CompanyScope => ({ companyId: op.companyId, membership: undefined });

async function sendEmail(deps: InvoicesDeps, op: BulkOperation, invoiceId: string): Promise<BulkOutcome> {
  const invoice = await requireInvoice(deps, op.companyId, invoiceId);
  if (invoice.status !== 'CONFIRMED') {
    throw new AppError('CORE_004', 'Solo se envían por e-mail facturas confirmadas.', {
      details: { reason: 'NOT_CONFIRMED' },
    });
  }
  const customerId = invoice.customer?.customerId;
  const customer = customerId ? await getCustomer(deps, op.companyId, customerId) : undefined;
  const to = customer?.email;
  if (!to || !isValidEmail(to)) {
    throw new AppError('CORE_004', 'El cliente de la factura no tiene un e-mail válido.', {
      details: { reason: 'NO_CUSTOMER_EMAIL' },
    });
  }
  await emailInvoicePdf({ companyId: op.companyId, invoiceId, to: [to], sentBy: op.createdBy });
  return { ok: true };
}

async function markPaid(deps: InvoicesDeps, op: BulkOperation, invoiceId: string): Promise<BulkOutcome> {
  const invoice = (await requireInvoice(deps, op.companyId, invoiceId)) as InvoiceWithPayments;
  const pending = invoice.totals.totalCents - (invoice.paidCents ?? 0);
  if (invoice.status === 'CONFIRMED' && pending <= 0) {
    throw new AppError('CORE_004', 'La factura no tiene importe pendiente de cobro.', {
      details: { reason: 'NOTHING_PENDING' },
    });
  }
  await addPayment(
    {
      scope: scopeOf(op),
      userId: op.createdBy,
      invoiceId,
      body: {
        amountCents: Math.max(pending, 1),
        paidAt: op.options?.paidAt ?? madridDate(deps.now()),
        method: op.options?.method ?? 'TRANSFER',
        reference: `Operación masiva ${op.operationId}`,
      },
    },
    deps,
  );
  return { ok: true };
}

/** What one invoice of the operation does; throws AppError for a refusal. */
export async function processInvoice(
  deps: InvoicesDeps,
  op: BulkOperation,
  invoiceId: string,
): Promise<BulkOutcome> {
  switch (op.operation) {
    case 'CONFIRM':
      await confirmInvoice({ scope: scopeOf(op), invoiceId, series: op.options?.series }, deps);
      return { ok: true };
    case 'MARK_PAID':
      return markPaid(deps, op, invoiceId);
    case 'DELETE_DRAFTS':
      await deleteInvoice({ scope: scopeOf(op), invoiceId }, deps);
      return { ok: true };
    case 'SEND_EMAIL':
      return sendEmail(deps, op, invoiceId);
    case 'DOWNLOAD_PDFS': {
      const pdf = await storeBulkPdf({ companyId: op.companyId, operationId: op.operationId, invoiceId });
      return { ok: true, s3Key: pdf.s3Key, fileName: pdf.fileName };
    }
  }
}

/** Completes the operation when every invoice is recorded; DOWNLOAD_PDFS first stores the ZIP. */
async function completeWhenDone(
  deps: InvoicesDeps,
  files: BulkFiles,
  operationId: string,
  companyId: string,
) {
  const op = await getBulkOperation(deps, companyId, operationId);
  if (!op || op.status === 'COMPLETED' || op.processed < op.total) return false;
  let zipKey: string | undefined;
  if (op.operation === 'DOWNLOAD_PDFS') {
    zipKey = keys.bulkZipObject(companyId, operationId).s3Key;
    const stored = (await successfulResults(deps, op)).filter((r) => r.s3Key && r.fileName);
    await files.buildZip(
      stored.map((r) => ({ s3Key: r.s3Key!, fileName: r.fileName! })),
      zipKey,
    );
  }
  return completeIfDone(deps, op, deps.now().toISOString(), zipKey);
}

export async function runBulkChunk(
  message: BulkChunkMessage,
  ctx: WorkerContext & { receiveCount: number },
  deps: InvoicesDeps = makeDeps(),
  files: BulkFiles = defaultFiles,
): Promise<void> {
  const op = await getBulkOperation(deps, message.companyId, message.operationId);
  if (!op) {
    ctx.log.warn('Bulk operation not found; chunk dropped', { operationId: message.operationId });
    return;
  }
  await markRunning(deps, op, deps.now().toISOString());
  for (const invoiceId of message.invoiceIds) {
    if (await hasResult(deps, op, invoiceId)) continue;
    let outcome: BulkOutcome;
    try {
      outcome = await processInvoice(deps, op, invoiceId);
    } catch (e) {
      if (isAppError(e)) {
        outcome = { ok: false, code: e.code, message: e.message };
      } else if (ctx.receiveCount >= LAST_DELIVERY) {
        ctx.log.error('Bulk invoice failed on the last delivery', { invoiceId, ...workerErrorFields(e) });
        outcome = { ok: false, code: 'CORE_005', message: 'Error interno al procesar la factura.' };
      } else {
        throw e;
      }
    }
    await recordResult(deps, op, invoiceId, outcome, deps.now().toISOString());
  }
  if (await completeWhenDone(deps, files, op.operationId, op.companyId)) {
    ctx.log.info('Bulk operation completed', { operationId: op.operationId });
  }
}

export const handler = sqsHandler(async (record, ctx) => {
  const message = parseJsonBody(record) as BulkChunkMessage;
  const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
  await runBulkChunk(message, { ...ctx, receiveCount });
});
