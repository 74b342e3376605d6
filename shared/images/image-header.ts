/**
 * What an image file is and how large it claims to be, read from its header alone (the PNG IHDR
 * chunk, the JPEG SOF segment) without decoding a single pixel. A decompression bomb is a few
 * kilobytes that claim millions of pixels: reading the claim first lets the caller refuse it
 * before any decoder allocates for it. Pure and browser-safe: the web form runs the same checks.
 */

export type ImageKind = 'png' | 'jpeg' | 'svg';

export interface ImageHeader {
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number) => u16(b, i) * 65536 + u16(b, i + 2);

/** SVG is told by its text: an optional BOM, XML declaration, comments or doctype, then `<svg`. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  return /^\s*</.test(head) && /<svg[\s>/]/i.test(head);
}

/** The kind of image the bytes hold (by content, never by file name), or null. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return looksLikeSvg(bytes) ? 'svg' : null;
}

/** PNG: the first chunk must be a 13-byte IHDR (PNG spec §11.2.2). */
function pngHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 33 || u32(bytes, 8) !== 13) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  return width > 0 && height > 0 ? { kind: 'png', width, height } : null;
}

/** SOFn markers (ITU T.81 table B.1): C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walks the marker segments up to the frame header; null when a scan starts before it. */
function jpegHeader(bytes: Uint8Array): ImageHeader | null {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    while (bytes[i] === 0xff && i < bytes.length) i += 1; // fill bytes
    const marker = bytes[i] ?? 0;
    i += 1;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // EOI or SOS before any frame
    const length = u16(bytes, i);
    if (length < 2 || i + length > bytes.length) return null;
    if (isSof(marker)) {
      if (length < 8) return null;
      const height = u16(bytes, i + 3);
      const width = u16(bytes, i + 5);
      // A zero height is deferred to a DNL marker after the scan: refused, it cannot be checked first.
      return width > 0 && height > 0 ? { kind: 'jpeg', width, height } : null;
    }
    i += length;
  }
  return null;
}

/** The PNG or JPEG's claimed dimensions, or null when the header is missing or unreadable. */
export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  const kind = imageKind(bytes);
  if (kind === 'png') return pngHeader(bytes);
  if (kind === 'jpeg') return jpegHeader(bytes);
  return null;
}
