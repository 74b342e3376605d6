/**
 * A statement as an A4 table (issue 18, accounting exports: the journal, the balance sheet, the
 * P&L): a title, a subtitle, a header row repeated on every page, the rows (cells already formatted
 * by the caller, es-ES), a bold totals row and "Página n de m". Landscape when the table has more
 * than four columns. Cells wider than their column are cut with an ellipsis (a statement row stays
 * one line). pdf-lib, standard Helvetica in WinAnsi; pure (same input, same PDF).
 */

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { BLACK, BLUE, GREY, LIGHT } from './a4-writer';
import { toWinAnsi } from './format';

export interface StatementPdfInput {
  title: string;
  subtitle?: string;
  columns: { header: string; align: 'left' | 'right'; width: number }[];
  rows: string[][];
  totals?: string[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const SIZE = 7.5;
const ROW_H = 11;

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(input.title));
  doc.setProducer('Cuadra');
  doc.setCreator('Cuadra');
  // A fixed date keeps the output a function of the input only.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [pageW, pageH] = input.columns.length > 4 ? [A4[1], A4[0]] : A4;
  const contentW = pageW - 2 * MARGIN;
  const totalWeight = input.columns.reduce((s, c) => s + c.width, 0);
  const widths = input.columns.map((c) => (c.width / totalWeight) * contentW);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const fit = (text: string, width: number, isBold: boolean): string => {
    const f = isBold ? bold : font;
    let t = toWinAnsi(text);
    if (f.widthOfTextAtSize(t, SIZE) <= width) return t;
    while (t.length > 1 && f.widthOfTextAtSize(`${t}…`, SIZE) > width) t = t.slice(0, -1);
    return `${t}…`;
  };
  const pages: ReturnType<typeof doc.addPage>[] = [];
  let page = doc.addPage([pageW, pageH]);
  let y = pageH - MARGIN;

  const drawRow = (cells: string[], isBold: boolean) => {
    cells.forEach((cell, i) => {
      const w = (widths[i] ?? 0) - 4;
      const text = fit(cell ?? '', w, isBold);
      const f = isBold ? bold : font;
      const x =
        input.columns[i]?.align === 'right' ? xs[i]! + w - f.widthOfTextAtSize(text, SIZE) : xs[i]! + 2;
      page.drawText(text, { x, y, size: SIZE, font: f, color: BLACK });
    });
  };
  const header = () => {
    drawRow(
      input.columns.map((c) => c.header),
      true,
    );
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: pageW - MARGIN, y }, thickness: 0.6, color: GREY });
    y -= ROW_H;
  };
  const newPage = () => {
    pages.push(page);
    page = doc.addPage([pageW, pageH]);
    y = pageH - MARGIN;
    page.drawText(fit(`${input.title} (continuación)`, contentW, false), {
      x: MARGIN,
      y,
      size: 8,
      font,
      color: GREY,
    });
    y -= 18;
    header();
  };

  page.drawText(fit(input.title, contentW, true).replace(/…$/, ''), {
    x: MARGIN,
    y: y - 12,
    size: 14,
    font: bold,
    color: BLUE,
  });
  y -= 28;
  if (input.subtitle) {
    page.drawText(toWinAnsi(input.subtitle), { x: MARGIN, y, size: 9, font, color: GREY });
    y -= 18;
  }
  header();
  input.rows.forEach((row, i) => {
    if (y < MARGIN + 24) newPage();
    if (i % 2 === 1)
      page.drawRectangle({
        x: MARGIN,
        y: y - 3,
        width: contentW,
        height: ROW_H,
        color: LIGHT,
        opacity: 0.35,
      });
    drawRow(row, false);
    y -= ROW_H;
  });
  if (input.totals) {
    if (y < MARGIN + 24) newPage();
    page.drawLine({
      start: { x: MARGIN, y: y + ROW_H - 2 },
      end: { x: pageW - MARGIN, y: y + ROW_H - 2 },
      thickness: 0.6,
      color: GREY,
    });
    drawRow(input.totals, true);
  }
  pages.push(page);
  pages.forEach((p, i) => {
    const text = `Página ${i + 1} de ${pages.length}`;
    p.drawText(toWinAnsi(text), {
      x: pageW - MARGIN - font.widthOfTextAtSize(toWinAnsi(text), 7),
      y: MARGIN / 2,
      size: 7,
      font,
      color: GREY,
    });
  });
  return doc.save();
}
