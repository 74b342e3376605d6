/**
 * The face of the document-reading library (issue 17 items 1 and 2): the only module other code
 * imports. The reading pipeline (readDocument: e-invoice,
 * VeriFacTu QR, the PDF's text layer, OCR), the OCR engines (Tesseract locally, Textract in AWS) and
 * the structured readers and the Spanish extractor it is built from. What a file's bytes may be is
 * checked before by `@functions/lib/document-checks`.
 */

export { parseEInvoice } from './einvoice/detect';
export { makeOcrEngine } from './engines/make-engine';
export type { OcrEngine, OcrInput, OcrPage, RenderedPage } from './engines/ocr-engine';
export { hasRealText, readTextLayer } from './engines/text-layer';
export { type ExtractHints, extractFromText } from './extract/extract';
export { findRectifiedInvoice, type RectifiedInvoice } from './extract/rectified';
export { type EmbeddedFile, pdfEmbeddedFiles } from './pdf/embedded-files';
export { pdfImages } from './pdf/images';
export { type ReadOptions, type ReadResult, readDocument } from './pipeline';
export { decodeQr } from './qr/decode';
export { parseVerifactuQrUrl, type VerifactuQr } from './qr/verifactu-url';
export { isReadingError, ReadingError } from './reading-error';
