import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

/** `GET invoices.pdf`, saved by the browser as `<number>.pdf`. */
export async function downloadInvoicePdf(invoiceId: string, companyId: string, name: string): Promise<void> {
  const fallback = `${name}.pdf`;
  deliver(await apiDownload('invoices.pdf', { params: { invoiceId }, companyId }, fallback), fallback);
}

export function useDownloadInvoicePdf(companyId: string) {
  return useMutation({
    mutationFn: ({ invoiceId, name }: { invoiceId: string; name: string }) =>
      downloadInvoicePdf(invoiceId, companyId, name),
  });
}
