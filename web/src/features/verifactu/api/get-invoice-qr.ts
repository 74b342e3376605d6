import { useQuery } from '@tanstack/react-query';
import { apiDownload, blobOfJson } from '@web/lib/api-download';
import { verifactuKeys } from './keys';

/** `GET verifactu.invoiceQr?format=png&size=`: the QR as something an <img> can show. */
export async function getInvoiceQrImage(
  invoiceId: string,
  companyId: string | null,
  size = 200,
  signal?: AbortSignal,
): Promise<string> {
  const download = await apiDownload(
    'verifactu.invoiceQr',
    { params: { invoiceId }, query: { format: 'png', size }, companyId, signal },
    'qr.png',
  );
  if (download.kind === 'file') return URL.createObjectURL(download.blob);
  const content = blobOfJson(download.data, 'image/png');
  if (content === null) throw new Error('La respuesta no trae la imagen del QR.');
  return typeof content === 'string' ? content : URL.createObjectURL(content);
}

/** The image URL is kept for the session (a few KB per invoice viewed). */
export function useInvoiceQrImage(invoiceId: string | null, companyId: string | null) {
  return useQuery({
    queryKey: verifactuKeys.qr(companyId, invoiceId ?? ''),
    queryFn: ({ signal }) => getInvoiceQrImage(invoiceId ?? '', companyId, 200, signal),
    enabled: invoiceId !== null && companyId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
