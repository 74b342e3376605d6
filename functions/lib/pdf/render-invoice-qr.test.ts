import { qrMatrix } from '@functions/lib/qr';
import { QR_LABEL, VERIFACTU_LEGEND, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { QR_AREA, QR_SYMBOL_SIZE, qrPlacement, renderInvoicePdf } from './render-invoice-pdf';
import { invoice, issuer, line, pdfPages, settings } from './test-fixtures';

const MM = 72 / 25.4;

const qrUrl = (mode: 'VERIFACTU' | 'NO_VERIFACTU' = 'VERIFACTU') =>
  verifactuQrUrl({
    nif: 'B12345674',
    numSerie: 'F-2026/0007&A',
    fecha: '02-03-2026',
    importe: '2652.95',
    mode,
    environment: 'TEST',
  });

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The `re` (rectangle) operators of every page's content streams, as drawn (pdf-lib's own shapes use paths). */
async function rectanglesByPage(bytes: Uint8Array): Promise<Rect[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const text = streams
      .map((ref) => doc.context.lookup(ref))
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .join('\n');
    return [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      w: Number(m[3]),
      h: Number(m[4]),
    }));
  });
}

/** Paints the rectangles back onto a module grid, reading the symbol's bounds from the finders. */
function modulesOf(rects: Rect[], modules: number): boolean[][] {
  const left = Math.min(...rects.map((r) => r.x));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const top = Math.max(...rects.map((r) => r.y + r.h));
  const m = (right - left) / modules;
  const grid = Array.from({ length: modules }, () => new Array<boolean>(modules).fill(false));
  for (const r of rects) {
    const row = Math.round((top - r.y - r.h) / m);
    const col = Math.round((r.x - left) / m);
    const len = Math.round(r.w / m);
    expect(Math.round(r.h / m)).toBe(1);
    for (let i = 0; i < len; i++) {
      expect(grid[row]![col + i]).toBe(false); // no overlaps
      grid[row]![col + i] = true;
    }
  }
  return grid;
}

