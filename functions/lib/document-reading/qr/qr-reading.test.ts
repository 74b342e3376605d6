import { renderInvoicePdf } from '@functions/lib/pdf';
import { invoice, issuer, settings } from '@functions/lib/pdf/test-fixtures';
import { qrMatrix, renderQrPng } from '@functions/lib/qr';
import { pngBilevelPixels } from '@functions/lib/qr/test-helpers';
import { VERIFACTU_LEGEND, verifactuQrUrl } from '@shared/fiscal/verifactu-record';
import { describe, expect, it } from 'vitest';
import { decodeQr } from './decode';
import { matrixRgba, renderPdfPageRgba } from './test-helpers';
import { parseVerifactuQrUrl } from './verifactu-url';

const url = (over: Partial<Parameters<typeof verifactuQrUrl>[0]> = {}) =>
  verifactuQrUrl({
    nif: 'B12345674',
    numSerie: 'F-2026/0007&A',
    fecha: '02-03-2026',
    importe: '2652.95',
    mode: 'VERIFACTU',
    environment: 'TEST',
    ...over,
  });

describe('parseVerifactuQrUrl', () => {
  it("reads back every field of Cuadra's own QR URL, in both modes and environments", () => {
    const cases = [
      { over: {}, number: 'F-2026/0007&A', total: 265295, mode: 'VERIFACTU', test: true },
      {
        over: { numSerie: 'F/2027/Ñ 1', importe: '-12.00', environment: 'PRODUCTION' as const },
        number: 'F/2027/Ñ 1',
        total: -1200,
        mode: 'VERIFACTU',
        test: false,
      },
      {
        over: { importe: '241.4', mode: 'NO_VERIFACTU' as const },
        number: 'F-2026/0007&A',
        total: 24140,
        mode: 'NO_VERIFACTU',
        test: true,
      },
    ];
    for (const c of cases) {
      expect(parseVerifactuQrUrl(url(c.over))).toEqual({
        nif: 'B12345674',
        invoiceNumber: c.number,
        issueDate: '2026-03-02',
        totalCents: c.total,
        mode: c.mode,
        test: c.test,
      });
    }
  });

  it('reads the AEAT example URL and the www2.aeat.es host', () => {
    expect(
      parseVerifactuQrUrl(
        'https://www2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4',
      ),
    ).toMatchObject({
      nif: '89890001K',
      invoiceNumber: '12345678&G33',
      issueDate: '2024-01-01',
      totalCents: 24140,
    });
  });

  it('refuses other hosts, other paths, missing or invalid fields', () => {
    const good = url();
    expect(parseVerifactuQrUrl(good.replace('prewww2.aeat.es', 'prewww2.aeat.es.example.com'))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('https://prewww2.aeat.es', 'https://evil.example'))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('ValidarQR', 'OtraCosa'))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('&importe=2652.95', ''))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('importe=2652.95', 'importe=2652,95'))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('fecha=02-03-2026', 'fecha=31-02-2026'))).toBeNull();
    expect(parseVerifactuQrUrl(good.replace('fecha=02-03-2026', 'fecha=2026-03-02'))).toBeNull();
    expect(parseVerifactuQrUrl('not a url')).toBeNull();
  });
});

