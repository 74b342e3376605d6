/**
 * Queue 'invoice-import' consumer: one message is one chunk of an executing import batch. Each valid
 * invoice of the chunk is created as a draft (or created and confirmed) by the domain's own
 * functions, with `origin: 'IMPORT'` and an id derived from batchId + invoiceRef, so a retried
 * message finds what it already created instead of creating it twice. Each outcome is recorded once
 * (a result item put with attribute_not_exists, with the batch counters in the same transaction);
 * the chunk that processes the last invoice sets the batch COMPLETED. Confirming follows the rule of
 * every confirmation: from the date VeriFacTu is mandatory for the company, an invoice of a company
 * that cannot send its records is refused in its row of the report, with the reason, before anything
 * of it is written (model/verifactu-readiness.ts).
 */

import { createHash } from 'node:crypto';
import {
  failedConditionAt,
  isConditionalCheckFailed,
  isTransactionCanceled,
} from '@functions/platform/aws/dynamodb-errors';
import { parseJsonBody, sqsHandler, type WorkerContext } from '@functions/platform/workers';
import { isAppError } from '@shared/api/errors';
import type { ImportResult } from '@shared/schemas/invoice-import';
import { CreateInvoiceBody, type Invoice } from '@shared/schemas/invoices';
import { resolveSeries } from '../actions/confirm-invoice';
import { draftOf } from '../actions/create-invoice';
import type { PlannedInvoice } from '../model/import-rows';
import { assertVerifactuReady } from '../model/verifactu-readiness';
import { type InvoicesDeps, makeDeps } from '../store/deps';
import {
  completeImportIfDone,
  getImportBatch,
  getImportJson,
  getImportResult,
  type ImportBatchRecord,
  type ImportChunkMessage,
  recordImportResult,
} from '../store/imports';
import { confirmInvoiceWrite, getInvoice, putDraft } from '../store/invoices';
import { readVerifactuReadiness } from '../store/verifactu-readiness';

/** The id of an imported invoice: the same for the same batch and reference, whatever the retry. */
export const importedInvoiceId = (batchId: string, invoiceRef: string): string =>
  `imp${createHash('sha256').update(`${batchId}#${invoiceRef}`).digest('hex').slice(0, 40)}`;

/** The write was refused because the invoice with this id exists: a previous attempt created it. */
const alreadyCreated = (e: unknown): boolean => {
  return isConditionalCheckFailed(e) || (isTransactionCanceled(e) && failedConditionAt(e, 0));
};

async function createImported(
  deps: InvoicesDeps,
  batch: ImportBatchRecord,
  planned: PlannedInvoice,
  invoiceId: string,
): Promise<Invoice> {
  const execution = batch.execution!;
  const body = CreateInvoiceBody.parse(planned.body);
  const built = await draftOf({ ...deps, newId: () => invoiceId }, batch.companyId, body);
  const draft: Invoice = { ...built, origin: 'IMPORT' };
  if (execution.confirm) {
    const series = await resolveSeries(deps, draft, execution.series ?? undefined);
    assertVerifactuReady(await readVerifactuReadiness(deps, batch.companyId), deps.now());
    return confirmInvoiceWrite(deps, draft, series, 'create', draft.updatedAt);
  }
  const chosen = execution.series ? await resolveSeries(deps, draft, execution.series) : undefined;
  const withSeries: Invoice = { ...draft, requestedSeriesId: chosen?.seriesId ?? null };
  await putDraft(deps, withSeries);
  return withSeries;
}

/** Imports one invoice unless its outcome is already recorded; returns whether it recorded one now. */
export async function importOne(
  deps: InvoicesDeps,
  batch: ImportBatchRecord,
  planned: PlannedInvoice,
): Promise<boolean> {
  const { companyId, batchId } = batch;
  if (await getImportResult(deps, companyId, batchId, planned.invoiceRef)) return false;
  const invoiceId = importedInvoiceId(batchId, planned.invoiceRef);
  let result: ImportResult;
  try {
    const inv = await createImported(deps, batch, planned, invoiceId);
    result = {
      invoiceRef: planned.invoiceRef,
      ok: true,
      invoiceId,
      invoiceNumber: inv.invoiceNumber,
      message: null,
    };
  } catch (e) {
    // A refusal on a retry may follow a write of the first attempt (the rule or the series changed
    // meanwhile): the invoice with this id is then this row's, created once.
    const existing =
      alreadyCreated(e) || isAppError(e) ? await getInvoice(deps, companyId, invoiceId) : undefined;
    if (existing) {
      result = {
        invoiceRef: planned.invoiceRef,
        ok: true,
        invoiceId,
        invoiceNumber: existing.invoiceNumber,
        message: null,
      };
    } else if (isAppError(e) || (e as { name?: string }).name === 'ZodError') {
      // A refusal of the data (validated at upload, but e.g. the series was deactivated meanwhile).
      const message = isAppError(e) ? e.message : 'Los datos de la factura no son válidos.';
      result = { invoiceRef: planned.invoiceRef, ok: false, invoiceId: null, invoiceNumber: null, message };
    } else {
      throw e;
    }
  }
  return recordImportResult(deps, companyId, batchId, result, deps.now().toISOString());
}

export async function runImportChunk(
  deps: InvoicesDeps,
  message: ImportChunkMessage,
  { log }: WorkerContext,
): Promise<void> {
  const batch = await getImportBatch(deps, message.companyId, message.batchId);
  if (batch?.status !== 'EXECUTING' || !batch.execution) {
    log.warn('Import chunk for a batch that is not executing', {
      batchId: message.batchId,
      status: batch?.status,
    });
    return;
  }
  const plan = await getImportJson<PlannedInvoice[]>(batch.planKey);
  const valid = plan.filter((p) => p.ok && p.body);
  const chunk = valid.slice(message.chunk * message.size, (message.chunk + 1) * message.size);
  let recorded = 0;
  for (const planned of chunk) if (await importOne(deps, batch, planned)) recorded += 1;
  const completed = await completeImportIfDone(
    deps,
    batch.companyId,
    batch.batchId,
    deps.now().toISOString(),
  );
  log.info('Import chunk processed', { batchId: batch.batchId, chunk: message.chunk, recorded, completed });
}

let deps: InvoicesDeps | undefined;

export const handler = sqsHandler(async (record, ctx) => {
  deps ??= makeDeps();
  await runImportChunk(deps, parseJsonBody(record) as ImportChunkMessage, ctx);
});
