/**
 * readDocument (issue 17 item 2; spec part 2 "Document service"): the reading, structured first.
 *  1. An e-invoice XML (the file itself, or attached to the PDF: Factur-X / ZUGFeRD) -> EINVOICE;
 *     no OCR at all (reference/ocr.md §2.10).
 *  2. A VeriFacTu QR (Orden HAC/1177/2024 art. 21) on the PDF's images, else on page 1 rendered at
 *     200 dpi, or on the photo itself: its NIF, number, date and total are exact (confidence 1,
 *     source QR); the rest comes from 3 or 4, and `notes.qr.agrees` says whether the page agreed.
 *  3. The PDF's own text layer, when it has real text -> TEXT (the Spanish extractor).
 *  4. OCR of the pages (Tesseract locally, Textract in AWS) -> OCR (the same extractor).
 * `engine` is what read the text (cost per page is per engine); `extraction.source` is the most
 * exact source of the fields. Engine failures are ReadingError (retryable or not).
 */

import { xmlText } from '@functions/lib/document-checks';
import type {
  Extraction,
  ExtractionField,
  ExtractionNotes,
  ExtractionSource,
  ReadingEngine,
} from '@shared/schemas/documents';
import { PDFDocument } from 'pdf-lib';
import { parseEInvoice } from './einvoice/detect';
import type { OcrEngine, OcrPage } from './engines/ocr-engine';
import { readTextLayer, type TextLayerReader } from './engines/text-layer';
import { extractFromText } from './extract/extract';
import { imagePixels } from './image-pixels';
import { pdfEmbeddedFiles } from './pdf/embedded-files';
import { pdfImages } from './pdf/images';
import { decodeQr } from './qr/decode';
import { parseVerifactuQrUrl, type VerifactuQr } from './qr/verifactu-url';
import { ReadingError } from './reading-error';

export interface ReadResult {
  extraction: Extraction;
  notes: ExtractionNotes;
  engine: ReadingEngine;
  pages: number;
  processingMs: number;
  /** What the extractor saw (the XML, the text layer or the OCR lines), for reviewers. */
  text: string;
}

export interface ReadOptions {
  /** The type checkContent proved (application/pdf, image/png, image/jpeg, application/xml). */
  contentType: string;
  companyNif?: string | null;
  engine: OcrEngine;
  /** Where the bytes are stored: Textract reads multi-page PDFs from S3. */
  location?: { bucket: string; key: string };
  /** The asynchronous Textract job an earlier attempt started (ReadingError.jobId). */
  textractJobId?: string;
  /** Forces the text-layer reader (tests); by default poppler when installed, else pdf.js. */
  textLayerReader?: TextLayerReader;
}

/** The VeriFacTu QR is 30-40 mm wide: 200 dpi gives it ample modules (issue 17 item 2). */
export const QR_RENDER_DPI = 200;
/** What is kept of the text for reviewers. */
const MAX_TEXT_CHARS = 200_000;

type Kind = 'pdf' | 'png' | 'jpeg' | 'xml';

function kindOf(contentType: string): Kind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png') return 'png';
  if (type === 'image/jpeg') return 'jpeg';
  if (type === 'application/xml' || type === 'text/xml') return 'xml';
  throw new ReadingError(`No reading for ${contentType}`, { retryable: false });
}

const sumOf = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** Σ bases + Σ quotas + Σ recargo − IRPF = total, to the cent. */
function arithmeticCloses(e: Extraction): boolean {
  if (e.totalCents === null || e.bases.length === 0) return false;
  const computed =
    sumOf(e.bases.map((b) => b.baseCents + b.quotaCents)) +
    sumOf(e.recargo.map((r) => r.quotaCents)) -
    (e.irpf?.amountCents ?? 0);
  return computed === e.totalCents;
}

/** Every base × rate = its quota, ± 1 cent (rounding per line). */
const quotasClose = (e: Extraction): boolean =>
  e.bases.every((b) => Math.abs(Math.round((b.baseCents * b.rateBp) / 10_000) - b.quotaCents) <= 1);

/** Notes of a structured reading: every field it stated comes from `source`. */
function structuredNotes(e: Extraction, source: ExtractionSource): ExtractionNotes {
  const fieldSources: Partial<Record<ExtractionField, ExtractionSource>> = {};
  for (const [field, confidence] of Object.entries(e.confidence) as [ExtractionField, number][])
    if (confidence > 0) fieldSources[field] = source;
  const warnings = arithmeticCloses(e)
    ? []
    : ['Los importes de la factura electrónica no cuadran con su total.'];
  return {
    arithmeticOk: arithmeticCloses(e),
    quotasOk: quotasClose(e),
    // A 0 % base may be exempt, intra-EU or reverse charge: the XML's own reason is not guessed here.
    mentions: [],
    fieldSources,
    qr: null,
    warnings,
  };
}

