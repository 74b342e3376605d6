/**
 * Images made for tests (never shipped data): well-formed PNGs and JPEGs of a given size, PNGs
 * crafted chunk by chunk with any header, and decompression bombs of both kinds.
 */

import { zlibSync } from 'fflate';
import { encodeJpeg } from './jpeg';
import { encodePng, PNG_SIGNATURE, pngChunk, type RgbaImage } from './png';

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** A gradient with a transparent band when `alpha`, so resizing and alpha have something to show. */
export function gradient(width: number, height: number, alpha = false): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba[o] = (x * 255) / Math.max(1, width - 1);
      rgba[o + 1] = (y * 255) / Math.max(1, height - 1);
      rgba[o + 2] = 128;
      rgba[o + 3] = alpha && y < height / 4 ? 0 : 255;
    }
  }
  return { width, height, rgba };
}

export const pngOf = (width: number, height: number, alpha = false) =>
  encodePng(gradient(width, height, alpha));
export const jpegOf = (width: number, height: number) => encodeJpeg(gradient(width, height));

export interface CraftedPng {
  width: number;
  height: number;
  colourType?: number;
  depth?: number;
  interlace?: 0 | 1;
  /** The filtered scanlines before compression (the IDAT payload's content). */
  raw: Uint8Array;
  plte?: Uint8Array;
  trns?: Uint8Array;
}

/** A PNG written chunk by chunk, whatever its header claims. */
export function craftPng(p: CraftedPng): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, p.width);
  view.setUint32(4, p.height);
  ihdr.set([p.depth ?? 8, p.colourType ?? 6, 0, 0, p.interlace ?? 0], 8);
  return concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...(p.plte ? [pngChunk('PLTE', p.plte)] : []),
    ...(p.trns ? [pngChunk('tRNS', p.trns)] : []),
    pngChunk('IDAT', zlibSync(p.raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/**
 * The bomb of the report: a small file whose IHDR claims `width` × `height` RGBA pixels, its IDAT
 * `inflatedBytes` of zeros (about 1 KB compressed per MB inflated).
 */
export const pngBomb = (width: number, height: number, inflatedBytes = 48 * 1024 * 1024) =>
  craftPng({ width, height, raw: new Uint8Array(inflatedBytes) });

/** An APP1 Exif segment (with a fake GPS tag's name) inserted after SOI: metadata to be dropped. */
export function withExif(jpeg: Uint8Array): Uint8Array {
  const payload = new TextEncoder().encode('Exif\0\0GPSLatitude 40.4168N secreto');
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  segment.set(payload, 4);
  return concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}
