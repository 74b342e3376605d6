/**
 * What the content checks answer (issue 17 item 1): the type the bytes prove, or why the file is
 * refused. DOC_041 = not what it claims to be, hostile, empty or truncated; DOC_042 = too large.
 * Reasons are Spanish: they are shown to the uploader and stored on the document (`rejection`).
 */

export type SniffedType = 'pdf' | 'jpeg' | 'png' | 'xml' | 'doc' | 'docx' | 'xls' | 'xlsx';

export type ContentCheck =
  | { ok: true; type: SniffedType; contentType: string; pages: number | null }
  | { ok: false; code: 'DOC_041' | 'DOC_042'; reason: string };

export type Refusal = Extract<ContentCheck, { ok: false }>;

export const refuse = (reason: string, code: 'DOC_041' | 'DOC_042' = 'DOC_041'): Refusal => ({
  ok: false,
  code,
  reason,
});

/** Decompression-bomb limits (issue 17 item 1). */
export const LIMITS = {
  /** An image's pixels (width × height) and its largest side. */
  maxPixels: 40_000_000,
  maxSide: 10_000,
  maxPdfPages: 200,
  /** A PDF Flate stream is a bomb when it inflates to more than both of these. */
  flateRatio: 100,
  flateBytes: 50 * 1024 * 1024,
  /** Every stream of one PDF together. */
  pdfInflatedTotal: 500 * 1024 * 1024,
  /** An Office (ZIP) file. */
  zipRatio: 100,
  zipUncompressed: 200 * 1024 * 1024,
  zipEntries: 1000,
} as const;

export const latin1 = (bytes: Uint8Array, start = 0, end = bytes.length): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, end - start)).toString('latin1');

export const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((b, i) => bytes[at + i] === b);

export const u16le = (b: Uint8Array, i: number): number => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
export const u32le = (b: Uint8Array, i: number): number => (u16le(b, i) | (u16le(b, i + 2) << 16)) >>> 0;
export const u16be = (b: Uint8Array, i: number): number => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
export const u32be = (b: Uint8Array, i: number): number => ((u16be(b, i) << 16) | u16be(b, i + 2)) >>> 0;
