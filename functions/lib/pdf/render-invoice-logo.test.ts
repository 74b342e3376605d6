import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './render-invoice-pdf';
import { invoice, issuer, pdfPages, settings } from './test-fixtures';

/** A real 1 × 1 PNG (red pixel). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The image XObjects a PDF carries (what a logo becomes). */
async function images(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .length;
}

describe('the company logo on the invoice', () => {
  it('draws the PNG logo the company uploaded, and no image without one', async () => {
    const withLogo = await renderInvoicePdf(invoice(), issuer, settings, {
      bytes: new Uint8Array(PNG_1X1),
      contentType: 'image/png',
    });
    const without = await renderInvoicePdf(invoice(), issuer, settings);

    // A PNG with alpha is the image plus its soft mask.
    expect(await images(withLogo)).toBeGreaterThan(0);
    expect(await images(without)).toBe(0);
    // The legal text is unchanged by the logo.
    expect((await pdfPages(withLogo))[0]).toContain('F-2026-0007');
  });

  it('prints the invoice without the logo when the stored image cannot be read', async () => {
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, {
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
      contentType: 'image/png',
    });

    expect(await images(bytes)).toBe(0);
    expect((await pdfPages(bytes))[0]).toContain('F-2026-0007');
  });
});
