/**
 * File uploads with progress (issue 17 item 1; spec part 3 §4 "Upload item": pending, uploading,
 * completed, error). `fetch` cannot report upload progress, so uploads go through XMLHttpRequest:
 * the multipart API routes (`documents.upload`, `clientDocuments.upload`) with the same token,
 * company header, request id and Idempotency-Key as `apiRequest`, and the presigned S3 request the
 * API hands out for bigger files (a POST form with its fields, or a PUT when it has none).
 * One module for every feature (documents, client portal), as features may not import each other.
 */
import { buildPath, type RouteId } from '@shared/api/routes';
import { getAccessToken } from './access-token';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';
import { getRuntimeConfig } from './runtime-config';

/** 0..100 of the bytes sent. */
export type OnUploadProgress = (percent: number) => void;

export interface MultipartUpload {
  /** One file, or several sent as repeated `file` parts (`documents.batchUpload`). */
  file: File | File[];
  /** The text fields sent before the file (documentType, autoOcr, uploadId...). */
  fields: Record<string, string | boolean | undefined>;
  companyId: string | null;
  onProgress?: OnUploadProgress;
  signal?: AbortSignal;
}

/** What a presigned upload says (shared/schemas/documents.ts PresignedUpload). */
export interface PresignedTarget {
  url: string;
  fields: Record<string, string>;
}

const newId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** POSTs a multipart form to an API route and resolves with the envelope's data. */
export async function uploadMultipart<T>(routeId: RouteId, upload: MultipartUpload): Promise<T> {
  if (!upload.companyId) {
    throw new ApiError({
      code: 'NO_COMPANY_SELECTED',
      message: CLIENT_ERROR_MESSAGES.NO_COMPANY_SELECTED,
      status: 0,
    });
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(upload.fields)) {
    if (value !== undefined && value !== '') form.append(key, String(value));
  }
  // The file goes last: the server may stream the fields first.
  for (const file of Array.isArray(upload.file) ? upload.file : [upload.file])
    form.append('file', file, file.name);
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${await getAccessToken()}`,
    'x-company-id': upload.companyId,
    'x-request-id': newId(),
    'idempotency-key': newId(),
  };
  const url = `${getRuntimeConfig().apiBaseUrl}${buildPath(routeId)}`;
  const { status, body } = await send('POST', url, form, headers, upload.onProgress, upload.signal);
  return readEnvelope<T>(status, body);
}

/**
 * Sends the file straight to S3 with what `documents.presign` answered: a POST form (the policy's
 * fields first, the file last) or, when there are no fields, a PUT of the bytes to the URL.
 */
export async function uploadPresigned(
  target: PresignedTarget,
  file: File,
  onProgress?: OnUploadProgress,
  signal?: AbortSignal,
): Promise<void> {
  const fieldNames = Object.keys(target.fields);
  let result: { status: number; body: string };
  if (fieldNames.length === 0) {
    result = await send('PUT', target.url, file, { 'content-type': file.type }, onProgress, signal);
  } else {
    const form = new FormData();
    for (const name of fieldNames) form.append(name, target.fields[name] as string);
    form.append('file', file, file.name);
    result = await send('POST', target.url, form, {}, onProgress, signal);
  }
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError({
      code: 'API_ERROR',
      message: s3Refusal(result.body) ?? `No se pudo subir "${file.name}". Inténtalo de nuevo.`,
      status: result.status,
    });
  }
}

/** S3 answers its refusals in XML: EntityTooLarge and a policy mismatch are the expected ones. */
function s3Refusal(body: string): string | null {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge') return 'El archivo es demasiado grande. Máximo: 50 MB';
  if (code === 'AccessDenied') return 'El enlace de subida ha caducado o no admite este archivo.';
  return null;
}

function send(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData | Blob,
  headers: Record<string, string>,
  onProgress?: OnUploadProgress,
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () =>
      reject(
        new ApiError({ code: 'NETWORK_ERROR', message: CLIENT_ERROR_MESSAGES.NETWORK_ERROR, status: 0 }),
      );
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function readEnvelope<T>(status: number, text: string): T {
  let envelope: { success?: boolean; data?: unknown; error?: { code: string; message: string } | null };
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = {};
  }
  if (envelope.success && status >= 200 && status < 300) return envelope.data as T;
  if (envelope.error) {
    throw new ApiError({
      code: envelope.error.code as ApiError['code'],
      message: envelope.error.message,
      status,
    });
  }
  throw new ApiError({
    code: 'API_ERROR',
    message: status >= 500 ? CLIENT_ERROR_MESSAGES.SERVER_ERROR : CLIENT_ERROR_MESSAGES.API_ERROR,
    status,
  });
}
