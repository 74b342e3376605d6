/**
 * Reading PDF objects with pdf-lib without trusting them: every lookup checks the type it gets (a
 * hostile or broken file puts a number where a dictionary belongs), and a stream's data is decoded
 * under a byte cap. Flate (the filter of nearly every stream) is inflated with fflate in small input
 * steps, so a decompression bomb stops at the cap instead of filling the memory; the PNG predictors
 * of /DecodeParms (ISO 32000-1 §7.4.4.4) are undone. ASCIIHexDecode is read; the other filters (LZW,
 * RunLength, ASCII85, CCITT, JBIG2, JPX) are not, and a stream using them is skipped. DCTDecode is left
 * to the caller (it is a JPEG file as it is).
 */

import { Inflate, Unzlib } from 'fflate';
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

/**
 * The PDF, parsed, or null when pdf-lib cannot read it (encrypted, no catalog or page tree, broken
 * beyond repair: pdf-lib accepts any bytes and only fails when the pages are asked for).
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    doc.getPages();
    return doc;
  } catch {
    return null;
  }
}

export const dictOf = (ctx: PDFContext, o: PDFObject | undefined): PDFDict | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFDict ? v : null;
};
export const arrayOf = (ctx: PDFContext, o: PDFObject | undefined): PDFArray | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFArray ? v : null;
};
export const streamOf = (ctx: PDFContext, o: PDFObject | undefined): PDFRawStream | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFRawStream ? v : null;
};
export const numberOf = (ctx: PDFContext, o: PDFObject | undefined): number | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFNumber ? v.asNumber() : null;
};
export const nameOf = (ctx: PDFContext, o: PDFObject | undefined): string | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFName ? v.decodeText() : null;
};
export const textOf = (ctx: PDFContext, o: PDFObject | undefined): string | null => {
  const v = o === undefined ? undefined : ctx.lookup(o);
  return v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : null;
};
/** The elements of an array, or the value alone as a one-element list. */
export const listOf = (ctx: PDFContext, o: PDFObject | undefined): PDFObject[] => {
  const a = arrayOf(ctx, o);
  if (a) return a.asArray();
  return o === undefined ? [] : [o];
};
export const get = (d: PDFDict | null, key: string): PDFObject | undefined => d?.get(PDFName.of(key));

/** The decoded data passed the cap given. */
export class StreamTooLargeError extends Error {
  constructor() {
    super('PDF stream larger than allowed once decoded');
    this.name = 'StreamTooLargeError';
  }
}

/** Input is fed to fflate this many bytes at a time: one step inflates to at most ~1000× this. */
const INFLATE_STEP = 16 * 1024;

/** Inflates a zlib (or raw deflate) stream, throwing StreamTooLargeError beyond `maxBytes`. */
export function inflateCapped(data: Uint8Array, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const sink = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > maxBytes) throw new StreamTooLargeError();
    chunks.push(chunk);
  };
  // A zlib header: CM 8 (deflate) and a check value making CMF·FLG a multiple of 31 (RFC 1950).
  const zlib = data.length > 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
  const inflater = zlib ? new Unzlib(sink) : new Inflate(sink);
  for (let at = 0; at < data.length; at += INFLATE_STEP) {
    inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
  }
  return concat(chunks, total);
}

export function concat(chunks: readonly Uint8Array[], total = chunks.reduce((n, c) => n + c.length, 0)) {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const hex = new TextDecoder('latin1')
    .decode(data)
    .replace(/>[\s\S]*$/, '')
    .replace(/[^0-9a-fA-F]/g, '');
  const out = new Uint8Array(Math.ceil(hex.length / 2));
  // An odd last digit counts as followed by 0 (§7.4.2).
  for (let i = 0; i < out.length; i++)
    out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2).padEnd(2, '0'), 16);
  return out;
}

/** Undoes the PNG predictors (Predictor ≥ 10): each row starts with its filter type byte. */
export function undoPngPredictor(
  data: Uint8Array,
  colors: number,
  bitsPerComponent: number,
  columns: number,
) {
  const bpp = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)];
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = r > 0 ? out[dst + i - rowBytes]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst + i - rowBytes - bpp]! : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[dst + i] = value & 0xff;
    }
  }
  return out;
}

export interface DecodedStream {
  bytes: Uint8Array;
  /** 'DCTDecode' when the bytes are still a JPEG (the last filter, left to the caller). */
  pendingFilter: 'DCTDecode' | null;
}

/**
 * The stream's data with its filters undone, within `maxBytes`; null when a filter is not supported
 * or the data is broken. Throws StreamTooLargeError past the cap.
 */
export function decodeStream(ctx: PDFContext, stream: PDFRawStream, maxBytes: number): DecodedStream | null {
  const filters = listOf(ctx, get(stream.dict, 'Filter')).map((f) => nameOf(ctx, f));
  const params = listOf(ctx, get(stream.dict, 'DecodeParms') ?? get(stream.dict, 'DP'));
  let bytes = stream.contents;
  for (const [i, filter] of filters.entries()) {
    if (filter === 'DCTDecode' || filter === 'DCT') {
      return i === filters.length - 1 ? { bytes, pendingFilter: 'DCTDecode' } : null;
    }
    if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
      bytes = asciiHex(bytes);
      continue;
    }
    if (filter !== 'FlateDecode' && filter !== 'Fl') return null;
    try {
      bytes = inflateCapped(bytes, maxBytes);
    } catch (e) {
      if (e instanceof StreamTooLargeError) throw e;
      return null;
    }
    const p = dictOf(ctx, params[i]);
    const predictor = numberOf(ctx, get(p, 'Predictor')) ?? 1;
    if (predictor >= 10) {
      bytes = undoPngPredictor(
        bytes,
        numberOf(ctx, get(p, 'Colors')) ?? 1,
        numberOf(ctx, get(p, 'BitsPerComponent')) ?? 8,
        numberOf(ctx, get(p, 'Columns')) ?? 1,
      );
    } else if (predictor !== 1) {
      return null; // TIFF predictor 2: not read
    }
  }
  if (bytes.length > maxBytes) throw new StreamTooLargeError();
  return { bytes, pendingFilter: null };
}
