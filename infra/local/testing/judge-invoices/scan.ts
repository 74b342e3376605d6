/**
 * Scanned-looking versions of the judge's invoices: each page rendered by poppler (`pdftoppm -r 150
 * -gray`, the Debian package the project installs), then degraded the way an office scanner or a
 * phone does it: a small rotation (bilinear), greyish paper, sensor noise and dust, and JPEG at
 * quality 60-75 (jpeg-js). Deterministic for a seed (mulberry32), so a failure can be reproduced.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black .. 255 white. */
  data: Uint8Array;
}

/** A small seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Parses a binary PGM (P5, maxval 255) as pdftoppm -gray writes it. */
export function parsePgm(bytes: Uint8Array): GrayImage {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[i]!))) i++;
    if (bytes[i] === 0x23) {
      while (bytes[i] !== 0x0a) i++;
      continue;
    }
    let tok = '';
    while (!/\s/.test(String.fromCharCode(bytes[i]!))) tok += String.fromCharCode(bytes[i++]!);
    fields.push(tok);
  }
  i++; // the single whitespace after maxval
  if (fields[0] !== 'P5' || fields[3] !== '255') throw new Error(`not an 8-bit P5 PGM: ${fields.join(' ')}`);
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, data: bytes.slice(i, i + width * height) };
}

/** Every page of a PDF as a gray image at `dpi`. */
export function renderPages(pdf: Uint8Array, dpi = 150): GrayImage[] {
  const dir = mkdtempSync(join(tmpdir(), 'judge-scan-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', join(dir, 'in.pdf'), join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => parsePgm(readFileSync(join(dir, f))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Degradation {
  /** Degrees, counter-clockwise. */
  rotateDeg: number;
  /** Standard deviation of the sensor noise (gray levels). */
  noise: number;
  /** Paper white (gray level of the background). */
  paper: number;
  /** Dark specks per megapixel. */
  dust: number;
  jpegQuality: number;
}

/** Rotation about the centre with bilinear sampling; what falls outside is paper. */
export function rotate(img: GrayImage, deg: number, paper: number): GrayImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h);
  const a = (deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      const dy = y - cy;
      const sx = cos * dx - sin * dy + cx;
      const sy = sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * w + x] = paper;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const p00 = data[y0 * w + x0]!;
      const p10 = data[y0 * w + x0 + 1]!;
      const p01 = data[(y0 + 1) * w + x0]!;
      const p11 = data[(y0 + 1) * w + x0 + 1]!;
      out[y * w + x] = Math.round(
        p00 * (1 - fx) * (1 - fy) + p10 * fx * (1 - fy) + p01 * (1 - fx) * fy + p11 * fx * fy,
      );
    }
  }
  return { width: w, height: h, data: out };
}

/** Paper tone, noise (approximately Gaussian: sum of 4 uniforms) and dust, in place. */
export function soil(img: GrayImage, d: Degradation, rnd: () => number): GrayImage {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  const ink = 25;
  for (let i = 0; i < data.length; i++) {
    // Map 0..255 to ink..paper (a scanner never gives pure black on pure white).
    const v = ink + (data[i]! / 255) * (d.paper - ink);
    const n = (rnd() + rnd() + rnd() + rnd() - 2) * d.noise * 1.73;
    out[i] = Math.max(0, Math.min(255, Math.round(v + n)));
  }
  const specks = Math.round((w * h * d.dust) / 1_000_000);
  for (let s = 0; s < specks; s++) {
    const x = Math.floor(rnd() * w);
    const y = Math.floor(rnd() * h);
    const r = rnd() < 0.8 ? 0 : 1;
    for (let yy = y - r; yy <= y + r; yy++) {
      for (let xx = x - r; xx <= x + r; xx++) {
        if (xx >= 0 && yy >= 0 && xx < w && yy < h) out[yy * w + xx] = 60 + Math.floor(rnd() * 60);
      }
    }
  }
  return { width: w, height: h, data: out };
}

export function encodeJpeg(img: GrayImage, quality: number): Uint8Array {
  const rgba = new Uint8Array(img.width * img.height * 4);
  for (let i = 0; i < img.data.length; i++) {
    const v = img.data[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return new Uint8Array(jpeg.encode({ data: rgba, width: img.width, height: img.height }, quality).data);
}

/** A degradation drawn from the seed: rotation ±(0.3..1.2)°, noise 6-12, paper 225-245, JPEG 60-75. */
export function degradationFor(seed: number): Degradation {
  const r = prng(seed);
  const sign = r() < 0.5 ? -1 : 1;
  return {
    rotateDeg: sign * (0.3 + r() * 0.9),
    noise: 6 + r() * 6,
    paper: Math.round(225 + r() * 20),
    dust: 20 + r() * 40,
    jpegQuality: Math.round(60 + r() * 15),
  };
}

/** The scanned pages of a PDF as JPEG files. */
export function scanPdf(pdf: Uint8Array, seed: number): { jpegs: Uint8Array[]; degradation: Degradation } {
  const d = degradationFor(seed);
  const rnd = prng(seed ^ 0x5bd1e995);
  const jpegs = renderPages(pdf).map((page) =>
    encodeJpeg(soil(rotate(page, d.rotateDeg, 255), d, rnd), d.jpegQuality),
  );
  return { jpegs, degradation: d };
}

/** An image-only PDF (what a scanner's "scan to PDF" makes): one JPEG per A4 page, no text layer. */
export async function imagePdf(jpegs: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setProducer('Scanner ScanSnap iX1600');
  for (const j of jpegs) {
    const img = await doc.embedJpg(j);
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(img, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return doc.save({ useObjectStreams: false });
}
