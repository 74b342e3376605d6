import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { BulkOperationPath } from '@shared/schemas/bulk-operations';
import { ZIP_URL_SECONDS, zipDownloadUrl } from '../store/bulk-files';
import type { InvoicesDeps } from '../store/deps';
import { requireBulkOperation } from './get-bulk-operation';

export interface BulkDownload {
  url: string;
  fileName: string;
  expiresAt: string;
}

/**
 * A presigned GET (15 minutes) of the ZIP of a completed DOWNLOAD_PDFS operation. Before it is
 * COMPLETED the answer is CORE_004 with reason NOT_COMPLETED: the catalogue has no 409 code for
 * "not ready yet" (DOC_046/DOC_047 mean other things) and codes are not added.
 */
export async function downloadBulkOperation(
  input: { scope: CompanyScope; operationId: string },
  deps: InvoicesDeps,
  sign: (zipKey: string, fileName: string) => Promise<string> = zipDownloadUrl,
): Promise<BulkDownload> {
  const op = await requireBulkOperation(deps, input.scope.companyId, input.operationId);
  if (op.operation !== 'DOWNLOAD_PDFS') {
    throw new AppError('CORE_004', 'Esta operación masiva no genera un archivo para descargar.', {
      field: 'operationId',
      details: { reason: 'NOT_A_DOWNLOAD' },
    });
  }
  if (op.status !== 'COMPLETED' || !op.zipKey) {
    throw new AppError('CORE_004', 'La operación masiva aún no ha terminado; inténtalo en unos segundos.', {
      field: 'operationId',
      details: { reason: 'NOT_COMPLETED', status: op.status, processed: op.processed, total: op.total },
    });
  }
  const fileName = `facturas-${op.createdAt.slice(0, 10)}.zip`;
  return {
    url: await sign(op.zipKey, fileName),
    fileName,
    expiresAt: new Date(deps.now().getTime() + ZIP_URL_SECONDS * 1000).toISOString(),
  };
}

export const downloadBulkOperationRoute = defineCompanyAction({
  params: BulkOperationPath,
  run: ({ scope, params }, deps: InvoicesDeps) => {
    return downloadBulkOperation({ scope, operationId: params.operationId }, deps);
  },
});
