/**
 * The invoice's VeriFacTu state, QR and record (issue 5), for the panel of the invoice detail:
 * `GET verifactu.invoiceStatus`, `verifactu.invoiceQr` (as an image URL), `verifactu.downloadQr`
 * and `verifactu.invoiceRecord?format=xml` (downloads). Features do not import each other, so the
 * invoice detail reads these routes here; the VeriFacTu pages have their own files.
 */
import type { InvoiceVerifactuStatus } from '@shared/schemas/verifactu';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import { INVOICES_STALE_MS, invoicingKeys } from './keys';

export function getInvoiceVerifactuStatus(invoiceId: string, companyId: string | null, signal?: AbortSignal) {
  return apiRequest<InvoiceVerifactuStatus>('verifactu.invoiceStatus', {
    params: { invoiceId },
    companyId,
    signal,
  });
}

export function useInvoiceVerifactuStatus(invoiceId: string, companyId: string | null) {
  return useQuery({
    queryKey: [...invoicingKeys.detail(companyId, invoiceId), 'verifactu'],
    queryFn: ({ signal }) => getInvoiceVerifactuStatus(invoiceId, companyId, signal),
    staleTime: INVOICES_STALE_MS,
    enabled: companyId !== null,
    retry: false,
  });
}

/** A JSON answer that carries the image: a data URL, or base64 / SVG text. */
function imageOfJson(data: unknown): string | null {
  if (typeof data === 'string') return data.startsWith('data:') ? data : null;
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.dataUrl === 'string') return d.dataUrl;
  const base64 = d.base64 ?? d.contentBase64;
  if (typeof base64 === 'string') return `data:image/png;base64,${base64}`;
  if (typeof d.svg === 'string') return URL.createObjectURL(new Blob([d.svg], { type: 'image/svg+xml' }));
  return null;
}

/** `GET verifactu.invoiceQr?format=png&size=`: something an <img> can show. */
export async function getInvoiceQrImage(invoiceId: string, companyId: string | null, size: number) {
  const answer = await apiDownload(
    'verifactu.invoiceQr',
    { params: { invoiceId }, query: { format: 'png', size }, companyId },
    'qr.png',
  );
  if (answer.kind === 'file') return URL.createObjectURL(answer.blob);
  const image = imageOfJson(answer.data);
  if (!image) throw new Error('La respuesta no trae la imagen del QR.');
  return image;
}

export function useInvoiceQrImage(invoiceId: string, companyId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicingKeys.detail(companyId, invoiceId), 'verifactu-qr'],
    queryFn: () => getInvoiceQrImage(invoiceId, companyId, 200),
    enabled: enabled && companyId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export type QrFormat = 'png' | 'svg';

/** `GET verifactu.downloadQr?format=` and `GET verifactu.invoiceRecord?format=xml`, saved as files. */
export function useVerifactuDownloads(companyId: string | null) {
  const qr = useMutation({
    mutationFn: async ({
      invoiceId,
      name,
      format,
    }: {
      invoiceId: string;
      name: string;
      format: QrFormat;
    }) => {
      const fallback = `qr-${name}.${format}`;
      deliver(
        await apiDownload(
          'verifactu.downloadQr',
          { params: { invoiceId }, query: { format }, companyId },
          fallback,
        ),
        fallback,
      );
    },
  });
  const record = useMutation({
    mutationFn: async ({ invoiceId, name }: { invoiceId: string; name: string }) => {
      const fallback = `registro-verifactu-${name}.xml`;
      deliver(
        await apiDownload(
          'verifactu.invoiceRecord',
          { params: { invoiceId }, query: { format: 'xml' }, companyId },
          fallback,
        ),
        fallback,
      );
    },
  });
  return { qr, record };
}
