/**
 * QR codes found in an RGBA image, with jsQR (pure JavaScript, ISO/IEC 18004 decoder). The image may
 * be a whole page rendered at 200 dpi (the VeriFacTu QR is 30–40 mm there: large) or an image embedded
 * in a PDF (the QR alone, sometimes one pixel per module and without its quiet zone: tiny). So the
 * image is tried in a few versions, stopping at the first that gives anything, always on a white
 * margin (jsQR needs the quiet zone to find the finder patterns):
 *  - a large image (a page render) halved first, averaging 2×2: four times less work, and a 30 mm
 *    code at 200 dpi still has 2–3 px per module; then at full size;
 *  - a small image as it is, then upscaled nearest-neighbour (the modules stay sharp squares);
 *  - anything in between as it is.
 * A medium or large image (a page, a scan, a photo) is first thresholded in black and white (Otsu).
 * A small or medium image is also tried inverted (light on dark: jsQR `attemptBoth`); a page only as
 * printed, to keep a page without any code (most invoices) cheap: about a second at 200 dpi.
 * A found code is painted white and the image searched again, so a page with a payment QR and the
 * VeriFacTu QR gives both. jsQR can also pair the finder patterns of two different codes and then
 * decode neither: when nothing is found, overlapping windows of half the larger side are searched one
 * by one (a code no larger than a quarter of the image lies whole in one of them), then the whole
 * image again without the codes found; a page is finally searched at full size.
 * Transparent pixels count as white (a PNG with alpha is drawn on paper).
 */

import jsQR from 'jsqr';

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Codes searched per version of the image (a page rarely carries more than two). */
const MAX_CODES = 4;
/** Below this side the image is upscaled; above the other it is halved. */
const SMALL_SIDE = 600;
const LARGE_SIDE = 2000;

function flattenOnWhite(rgba: Uint8Array, width: number, height: number): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  data.set(rgba.subarray(0, data.length));
  for (let i = 3; i < data.length; i += 4) {
    const a = data[i]!;
    if (a === 255) continue;
    for (let c = i - 3; c < i; c++) data[c] = (data[c]! * a + 255 * (255 - a)) / 255;
    data[i] = 255;
  }
  return { data, width, height };
}

/** The image `factor` times larger, nearest neighbour. */
function upscale(img: Rgba, factor: number): Rgba {
  const width = img.width * factor;
  const height = img.height * factor;
  const data = new Uint8ClampedArray(width * height * 4);
  const src = new Uint32Array(img.data.buffer, img.data.byteOffset, img.width * img.height);
  const dst = new Uint32Array(data.buffer);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / factor) * img.width;
    for (let x = 0; x < width; x++) dst[y * width + x] = src[row + Math.floor(x / factor)]!;
  }
  return { data, width, height };
}

/** Half the size, each pixel the average of a 2×2 block. */
function halve(img: Rgba): Rgba {
  const width = Math.floor(img.width / 2);
  const height = Math.floor(img.height / 2);
  const data = new Uint8ClampedArray(width * height * 4);
  const s = img.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = (2 * y * img.width + 2 * x) * 4;
      const b = a + img.width * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = (s[a + c]! + s[a + 4 + c]! + s[b + c]! + s[b + 4 + c]!) / 4;
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

/** The image on a white margin of `pad` pixels. */
function padded(img: Rgba, pad: number): Rgba {
  const width = img.width + 2 * pad;
  const height = img.height + 2 * pad;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < img.height; y++) {
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((y + pad) * width + pad) * 4);
  }
  return { data, width, height };
}

/** Paints white the bounding box of a found code (with a margin), so the next search finds another. */
function blank(img: Rgba, corners: readonly Point[]): void {
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const margin = Math.max(4, (Math.max(...xs) - Math.min(...xs)) * 0.1);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const x1 = Math.min(img.width, Math.ceil(Math.max(...xs) + margin));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const y1 = Math.min(img.height, Math.ceil(Math.max(...ys) + margin));
  for (let y = y0; y < y1; y++) img.data.fill(255, (y * img.width + x0) * 4, (y * img.width + x1) * 4);
}

interface Found {
  text: string;
  corners: Point[];
}
interface Point {
  x: number;
  y: number;
}

/** Every code jsQR finds in the image (with its corners), searching again after blanking each one. */
function findAll(img: Rgba, inverted = false): Found[] {
  const found: Found[] = [];
  for (let i = 0; i < MAX_CODES; i++) {
    const code = jsQR(img.data, img.width, img.height, {
      inversionAttempts: inverted ? 'attemptBoth' : 'dontInvert',
    });
    if (!code) break;
    const l = code.location;
    const corners = [l.topLeftCorner, l.topRightCorner, l.bottomLeftCorner, l.bottomRightCorner];
    if (code.data && !found.some((f) => f.text === code.data)) found.push({ text: code.data, corners });
    blank(img, corners);
  }
  return found;
}

