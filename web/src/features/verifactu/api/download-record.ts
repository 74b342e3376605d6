import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

/** `GET verifactu.invoiceRecord?format=xml`: the RegFactuSistemaFacturacion message, downloaded. */
export async function downloadRecordXml(invoiceId: string, name: string, companyId: string | null) {
  const fallback = `registro-verifactu-${name}.xml`;
  const download = await apiDownload(
    'verifactu.invoiceRecord',
    { params: { invoiceId }, query: { format: 'xml' }, companyId },
    fallback,
  );
  deliver(download, fallback, 'application/xml');
}

export function useDownloadRecordXml(companyId: string | null) {
  return useMutation({
    mutationFn: ({ invoiceId, name }: { invoiceId: string; name: string }) =>
      downloadRecordXml(invoiceId, name, companyId),
  });
}
