/**
 * The raster images drawn on the first pages of a PDF, as RGBA (ISO 32000-1 §8.9 image XObjects), for
 * finding a VeriFacTu QR that the issuer's software placed as a picture. Read:
 *  - image XObjects of the page resources and of the Form XObjects they use (two levels);
 *  - DCTDecode (JPEG, decoded with jpeg-js under a memory bound) and FlateDecode or unfiltered samples
 *    of 1, 2, 4, 8 or 16 bits in DeviceGray / DeviceRGB / DeviceCMYK, CalGray / CalRGB, ICCBased (by its
 *    component count) and Indexed over any of those; stencil masks (/ImageMask) as black on white,
 *    honouring /Decode [1 0] — a QR drawn as a 1-bit mask is the common case;
 *  - /SMask and /Mask are ignored (a QR is opaque).
 * Not read: inline images (BI … EI), JPX, JBIG2, CCITT, LZW. A QR drawn with vector paths (Cuadra's
 * own invoices do that) is not an image: the page has to be rendered to find it.
 * Images larger than 4000 × 4000 px or smaller than a QR can be (21 px) are skipped; each image is
 * decoded once even when drawn several times.
 */

import { decode as decodeJpegBytes } from 'jpeg-js';
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  type PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import {
  arrayOf,
  decodeStream,
  dictOf,
  get,
  loadPdf,
  nameOf,
  numberOf,
  StreamTooLargeError,
  streamOf,
} from './objects';

export interface RgbaImage {
  rgba: Uint8Array;
  width: number;
  height: number;
}

const MAX_SIDE = 4000;
const MIN_SIDE = 21;
const PAGES = 2;
const MAX_FORM_DEPTH = 2;

type Base = 'gray' | 'rgb' | 'cmyk';
type ColorSpace = { kind: Base } | { kind: 'indexed'; base: Base; hival: number; lookup: Uint8Array };

const COMPONENTS: Record<Base, number> = { gray: 1, rgb: 3, cmyk: 4 };
const baseOfComponents = (n: number | null): Base | null =>
  n === 1 ? 'gray' : n === 3 ? 'rgb' : n === 4 ? 'cmyk' : null;

function baseOfName(name: string | null): Base | null {
  if (name === 'DeviceGray' || name === 'G' || name === 'CalGray') return 'gray';
  if (name === 'DeviceRGB' || name === 'RGB' || name === 'CalRGB') return 'rgb';
  if (name === 'DeviceCMYK' || name === 'CMYK') return 'cmyk';
  return null;
}

function bytesOf(ctx: PDFContext, o: PDFObject | undefined): Uint8Array | null {
  const v = o === undefined ? undefined : ctx.lookup(o);
  if (v instanceof PDFString || v instanceof PDFHexString) return v.asBytes();
  const stream = streamOf(ctx, o);
  try {
    const decoded = stream ? decodeStream(ctx, stream, 256 * 4) : null;
    return decoded && !decoded.pendingFilter ? decoded.bytes : null;
  } catch {
    return null; // a palette larger than 256 colours of 4 components: not a palette
  }
}

/** The colour space of an image (a name, a named resource, or an array form), or null if unsupported. */
function colorSpaceOf(
  ctx: PDFContext,
  o: PDFObject | undefined,
  resources: PDFDict | null,
  depth = 0,
): ColorSpace | null {
  if (depth > 2 || o === undefined) return null;
  const value = ctx.lookup(o);
  if (value instanceof PDFName) {
    const base = baseOfName(value.decodeText());
    if (base) return { kind: base };
    const named = get(dictOf(ctx, get(resources, 'ColorSpace')), value.decodeText());
    return colorSpaceOf(ctx, named, resources, depth + 1);
  }
  if (!(value instanceof PDFArray)) return null;
  const [family, ...rest] = value.asArray();
  const name = nameOf(ctx, family);
  if (name === 'ICCBased') {
    const icc = streamOf(ctx, rest[0]);
    const base = baseOfComponents(numberOf(ctx, get(icc?.dict ?? null, 'N')));
    if (base) return { kind: base };
    const alternate = colorSpaceOf(ctx, get(icc?.dict ?? null, 'Alternate'), resources, depth + 1);
    return alternate?.kind === 'indexed' ? null : alternate;
  }
  if (name === 'Indexed' || name === 'I') {
    const base = colorSpaceOf(ctx, rest[0], resources, depth + 1);
    const hival = numberOf(ctx, rest[1]);
    const lookup = bytesOf(ctx, rest[2]);
    if (!base || base.kind === 'indexed' || hival === null || !lookup) return null;
    return { kind: 'indexed', base: base.kind, hival, lookup };
  }
  const base = baseOfName(name);
  return base ? { kind: base } : null;
}

