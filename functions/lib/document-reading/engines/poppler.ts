/**
 * poppler-utils (installed locally and by .ci/run; not in Lambda): the PDF's text layer with its
 * layout (`pdftotext -layout`), the page count (`pdfinfo`) and pages rendered for OCR and QR
 * (`pdftoppm`). Input on stdin or in a private temporary file; nothing is left behind.
 */

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ReadingError } from '../reading-error';
import { runProcess, withTempDir } from './run-process';

/** The text layer, one array of lines per page (pdftotext separates pages with a form feed). */
export async function popplerText(pdf: Uint8Array): Promise<string[][]> {
  const out = await runProcess('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    stdin: pdf,
    timeoutMs: 60_000,
  });
  const pages = out.toString('utf8').split('\f');
  // The text ends with a form feed after the last page.
  if (pages.length > 1 && pages[pages.length - 1]!.trim() === '') pages.pop();
  return pages.map((page) => page.split(/\r?\n/).map((line) => line.replace(/\s+$/, '')));
}

export async function popplerPageCount(pdf: Uint8Array): Promise<number> {
  const out = (await runProcess('pdfinfo', ['-'], { stdin: pdf, timeoutMs: 30_000 })).toString('utf8');
  const pages = Number(out.match(/^Pages:\s+(\d+)/m)?.[1]);
  if (!Number.isInteger(pages) || pages < 1)
    throw new ReadingError('pdfinfo found no pages', { retryable: false });
  return pages;
}

/** One page as a grey PNG (for Tesseract). */
export async function popplerRenderPng(pdf: Uint8Array, page: number, dpi: number): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'in.pdf');
    await writeFile(input, pdf);
    const root = path.join(dir, 'page');
    const args = ['-r', String(dpi), '-gray', '-png', '-f', String(page), '-l', String(page), '-singlefile'];
    await runProcess('pdftoppm', [...args, input, root], { timeoutMs: 60_000 });
    return new Uint8Array(await readFile(`${root}.png`));
  });
}

/** One page as RGBA pixels (for the QR decoder): pdftoppm's grey PGM (P5) is trivial to read. */
export async function popplerRenderRgba(
  pdf: Uint8Array,
  page: number,
  dpi: number,
): Promise<{ rgba: Uint8Array; width: number; height: number }> {
  const pgm = await runProcess(
    'pdftoppm',
    ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page), '-singlefile', '-'],
    { stdin: pdf, timeoutMs: 60_000 },
  );
  return pgmToRgba(pgm);
}

/** Netpbm binary greymap: `P5 <width> <height> <maxval>` (comments allowed), one byte per pixel. */
export function pgmToRgba(pgm: Uint8Array): { rgba: Uint8Array; width: number; height: number } {
  const tokens: string[] = [];
  let at = 0;
  while (tokens.length < 4 && at < pgm.length) {
    const c = pgm[at]!;
    if (c === 0x23) {
      while (at < pgm.length && pgm[at] !== 0x0a) at++; // a comment, to the end of its line
    } else if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      at++;
    } else {
      let token = '';
      while (at < pgm.length && pgm[at]! > 0x20 && pgm[at] !== 0x23) token += String.fromCharCode(pgm[at++]!);
      tokens.push(token);
    }
  }
  const [magic, w, h, max] = tokens;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || !(width > 0) || !(height > 0) || !(Number(max) > 0 && Number(max) < 256))
    throw new ReadingError('pdftoppm returned no 8-bit greymap', { retryable: false });
  const pixels = pgm.subarray(at + 1, at + 1 + width * height); // one whitespace byte ends the header
  if (pixels.length !== width * height)
    throw new ReadingError('pdftoppm greymap is short', { retryable: false });
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return { rgba, width, height };
}
