/**
 * Test helpers for reading QR codes: a module matrix painted as RGBA, and a PDF page rendered to RGBA
 * by poppler's pdftoppm (installed by .ci/run with poppler-utils), as a reader of real pages would see it.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Black-on-white RGBA of a module matrix, `scale` px per module and `quiet` modules of margin. */
export function matrixRgba(
  matrix: readonly (readonly boolean[])[],
  scale: number,
  quiet: number,
  invert = false,
) {
  const side = (matrix.length + 2 * quiet) * scale;
  const rgba = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = matrix[my]?.[mx] === true;
      const v = dark !== invert ? 0 : 255;
      rgba.set([v, v, v, 255], (y * side + x) * 4);
    }
  }
  return { rgba, width: side, height: side };
}

/** Page `page` (1-based) of a PDF rendered at `dpi` in greyscale, as RGBA. */
export function renderPdfPageRgba(pdf: Uint8Array, page: number, dpi: number) {
  const dir = mkdtempSync(join(tmpdir(), 'qr-page-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ]);
    const file = readFileSync(join(dir, `out-${page}.pgm`));
    // Binary PGM (P5): magic, width, height, maxval separated by whitespace, then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a PGM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = file.subarray(header[0].length);
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([pixels[i]!, pixels[i]!, pixels[i]!, 255], i * 4);
    return { rgba, width, height };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
