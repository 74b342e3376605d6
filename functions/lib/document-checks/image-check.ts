/**
 * PNG and JPEG structure checks, from the bytes only: the whole file must be there (PNG: every chunk's
 * CRC and an IEND; JPEG: an EOI after the scan) and the declared size must stay within the
 * decompression-bomb limits (a 50 000 × 50 000 PNG of a few KB would need 10 GB to decode).
 */

import { LIMITS, type Refusal, refuse, u16be, u32be } from './content-check';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)) >>> 0;
  return (c ^ 0xffffffff) >>> 0;
}

function sizeRefusal(width: number, height: number): Refusal | null {
  if (width === 0 || height === 0) return refuse('La imagen no tiene dimensiones válidas.');
  if (width > LIMITS.maxSide || height > LIMITS.maxSide || width * height > LIMITS.maxPixels)
    return refuse(
      `La imagen es demasiado grande para procesarla (${width} × ${height} píxeles; máximo ${LIMITS.maxSide} por lado y 40 megapíxeles).`,
    );
  return null;
}

/** PNG (ISO/IEC 15948 §5): signature, then chunks `length type data crc`, IHDR first, IEND last. */
export function checkPng(bytes: Uint8Array): Refusal | null {
  let at = 8;
  let sawIhdr = false;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) break;
    if (crc32(bytes, at + 4, at + 8 + length) !== u32be(bytes, at + 8 + length))
      return refuse('La imagen PNG está dañada (un bloque no supera su comprobación CRC).');
    if (!sawIhdr) {
      if (type !== 'IHDR' || length !== 13)
        return refuse('La imagen PNG está dañada (falta la cabecera IHDR).');
      sawIhdr = true;
      const tooBig = sizeRefusal(u32be(bytes, at + 8), u32be(bytes, at + 12));
      if (tooBig) return tooBig;
    }
    if (type === 'IEND') return null;
    at = end;
  }
  return refuse('La imagen PNG está incompleta (el archivo se cortó antes del final).');
}

/** JPEG (ITU T.81 Annex B): SOI, marker segments up to SOS (a SOF gives the size), the scan, EOI. */
export function checkJpeg(bytes: Uint8Array): Refusal | null {
  let at = 2;
  let size: { width: number; height: number } | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return refuse('La imagen JPEG está dañada (estructura de marcadores no válida).');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) return refuse('La imagen JPEG no contiene ninguna imagen.');
    const length = u16be(bytes, at + 2);
    if (length < 2 || at + 2 + length > bytes.length) break;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) size = { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    if (marker === 0xda) {
      if (!size) return refuse('La imagen JPEG está dañada (falta la cabecera de tamaño).');
      const tooBig = sizeRefusal(size.width, size.height);
      if (tooBig) return tooBig;
      // The entropy-coded data ends at EOI (FFD9); some cameras append bytes after it.
      for (let i = bytes.length - 2; i >= at + 2 + length; i--)
        if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return null;
      break;
    }
    at += 2 + length;
  }
  return refuse('La imagen JPEG está incompleta (el archivo se cortó antes del final).');
}
