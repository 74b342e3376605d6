/**
 * The normalised copy of an uploaded image: decoded once, under a pixel bound, shrunk to fit
 * NORMALISED_MAX_SIDE and re-encoded by us (PNG stays PNG, JPEG stays JPEG), which also drops every
 * metadata segment the original carried (EXIF, GPS, comments, colour profiles). Only such copies
 * are given to the PDF renderer; `isNormalisedImage` (shared/images) is its check, from the header.
 */

import { imageHeader } from '@shared/images/image-header';
import { NORMALISED_MAX_SIDE } from '@shared/images/normalised-image';
import { ImageError } from './image-error';
import { decodeJpeg, encodeJpeg } from './jpeg';
import { decodePng, encodePng, type RgbaImage } from './png';
import { downscale } from './resize';

export type NormalisedContentType = 'image/png' | 'image/jpeg';

export interface NormalisedImage {
  bytes: Uint8Array;
  contentType: NormalisedContentType;
  width: number;
  height: number;
}

/** The size that fits NORMALISED_MAX_SIDE keeping the proportions (never enlarged). */
export function normalisedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, NORMALISED_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Decodes the PNG or JPEG (at most `maxPixels`, checked from the header before decoding and again
 * by the decoder) and re-encodes it within NORMALISED_MAX_SIDE. ImageError when it cannot.
 */
export function normaliseImage(bytes: Uint8Array, { maxPixels }: { maxPixels: number }): NormalisedImage {
  const header = imageHeader(bytes);
  if (!header) throw new ImageError('Not a readable PNG or JPEG header');
  if (header.width * header.height > maxPixels) throw new ImageError('Image has more pixels than allowed');
  const decoded: RgbaImage =
    header.kind === 'png' ? decodePng(bytes, { maxPixels }) : decodeJpeg(bytes, { maxPixels });
  if (decoded.width !== header.width || decoded.height !== header.height) {
    throw new ImageError('Decoded size differs from the header');
  }
  const size = normalisedSize(decoded.width, decoded.height);
  const small = downscale(decoded, size.width, size.height);
  return header.kind === 'png'
    ? { bytes: encodePng(small), contentType: 'image/png', ...size }
    : { bytes: encodeJpeg(small), contentType: 'image/jpeg', ...size };
}