/** A copy of the `w` × `h` window at (x, y). */
function crop(img: Rgba, x: number, y: number, w: number, h: number): Rgba {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * img.width + x) * 4;
    data.set(img.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { data, width: w, height: h };
}

/** Window origins along one axis: windows of `size` overlapping by half, the last one flush with the end. */
function origins(length: number, size: number): number[] {
  if (length <= size) return [0];
  const out: number[] = [];
  for (let at = 0; at < length - size; at += Math.ceil(size / 2)) out.push(at);
  out.push(length - size);
  return out;
}

/**
 * Codes found window by window, windows of 1/`divisor` of the larger side; each code found is then
 * blanked on a copy of the whole image, which is searched once more (a code too large for a window
 * is found there once the code that confused jsQR is gone).
 */
function findInWindows(img: Rgba): string[] {
  const size = Math.ceil(Math.max(img.width, img.height) / 2);
  if (size < 42) return [];
  const w = Math.min(size, img.width);
  const h = Math.min(size, img.height);
  const found = new Set<string>();
  const rest = crop(img, 0, 0, img.width, img.height);
  for (const y of origins(img.height, h)) {
    for (const x of origins(img.width, w)) {
      const window = crop(img, x, y, w, h);
      const pad = margin(window);
      for (const code of findAll(padded(window, pad))) {
        found.add(code.text);
        blank(
          rest,
          code.corners.map((p) => ({ x: p.x - pad + x, y: p.y - pad + y })),
        );
      }
    }
  }
  if (found.size > 0) for (const code of findAll(padded(rest, margin(rest)))) found.add(code.text);
  return [...found];
}

const texts = (found: readonly Found[]) => found.map((f) => f.text);

/**
 * The image in black and white at Otsu's threshold (the grey level that best separates ink from paper).
 * A scan or a phone photo (grey paper, noise, JPEG blocks) defeats jsQR's own local binariser: on the
 * corpus scans it searched 8-13 s and found nothing; thresholded once, the code is found in 0.4 s
 * (issue 17 item 8, seconds per scanned page).
 */
function binarized(img: Rgba): Rgba {
  const n = img.width * img.height;
  const luma = new Uint8Array(n);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const v = (img.data[o]! * 77 + img.data[o + 1]! * 150 + img.data[o + 2]! * 29) >> 8;
    luma[i] = v;
    histogram[v]!++;
  }
  let total = 0;
  for (let v = 0; v < 256; v++) total += v * histogram[v]!;
  let below = 0;
  let belowSum = 0;
  let best = -1;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    below += histogram[v]!;
    if (below === 0) continue;
    if (below === n) break;
    belowSum += v * histogram[v]!;
    const dark = belowSum / below;
    const light = (total - belowSum) / (n - below);
    const between = below * (n - below) * (dark - light) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  const data = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    const v = luma[i]! <= threshold ? 0 : 255;
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
  return { data, width: img.width, height: img.height };
}

/** The quiet zone jsQR needs around a code: 4 % of the larger side, at least 8 px. */
const margin = (img: Rgba) => Math.max(8, Math.round(Math.max(img.width, img.height) * 0.04));

/** The text of every QR code in an RGBA image (row-major, 4 bytes per pixel), or []. */
export function decodeQr(rgba: Uint8Array, width: number, height: number): string[] {
  if (width < 21 || height < 21 || rgba.length < width * height * 4) return [];
  const base = flattenOnWhite(rgba, width, height);
  const side = Math.max(width, height);
  // A page render is searched at half size first; a small or medium image as it is, also inverted.
  const large = side > LARGE_SIDE;
  const primary = large ? halve(base) : base;
  const attempts: (() => string[])[] = [];
  // A photo or a scan: thresholded first, the cheap search that works on them (and on clean pages too).
  if (side >= SMALL_SIDE)
    attempts.push(() => {
      const bw = binarized(primary);
      return texts(findAll(padded(bw, margin(bw))));
    });
  attempts.push(() => texts(findAll(padded(primary, margin(primary)), !large)));
  if (side < SMALL_SIDE) {
    const factor = Math.min(8, Math.max(2, Math.ceil(SMALL_SIDE / side)));
    const big = () => upscale(base, factor);
    attempts.push(() => {
      const img = big();
      return texts(findAll(padded(img, margin(img)), true));
    });
  }
  attempts.push(() => findInWindows(primary));
  // Modules too small for the half-size page (a code under the 30 mm the order asks for).
  if (large) attempts.push(() => texts(findAll(padded(base, margin(base)))));
  for (const attempt of attempts) {
    const found = attempt();
    if (found.length > 0) return found;
  }
  return [];
}
