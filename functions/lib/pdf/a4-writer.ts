/**
 * The A4 page writer the tax documents share (a model's summary, an annual return's checklist): pages
 * with a continuation line, text in standard Helvetica (WinAnsi), word wrapping, page breaks and a thin
 * rule. Each renderer extends it with its own blocks. pdf-lib; pure.
 */

import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';
import { toWinAnsi } from './format';

export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 40;
export const CONTENT_W = PAGE_W - 2 * MARGIN;
export const BOTTOM = 50;
export const BLUE = rgb(0.12, 0.31, 0.47);
export const GREY = rgb(0.35, 0.35, 0.35);
export const LIGHT = rgb(0.85, 0.85, 0.85);
export const BLACK = rgb(0, 0, 0);
export const RED = rgb(0.75, 0.1, 0.1);

export class A4Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    /** Printed at the top of every page after the first. */
    readonly continuation: string,
  ) {}

  addPage(): void {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.y = PAGE_H - MARGIN;
    if (this.pages.length > 1) {
      this.text(this.continuation, MARGIN, this.y - 10, { size: 9, colour: GREY });
      this.y -= 26;
    }
  }

  width(text: string, size: number, bold = false): number {
    return (bold ? this.bold : this.font).widthOfTextAtSize(toWinAnsi(text), size);
  }

  text(
    text: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; colour?: RGB; align?: 'left' | 'right'; width?: number } = {},
  ): void {
    const size = o.size ?? 9;
    const clean = toWinAnsi(text);
    const left = o.align === 'right' ? x + (o.width ?? 0) - this.width(clean, size, o.bold) : x;
    this.page.drawText(clean, {
      x: left,
      y,
      size,
      font: o.bold ? this.bold : this.font,
      color: o.colour ?? BLACK,
    });
  }

  wrap(text: string, width: number, size: number, bold = false): string[] {
    const out: string[] = [];
    let line = '';
    for (const word of toWinAnsi(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, size, bold) > width && line) {
        out.push(line);
        line = word;
      } else line = candidate;
    }
    out.push(line);
    return out;
  }

  /** A new page when `height` points do not fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM) this.addPage();
  }

  /** A thin full-width line at the current height. */
  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + CONTENT_W, y: this.y },
      thickness: 0.5,
      color: LIGHT,
    });
  }
}
