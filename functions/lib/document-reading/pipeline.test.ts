/**
 * readDocument end to end on the sample invoices (issue 17 item 2): the text layer (TEXT), a page
 * rendered to PNG and OCR'd by Tesseract (OCR), an e-invoice XML and a PDF carrying one (EINVOICE),
 * and a VeriFacTu QR stamped on a sample (QR). Timings are printed, never asserted.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { qrMatrix, renderQrPng } from '@functions/lib/qr';
import { verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { popplerRenderPng } from './engines/poppler';
import { tesseractEngine } from './engines/tesseract';
import { type ReadResult, readDocument } from './pipeline';
import { ReadingError } from './reading-error';

const SAMPLES = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';
const sample = (name: string) => new Uint8Array(readFileSync(path.join(SAMPLES, name)));
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(__dirname, 'einvoice/fixtures', name)));
const engine = tesseractEngine();

const timed = async (label: string, run: () => Promise<ReadResult>) => {
  const result = await run();
  console.info(
    `${label}: ${result.engine} ${result.extraction.source}, ${result.pages} p., ${result.processingMs} ms`,
  );
  return result;
};

describe('readDocument: PDFs with a text layer (TEXT)', () => {
  it.each([
    ['F-2024-004.pdf', 'B38456789', 'F-2024/004', '2026-09-06'],
    ['F-2024-011.pdf', 'B38901234', 'F-2024/011', '2026-01-28'],
  ])('%s', async (file, nif, number, date) => {
    const r = await timed(file, () => readDocument(sample(file), { contentType: 'application/pdf', engine }));
    expect(r.engine).toBe('PDF_TEXT');
    expect(r.extraction.source).toBe('TEXT');
    expect(r.pages).toBe(1);
    expect(r.extraction).toMatchObject({ supplierNif: nif, invoiceNumber: number, issueDate: date });
    expect(r.text).toContain(nif);
    expect(r.processingMs).toBeGreaterThanOrEqual(0);
  });

  it('counts the pages of a longer invoice', async () => {
    const r = await readDocument(sample('F-2025-003.pdf'), { contentType: 'application/pdf', engine });
    expect(r.engine).toBe('PDF_TEXT');
    expect(r.pages).toBeGreaterThan(1);
  });
});

describe('readDocument: a scan (OCR)', () => {
  it('reads a page of F-2024-011 rendered to PNG through Tesseract', async () => {
    const png = await popplerRenderPng(sample('F-2024-011.pdf'), 1, 200);
    const r = await timed('F-2024-011 as PNG', () => readDocument(png, { contentType: 'image/png', engine }));
    expect(r.engine).toBe('TESSERACT');
    expect(r.extraction.source).toBe('OCR');
    expect(r.text).toContain('B38901234');
    expect(r.extraction.totalCents).toBe(37_450);
    expect(r.text).toMatch(/Panader[ií]a Artesana/);
  }, 60_000);

  it('OCRs a PDF without a text layer (the photo wrapped in a PDF)', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(sample('F-2025-007.png'));
    doc.addPage([image.width * 0.48, image.height * 0.48]).drawImage(image, {
      x: 0,
      y: 0,
      width: image.width * 0.48,
      height: image.height * 0.48,
    });
    const r = await timed('F-2025-007 scanned PDF', async () =>
      readDocument(await doc.save(), { contentType: 'application/pdf', engine }),
    );
    expect(r.engine).toBe('TESSERACT');
    expect(r.extraction.source).toBe('OCR');
    expect(r.text).toMatch(/Piensos del Norte/);
  }, 90_000);
});

describe('readDocument: e-invoices (EINVOICE)', () => {
  it('reads a UBL XML without OCR', async () => {
    const r = await timed('UBL', () =>
      readDocument(fixture('ubl-invoice-multirate.xml'), { contentType: 'application/xml', engine }),
    );
    expect(r.engine).toBe('EINVOICE');
    expect(r.extraction.source).toBe('EINVOICE');
    expect(r.extraction.supplierNif).toBeTruthy();
    expect(r.notes.fieldSources.supplierNif).toBe('EINVOICE');
  });

  it('reads the CII XML attached to a PDF (Factur-X), not the PDF text', async () => {
    const doc = await PDFDocument.load(sample('F-2024-004.pdf'));
    await doc.attach(fixture('cii-facturx-multirate.xml'), 'factur-x.xml', { mimeType: 'text/xml' });
    const r = await timed('Factur-X', async () =>
      readDocument(await doc.save(), { contentType: 'application/pdf', engine }),
    );
    expect(r.engine).toBe('EINVOICE');
    expect(r.extraction.source).toBe('EINVOICE');
    expect(r.extraction.supplierNif).not.toBe('B38456789');
    expect(r.text).toContain('CrossIndustryInvoice');
  });

  it('refuses an XML that is no invoice, for good', async () => {
    const xml = new TextEncoder().encode('<?xml version="1.0"?><nota>hola</nota>');
    const error = await readDocument(xml, { contentType: 'application/xml', engine }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ReadingError);
    expect(error).toMatchObject({ retryable: false, code: 'DOC_043' });
  });
});

describe('readDocument: a VeriFacTu QR (QR)', () => {
  const withQr = async (total: string) => {
    const url = verifactuQrUrl({
      mode: 'VERIFACTU',
      environment: 'PRODUCTION',
      nif: 'B38901234',
      numSerie: 'F-2024/011',
      fecha: '28-01-2026',
      importe: total,
    });
    const doc = await PDFDocument.load(sample('F-2024-011.pdf'));
    const qr = await doc.embedPng(renderQrPng(url, { sizePx: 240 }));
    doc.getPage(0).drawImage(qr, { x: 440, y: 40, width: 100, height: 100 });
    return { url, pdf: await doc.save() };
  };

  it('takes NIF, number, date and total from the QR, and says the page agreed', async () => {
    const { url, pdf } = await withQr('374.50');
    const r = await timed('QR', () => readDocument(pdf, { contentType: 'application/pdf', engine }));
    expect(r.engine).toBe('PDF_TEXT');
    expect(r.extraction.source).toBe('QR');
    expect(r.extraction).toMatchObject({
      supplierNif: 'B38901234',
      invoiceNumber: 'F-2024/011',
      issueDate: '2026-01-28',
      totalCents: 37_450,
    });
    expect(r.extraction.confidence).toMatchObject({
      supplierNif: 1,
      invoiceNumber: 1,
      issueDate: 1,
      totalCents: 1,
    });
    expect(r.notes.fieldSources.totalCents).toBe('QR');
    expect(r.notes.qr).toEqual({ url, agrees: true });
  }, 60_000);

  it('prefers the QR when the page disagrees, and warns', async () => {
    const { pdf } = await withQr('380.00');
    const r = await readDocument(pdf, { contentType: 'application/pdf', engine });
    expect(r.extraction.totalCents).toBe(38_000);
    expect(r.notes.qr?.agrees).toBe(false);
    expect(r.notes.arithmeticOk).toBe(false);
    expect(r.notes.warnings.join(' ')).toMatch(/no coinciden con el código QR/);
  }, 60_000);

  it('finds a QR drawn as vector paths on the rendered page, when the page says "QR tributario:"', async () => {
    const url = verifactuQrUrl({
      mode: 'VERIFACTU',
      environment: 'PRODUCTION',
      nif: 'B38901234',
      numSerie: 'F-2024/011',
      fecha: '28-01-2026',
      importe: '374.50',
    });
    const doc = await PDFDocument.load(sample('F-2024-011.pdf'));
    const page = doc.getPage(0);
    page.drawText('QR tributario:', {
      x: 420,
      y: 150,
      size: 9,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const matrix = qrMatrix(url);
    const module = 100 / matrix.length;
    for (const [y, row] of matrix.entries()) {
      for (const [x, dark] of row.entries()) {
        if (!dark) continue;
        const square = { width: module, height: module, color: rgb(0, 0, 0) };
        page.drawRectangle({ x: 440 + x * module, y: 140 - (y + 1) * module, ...square });
      }
    }
    const r = await timed('vector QR', async () =>
      readDocument(await doc.save(), { contentType: 'application/pdf', engine }),
    );
    expect(r.extraction.source).toBe('QR');
    expect(r.notes.qr).toEqual({ url, agrees: true });
  }, 60_000);
});