describe('decodeQr', () => {
  it("decodes Cuadra's QR PNG back to the URL, and the URL back to the fields", () => {
    // Arrange: the PNG the invoice QR endpoint serves.
    const png = pngBilevelPixels(renderQrPng(url(), { sizePx: 300 }));
    const rgba = new Uint8Array(png.width * png.height * 4);
    for (const [y, row] of png.dark.entries()) {
      for (const [x, dark] of row.entries()) {
        rgba.set(dark ? [0, 0, 0, 255] : [255, 255, 255, 255], (y * png.width + x) * 4);
      }
    }
    // Act
    const found = decodeQr(rgba, png.width, png.height);
    // Assert
    expect(found).toEqual([url()]);
    expect(parseVerifactuQrUrl(found[0]!)).toMatchObject({
      invoiceNumber: 'F-2026/0007&A',
      totalCents: 265295,
    });
  });

  it('finds a tiny QR with one pixel per module and no quiet zone (upscaled, margin added)', () => {
    const img = matrixRgba(qrMatrix(url()), 1, 0);
    expect(decodeQr(img.rgba, img.width, img.height)).toEqual([url()]);
  });

  it('finds a QR printed light on dark', () => {
    const img = matrixRgba(qrMatrix(url()), 4, 4, true);
    expect(decodeQr(img.rgba, img.width, img.height)).toEqual([url()]);
  });

  it('counts transparent pixels as paper', () => {
    const img = matrixRgba(qrMatrix(url()), 4, 4);
    // White made fully transparent black: only alpha tells paper from ink.
    for (let i = 0; i < img.rgba.length; i += 4) if (img.rgba[i] === 255) img.rgba.set([0, 0, 0, 0], i);
    expect(decodeQr(img.rgba, img.width, img.height)).toEqual([url()]);
  });

  it('finds two codes on one image', () => {
    const a = matrixRgba(qrMatrix(url()), 4, 4);
    const other = 'https://example.com/pago?ref=123';
    const b = matrixRgba(qrMatrix(other), 4, 4);
    const width = a.width + b.width;
    const height = Math.max(a.height, b.height);
    const rgba = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0; y < a.height; y++)
      rgba.set(a.rgba.subarray(y * a.width * 4, (y + 1) * a.width * 4), y * width * 4);
    for (let y = 0; y < b.height; y++)
      rgba.set(b.rgba.subarray(y * b.width * 4, (y + 1) * b.width * 4), (y * width + a.width) * 4);
    expect(new Set(decodeQr(rgba, width, height))).toEqual(new Set([url(), other]));
  });

  it('finds a small code on a large page (at full size when half size is too coarse)', () => {
    const code = matrixRgba(qrMatrix(url()), 3, 4);
    const width = 2400;
    const height = 2600;
    const rgba = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0; y < code.height; y++) {
      rgba.set(
        code.rgba.subarray(y * code.width * 4, (y + 1) * code.width * 4),
        ((y + 300) * width + 1900) * 4,
      );
    }
    expect(decodeQr(rgba, width, height)).toEqual([url()]);
  });

  it('finds nothing on a page without a code', () => {
    const width = 400;
    const height = 300;
    const rgba = new Uint8Array(width * height * 4).fill(255);
    for (let y = 100; y < 110; y++) rgba.fill(0, (y * width + 20) * 4, (y * width + 380) * 4);
    expect(decodeQr(rgba, width, height)).toEqual([]);
    expect(decodeQr(new Uint8Array(10 * 10 * 4), 10, 10)).toEqual([]);
  });
});

describe("the VeriFacTu QR on Cuadra's own invoice PDF", () => {
  it('is found on the page rendered at 200 dpi and gives back the record fields', async () => {
    // Arrange: an invoice as Cuadra prints it (the QR is drawn as vector modules, not an image).
    const qrUrl = url({ environment: 'PRODUCTION' });
    const pdf = await renderInvoicePdf(invoice(), issuer, settings, undefined, {
      qrUrl,
      legend: VERIFACTU_LEGEND,
    });
    const page = renderPdfPageRgba(pdf, 1, 200);
    // Act
    const found = decodeQr(page.rgba, page.width, page.height);
    // Assert
    expect(found).toEqual([qrUrl]);
    expect(parseVerifactuQrUrl(found[0]!)).toEqual({
      nif: 'B12345674',
      invoiceNumber: 'F-2026/0007&A',
      issueDate: '2026-03-02',
      totalCents: 265295,
      mode: 'VERIFACTU',
      test: false,
    });
  });
});
