import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

/** `GET invoices.bulkDownload`: the ZIP of a completed DOWNLOAD_PDFS operation. */
export async function downloadBulkOperation(operationId: string, companyId: string | null) {
  const fallback = `facturas-${operationId}.zip`;
  deliver(
    await apiDownload('invoices.bulkDownload', { params: { operationId }, companyId }, fallback),
    fallback,
  );
}

export function useDownloadBulkOperation(companyId: string | null) {
  return useMutation({ mutationFn: (operationId: string) => downloadBulkOperation(operationId, companyId) });
}
