/**
 * JPEG through jpeg-js (pure JavaScript) under its own pixel and memory bounds, after a count of the
 * scans: a progressive file with thousands of tiny scans makes a small file cost minutes of CPU,
 * so more than MAX_SCANS is refused before decoding (libjpeg-turbo's djpeg offers the same limit).
 */

import { decode, encode } from 'jpeg-js';
import { ImageError } from './image-error';
import type { RgbaImage } from './png';

const MAX_SCANS = 100;
/** What jpeg-js may allocate while decoding (its coefficient buffers and the output). */
const MAX_DECODE_MEMORY_MB = 96;

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);

/** The number of SOS segments, walking the marker segments and the entropy-coded data between them. */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) throw new ImageError('JPEG marker expected');
    while (bytes[i] === 0xff && i < bytes.length) i += 1;
    const marker = bytes[i] ?? 0;
    i += 1;
    if (marker === 0xd9) return scans;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    i += u16(bytes, i);
    if (marker !== 0xda) continue;
    scans += 1;
    // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
    while (i + 1 < bytes.length) {
      const next = bytes[i + 1]!;
      if (bytes[i] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      i += 1;
    }
  }
  return scans;
}

/** Decodes a JPEG into RGBA8, refusing more than `maxPixels` or MAX_SCANS scans. */
export function decodeJpeg(bytes: Uint8Array, { maxPixels }: { maxPixels: number }): RgbaImage {
  if (jpegScanCount(bytes) > MAX_SCANS) throw new ImageError('JPEG has too many scans');
  try {
    const img = decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: maxPixels / 1_000_000,
      maxMemoryUsageInMB: MAX_DECODE_MEMORY_MB,
    });
    if (img.width * img.height > maxPixels) throw new ImageError('JPEG has more pixels than allowed');
    return { width: img.width, height: img.height, rgba: img.data };
  } catch (e) {
    if (e instanceof ImageError) throw e;
    throw new ImageError(`JPEG could not be decoded: ${(e as Error).message}`);
  }
}

/** A baseline JPEG of the pixels (alpha dropped: a JPEG has none), free of any metadata. */
export function encodeJpeg(image: RgbaImage, quality = 88): Uint8Array {
  return new Uint8Array(encode({ width: image.width, height: image.height, data: image.rgba }, quality).data);
}