const sameNumber = (a: string | null, b: string) =>
  a !== null && a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

/**
 * The QR's four fields over what the page said. When the extractor took the QR's issuer for the
 * customer (a layout it misread), the parties are swapped first.
 */
export function applyQr(
  read: { extraction: Extraction; notes: ExtractionNotes },
  qr: VerifactuQr,
  url: string,
): { extraction: Extraction; notes: ExtractionNotes } {
  const e: Extraction = { ...read.extraction, confidence: { ...read.extraction.confidence } };
  const notes: ExtractionNotes = {
    ...read.notes,
    fieldSources: { ...read.notes.fieldSources },
    warnings: [...read.notes.warnings],
  };
  if (e.supplierNif !== qr.nif && e.customerNif === qr.nif) {
    [e.supplierNif, e.customerNif] = [e.customerNif, e.supplierNif];
    [e.supplierName, e.customerName] = [e.customerName, e.supplierName];
    [e.confidence.supplierName, e.confidence.customerName] = [
      e.confidence.customerName,
      e.confidence.supplierName,
    ];
    [notes.fieldSources.supplierName, notes.fieldSources.customerName] = [
      notes.fieldSources.customerName,
      notes.fieldSources.supplierName,
    ];
    [e.confidence.supplierNif, e.confidence.customerNif] = [
      e.confidence.customerNif,
      e.confidence.supplierNif,
    ];
    notes.fieldSources.customerNif = notes.fieldSources.supplierNif;
  }
  const agrees =
    e.supplierNif === qr.nif &&
    sameNumber(e.invoiceNumber, qr.invoiceNumber) &&
    e.issueDate === qr.issueDate &&
    e.totalCents === qr.totalCents;
  e.supplierNif = qr.nif;
  e.invoiceNumber = qr.invoiceNumber;
  e.issueDate = qr.issueDate;
  e.totalCents = qr.totalCents;
  for (const field of ['supplierNif', 'invoiceNumber', 'issueDate', 'totalCents'] as const) {
    e.confidence[field] = 1;
    notes.fieldSources[field] = 'QR';
  }
  e.source = 'QR';
  notes.qr = { url, agrees };
  notes.arithmeticOk = arithmeticCloses(e);
  if (!agrees)
    notes.warnings.push(
      'Los datos impresos no coinciden con el código QR VeriFactu de la factura: se usan los del QR.',
    );
  if (qr.test) notes.warnings.push('El código QR VeriFactu es del entorno de pruebas de la AEAT.');
  return { extraction: e, notes };
}

/** The first AEAT VeriFacTu QR among the codes found. */
function verifactuQr(codes: string[]): { qr: VerifactuQr; url: string } | null {
  for (const url of codes) {
    const qr = parseVerifactuQrUrl(url);
    if (qr) return { qr, url };
  }
  return null;
}

/** A structured reader that fails is only a missed shortcut: the next step still reads the document. */
async function optional<T>(step: () => Promise<T> | T, fallback: T): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof ReadingError && e.retryable) throw e;
    return fallback;
  }
}

async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    return doc.getPageCount();
  } catch (e) {
    throw new ReadingError('The PDF cannot be opened', { retryable: false, cause: e });
  }
}

/**
 * Orden HAC/1177/2024 art. 21: the QR is printed with the text "QR tributario:" and, in VERI*FACTU mode,
 * "VERI*FACTU" / "Factura verificable en la sede electrónica de la AEAT". Searching a whole page for a
 * QR takes seconds, so pages and large images are searched only when the text carries one of these.
 */
export const QR_LEGEND =
  /QR\s*tributario|VERI\s*\*?\s*FACTU|factura\s+verificable|sede\s+electr[oó]nica\s+de\s+la\s+AEAT/i;
/** Embedded images up to this side are always searched (a QR, a logo: fast); larger ones need the legend. */
const SMALL_IMAGE_SIDE = 1000;

function qrIn(images: { rgba: Uint8Array; width: number; height: number }[]) {
  for (const img of images) {
    const found = verifactuQr(optionalSync(() => decodeQr(img.rgba, img.width, img.height)));
    if (found) return found;
  }
  return null;
}

