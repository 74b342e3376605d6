/**
 * A scanned-looking image of a corpus PDF: each page rendered in grey by poppler (`pdftoppm -gray`,
 * installed here and by .ci/run) at 150–200 dpi, then degraded the way a scanner or a phone does —
 * a slight rotation (≤ 1.5°), noise, a blur — and saved as JPEG (quality ~70) or PNG. Seeded.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { encode as encodeJpeg } from 'jpeg-js';
import { rng } from './invoices';

export interface ScannedPage {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

interface Grey {
  width: number;
  height: number;
  px: Uint8Array;
}

function readPgm(bytes: Buffer): Grey {
  // Binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel.
  const header = bytes.subarray(0, 64).toString('latin1');
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!m) throw new Error('pdftoppm did not write a PGM');
  const offset = m[0].length;
  const width = Number(m[1]);
  const height = Number(m[2]);
  return { width, height, px: new Uint8Array(bytes.subarray(offset, offset + width * height)) };
}

function degrade(img: Grey, r: () => number): Grey {
  const { width, height, px } = img;
  const angle = ((r() * 2 - 1) * 1.5 * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = cos * (x - cx) + sin * (y - cy) + cx;
      const sy = -sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        out[y * width + x] = 250;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * width + x0;
      const v =
        (px[i]! * (1 - fx) + px[i + 1]! * fx) * (1 - fy) +
        (px[i + width]! * (1 - fx) + px[i + width + 1]! * fx) * fy;
      out[y * width + x] = v;
    }
  }
  // A light 3×3 blur mixed with the original, then noise and a greyish paper.
  const blurred = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += out[(y + dy) * width + x + dx]!;
      const i = y * width + x;
      blurred[i] = Math.round(out[i]! * 0.6 + (s / 9) * 0.4);
    }
  }
  for (let i = 0; i < blurred.length; i++) {
    const noise = (r() + r() + r() - 1.5) * 24;
    blurred[i] = Math.max(0, Math.min(255, blurred[i]! * 0.92 + 12 + noise));
  }
  return { width, height, px: blurred };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function greyPng({ width, height, px }: Grey): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(px.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      sig,
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}
function greyJpeg({ width, height, px }: Grey, quality: number): Uint8Array {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < px.length; i++) {
    rgba[i * 4] = px[i]!;
    rgba[i * 4 + 1] = px[i]!;
    rgba[i * 4 + 2] = px[i]!;
    rgba[i * 4 + 3] = 255;
  }
  return new Uint8Array(encodeJpeg({ data: rgba, width, height }, quality).data);
}

/** Every page of `pdf` as a degraded scan (JPEG or PNG, chosen by the seed unless given). */
export function scanned(
  pdf: Uint8Array,
  seed: number,
  opts: { format?: 'jpeg' | 'png' } = {},
): ScannedPage[] {
  const r = rng(seed);
  const dpi = 150 + Math.floor(r() * 51);
  const format = opts.format ?? (r() < 0.5 ? 'jpeg' : 'png');
  const dir = mkdtempSync(join(tmpdir(), 'cuadra-scan-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', join(dir, 'in.pdf'), join(dir, 'page')]);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort();
    return files.map((f) => {
      const img = degrade(readPgm(readFileSync(join(dir, f))), r);
      return format === 'jpeg'
        ? {
            bytes: greyJpeg(img, 68 + Math.floor(r() * 6)),
            contentType: 'image/jpeg' as const,
            width: img.width,
            height: img.height,
          }
        : { bytes: greyPng(img), contentType: 'image/png' as const, width: img.width, height: img.height };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
