import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

export type ExportFormat = 'xlsx' | 'csv';

/** `POST invoices.export` `{ format, filters }` (the list's filters, paging left out): the file is downloaded. */
export async function exportInvoices(
  format: ExportFormat,
  filters: Record<string, string | number | undefined>,
  companyId: string | null,
) {
  const fallback = `facturas-emitidas.${format}`;
  const cleaned = Object.fromEntries(
    Object.entries(filters).filter(
      ([key, v]) => v !== undefined && v !== '' && key !== 'page' && key !== 'size',
    ),
  );
  const download = await apiDownload(
    'invoices.export',
    { body: { format, filters: cleaned }, companyId },
    fallback,
  );
  deliver(download, fallback);
}

export function useExportInvoices(companyId: string | null) {
  return useMutation({
    mutationFn: ({
      format,
      filters,
    }: {
      format: ExportFormat;
      filters: Record<string, string | number | undefined>;
    }) => exportInvoices(format, filters, companyId),
  });
}