/** One sample of `bits` bits (1, 2, 4, 8, 16) at index `i` of a row starting at byte `row`, scaled to 0..255 (or the raw index). */
function sampleAt(data: Uint8Array, row: number, i: number, bits: number, raw: boolean): number {
  if (bits === 8) return data[row + i] ?? 0;
  if (bits === 16) return data[row + 2 * i] ?? 0;
  const bit = i * bits;
  const v = ((data[row + (bit >> 3)] ?? 0) >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
  return raw ? v : Math.round((v * 255) / ((1 << bits) - 1));
}

function setRgb(out: Uint8Array, o: number, base: Base, c: readonly number[]): void {
  if (base === 'gray') {
    out[o] = out[o + 1] = out[o + 2] = c[0]!;
  } else if (base === 'rgb') {
    out[o] = c[0]!;
    out[o + 1] = c[1]!;
    out[o + 2] = c[2]!;
  } else {
    const k = c[3]!;
    out[o] = 255 - Math.min(255, c[0]! + k);
    out[o + 1] = 255 - Math.min(255, c[1]! + k);
    out[o + 2] = 255 - Math.min(255, c[2]! + k);
  }
  out[o + 3] = 255;
}

/** Raw samples (filters undone) to RGBA. `invert` flips 1-component samples (/Decode [1 0]). */
function samplesToRgba(
  data: Uint8Array,
  width: number,
  height: number,
  bits: number,
  cs: ColorSpace,
  invert: boolean,
): RgbaImage | null {
  const components = cs.kind === 'indexed' ? 1 : COMPONENTS[cs.kind];
  const rowBytes = Math.ceil((width * components * bits) / 8);
  if (![1, 2, 4, 8, 16].includes(bits) || data.length < rowBytes * height) return null;
  const out = new Uint8Array(width * height * 4);
  const c = [0, 0, 0, 0];
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (cs.kind === 'indexed') {
        const n = COMPONENTS[cs.base];
        const index = Math.min(sampleAt(data, row, x, bits, true), cs.hival);
        for (let k = 0; k < n; k++) c[k] = cs.lookup[index * n + k] ?? 0;
        setRgb(out, o, cs.base, c);
        continue;
      }
      for (let k = 0; k < components; k++) c[k] = sampleAt(data, row, x * components + k, bits, false);
      if (invert && components === 1) c[0] = 255 - c[0]!;
      setRgb(out, o, cs.kind, c);
    }
  }
  return { rgba: out, width, height };
}

