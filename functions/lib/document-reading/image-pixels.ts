/**
 * An uploaded photo or scan (PNG / JPEG, already through checkContent: whole, within 40 Mpixel) as RGBA
 * pixels, for the QR decoder only: OCR engines take the file itself. Decoded by the images library
 * (bounded before it allocates); anything it cannot decode gives null: no QR is looked for, the page is
 * still OCR'd.
 */

import { decodeJpeg, decodePng, type RgbaImage } from '@functions/lib/images';

export type Pixels = RgbaImage;

/** 40 Mpixel: the bound checkContent already enforced on the header. */
const MAX_PIXELS = 40_000_000;

export function imagePixels(bytes: Uint8Array, type: 'png' | 'jpeg'): Pixels | null {
  try {
    return type === 'png'
      ? decodePng(bytes, { maxPixels: MAX_PIXELS })
      : decodeJpeg(bytes, { maxPixels: MAX_PIXELS });
  } catch {
    return null;
  }
}
