/**
 * A minimal PNG encoder (RFC 2083 / ISO/IEC 15948) for black-and-white images: 1-bit greyscale,
 * filter 0 on every scanline, zlib stream by fflate, CRC-32 computed here. Enough for a QR code
 * without pulling an image library into a Lambda.
 */

import { zlibSync } from 'fflate';
import { DEFAULT_QUIET_ZONE_MODULES, qrMatrix } from './qr';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the one PNG chunks carry) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * A 1-bit greyscale PNG of `width` × `height` where `dark(x, y)` says which pixels are black
 * (the others are white).
 */
export function encodeBilevelPng(
  width: number,
  height: number,
  dark: (x: number, y: number) => boolean,
): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError('PNG dimensions must be positive integers');
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    raw[start] = 0; // filter type None
    for (let x = 0; x < width; x++) {
      // Greyscale 1 bit: 1 is white, 0 is black; the first pixel is the most significant bit.
      if (!dark(x, y)) raw[start + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace
  const parts = [
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface QrImageLayout {
  /** Side of the square image in pixels. */
  side: number;
  /** Pixels per module (an integer, so every module is crisp). */
  moduleSize: number;
  /** Left/top offset of the first module: the quiet zone plus what rounding leaves, centred. */
  offset: number;
  modules: number;
}

/**
 * Where the symbol goes in an image of about `sizePx`: the largest integer module size that fits the
 * symbol and its quiet zone, centred; the image grows when `sizePx` cannot hold one pixel per module.
 */
export function qrImageLayout(modules: number, sizePx: number, quietZoneModules: number): QrImageLayout {
  const total = modules + 2 * quietZoneModules;
  const moduleSize = Math.max(1, Math.floor(sizePx / total));
  const side = Math.max(Math.round(sizePx), total * moduleSize);
  const offset = Math.floor((side - modules * moduleSize) / 2);
  return { side, moduleSize, offset, modules };
}

export interface QrPngOptions {
  sizePx: number;
  quietZoneModules?: number;
}

/** The QR code of `text` (level M) as a square PNG of `sizePx` pixels with its quiet zone. */
export function renderQrPng(
  text: string,
  { sizePx, quietZoneModules = DEFAULT_QUIET_ZONE_MODULES }: QrPngOptions,
): Uint8Array {
  const matrix = qrMatrix(text);
  const { side, moduleSize, offset, modules } = qrImageLayout(matrix.length, sizePx, quietZoneModules);
  return encodeBilevelPng(side, side, (x, y) => {
    const mx = Math.floor((x - offset) / moduleSize);
    const my = Math.floor((y - offset) / moduleSize);
    return x >= offset && y >= offset && mx < modules && my < modules && matrix[my]![mx]!;
  });
}
