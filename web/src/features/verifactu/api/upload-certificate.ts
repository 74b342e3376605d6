/**
 * `POST certificates.upload` as multipart/form-data (spec part 1 §7): the .p12/.pfx as `file` and
 * its `password`. The request is built here (apiRequest sends JSON only) with the same token,
 * request id and one refresh-and-retry on 401/403. Nothing of the file or the password is kept.
 */
import { buildPath } from '@shared/api/routes';
import type { CertificateView } from '@shared/schemas/verifactu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAccessToken, refreshAccessToken } from '@web/lib/access-token';
import { ApiError, CLIENT_ERROR_MESSAGES } from '@web/lib/api-error';
import { getRuntimeConfig } from '@web/lib/runtime-config';
import { verifactuKeys } from './keys';

export interface CertificateUpload {
  file: File;
  password: string;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: { code: string; message: string; field?: string | null; details?: Record<string, unknown> | null };
}

export async function uploadCertificate(companyId: string, { file, password }: CertificateUpload) {
  const url = `${getRuntimeConfig().apiBaseUrl}${buildPath('certificates.upload', { companyId })}`;
  const send = async (token: string) => {
    const form = new FormData();
    form.append('file', file, file.name);
    form.append('password', password);
    try {
      return await fetch(url, {
        method: 'POST',
        // No content-type: the browser writes multipart/form-data with its boundary.
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'x-company-id': companyId },
        body: form,
      });
    } catch (cause) {
      throw new ApiError({
        code: 'NETWORK_ERROR',
        message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR,
        status: 0,
        cause,
      });
    }
  };
  let response = await send(await getAccessToken());
  // Spec part 1 §8: one refresh and one retry on 401/403.
  if (response.status === 401 || response.status === 403) response = await send(await refreshAccessToken());
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  if (response.ok && envelope?.success) return envelope.data as CertificateView;
  throw new ApiError({
    code: (envelope?.error?.code ?? 'API_ERROR') as ApiError['code'],
    message:
      envelope?.error?.message ??
      (response.status >= 500 ? CLIENT_ERROR_MESSAGES.SERVER_ERROR : CLIENT_ERROR_MESSAGES.API_ERROR),
    status: response.status,
    field: envelope?.error?.field ?? null,
    details: envelope?.error?.details ?? null,
  });
}

export function useUploadCertificate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: CertificateUpload) => uploadCertificate(companyId, upload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verifactuKeys.company(companyId) }),
  });
}
