/**
 * A bounded PNG decoder and a plain PNG encoder (PNG spec, ISO/IEC 15948). The decoder knows from
 * IHDR exactly how many bytes the image data must inflate to, allocates that once, and inflates the
 * IDAT stream in small slices, stopping the moment the output would pass it: a stream that claims
 * more (a decompression bomb hidden behind modest dimensions) costs at most one slice's expansion.
 * Every chunk's CRC is checked; every colour type, bit depth and Adam7 interlacing is read into RGBA8.
 */

import { Unzlib, zlibSync } from 'fflate';
import { ImageError } from './image-error';

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, straight (not premultiplied) alpha. */
  rgba: Uint8Array;
}

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032:1. */
const INFLATE_SLICE = 1024;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)) >>> 0;
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;

/** Channels per colour type; the allowed bit depths (PNG spec table 11.1). */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

interface Ihdr {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  channels: number;
  interlaced: boolean;
}

/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  w: number;
  h: number;
}

function passesOf(h: Ihdr): Pass[] {
  if (!h.interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, w: h.width, h: h.height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    w: Math.ceil((h.width - x0) / dx),
    h: Math.ceil((h.height - y0) / dy),
  })).filter((p) => p.w > 0 && p.h > 0);
}

const rowBytes = (h: Ihdr, w: number) => Math.ceil((w * h.channels * h.depth) / 8);

function parseIhdr(data: Uint8Array, maxPixels: number): Ihdr {
  if (data.length !== 13) throw new ImageError('PNG IHDR has the wrong length');
  const width = u32(data, 0);
  const height = u32(data, 4);
  const [depth, colourType, compression, filter, interlace] = [
    data[8]!,
    data[9]!,
    data[10],
    data[11],
    data[12],
  ];
  const type = COLOUR_TYPES[colourType];
  if (!type?.depths.includes(depth)) throw new ImageError('PNG colour type or bit depth not valid');
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
    throw new ImageError('PNG compression, filter or interlace method not valid');
  }
  if (width === 0 || height === 0) throw new ImageError('PNG has no pixels');
  if (width * height > maxPixels) throw new ImageError('PNG has more pixels than allowed');
  return { width, height, depth, colourType, channels: type.channels, interlaced: interlace === 1 };
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Reverses the row filters of one pass in place (PNG spec §9). */
function unfilter(raw: Uint8Array, offset: number, rows: number, stride: number, bpp: number): void {
  for (let y = 0; y < rows; y++) {
    const line = offset + y * (stride + 1);
    const type = raw[line]!;
    const cur = line + 1;
    const prev = y > 0 ? cur - (stride + 1) : -1;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? raw[cur + i - bpp]! : 0;
      const b = prev >= 0 ? raw[prev + i]! : 0;
      const c = prev >= 0 && i >= bpp ? raw[prev + i - bpp]! : 0;
      let add: number;
      if (type === 0) add = 0;
      else if (type === 1) add = a;
      else if (type === 2) add = b;
      else if (type === 3) add = (a + b) >> 1;
      else if (type === 4) add = paeth(a, b, c);
      else throw new ImageError('PNG row filter not valid');
      raw[cur + i] = (raw[cur + i]! + add) & 0xff;
    }
  }
}

interface Palette {
  colours?: Uint8Array;
  alpha?: Uint8Array;
}

/** Sample `index` of a row (any depth) as its raw value. */
function sample(raw: Uint8Array, rowStart: number, index: number, depth: number): number {
  if (depth === 8) return raw[rowStart + index]!;
  if (depth === 16) return (raw[rowStart + index * 2]! << 8) | raw[rowStart + index * 2 + 1]!;
  const bit = index * depth;
  const byte = raw[rowStart + (bit >> 3)]!;
  return (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/** Writes one pass's pixels into the RGBA image. */
function expandPass(raw: Uint8Array, offset: number, p: Pass, h: Ihdr, pal: Palette, out: Uint8Array): void {
  const stride = rowBytes(h, p.w);
  const max = (1 << h.depth) - 1;
  const to8 = (v: number) => (h.depth === 16 ? v >> 8 : Math.round((v * 255) / max));
  const key = pal.alpha; // tRNS for colour types 0 and 2: the transparent colour, 16-bit values
  const keyValue = (i: number) => (key ? (key[i * 2]! << 8) | key[i * 2 + 1]! : -1);
  for (let y = 0; y < p.h; y++) {
    const rowStart = offset + y * (stride + 1) + 1;
    for (let x = 0; x < p.w; x++) {
      const o = ((p.y0 + y * p.dy) * h.width + (p.x0 + x * p.dx)) * 4;
      const s = (c: number) => sample(raw, rowStart, x * h.channels + c, h.depth);
      if (h.colourType === 3) {
        const i = s(0);
        if (!pal.colours || i * 3 + 2 >= pal.colours.length)
          throw new ImageError('PNG palette index out of range');
        out[o] = pal.colours[i * 3]!;
        out[o + 1] = pal.colours[i * 3 + 1]!;
        out[o + 2] = pal.colours[i * 3 + 2]!;
        out[o + 3] = pal.alpha && i < pal.alpha.length ? pal.alpha[i]! : 255;
      } else if (h.colourType === 0 || h.colourType === 4) {
        const g = s(0);
        out[o] = out[o + 1] = out[o + 2] = to8(g);
        out[o + 3] = h.colourType === 4 ? to8(s(1)) : g === keyValue(0) ? 0 : 255;
      } else {
        const [r, g, b] = [s(0), s(1), s(2)];
        out[o] = to8(r);
        out[o + 1] = to8(g);
        out[o + 2] = to8(b);
        const transparent = h.colourType === 2 && r === keyValue(0) && g === keyValue(1) && b === keyValue(2);
        out[o + 3] = h.colourType === 6 ? to8(s(3)) : transparent ? 0 : 255;
      }
    }
  }
}

/**
 * Inflates the IDAT stream into exactly `expected` bytes: throws as soon as it would give more,
 * and when it gives fewer.
 */
function inflateBounded(idat: Uint8Array[], expected: number): Uint8Array {
  const out = new Uint8Array(expected);
  let filled = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    if (filled + chunk.length > expected) throw new ImageError('PNG data inflates past its dimensions');
    out.set(chunk, filled);
    filled += chunk.length;
    if (final) ended = true;
  });
  const total = idat.reduce((n, c) => n + c.length, 0);
  let pushed = 0;
  for (const chunk of idat) {
    for (let i = 0; i < chunk.length; i += INFLATE_SLICE) {
      const slice = chunk.subarray(i, i + INFLATE_SLICE);
      pushed += slice.length;
      try {
        inflater.push(slice, pushed === total);
      } catch (e) {
        if (e instanceof ImageError) throw e;
        throw new ImageError('PNG data is not a valid zlib stream');
      }
    }
  }
  if (!ended || filled !== expected) throw new ImageError('PNG data is shorter than its dimensions');
  return out;
}

