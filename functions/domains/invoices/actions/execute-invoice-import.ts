import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { ImportBatchPath, ImportExecuteBody, type ImportExecution } from '@shared/schemas/invoice-import';
import type { Invoice } from '@shared/schemas/invoices';
import type { InvoicesDeps } from '../store/deps';
import { getImportBatch, importNotFound, startImportExecution } from '../store/imports';
import { resolveSeries } from './confirm-invoice';
import { batchView } from './upload-invoice-import';

/**
 * POST /invoices/import/{batchId}/execute: VALIDATED -> EXECUTING in one conditional update; the
 * stream consumer (workers/dispatch-import.ts) then queues the invoices in chunks. Any invalid
 * invoice refuses unless `skipInvalid`; a second execution is refused.
 */
export const executeInvoiceImportRoute = defineCompanyAction({
  params: ImportBatchPath,
  body: ImportExecuteBody,
  status: 202,
  run: async ({ auth, scope, params, body }, deps: InvoicesDeps) => {
    const companyId = scope.companyId;
    const batch = await getImportBatch(deps, companyId, params.batchId);
    if (!batch) throw importNotFound();
    if (batch.status !== 'VALIDATED') {
      throw new AppError(
        'CORE_004',
        'Esta importación ya se ha ejecutado; sube el archivo de nuevo para repetirla.',
        {
          field: 'batchId',
          details: { reason: 'IMPORT_ALREADY_EXECUTED', status: batch.status },
        },
      );
    }
    const { invalidInvoices, validInvoices } = batch.counts;
    if (invalidInvoices > 0 && !body.skipInvalid) {
      throw new AppError(
        'CORE_004',
        `Hay ${invalidInvoices} factura(s) con errores: corrígelas y sube el archivo de nuevo, o importa solo las válidas (skipInvalid).`,
        { field: 'skipInvalid', details: { reason: 'INVALID_ROWS', invalidInvoices } },
      );
    }
    if (validInvoices === 0) {
      throw new AppError('CORE_004', 'No hay ninguna factura válida que importar.', {
        field: 'batchId',
        details: { reason: 'NOTHING_TO_IMPORT' },
      });
    }
    // The series is checked now, so a wrong one refuses before anything is queued.
    if (body.series || body.confirm) {
      await resolveSeries(deps, { companyId, invoiceType: 'F1' } as Invoice, body.series);
    }
    const execution: ImportExecution = {
      confirm: body.confirm,
      series: body.series ?? null,
      skipInvalid: body.skipInvalid,
      requestedAt: deps.now().toISOString(),
      requestedBy: auth.userId,
      toProcess: validInvoices,
      processed: 0,
      created: 0,
      failed: 0,
      completedAt: null,
    };
    await startImportExecution(deps, companyId, batch.batchId, execution);
    const fresh = await getImportBatch(deps, companyId, batch.batchId);
    return batchView(fresh ?? { ...batch, status: 'EXECUTING', execution });
  },
});
