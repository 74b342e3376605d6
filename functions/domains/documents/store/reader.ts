/**
 * The reading library behind the documents workers, loaded on first use: the API function never
 * reads a document, and `@functions/lib/document-reading` brings pdf-lib, fflate and the engines'
 * clients. The engine comes from DOCUMENTS_OCR_ENGINE (`tesseract` locally, `textract` in AWS).
 */

import type { ReadResult } from '@functions/lib/document-reading';
import { envNames } from '@shared/config/env-names';

export interface ReaderInput {
  contentType: string;
  companyNif: string | null;
}

export type DocumentReader = (bytes: Uint8Array, input: ReaderInput) => Promise<ReadResult>;

export const readWithConfiguredEngine: DocumentReader = async (bytes, input) => {
  const lib = await import('@functions/lib/document-reading');
  return lib.readDocument(bytes, {
    contentType: input.contentType,
    companyNif: input.companyNif,
    engine: lib.makeOcrEngine(process.env[envNames.ocrEngine]),
  });
};
