import type { ImportBatchView } from '@shared/schemas/invoice-import';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** Bytes → base64 in chunks (a 5 MB file would overflow `String.fromCharCode(...bytes)`). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** `POST invoices.importUpload`: the file is read and validated row by row; nothing is created yet. */
export async function uploadImport(file: File, companyId: string | null): Promise<ImportBatchView> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return apiRequest<ImportBatchView>('invoices.importUpload', {
    body: { fileName: file.name, contentBase64: toBase64(bytes), invoiceType: 'ISSUED' },
    companyId,
  });
}

export function useUploadImport(companyId: string | null) {
  return useMutation({ mutationFn: (file: File) => uploadImport(file, companyId) });
}
