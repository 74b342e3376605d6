/**
 * multipart/form-data bodies (RFC 7578) turned into the plain object the zod schemas validate: a
 * text part becomes a string (or the object it holds, when it is JSON such as `mappingConfig`), a
 * file part becomes `{ fileName, contentType, contentBase64 }`, and a name sent twice becomes an
 * array. API Gateway passes such bodies base64-encoded (`binaryMediaTypes` in the manifest).
 */

import { AppError } from '@shared/api/errors';

export interface MultipartFile {
  fileName: string;
  contentType: string;
  contentBase64: string;
}

export type MultipartValue = string | Record<string, unknown> | unknown[] | MultipartFile;

const malformed = (detail: string) =>
  new AppError('CORE_004', `El formulario enviado no es válido: ${detail}.`, {
    field: 'body',
    details: { reason: 'MALFORMED_MULTIPART' },
  });

/** The boundary of a `multipart/form-data; boundary=...` content type, or undefined for other types. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType.trim())) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = (m?.[1] ?? m?.[2])?.trim();
  if (!boundary) throw malformed('falta el boundary');
  return boundary;
}

/** `name="..."` and `filename="..."` of a Content-Disposition header (RFC 7578 §4.2; `filename*` UTF-8). */
function disposition(header: string): { name?: string; fileName?: string } {
  const param = (key: string) => new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header)?.[1];
  const extended = /;\s*filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  const fileName = extended ? decodeURIComponent(extended) : param('filename');
  return { name: param('name'), fileName };
}

function textValue(text: string): MultipartValue {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as Record<string, unknown> | unknown[];
    } catch {
      // Not JSON after all: the text as it is.
    }
  }
  return text;
}

export function parseMultipart(
  body: Buffer,
  boundary: string,
): Record<string, MultipartValue | MultipartValue[]> {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, MultipartValue[]>();
  let start = body.indexOf(delimiter);
  if (start < 0) throw malformed('no contiene ninguna parte');
  for (;;) {
    start += delimiter.length;
    // The closing delimiter is followed by `--`.
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw malformed('falta el delimitador final');
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF (before the next delimiter).
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) throw malformed('una parte no tiene cabeceras');
    const headers = part.subarray(0, headerEnd).toString('utf8').split('\r\n');
    const content = part.subarray(headerEnd + 4);
    const cd = headers.find((h) => /^content-disposition:/i.test(h));
    const ct = headers.find((h) => /^content-type:/i.test(h))?.replace(/^content-type:\s*/i, '');
    const { name, fileName } = cd ? disposition(cd) : {};
    if (!name) throw malformed('una parte no tiene nombre');
    const value: MultipartValue =
      fileName !== undefined
        ? {
            fileName,
            contentType: ct?.trim() || 'application/octet-stream',
            contentBase64: content.toString('base64'),
          }
        : textValue(content.toString('utf8'));
    parts.set(name, [...(parts.get(name) ?? []), value]);
    start = next;
  }
  return Object.fromEntries(
    [...parts].map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
  );
}