function decodeJpeg(bytes: Uint8Array): RgbaImage | null {
  try {
    const img = decodeJpegBytes(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: true,
      maxResolutionInMP: (MAX_SIDE * MAX_SIDE) / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    return { rgba: img.data, width: img.width, height: img.height };
  } catch {
    return null;
  }
}

/** An image XObject to RGBA, or null when it is not one this reads. */
function decodeImage(ctx: PDFContext, ref: PDFObject, resources: PDFDict | null): RgbaImage | null {
  const stream = streamOf(ctx, ref);
  if (!stream) return null;
  const d = stream.dict;
  const width = numberOf(ctx, get(d, 'Width') ?? get(d, 'W'));
  const height = numberOf(ctx, get(d, 'Height') ?? get(d, 'H'));
  if (!width || !height || !Number.isInteger(width) || !Number.isInteger(height)) return null;
  if (width > MAX_SIDE || height > MAX_SIDE || width < MIN_SIDE || height < MIN_SIDE) return null;
  const maskFlag = get(d, 'ImageMask') ?? get(d, 'IM');
  const maskValue = maskFlag === undefined ? undefined : ctx.lookup(maskFlag);
  const mask = maskValue instanceof PDFBool && maskValue.asBoolean();
  const cs: ColorSpace | null = mask
    ? { kind: 'gray' }
    : colorSpaceOf(ctx, get(d, 'ColorSpace') ?? get(d, 'CS'), resources);
  const bits = mask ? 1 : (numberOf(ctx, get(d, 'BitsPerComponent') ?? get(d, 'BPC')) ?? 8);
  const decode = arrayOf(ctx, get(d, 'Decode') ?? get(d, 'D'))
    ?.asArray()
    .map((v) => numberOf(ctx, v));
  // A stencil mask paints its 0 samples (black ink on white paper) unless /Decode is [1 0].
  const invert = decode?.[0] === 1 && decode[1] === 0;
  const components = cs ? (cs.kind === 'indexed' ? 1 : COMPONENTS[cs.kind]) : 3;
  const budget = Math.ceil((width * components * bits) / 8) * height + height;
  let decoded: ReturnType<typeof decodeStream>;
  try {
    decoded = decodeStream(ctx, stream, Math.max(budget, 1) + 1024);
  } catch (e) {
    if (e instanceof StreamTooLargeError) return null; // more data than the image's size: hostile
    throw e;
  }
  if (!decoded) return null;
  if (decoded.pendingFilter === 'DCTDecode') return decodeJpeg(decoded.bytes);
  if (!cs) return null;
  return samplesToRgba(decoded.bytes, width, height, bits, cs, invert);
}

/** The image XObjects (and those of nested forms) of a resources dictionary, in order. */
function imageRefs(
  ctx: PDFContext,
  resources: PDFDict | null,
  depth: number,
  out: { ref: PDFObject; resources: PDFDict | null }[],
) {
  const xobjects = dictOf(ctx, get(resources, 'XObject'));
  if (!xobjects) return;
  for (const [, ref] of xobjects.entries()) {
    const stream = streamOf(ctx, ref);
    const subtype = nameOf(ctx, get(stream?.dict ?? null, 'Subtype'));
    if (subtype === 'Image') out.push({ ref, resources });
    else if (subtype === 'Form' && depth < MAX_FORM_DEPTH && stream) {
      imageRefs(ctx, dictOf(ctx, get(stream.dict, 'Resources')), depth + 1, out);
    }
  }
}

/** The raster images of the first two pages as RGBA (at most `maxImages`), or [] for an unreadable PDF. */
export async function pdfImages(pdf: Uint8Array, maxImages = 6): Promise<RgbaImage[]> {
  const doc = await loadPdf(pdf);
  if (!doc) return [];
  const ctx = doc.context;
  const refs: { ref: PDFObject; resources: PDFDict | null }[] = [];
  try {
    for (const page of doc.getPages().slice(0, PAGES)) imageRefs(ctx, page.node.Resources() ?? null, 0, refs);
  } catch {
    // Resources pdf-lib cannot walk: the images listed so far are still read.
  }
  const images: RgbaImage[] = [];
  const seen = new Set<string>();
  for (const { ref, resources } of refs) {
    if (images.length >= maxImages) break;
    const key = ref instanceof PDFRef ? ref.toString() : null;
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    try {
      const image = decodeImage(ctx, ref, resources);
      if (image) images.push(image);
    } catch {
      // A broken image dictionary or stream: skipped, the others are still read.
    }
  }
  return images;
}
