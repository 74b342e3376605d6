import { readFileSync } from 'node:fs';
import { renderInvoicePdf } from '@functions/lib/pdf';
import { invoice, issuer, settings } from '@functions/lib/pdf/test-fixtures';
import { qrMatrix, renderQrPng } from '@functions/lib/qr';
import { VERIFACTU_LEGEND, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { zlibSync } from 'fflate';
import { encode as encodeJpeg } from 'jpeg-js';
import {
  AFRelationship,
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseEInvoice } from '../einvoice/detect';
import { xmlTextOf } from '../einvoice/xml';
import { decodeQr } from '../qr/decode';
import { matrixRgba } from '../qr/test-helpers';
import { MAX_EMBEDDED_BYTES, pdfEmbeddedFiles } from './embedded-files';
import { pdfImages } from './images';
import { undoPngPredictor } from './objects';

const CII = readFileSync(new URL('../einvoice/fixtures/cii-facturx-multirate.xml', import.meta.url));
const qrUrl = verifactuQrUrl({
  nif: 'B65432106',
  numSerie: 'AGC-2024-00311',
  fecha: '08-04-2024',
  importe: '664.20',
  mode: 'VERIFACTU',
  environment: 'PRODUCTION',
});

async function onePagePdf(): Promise<{ doc: PDFDocument; page: PDFPage }> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Factura AGC-2024-00311', { x: 50, y: 780, size: 14 });
  return { doc, page };
}

/** Draws a raw image (or form) XObject, already registered, at the top right of the page. */
function drawXObject(page: PDFPage, ref: PDFRef, name: string): void {
  page.node.newXObject(name, ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(100, 0, 0, 100, 450, 700),
    drawObject(name),
    popGraphicsState(),
  );
}

