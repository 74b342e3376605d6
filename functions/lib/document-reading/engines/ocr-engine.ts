/**
 * What an OCR engine is to the pipeline (issue 17 item 2): lines per page with a confidence, whatever
 * the engine (Tesseract locally, Amazon Textract in AWS). Engines may render PDF pages (for the QR
 * decoder) and may read a PDF's text layer themselves (poppler locally).
 */

export interface OcrPage {
  page: number;
  /** The page's lines, top to bottom, words spaced as on the page (like `pdftotext -layout`). */
  lines: string[];
  /** Mean word confidence, 0..1. */
  confidence: number;
}

export interface OcrInput {
  bytes: Uint8Array;
  type: 'pdf' | 'png' | 'jpeg';
  pages: number;
  /** Where the bytes are stored (Textract reads multi-page PDFs from S3 itself). */
  location?: { bucket: string; key: string };
  /** An asynchronous Textract job started by an earlier attempt (ReadingError.jobId). */
  jobId?: string;
}

export interface RenderedPage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

export interface OcrEngine {
  name: 'TESSERACT' | 'TEXTRACT';
  ocr(input: OcrInput): Promise<OcrPage[]>;
  renderPage?(pdf: Uint8Array, page: number, dpi: number): Promise<RenderedPage>;
}

/** Pages OCR'd at most per document: an invoice is short; a 200-page scan is not one (the Lambda has 150 s). */
export const MAX_OCR_PAGES = 10;