describe('the VeriFacTu QR on the invoice PDF', () => {
  it('draws the QR of the record URL (level M) in vector modules, 30–40 mm, with label and legend', async () => {
    const url = qrUrl();
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, undefined, {
      qrUrl: url,
      legend: VERIFACTU_LEGEND,
    });
    const text = (await pdfPages(bytes))[0]!.replace(/\s+/g, ' ');
    expect(text).toContain(QR_LABEL);
    expect(text).toContain('VERI*FACTU');
    expect(text).toContain('Factura verificable en la');
    expect(text).toContain('sede electrónica de la AEAT');
    // The legend is in a font similar to the invoice data (9 pt, the data is 8.5–9.5 pt).
    // Still every art. 6 field and a single page.
    expect(text).toContain('F-2026-0007');
    expect(text).toContain('Total factura');

    const rects = (await rectanglesByPage(bytes))[0]!;
    const matrix = qrMatrix(url);
    expect(modulesOf(rects, matrix.length)).toEqual(matrix);

    const left = Math.min(...rects.map((r) => r.x));
    const right = Math.max(...rects.map((r) => r.x + r.w));
    const top = Math.max(...rects.map((r) => r.y + r.h));
    const bottom = Math.min(...rects.map((r) => r.y));
    const widthMm = (right - left) / MM;
    const heightMm = (top - bottom) / MM;
    expect(widthMm).toBeGreaterThanOrEqual(30);
    expect(widthMm).toBeLessThanOrEqual(40);
    expect(heightMm).toBeCloseTo(widthMm, 6);
    expect(right - left).toBeCloseTo(QR_SYMBOL_SIZE, 6);
    // Inside the reserved column, top right, with at least 2 mm (and 4 modules) free on each side.
    const place = qrPlacement(matrix.length);
    expect(left).toBeCloseTo(place.x, 6);
    expect(top).toBeCloseTo(place.top, 6);
    expect(place.quiet).toBeGreaterThanOrEqual(2 * MM);
    expect(place.quiet).toBeGreaterThanOrEqual(4 * place.module - 1e-9);
    expect(left - QR_AREA.x).toBeGreaterThanOrEqual(2 * MM - 1e-9);
    expect(QR_AREA.x + QR_AREA.size - right).toBeGreaterThanOrEqual(2 * MM - 1e-9);
  });

  it('places the label right above the code and the legend right below it', async () => {
    const url = qrUrl();
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, undefined, {
      qrUrl: url,
      legend: VERIFACTU_LEGEND,
    });
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter(
      (i): i is typeof i & { str: string; transform: number[]; height: number } => 'str' in i,
    );
    await doc.destroy();
    const place = qrPlacement(qrMatrix(url).length);
    const label = items.find((i) => i.str === QR_LABEL)!;
    const legend = items.find((i) => i.str === VERIFACTU_LEGEND)!;
    const labelY = label.transform[5]!;
    const legendY = legend.transform[5]!;
    // Label baseline just above the quiet zone (its text has no descenders), within 4 mm of the code.
    expect(labelY).toBeGreaterThanOrEqual(place.top + place.quiet);
    expect(labelY - place.top).toBeLessThan(place.quiet + 4 * MM);
    // Legend cap height (~0.72 em) below the quiet zone, within 6 mm of the code.
    const codeBottom = place.top - QR_SYMBOL_SIZE;
    expect(legendY + 0.72 * 9).toBeLessThanOrEqual(codeBottom - place.quiet + 1e-6);
    expect(codeBottom - legendY).toBeLessThan(place.quiet + 6 * MM);
    // Both centred on the code.
    const centre = place.x + QR_SYMBOL_SIZE / 2;
    for (const item of [label, legend]) {
      const x = item.transform[4]!;
      const width = (item as unknown as { width: number }).width;
      expect(Math.abs(x + width / 2 - centre)).toBeLessThan(1);
    }
  });

  it('keeps every other text out of the QR and its quiet zone (a rectificativa with long data)', async () => {
    const url = qrUrl();
    const bytes = await renderInvoicePdf(
      invoice({ invoiceType: 'R1', invoiceNumber: 'R-2026-000000000007' }),
      issuer,
      settings,
      undefined,
      { qrUrl: url, legend: VERIFACTU_LEGEND },
    );
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const items = (await (await doc.getPage(1)).getTextContent()).items.filter(
      (i): i is typeof i & { str: string; transform: number[]; width: number; height: number } =>
        'str' in i && i.str.trim() !== '',
    );
    await doc.destroy();
    const place = qrPlacement(qrMatrix(url).length);
    const zone = {
      left: place.x - place.quiet,
      right: place.x + QR_SYMBOL_SIZE + place.quiet,
      top: place.top + place.quiet,
      bottom: place.top - QR_SYMBOL_SIZE - place.quiet,
    };
    expect(items.length).toBeGreaterThan(30);
    for (const i of items) {
      const [x, y] = [i.transform[4]!, i.transform[5]!];
      const box = { left: x, right: x + i.width, bottom: y - 0.25 * i.height, top: y + 0.8 * i.height };
      const overlaps =
        box.left < zone.right && box.right > zone.left && box.bottom < zone.top && box.top > zone.bottom;
      if (overlaps) throw new Error(`"${i.str}" overlaps the QR quiet zone`);
    }
  });

  it('prints no legend in NO VERI*FACTU mode, but still the QR of the ValidarQRNoVerifactu URL', async () => {
    const url = qrUrl('NO_VERIFACTU');
    expect(url).toContain('/ValidarQRNoVerifactu?');
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, undefined, {
      qrUrl: url,
      legend: null,
    });
    const text = (await pdfPages(bytes))[0]!;
    expect(text).toContain(QR_LABEL);
    expect(text).not.toContain('VERI*FACTU');
    expect(text).not.toContain('Factura verificable');
    const matrix = qrMatrix(url);
    expect(modulesOf((await rectanglesByPage(bytes))[0]!, matrix.length)).toEqual(matrix);
  });

  it('draws the QR on the first page only of a long invoice', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => line({ description: `Partida ${i + 1}` }));
    const bytes = await renderInvoicePdf(invoice({ invoiceLines: lines }), issuer, settings, undefined, {
      qrUrl: qrUrl(),
      legend: VERIFACTU_LEGEND,
    });
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const rects = await rectanglesByPage(bytes);
    expect(rects[0]!.length).toBeGreaterThan(100);
    for (let i = 1; i < pages.length; i++) {
      expect(rects[i]).toEqual([]);
      expect(pages[i]).not.toContain(QR_LABEL);
    }
  });

  it('keeps the empty frame without a record (drafts, SII, invoices before VeriFacTu)', async () => {
    const bytes = await renderInvoicePdf(invoice(), issuer, settings);
    const text = (await pdfPages(bytes))[0]!;
    expect(text).not.toContain(QR_LABEL);
    expect(text).not.toContain('VERI*FACTU');
    expect((await rectanglesByPage(bytes))[0]).toEqual([]);
  });

  it('keeps the logo left of the QR', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const bytes = await renderInvoicePdf(
      invoice(),
      issuer,
      settings,
      { bytes: new Uint8Array(png), contentType: 'image/png', normalised: true, width: 1, height: 1 },
      { qrUrl: qrUrl(), legend: VERIFACTU_LEGEND },
    );
    const doc = await PDFDocument.load(bytes);
    const content = (doc.getPages()[0]!.node.Contents() as PDFArray).asArray();
    const ops = content
      .map((ref) => doc.context.lookup(ref))
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .join('\n');
    // The logo (1 × 1 pt here) is translated so that it ends at the 4 mm gap left of the QR area,
    // its top on the QR block's top.
    const m = /1 0 0 1 ([\d.]+) ([\d.]+) cm\n(?:.*cm\n)*?([\d.]+) 0 0 ([\d.]+) 0 0 cm\n\/Image/.exec(ops);
    expect(m).not.toBeNull();
    const [x, y, w, h] = [Number(m![1]), Number(m![2]), Number(m![3]), Number(m![4])];
    expect(x + w).toBeCloseTo(QR_AREA.x - 4 * MM, 3);
    expect(y + h).toBeCloseTo(QR_AREA.top, 3);
  });
});
