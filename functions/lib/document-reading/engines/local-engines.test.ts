/**
 * The local tools (poppler-utils, tesseract-ocr-spa: installed here and by .ci/run) and pdf.js, on the
 * sample invoices: the text layer both ways, a rendered page, OCR of the sample photo, process failures.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ReadingError } from '../reading-error';
import { pgmToRgba, popplerPageCount, popplerRenderRgba } from './poppler';
import { runProcess } from './run-process';
import { ocrImage } from './tesseract';
import { hasRealText, readTextLayer } from './text-layer';

const SAMPLES = '/work/shared/data/invoices/erseco_facturascripts-plugin-AiScan';
const sample = (name: string) => new Uint8Array(readFileSync(path.join(SAMPLES, name)));
const joined = (pages: string[][]) => pages.map((p) => p.join('\n')).join('\n\f\n');

describe('the text layer: poppler and pdf.js agree on the samples', () => {
  it.each(['F-2024-004.pdf', 'F-2024-011.pdf', 'F-2025-001.pdf'])('%s', async (file) => {
    const pdf = sample(file);
    const poppler = await readTextLayer(pdf, 'poppler');
    const pdfjs = await readTextLayer(pdf, 'pdfjs');
    expect(poppler.hasRealText).toBe(true);
    expect(pdfjs.hasRealText).toBe(true);
    expect(pdfjs.pages).toHaveLength(poppler.pages.length);
    // The same words, in the same order, whatever the spacing.
    const words = (pages: string[][]) => joined(pages).split(/\s+/).filter(Boolean);
    expect(words(pdfjs.pages)).toEqual(words(poppler.pages));
  });

  it('keeps a table row on one line, its columns apart (F-2024-004 tax summary)', async () => {
    for (const reader of ['poppler', 'pdfjs'] as const) {
      const { pages } = await readTextLayer(sample('F-2024-004.pdf'), reader);
      expect(pages[0], reader).toContainEqual(
        expect.stringMatching(/IGIC 7%\s{2,}4\.700,00 €\s{2,}7%\s{2,}329,00 €/),
      );
      expect(pages[0], reader).toContainEqual(expect.stringMatching(/NIF\/CIF:\s+B38456789/));
    }
  });

  it('finds no real text on a page without any', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('p. 1', { x: 500, y: 20 });
    const pdf = await doc.save();
    expect((await readTextLayer(pdf, 'poppler')).hasRealText).toBe(false);
    expect((await readTextLayer(pdf, 'pdfjs')).hasRealText).toBe(false);
    expect(hasRealText([['FACTURA Nº 1 Proveedor: Ferretería López SL']])).toBe(true);
  });
});

describe('poppler', () => {
  it('counts pages and renders a page as RGBA pixels', async () => {
    const pdf = sample('F-2025-003.pdf');
    expect(await popplerPageCount(pdf)).toBeGreaterThan(1);
    const page = await popplerRenderRgba(sample('F-2024-004.pdf'), 1, 72);
    expect(page.width).toBeGreaterThan(500);
    expect(page.rgba).toHaveLength(page.width * page.height * 4);
    expect(page.rgba.some((v) => v < 128)).toBe(true); // some ink
  });

  it('reads a binary greymap, comments included', () => {
    const pgm = Buffer.concat([Buffer.from('P5\n# made by a test\n2 1\n255\n'), Buffer.from([0, 200])]);
    expect(pgmToRgba(pgm)).toEqual({
      width: 2,
      height: 1,
      rgba: new Uint8Array([0, 0, 0, 255, 200, 200, 200, 255]),
    });
    expect(() => pgmToRgba(Buffer.from('P6 1 1 255\n'))).toThrow(ReadingError);
  });
});

describe('tesseract', () => {
  it('reads the sample photo (F-2025-007) in Spanish, with a confidence', async () => {
    const started = Date.now();
    const page = await ocrImage(sample('F-2025-007.png'), 1);
    console.info(
      `tesseract F-2025-007.png: ${Date.now() - started} ms, confidence ${page.confidence.toFixed(2)}`,
    );
    expect(page.confidence).toBeGreaterThan(0.7);
    const text = page.lines.join('\n');
    expect(text).toMatch(/Piensos del Norte/);
    expect(text).toMatch(/FACTURA/i);
  }, 60_000);
});

describe('runProcess', () => {
  it('is retryable when the tool cannot start or times out, not when it refuses the input', async () => {
    await expect(runProcess('cuadra-no-such-tool', [])).rejects.toMatchObject({
      retryable: true,
      code: 'DOC_043',
    });
    await expect(runProcess('sleep', ['5'], { timeoutMs: 100 })).rejects.toMatchObject({ retryable: true });
    await expect(runProcess('pdfinfo', ['-'], { stdin: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({
      retryable: false,
    });
    expect((await runProcess('cat', [], { stdin: new TextEncoder().encode('hola') })).toString()).toBe(
      'hola',
    );
  });
});
