import { defineCompanyAction } from '@functions/platform/http';
import { ImportBatchPath, type ImportRowReport } from '@shared/schemas/invoice-import';
import type { InvoicesDeps } from '../store/deps';
import { getImportBatch, getImportJson, importNotFound, listImportResults } from '../store/imports';
import { batchView } from './upload-invoice-import';

/** GET /invoices/import/{batchId}: status, counts, the per-row report and, once executing, progress and results. */
export const getInvoiceImportRoute = defineCompanyAction({
  params: ImportBatchPath,
  run: async ({ scope, params }, deps: InvoicesDeps) => {
    const companyId = scope.companyId;
    const batch = await getImportBatch(deps, companyId, params.batchId);
    if (!batch) throw importNotFound();
    const report = batch.reportKey ? await getImportJson<ImportRowReport[]>(batch.reportKey) : batch.report;
    const results =
      batch.status === 'VALIDATED'
        ? []
        : (await listImportResults(deps, companyId, batch.batchId)).slice(0, 1000);
    return batchView({ ...batch, report }, results);
  },
});