async function findPdfQr(bytes: Uint8Array, engine: OcrEngine, legend: boolean) {
  const images = await optional(() => pdfImages(bytes), []);
  const small = images.filter((img) => Math.max(img.width, img.height) <= SMALL_IMAGE_SIDE);
  const found = qrIn(small);
  if (found || !legend) return found;
  const inLarge = qrIn(images.filter((img) => !small.includes(img)));
  if (inLarge || !engine.renderPage) return inLarge;
  // A QR drawn as vector paths (like Cuadra's own invoices) is only seen on the rendered page.
  const page = await optional(() => engine.renderPage!(bytes, 1, QR_RENDER_DPI), null);
  return page ? qrIn([page]) : null;
}

function optionalSync(step: () => string[]): string[] {
  try {
    return step();
  } catch {
    return [];
  }
}

function ocrReading(pages: OcrPage[], companyNif: string | null) {
  const confidence = pages.length ? sumOf(pages.map((p) => p.confidence)) / pages.length : 0;
  return extractFromText(
    pages.map((p) => p.lines),
    { companyNif, source: 'OCR', lineConfidence: confidence },
  );
}

const joinPages = (pages: string[][]) =>
  pages
    .map((lines) => lines.join('\n'))
    .join('\n\f\n')
    .slice(0, MAX_TEXT_CHARS);

export async function readDocument(bytes: Uint8Array, opts: ReadOptions): Promise<ReadResult> {
  const started = performance.now();
  const done = (r: Omit<ReadResult, 'processingMs'>): ReadResult => ({
    ...r,
    processingMs: Math.round(performance.now() - started),
  });
  const companyNif = opts.companyNif ?? null;
  const kind = kindOf(opts.contentType);

  if (kind === 'xml') {
    const text = xmlText(bytes);
    const extraction = parseEInvoice(text);
    if (!extraction)
      throw new ReadingError('The XML is not a Facturae, UBL or CII invoice', { retryable: false });
    return done({
      extraction,
      notes: structuredNotes(extraction, 'EINVOICE'),
      engine: 'EINVOICE',
      pages: 1,
      text: text.slice(0, MAX_TEXT_CHARS),
    });
  }

  if (kind === 'pdf') {
    const pages = await pdfPageCount(bytes);
    const attached = await optional(() => pdfEmbeddedFiles(bytes), []);
    for (const file of attached) {
      if (!/\.xml$/i.test(file.name)) continue;
      const text = xmlText(file.bytes);
      const extraction = parseEInvoice(text);
      if (extraction)
        return done({
          extraction,
          notes: structuredNotes(extraction, 'EINVOICE'),
          engine: 'EINVOICE',
          pages,
          text: text.slice(0, MAX_TEXT_CHARS),
        });
    }
    const layer = await readTextLayer(bytes, opts.textLayerReader);
    let read: { extraction: Extraction; notes: ExtractionNotes };
    let engine: ReadingEngine;
    let seen: string[][];
    if (layer.hasRealText) {
      read = extractFromText(layer.pages, { companyNif, source: 'TEXT' });
      engine = 'PDF_TEXT';
      seen = layer.pages;
    } else {
      const ocrPages = await opts.engine.ocr({
        bytes,
        type: 'pdf',
        pages,
        ...(opts.location ? { location: opts.location } : {}),
        ...(opts.textractJobId ? { jobId: opts.textractJobId } : {}),
      });
      read = ocrReading(ocrPages, companyNif);
      engine = opts.engine.name;
      seen = ocrPages.map((p) => p.lines);
      if (ocrPages.length < pages)
        read.notes.warnings.push(
          `Solo se han leído ${ocrPages.length} de las ${pages} páginas del documento escaneado.`,
        );
    }
    const found = await findPdfQr(bytes, opts.engine, QR_LEGEND.test(joinPages(seen)));
    if (found) read = applyQr(read, found.qr, found.url);
    return done({ ...read, engine, pages, text: joinPages(seen) });
  }

  // A photo or a scan: OCR, then the QR on the image itself when the text announces one.
  const ocrPages = await opts.engine.ocr({ bytes, type: kind, pages: 1 });
  const seen = joinPages(ocrPages.map((p) => p.lines));
  let read = ocrReading(ocrPages, companyNif);
  const pixels = QR_LEGEND.test(seen) ? imagePixels(bytes, kind) : null;
  const found = pixels ? qrIn([pixels]) : null;
  if (found) read = applyQr(read, found.qr, found.url);
  return done({ ...read, engine: opts.engine.name, pages: 1, text: seen });
}
