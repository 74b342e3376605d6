/**
 * The local OCR engine: Tesseract 5 (`tesseract-ocr-spa`), pages rendered by poppler at 200 dpi.
 * `--psm 4` (one column of text of variable sizes) keeps an invoice's rows together; when that pass
 * misses the invoice's key fields (issuer's tax id, number, date, total: what a draft needs, issue 17
 * item 2) or reads almost nothing, `--psm 6` (one uniform block) is tried and the reading with more key
 * fields (then the better mean confidence) kept. A low confidence alone no longer buys a second pass:
 * it doubled the seconds per scanned page for the same fields. The TSV output gives each word's box and
 * confidence, from which the lines are laid out again with their spacing.
 */

import { extractFromText } from '../extract/extract';
import { ReadingError } from '../reading-error';
import { MAX_OCR_PAGES, type OcrEngine, type OcrInput, type OcrPage } from './ocr-engine';
import { popplerRenderPng, popplerRenderRgba } from './poppler';
import { runProcess } from './run-process';

export const OCR_DPI = 200;
/** Below this mean confidence a page missing key fields is read again with --psm 6. */
const POOR_CONFIDENCE = 0.7;
/** With fewer words the page is read again whatever it found. */
const POOR_WORDS = 15;

interface Word {
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  text: string;
}

function parseTsv(tsv: string): Word[] {
  const words: Word[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c[0] !== '5' || c.length < 12) continue;
    const text = c.slice(11).join('\t').trim();
    const conf = Number(c[10]);
    if (!text || conf < 0) continue;
    words.push({
      key: `${c[2]}.${c[3]}.${c[4]}`,
      left: Number(c[6]),
      top: Number(c[7]),
      width: Number(c[8]),
      height: Number(c[9]),
      conf: conf / 100,
      text,
    });
  }
  return words;
}

/**
 * Words back into lines with their horizontal spacing: Tesseract's lines that sit at the same height
 * (two columns read as separate blocks) are merged, and each word is placed at the column its left
 * edge falls on, one character being the median character width of the page.
 */
export function layoutLines(words: Word[]): string[] {
  if (words.length === 0) return [];
  const charWidths = words.map((w) => w.width / Math.max(1, w.text.length)).sort((a, b) => a - b);
  const charWidth = Math.max(1, charWidths[Math.floor(charWidths.length / 2)]!);
  const groups = new Map<string, Word[]>();
  for (const w of words) groups.set(w.key, [...(groups.get(w.key) ?? []), w]);
  const lines = [...groups.values()]
    .map((ws) => {
      const top = Math.min(...ws.map((w) => w.top));
      const bottom = Math.max(...ws.map((w) => w.top + w.height));
      return { words: ws, top, bottom, mid: (top + bottom) / 2 };
    })
    .sort((a, b) => a.mid - b.mid);
  const rows: { words: Word[]; mid: number; height: number }[] = [];
  for (const line of lines) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(line.mid - last.mid) < Math.min(last.height, line.bottom - line.top) / 2) {
      last.words.push(...line.words);
    } else {
      rows.push({ words: [...line.words], mid: line.mid, height: line.bottom - line.top });
    }
  }
  const margin = Math.min(...words.map((w) => w.left));
  return rows.map((row) => {
    let text = '';
    let right = margin;
    for (const w of row.words.sort((a, b) => a.left - b.left)) {
      const column = Math.round((w.left - margin) / charWidth);
      // Words of one phrase (in any font size) stay one space apart; wider gaps are columns.
      const ownCharWidth = w.width / Math.max(1, w.text.length);
      const samePhrase = text !== '' && w.left - right < 2 * ownCharWidth;
      const pad = samePhrase ? 1 : text ? Math.max(1, column - text.length) : column;
      text += `${' '.repeat(pad)}${w.text}`;
      right = w.left + w.width;
    }
    return text.replace(/\s+$/, '');
  });
}

async function tesseractPage(
  image: Uint8Array,
  psm: 4 | 6,
): Promise<{ lines: string[]; confidence: number; words: number }> {
  const tsv = await runProcess('tesseract', ['stdin', 'stdout', '-l', 'spa', '--psm', String(psm), 'tsv'], {
    stdin: image,
    timeoutMs: 90_000,
  });
  const words = parseTsv(tsv.toString('utf8'));
  const confidence = words.length ? words.reduce((sum, w) => sum + w.conf, 0) / words.length : 0;
  return { lines: layoutLines(words), confidence, words: words.length };
}

type PageReading = Awaited<ReturnType<typeof tesseractPage>>;

/** How many of the invoice's key fields the page's text gives (the draft is INCOMPLETE without them). */
export function keyFieldsOf(lines: string[]): number {
  const { extraction: e } = extractFromText([lines], { source: 'OCR' });
  return [e.supplierNif, e.invoiceNumber, e.issueDate, e.totalCents].filter((v) => v !== null).length;
}

/** One page image: --psm 4, and --psm 6 when that misses key fields; more key fields, then confidence, wins. */
export async function ocrImage(image: Uint8Array, page: number): Promise<OcrPage> {
  const first = await tesseractPage(image, 4);
  const sparse = first.words < POOR_WORDS;
  if (!sparse && first.confidence >= POOR_CONFIDENCE)
    return { page, lines: first.lines, confidence: first.confidence };
  const firstKeys = sparse ? 0 : keyFieldsOf(first.lines);
  let best: PageReading = first;
  if (sparse || firstKeys < 4) {
    const second = await tesseractPage(image, 6);
    const secondKeys = keyFieldsOf(second.lines);
    if (secondKeys > firstKeys || (secondKeys === firstKeys && second.confidence > first.confidence))
      best = second;
  }
  return { page, lines: best.lines, confidence: best.confidence };
}

async function ocr(input: OcrInput): Promise<OcrPage[]> {
  if (input.type !== 'pdf') return [await ocrImage(input.bytes, 1)];
  const pages: OcrPage[] = [];
  // One page at a time: memory stays one rendered page, and the machine's cores are shared.
  for (let page = 1; page <= Math.min(input.pages, MAX_OCR_PAGES); page++) {
    pages.push(await ocrImage(await popplerRenderPng(input.bytes, page, OCR_DPI), page));
  }
  if (pages.length === 0) throw new ReadingError('No page to read', { retryable: false });
  return pages;
}

export function tesseractEngine(): OcrEngine {
  return { name: 'TESSERACT', ocr, renderPage: popplerRenderRgba };
}
