/** Test helpers for QR images: read a PNG back and the error-correction level of a matrix. */

import { unzlibSync } from 'fflate';
import { crc32 } from './png';

export interface PngChunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

export function pngChunks(bytes: Uint8Array): PngChunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at < bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    chunks.push({ type, data, crcOk: crc32(bytes.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  return chunks;
}

/** The pixels of a 1-bit greyscale PNG (true = black), rows of columns. */
export function pngBilevelPixels(bytes: Uint8Array): { width: number; height: number; dark: boolean[][] } {
  const chunks = pngChunks(bytes);
  const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
  const width = ihdr.getUint32(0);
  const height = ihdr.getUint32(4);
  const idat = chunks.filter((c) => c.type === 'IDAT');
  const joined = new Uint8Array(idat.reduce((n, c) => n + c.data.length, 0));
  let o = 0;
  for (const c of idat) {
    joined.set(c.data, o);
    o += c.data.length;
  }
  const raw = unzlibSync(joined);
  const rowBytes = Math.ceil(width / 8);
  const dark: boolean[][] = [];
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    if (raw[start] !== 0) throw new Error(`unexpected filter ${raw[start]}`);
    const row: boolean[] = [];
    for (let x = 0; x < width; x++) row.push(((raw[start + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 0);
    dark.push(row);
  }
  return { width, height, dark };
}

const LEVELS = ['M', 'L', 'H', 'Q'] as const;

/**
 * The error-correction level and mask read from the format information next to the top-left finder
 * (ISO/IEC 18004 §7.9): 15 bits XOR 0x5412, the two high data bits are the level (L 01, M 00, Q 11, H 10).
 */
export function formatInfo(matrix: readonly (readonly boolean[])[]): {
  level: (typeof LEVELS)[number];
  mask: number;
} {
  const at = (x: number, y: number) => (matrix[y]![x] ? 1 : 0);
  let bits = 0;
  const set = (i: number, v: number) => {
    bits |= v << i;
  };
  for (let i = 0; i <= 5; i++) set(i, at(8, i));
  set(6, at(8, 7));
  set(7, at(8, 8));
  set(8, at(7, 8));
  for (let i = 9; i < 15; i++) set(i, at(14 - i, 8));
  const data = (bits ^ 0x5412) >> 10;
  return { level: LEVELS[data >> 3]!, mask: data & 7 };
}
