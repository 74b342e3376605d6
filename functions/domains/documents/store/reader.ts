/**
 * The reading library behind the documents workers, loaded on first use: the API function never
 * reads a document, and `@functions/lib/document-reading` brings pdf-lib, fflate and the engines'
 * clients. The engine comes from DOCUMENTS_OCR_ENGINE (`tesseract` locally, `textract` in AWS).
 */

import type { ContentCheck, ReadResult } from '@functions/lib/document-reading';
import { requireEnv } from '@functions/platform/aws/env';
import { bucketEnv, envNames } from '@shared/config/env-names';

export interface ReaderInput {
  contentType: string;
  companyNif: string | null;
  /** The object's key in the `documents` bucket: Textract reads multi-page PDFs from S3 itself. */
  s3Key?: string;
  /** The asynchronous Textract job an earlier attempt started (kept on the document). */
  textractJobId?: string | null;
}

export type DocumentReader = (bytes: Uint8Array, input: ReaderInput) => Promise<ReadResult>;

export const readWithConfiguredEngine: DocumentReader = async (bytes, input) => {
  const lib = await import('@functions/lib/document-reading');
  return lib.readDocument(bytes, {
    contentType: input.contentType,
    companyNif: input.companyNif,
    engine: lib.makeOcrEngine(process.env[envNames.ocrEngine]),
    ...(input.s3Key ? { location: { bucket: requireEnv(bucketEnv.documents), key: input.s3Key } } : {}),
    ...(input.textractJobId ? { textractJobId: input.textractJobId } : {}),
  });
};

/**
 * The bytes' own check (type, hostile content, bombs) for the multipart route's immediate answer,
 * loaded on first use like the reading (the worker's check on arrival stays the guard).
 */
export async function checkUploadedContent(
  bytes: Uint8Array,
  opts: { fileName: string; purpose: 'READ' | 'SEND' },
): Promise<ContentCheck> {
  const lib = await import('@functions/lib/document-reading');
  return lib.checkContent(bytes, opts);
}