/** 1 bit per module of a QR, rows padded to a byte: 1 = `setBit(dark)`. */
function packedBits(
  matrix: readonly (readonly boolean[])[],
  quiet: number,
  oneIsDark: boolean,
): { bytes: Uint8Array; side: number } {
  const side = matrix.length + 2 * quiet;
  const rowBytes = Math.ceil(side / 8);
  const bytes = new Uint8Array(rowBytes * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dark = matrix[y - quiet]?.[x - quiet] === true;
      if (dark === oneIsDark) bytes[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { bytes, side };
}

describe('pdfEmbeddedFiles', () => {
  it('returns the CII XML of a Factur-X-style PDF (attach()), once, readable as an e-invoice', async () => {
    // Arrange
    const { doc } = await onePagePdf();
    await doc.attach(CII, 'factur-x.xml', {
      mimeType: 'text/xml',
      description: 'Factur-X',
      afRelationship: AFRelationship.Alternative,
    });
    const pdf = await doc.save();
    // Act
    const files = await pdfEmbeddedFiles(pdf);
    // Assert
    expect(files.map((f) => f.name)).toEqual(['factur-x.xml']);
    expect(Buffer.from(files[0]!.bytes).equals(CII)).toBe(true);
    expect(parseEInvoice(xmlTextOf(files[0]!.bytes))).toMatchObject({
      supplierNif: 'B65432106',
      invoiceNumber: 'AGC-2024-00311',
      totalCents: 66420,
      source: 'EINVOICE',
    });
  });

  it('returns a file attached through a FileAttachment annotation', async () => {
    const { doc, page } = await onePagePdf();
    const ctx = doc.context;
    const fileRef = ctx.register(ctx.flateStream(CII, { Type: 'EmbeddedFile', Subtype: 'text/xml' }));
    const specRef = ctx.register(
      ctx.obj({
        Type: 'Filespec',
        F: PDFString.of('factura.xml'),
        UF: PDFHexString.fromText('factura-ñ.xml'),
        EF: { F: fileRef },
      }),
    );
    const annot = ctx.register(
      ctx.obj({
        Type: 'Annot',
        Subtype: 'FileAttachment',
        Rect: [10, 10, 30, 30],
        FS: specRef,
        Name: 'Paperclip',
      }),
    );
    page.node.set(PDFName.of('Annots'), ctx.obj([annot]));
    const files = await pdfEmbeddedFiles(await doc.save());
    expect(files.map((f) => f.name)).toEqual(['factura-ñ.xml']);
    expect(Buffer.from(files[0]!.bytes).equals(CII)).toBe(true);
  });

  it('stops at 10 MB decoded: a small stream inflating beyond it is skipped, the XML still read first', async () => {
    const { doc } = await onePagePdf();
    await doc.attach(new Uint8Array(MAX_EMBEDDED_BYTES + 1), 'bomba.xml', { mimeType: 'text/xml' });
    await doc.attach(new Uint8Array(1000).fill(65), 'notas.txt', { mimeType: 'text/plain' });
    await doc.attach(CII, 'factur-x.xml', { mimeType: 'text/xml' });
    const pdf = await doc.save();
    expect(pdf.length).toBeLessThan(100_000);
    const files = await pdfEmbeddedFiles(pdf);
    expect(files.map((f) => f.name)).toEqual(['factur-x.xml', 'notas.txt']);
  });

  it('returns [] for a PDF without files and for bytes that are not a PDF', async () => {
    const { doc } = await onePagePdf();
    expect(await pdfEmbeddedFiles(await doc.save())).toEqual([]);
    expect(await pdfEmbeddedFiles(new TextEncoder().encode('%PDF-1.7\nbasura'))).toEqual([]);
  });
});

describe('pdfImages + decodeQr', () => {
  it('finds a QR embedded as a PNG (8-bit RGB Flate, pdf-lib embedPng)', async () => {
    const { doc, page } = await onePagePdf();
    const png = await doc.embedPng(renderQrPng(qrUrl, { sizePx: 240 }));
    page.drawImage(png, { x: 450, y: 700, width: 100, height: 100 });
    const images = await pdfImages(await doc.save());
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!.rgba, images[0]!.width, images[0]!.height)).toEqual([qrUrl]);
  });

  it('finds a QR embedded as a JPEG (DCTDecode)', async () => {
    const { doc, page } = await onePagePdf();
    const img = matrixRgba(qrMatrix(qrUrl), 4, 4);
    const jpg = encodeJpeg({ data: img.rgba, width: img.width, height: img.height }, 85).data;
    page.drawImage(await doc.embedJpg(jpg), { x: 450, y: 700, width: 100, height: 100 });
    const images = await pdfImages(await doc.save());
    expect(images.map((i) => [i.width, i.height])).toEqual([[img.width, img.height]]);
    expect(decodeQr(images[0]!.rgba, images[0]!.width, images[0]!.height)).toEqual([qrUrl]);
  });

  it('finds a 1-bit DeviceGray QR with one pixel per module (the smallest a producer writes)', async () => {
    const { doc, page } = await onePagePdf();
    const { bytes, side } = packedBits(qrMatrix(qrUrl), 0, false); // gray: 1 = white
    const ref = doc.context.register(
      doc.context.flateStream(bytes, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
      }),
    );
    drawXObject(page, ref, 'QR1');
    const images = await pdfImages(await doc.save());
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!.rgba, side, side)).toEqual([qrUrl]);
  });

  it('finds a QR drawn as a stencil mask with /Decode [1 0], inside a Form XObject', async () => {
    const { doc, page } = await onePagePdf();
    const ctx = doc.context;
    const { bytes, side } = packedBits(qrMatrix(qrUrl), 4, true); // Decode [1 0]: 1 = paint
    const mask = ctx.register(
      ctx.flateStream(bytes, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ImageMask: true,
        Decode: [1, 0],
      }),
    );
    const form = ctx.register(
      ctx.flateStream('q 100 0 0 100 0 0 cm /M Do Q', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 100, 100],
        Resources: { XObject: { M: mask } },
      }),
    );
    drawXObject(page, form, 'F1');
    const images = await pdfImages(await doc.save());
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!.rgba, side, side)).toEqual([qrUrl]);
  });

  it('finds an Indexed 8-bit QR stored with the PNG Up predictor', async () => {
    const { doc, page } = await onePagePdf();
    const img = matrixRgba(qrMatrix(qrUrl), 2, 4);
    const side = img.width;
    // Palette index per pixel (0 white, 1 black), each row "Up"-filtered (PNG filter 2).
    const indices = new Uint8Array(side * side).map((_, i) => (img.rgba[i * 4] === 0 ? 1 : 0));
    const filtered = new Uint8Array((side + 1) * side);
    for (let y = 0; y < side; y++) {
      filtered[y * (side + 1)] = 2;
      for (let x = 0; x < side; x++) {
        const up = y > 0 ? indices[(y - 1) * side + x]! : 0;
        filtered[y * (side + 1) + 1 + x] = (indices[y * side + x]! - up) & 0xff;
      }
    }
    expect(undoPngPredictor(filtered, 1, 8, side)).toEqual(indices);
    const ctx = doc.context;
    const stream = ctx.stream(zlibSync(filtered), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: ['Indexed', 'DeviceRGB', 1, PDFHexString.of('FFFFFF000000')],
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      DecodeParms: { Predictor: 12, Colors: 1, BitsPerComponent: 8, Columns: side },
    });
    drawXObject(page, ctx.register(stream), 'IX');
    const images = await pdfImages(await doc.save());
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!.rgba, side, side)).toEqual([qrUrl]);
  });

  it("returns the logo of Cuadra's own invoice but not its QR: that QR is vector modules", async () => {
    const logoPng = renderQrPng('https://example.com/logo', { sizePx: 120 });
    const pdf = await renderInvoicePdf(
      invoice(),
      issuer,
      settings,
      { bytes: logoPng, contentType: 'image/png', normalised: true, width: 120, height: 120 },
      { qrUrl, legend: VERIFACTU_LEGEND },
    );
    const images = await pdfImages(pdf);
    const codes = images.flatMap((i) => decodeQr(i.rgba, i.width, i.height));
    // The images are only the logo: a reader has to render the page to find the VeriFacTu QR.
    expect(codes).toEqual(['https://example.com/logo']);
  });

  it('skips what it cannot or should not decode, and an unreadable PDF gives []', async () => {
    const { doc, page } = await onePagePdf();
    const ctx = doc.context;
    const huge = ctx.register(
      ctx.flateStream(new Uint8Array(16), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 5000,
        Height: 5000,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const jbig2 = ctx.register(
      ctx.stream(new Uint8Array(64), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 64,
        Height: 64,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 1,
        Filter: 'JBIG2Decode',
      }),
    );
    drawXObject(page, huge, 'H');
    drawXObject(page, jbig2, 'J');
    expect(await pdfImages(await doc.save())).toEqual([]);
    expect(await pdfImages(new Uint8Array([1, 2, 3]))).toEqual([]);
  });
});
