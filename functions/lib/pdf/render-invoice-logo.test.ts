import { normaliseImage } from '@functions/lib/images';
import { pngBomb, pngOf } from '@functions/lib/images/test-fixtures';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from './render-invoice-pdf';
import { invoice, issuer, pdfPages, settings } from './test-fixtures';

/** A logo as the upload stores it: the normalised copy of a 400 × 200 PNG with transparency. */
const LOGO = normaliseImage(pngOf(400, 200, true), { maxPixels: 4_000_000 });
const logo = { ...LOGO, normalised: true as const };

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
    const withLogo = await renderInvoicePdf(invoice(), issuer, settings, logo);
    const without = await renderInvoicePdf(invoice(), issuer, settings);

    // A PNG with alpha is the image plus its soft mask.
    expect(await images(withLogo)).toBeGreaterThan(0);
    expect(await images(without)).toBe(0);
    // The legal text is unchanged by the logo.
    expect((await pdfPages(withLogo))[0]).toContain('F-2026-0007');
  });

  it('prints the invoice without the logo when the stored image cannot be read', async () => {
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, {
      ...logo,
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    });

    expect(await images(bytes)).toBe(0);
    expect((await pdfPages(bytes))[0]).toContain('F-2026-0007');
  });

  it('never embeds an image that is not a normalised copy: a bomb is skipped without decoding', async () => {
    // Declared as normalised but its header claims 20,000 × 20,000 (what a legacy upload could be).
    const bomb = pngBomb(20_000, 20_000, 1024 * 1024);
    const t0 = performance.now();
    const bytes = await renderInvoicePdf(invoice(), issuer, settings, {
      bytes: bomb,
      contentType: 'image/png',
      normalised: true,
      width: 20_000,
      height: 20_000,
    });
    const elapsed = performance.now() - t0;
    // Declared dimensions that differ from the header are refused too.
    const lying = await renderInvoicePdf(invoice(), issuer, settings, { ...logo, width: 10, height: 5 });

    expect(await images(bytes)).toBe(0);
    expect(await images(lying)).toBe(0);
    expect(elapsed).toBeLessThan(1500);
    expect((await pdfPages(bytes))[0]).toContain('F-2026-0007');
  });
});
