/**
 * The VeriFacTu QR symbol (Orden HAC/1177/2024 art. 21: ISO/IEC 18004, error-correction level M) as
 * a matrix of modules, `true` for dark. The matrix has no quiet zone: each renderer (PNG, SVG, the
 * invoice PDF) adds its own around it. uqr is tiny and dependency-free, so the pdf and verifactu
 * Lambdas stay small.
 */

import { encode } from 'uqr';

/** Error-correction level required for the VeriFacTu QR (never boosted: the spec says M). */
export const QR_ECC = 'M' as const;

/** Quiet zone of the standard (ISO/IEC 18004: 4 modules), used by the image renderers by default. */
export const DEFAULT_QUIET_ZONE_MODULES = 4;

/** Rows of modules, `true` for a dark module; square, without border. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: QR_ECC, border: 0, boostEcc: false }).data;
}

/** One horizontal run of dark modules in a row: columns [x, x + length). */
export interface QrRun {
  row: number;
  x: number;
  length: number;
}

/** The dark runs of every row, left to right: what vector renderers draw (one rectangle each). */
export function darkRuns(matrix: readonly (readonly boolean[])[]): QrRun[] {
  const runs: QrRun[] = [];
  matrix.forEach((cells, row) => {
    let x = 0;
    while (x < cells.length) {
      if (!cells[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < cells.length && cells[x]) x++;
      runs.push({ row, x: start, length: x - start });
    }
  });
  return runs;
}
