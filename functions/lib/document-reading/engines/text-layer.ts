/**
 * A PDF's own text (issue 17 item 2, step 3): poppler's `pdftotext -layout` where poppler is installed
 * (locally, CI), pdf.js elsewhere (Lambda). A PDF "has real text" when its pages carry on average at
 * least ~20 letters: a scan has none, or only a producer's stamp, and goes to OCR instead.
 */

import { pdfjsText } from './pdfjs-text';
import { popplerText } from './poppler';
import { hasTool } from './run-process';

export const MIN_LETTERS_PER_PAGE = 20;

export type TextLayerReader = 'poppler' | 'pdfjs';

export interface TextLayer {
  pages: string[][];
  reader: TextLayerReader;
  /** Enough letters per page to be read as text (else the pages are scans: OCR them). */
  hasRealText: boolean;
}

export function hasRealText(pages: string[][]): boolean {
  if (pages.length === 0) return false;
  const letters = pages.reduce((sum, lines) => sum + (lines.join('').match(/\p{L}/gu)?.length ?? 0), 0);
  return letters / pages.length >= MIN_LETTERS_PER_PAGE;
}

export async function readTextLayer(pdf: Uint8Array, reader?: TextLayerReader): Promise<TextLayer> {
  const use = reader ?? ((await hasTool('pdftotext')) ? 'poppler' : 'pdfjs');
  const pages = use === 'poppler' ? await popplerText(pdf) : await pdfjsText(pdf);
  return { pages, reader: use, hasRealText: hasRealText(pages) };
}
