import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

/** `GET invoices.importTemplate?invoiceType=ISSUED&format=`: the template with its headers and examples. */
export async function downloadImportTemplate(format: 'xlsx' | 'csv', companyId: string | null) {
  const fallback = `plantilla-facturas-emitidas.${format}`;
  deliver(
    await apiDownload(
      'invoices.importTemplate',
      { query: { invoiceType: 'ISSUED', format }, companyId },
      fallback,
    ),
    fallback,
  );
}

export function useDownloadImportTemplate(companyId: string | null) {
  return useMutation({ mutationFn: (format: 'xlsx' | 'csv') => downloadImportTemplate(format, companyId) });
}
