/**
 * Binary answers of the API (PDF, XLSX, CSV, ZIP, QR images, XML): the same URL, token and company
 * header as `apiRequest`, but the body is kept as a Blob. A JSON envelope in the answer is an error
 * (thrown as ApiError) or, for links and some answers, its data. One module for every feature
 * (invoicing, VeriFacTu), as features may not import each other.
 */
import { buildPath, type RouteId, routes } from '@shared/api/routes';
import { getAccessToken } from '@web/lib/access-token';
import type { QueryValue } from '@web/lib/api-client';
import { ApiError, CLIENT_ERROR_MESSAGES } from '@web/lib/api-error';
import { getRuntimeConfig } from '@web/lib/runtime-config';

export interface DownloadOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  companyId: string | null;
  /** A JSON body (POST exports with their filters). */
  body?: unknown;
  signal?: AbortSignal;
}

export type Download = { kind: 'file'; blob: Blob; filename: string } | { kind: 'json'; data: unknown };

/** `attachment; filename="F-2026-0001.pdf"` → `F-2026-0001.pdf` (RFC 5987 `filename*` first). */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // the plain name below
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export async function apiDownload(
  routeId: RouteId,
  options: DownloadOptions,
  fallbackName: string,
): Promise<Download> {
  if (!options.companyId) {
    throw new ApiError({
      code: 'NO_COMPANY_SELECTED',
      message: CLIENT_ERROR_MESSAGES.NO_COMPANY_SELECTED,
      status: 0,
    });
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  const url = `${getRuntimeConfig().apiBaseUrl}${buildPath(routeId, options.params)}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${await getAccessToken()}`,
    'x-company-id': options.companyId,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: routes[routeId].method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR,
      status: 0,
      cause,
    });
  }
  return readDownload(response, fallbackName);
}

export async function readDownload(response: Response, fallbackName: string): Promise<Download> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as {
      success?: boolean;
      data?: unknown;
      error?: {
        code: string;
        message: string;
        field?: string | null;
        details?: Record<string, unknown> | null;
      };
    } | null;
    if (response.ok && envelope?.success) return { kind: 'json', data: envelope.data };
    throw new ApiError({
      code: (envelope?.error?.code ?? 'API_ERROR') as ApiError['code'],
      message: envelope?.error?.message ?? CLIENT_ERROR_MESSAGES.API_ERROR,
      status: response.status,
      field: envelope?.error?.field ?? null,
      details: envelope?.error?.details ?? null,
    });
  }
  if (!response.ok) {
    throw new ApiError({
      code: 'API_ERROR',
      message: response.status >= 500 ? CLIENT_ERROR_MESSAGES.SERVER_ERROR : CLIENT_ERROR_MESSAGES.API_ERROR,
      status: response.status,
    });
  }
  const blob = await response.blob();
  return {
    kind: 'file',
    blob,
    filename: filenameFrom(response.headers.get('content-disposition'), fallbackName),
  };
}

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A download that answered JSON: a link (`{ url }`, `{ downloadUrl }`), a data URL, or the file's
 * text (`{ content }`, `{ xml }`, `{ svg }`) becomes a file; null when there is nothing to save.
 */
export function blobOfJson(data: unknown, mime: string): Blob | string | null {
  if (typeof data === 'string')
    return data.startsWith('data:') || /^https?:/.test(data) ? data : new Blob([data], { type: mime });
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  for (const key of ['dataUrl', 'url', 'downloadUrl', 'href']) {
    if (typeof d[key] === 'string') return d[key] as string;
  }
  for (const key of ['content', 'xml', 'svg']) {
    if (typeof d[key] === 'string') return new Blob([d[key] as string], { type: mime });
  }
  if (typeof d.base64 === 'string' || typeof d.contentBase64 === 'string') {
    return `data:${mime};base64,${(d.base64 ?? d.contentBase64) as string}`;
  }
  return null;
}

/** Saves a download: the file, or what its JSON answer carries. */
export function deliver(download: Download, fallbackName: string, mime = 'application/octet-stream'): void {
  if (download.kind === 'file') {
    saveBlob(download.blob, download.filename);
    return;
  }
  const content = blobOfJson(download.data, mime);
  if (content === null) throw new Error(`La descarga de ${fallbackName} no trae ningún fichero.`);
  if (typeof content !== 'string') {
    saveBlob(content, fallbackName);
    return;
  }
  if (content.startsWith('data:')) {
    const link = document.createElement('a');
    link.href = content;
    link.download = fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
    return;
  }
  window.open(content, '_blank', 'noopener');
}
