/**
 * The reading library behind the `ocr` queue's worker (workers/read-document.ts is the only importer:
 * `@functions/lib/document-reading` brings pdf.js, pdf-lib, the QR decoder and the engines' clients,
 * which neither the API function nor the other workers carry). The engine comes from
 * DOCUMENTS_OCR_ENGINE (`tesseract` locally, `textract` in AWS).
 */

import { makeOcrEngine, type ReadResult, readDocument } from '@functions/lib/document-reading';
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
  return readDocument(bytes, {
    contentType: input.contentType,
    companyNif: input.companyNif,
    engine: makeOcrEngine(process.env[envNames.ocrEngine]),
    ...(input.s3Key && process.env[bucketEnv.documents]
      ? { location: { bucket: process.env[bucketEnv.documents]!, key: input.s3Key } }
      : {}),
    ...(input.textractJobId ? { textractJobId: input.textractJobId } : {}),
  });
};