/** Decodes a PNG into RGBA8, refusing more than `maxPixels` before allocating for them. */
export function decodePng(bytes: Uint8Array, { maxPixels }: { maxPixels: number }): RgbaImage {
  if (!PNG_SIGNATURE.every((b, i) => bytes[i] === b)) throw new ImageError('Not a PNG');
  let ihdr: Ihdr | undefined;
  const pal: Palette = {};
  const idat: Uint8Array[] = [];
  let i = 8;
  let ended = false;
  while (!ended) {
    if (i + 12 > bytes.length) throw new ImageError('PNG ends before IEND');
    const length = u32(bytes, i);
    if (length > bytes.length - i - 12) throw new ImageError('PNG chunk runs past the file');
    const type = String.fromCharCode(...bytes.subarray(i + 4, i + 8));
    const data = bytes.subarray(i + 8, i + 8 + length);
    if (crc32(bytes, i + 4, i + 8 + length) !== u32(bytes, i + 8 + length)) {
      throw new ImageError(`PNG chunk ${type} has a bad CRC`);
    }
    if (!ihdr && type !== 'IHDR') throw new ImageError('PNG does not start with IHDR');
    if (type === 'IHDR') {
      if (ihdr) throw new ImageError('PNG has two IHDR chunks');
      ihdr = parseIhdr(data, maxPixels);
    } else if (type === 'PLTE') pal.colours = data;
    else if (type === 'tRNS') pal.alpha = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    else if (/^[A-Z]/.test(type)) throw new ImageError(`PNG critical chunk ${type} not understood`);
    i += 12 + length;
  }
  if (!ihdr || idat.length === 0) throw new ImageError('PNG has no image data');
  const h = ihdr;
  const bpp = Math.max(1, Math.ceil((h.channels * h.depth) / 8));
  const passes = passesOf(h);
  const expected = passes.reduce((n, p) => n + p.h * (rowBytes(h, p.w) + 1), 0);
  const raw = inflateBounded(idat, expected);
  const rgba = new Uint8Array(h.width * h.height * 4);
  let offset = 0;
  for (const p of passes) {
    const stride = rowBytes(h, p.w);
    unfilter(raw, offset, p.h, stride, bpp);
    expandPass(raw, offset, p, h, pal, rgba);
    offset += p.h * (stride + 1);
  }
  return { width: h.width, height: h.height, rgba };
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** Per row, the filter whose output has the smallest sum of absolute values (PNG spec §12.8). */
function filterRows(pixels: Uint8Array, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(height * (stride + 1));
  const candidate = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const cur = y * stride;
    let best = Number.POSITIVE_INFINITY;
    for (let type = 0; type <= 4; type++) {
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? pixels[cur + i - bpp]! : 0;
        const b = y > 0 ? pixels[cur - stride + i]! : 0;
        const c = y > 0 && i >= bpp ? pixels[cur - stride + i - bpp]! : 0;
        const pred =
          type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
        const v = (pixels[cur + i]! - pred) & 0xff;
        candidate[i] = v;
        sum += v < 128 ? v : 256 - v;
      }
      if (sum < best) {
        best = sum;
        out[y * (stride + 1)] = type;
        out.set(candidate, y * (stride + 1) + 1);
      }
    }
  }
  return out;
}

/** An 8-bit PNG of the pixels: RGB when every pixel is opaque, RGBA otherwise. */
export function encodePng({ width, height, rgba }: RgbaImage): Uint8Array {
  let opaque = true;
  for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255;
  const channels = opaque ? 3 : 4;
  const pixels = opaque ? new Uint8Array(width * height * 3) : rgba;
  if (opaque) for (let p = 0, q = 0; p < rgba.length; p += 4, q += 3) pixels.set(rgba.subarray(p, p + 3), q);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  const idat = zlibSync(filterRows(pixels, width, height, channels), { level: 9 });
  const parts = [
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
