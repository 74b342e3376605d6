/**
 * The multipart bodies of the upload routes (functions/platform/multipart.ts turns each `file` part
 * into `{ fileName, contentType, contentBase64 }`, and a name sent twice into an array), validated at
 * the edge with the text fields of `UploadFields`.
 */

import { MAX_BATCH_FILES, UploadFields } from '@shared/schemas/documents';
import * as z from 'zod';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

export const UploadedFile = z.object({
  fileName: z.string().trim().min(1, { message: 'El archivo no tiene nombre.' }).max(255),
  contentType: z.string().max(200).default('application/octet-stream'),
  contentBase64: z.string().regex(BASE64, { message: 'El archivo no se ha enviado correctamente.' }),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

const missingFile = { message: 'Falta el archivo (campo "file").' };

export const UploadBody = UploadFields.extend({
  file: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), UploadedFile),
});
export type UploadBody = z.infer<typeof UploadBody>;

export const BatchUploadBody = UploadFields.omit({ uploadId: true }).extend({
  file: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(UploadedFile, missingFile)
      .min(1, missingFile)
      .max(MAX_BATCH_FILES, { message: `Se pueden subir como máximo ${MAX_BATCH_FILES} archivos a la vez.` }),
  ),
});
export type BatchUploadBody = z.infer<typeof BatchUploadBody>;

/** Bytes a base64 text decodes to (without decoding it). */
export function decodedLength(base64: string): number {
  const clean = base64.replace(/[\r\n\s]/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}
