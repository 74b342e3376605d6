/**
 * `GET companies.getLogo`: the logo's bytes (image/png or image/jpeg), not a JSON envelope, so it is
 * fetched here with the same URL, token and company header as `apiRequest` and kept as a Blob. A
 * JSON answer is an error envelope (404 CORE_006 when there is no logo), thrown as an `ApiError`.
 */
import { buildPath } from '@shared/api/routes';
import type { CompanyLogo } from '@shared/schemas/companies';
import { useQuery } from '@tanstack/react-query';
import { getAccessToken, refreshAccessToken } from '@web/lib/access-token';
import { ApiError, CLIENT_ERROR_MESSAGES } from '@web/lib/api-error';
import { getRuntimeConfig } from '@web/lib/runtime-config';
import { useEffect, useState } from 'react';
import { companiesKeys } from './keys';

interface ErrorEnvelope {
  error?: { code: string; message: string; field?: string | null; details?: Record<string, unknown> | null };
}

async function send(url: string, companyId: string, token: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'GET',
      headers: {
        accept: 'image/png, image/jpeg',
        authorization: `Bearer ${token}`,
        'x-company-id': companyId,
      },
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR,
      status: 0,
      cause,
    });
  }
}

export async function getCompanyLogo(companyId: string, signal?: AbortSignal): Promise<Blob> {
  const url = `${getRuntimeConfig().apiBaseUrl}${buildPath('companies.getLogo', { companyId })}`;
  let response = await send(url, companyId, await getAccessToken(), signal);
  // Like apiRequest: one refresh and one retry on a 401/403.
  if (response.status === 401 || response.status === 403) {
    response = await send(url, companyId, await refreshAccessToken(), signal);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) return response.blob();
  const envelope = type.includes('application/json')
    ? ((await response.json().catch(() => null)) as ErrorEnvelope | null)
    : null;
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

/**
 * The current logo as an object URL for an `<img>` (null while loading or when there is none).
 * The bytes are cached per upload (`uploadedAt`); the URL is revoked when the logo changes.
 */
export function useCompanyLogoUrl(companyId: string, logo: CompanyLogo | null) {
  const query = useQuery({
    queryKey: companiesKeys.logo(companyId, logo?.uploadedAt ?? ''),
    queryFn: ({ signal }) => getCompanyLogo(companyId, signal),
    enabled: logo !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const blob = logo ? query.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { url, isLoading: logo !== null && query.isPending, isError: logo !== null && query.isError };
}
