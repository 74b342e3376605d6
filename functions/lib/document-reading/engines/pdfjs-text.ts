/**
 * The PDF text layer without poppler (Lambda has no poppler): pdf.js (legacy build, for Node), its
 * worker loaded in this thread (`globalThis.pdfjsWorker`, so the bundle needs no worker file). Text
 * items are put back into lines like `pdftotext -layout`: grouped by baseline (y), ordered by x, and
 * spaced by their distance in average character widths, so the extractor sees the same layout.
 */

import { ReadingError } from '../reading-error';

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

let loaded: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null = null;

async function pdfjs() {
  loaded ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

/** Items of one page into layout lines (exported for tests). */
export function itemsToLines(items: TextItemLike[]): string[] {
  const glyphs = items.filter((i) => i.str.length > 0);
  if (glyphs.length === 0) return [];
  const charWidths = glyphs
    .filter((i) => i.str.trim().length > 0 && i.width > 0)
    .map((i) => i.width / i.str.length)
    .sort((a, b) => a - b);
  const charWidth = Math.max(0.5, charWidths[Math.floor(charWidths.length / 2)] ?? 5);
  const rows: { y: number; height: number; items: TextItemLike[] }[] = [];
  // PDF space: y grows upwards; the top line has the largest y.
  for (const item of [...glyphs].sort((a, b) => b.transform[5]! - a.transform[5]!)) {
    const y = item.transform[5]!;
    const height = Math.max(1, Math.abs(item.height) || Math.abs(item.transform[3]!) || 10);
    const row = rows.find((r) => Math.abs(r.y - y) < Math.min(r.height, height) / 2);
    if (row) row.items.push(item);
    else rows.push({ y, height, items: [item] });
  }
  rows.sort((a, b) => b.y - a.y);
  const minX = Math.min(...glyphs.map((i) => i.transform[4]!));
  return rows.map((row) => {
    let text = '';
    let end = minX;
    for (const item of row.items.sort((a, b) => a.transform[4]! - b.transform[4]!)) {
      const x = item.transform[4]!;
      // Absolute columns keep a table's columns aligned from row to row (like pdftotext -layout).
      const column = Math.round((x - minX) / charWidth);
      const separate = text !== '' && x - end > charWidth * 0.3 && !/\s$/.test(text) && !/^\s/.test(item.str);
      text += ' '.repeat(Math.max(separate ? 1 : 0, column - text.length));
      text += item.str;
      end = x + item.width;
    }
    return text.replace(/\s+$/, '');
  });
}

export async function pdfjsText(pdf: Uint8Array): Promise<string[][]> {
  const lib = await pdfjs();
  let doc: Awaited<ReturnType<typeof lib.getDocument>['promise']>;
  try {
    // A copy: pdf.js takes ownership of (detaches) the buffer it is given.
    doc = await lib.getDocument({
      data: pdf.slice(),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (e) {
    throw new ReadingError('pdf.js could not open the PDF', { retryable: false, cause: e });
  }
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        itemsToLines(
          content.items.flatMap((i) =>
            'str' in i
              ? [{ str: i.str, transform: i.transform as number[], width: i.width, height: i.height }]
              : [],
          ),
        ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
