/**
 * The checklist of an annual return Cuadra does not file itself (issue 15 item 4: 100, 200, 036, 369,
 * 720) as a one-page A4 summary: the company and its NIF, the return and the year, whether the company
 * owes it and why, its deadline, the count of items known, pending and to provide, and every item with
 * its status (what Cuadra already has, with the amount; what a filing of the year will give; what the
 * filer must gather). A list to work from, not the return: that is filed in the AEAT's Sede electrónica.
 * pdf-lib, standard Helvetica in WinAnsi; pure (same input, same PDF). A long list continues on a
 * second page rather than being cut.
 */

import type { AnnualChecklist, ChecklistItemStatus } from '@shared/fiscal/annual-checklists';
import { PDFDocument, type RGB, rgb, StandardFonts } from 'pdf-lib';
import { A4Writer, BLUE, CONTENT_W, GREY, MARGIN, RED } from './a4-writer';
import { formatCents, formatDate, toWinAnsi } from './format';

const GREEN = rgb(0.1, 0.45, 0.2);
const AMBER = rgb(0.65, 0.4, 0);

export interface AnnualChecklistPdfInput {
  checklist: AnnualChecklist;
  company: { name: string; nif: string };
  /** When the PDF is produced (header and footer). */
  printedAt: string;
}

/** The status of an item as the list prints it, and its colour. */
export const CHECKLIST_STATUS_TEXT: Record<ChecklistItemStatus, { text: string; colour: RGB }> = {
  KNOWN: { text: 'Disponible en Cuadra', colour: GREEN },
  PENDING: { text: 'Pendiente en Cuadra', colour: AMBER },
  TO_PROVIDE: { text: 'A aportar', colour: RED },
};

const STATUS_W = 105;
const AMOUNT_W = 95;
const LABEL_X = MARGIN + STATUS_W;
const LABEL_W = CONTENT_W - STATUS_W - AMOUNT_W - 8;

class Page extends A4Writer {}

const dateText = (iso: string | null): string => (iso ? formatDate(iso.slice(0, 10)) : 'Sin plazo fijo');

function drawHeader(p: Page, input: AnnualChecklistPdfInput): void {
  const { checklist, company } = input;
  const title = `Modelo ${checklist.modelType} - ${checklist.name}`;
  p.wrap(title, CONTENT_W, 15, true).forEach((line, i) => {
    p.y -= i === 0 ? 18 : 17;
    p.text(line, MARGIN, p.y, { size: 15, bold: true, colour: BLUE });
  });
  p.y -= 14;
  p.text('Lista de comprobación (Cuadra no presenta esta declaración)', MARGIN, p.y, {
    size: 8.5,
    colour: GREY,
  });
  p.y -= 8;
  const { known, pending, toProvide } = checklist.summary;
  const facts: [string, string][] = [
    ['Declarante', company.name],
    ['NIF', company.nif],
    ['Ejercicio', String(checklist.year)],
    ['¿Debe presentarla?', `${checklist.applies ? 'Sí' : 'No'}: ${checklist.reason}`],
    ['Plazo', dateText(checklist.dueDate)],
    ['Resumen', `${known} disponibles en Cuadra · ${pending} pendientes en Cuadra · ${toProvide} a aportar`],
  ];
  for (const [label, value] of facts) {
    p.wrap(value, CONTENT_W - 115, 9.5).forEach((line, i) => {
      p.y -= 13;
      if (i === 0) p.text(`${label}:`, MARGIN, p.y, { size: 9.5, bold: true });
      p.text(line, MARGIN + 115, p.y, { size: 9.5 });
    });
  }
}

function drawItems(p: Page, checklist: AnnualChecklist): void {
  p.ensure(40);
  p.y -= 20;
  p.text('Estado', MARGIN, p.y, { size: 8.5, bold: true, colour: BLUE });
  p.text('Dato', LABEL_X, p.y, { size: 8.5, bold: true, colour: BLUE });
  p.text('Importe', MARGIN + CONTENT_W - AMOUNT_W, p.y, {
    size: 8.5,
    bold: true,
    colour: BLUE,
    align: 'right',
    width: AMOUNT_W,
  });
  p.y -= 4;
  p.rule();
  for (const item of checklist.items) {
    const label = p.wrap(item.label, LABEL_W, 8.5, true);
    const detail = item.detail ? p.wrap(item.detail, LABEL_W, 8) : [];
    p.ensure((label.length + detail.length) * 11 + 8);
    const status = CHECKLIST_STATUS_TEXT[item.status];
    p.y -= 12;
    p.text(status.text, MARGIN, p.y, { size: 8.5, bold: true, colour: status.colour });
    if (item.amountCents !== undefined) {
      p.text(formatCents(item.amountCents), MARGIN + CONTENT_W - AMOUNT_W, p.y, {
        size: 8.5,
        align: 'right',
        width: AMOUNT_W,
      });
    }
    label.forEach((line, i) => {
      if (i > 0) p.y -= 11;
      p.text(line, LABEL_X, p.y, { size: 8.5, bold: true });
    });
    for (const line of detail) {
      p.y -= 10.5;
      p.text(line, LABEL_X, p.y, { size: 8, colour: GREY });
    }
    p.y -= 5;
    p.rule();
  }
}

function drawFooters(p: Page, input: AnnualChecklistPdfInput): void {
  const total = p.pages.length;
  p.pages.forEach((page, i) => {
    const text = toWinAnsi(
      `${input.company.name} · Modelo ${input.checklist.modelType} · Ejercicio ${input.checklist.year} · Página ${i + 1} de ${total}`,
    );
    page.drawText(text, { x: MARGIN, y: 28, size: 7.5, font: p.font, color: GREY });
    const printed = toWinAnsi(`Emitido el ${formatDate(input.printedAt.slice(0, 10))}`);
    page.drawText(printed, {
      x: MARGIN + CONTENT_W - p.font.widthOfTextAtSize(printed, 7.5),
      y: 28,
      size: 7.5,
      font: p.font,
      color: GREY,
    });
  });
}

/** The checklist of an annual return as an A4 PDF. */
export async function renderAnnualChecklistPdf(input: AnnualChecklistPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `Modelo ${input.checklist.modelType} ${input.checklist.year}`;
  doc.setTitle(toWinAnsi(`${title} - Lista de comprobación - ${input.company.name}`));
  doc.setAuthor(toWinAnsi(input.company.name));
  doc.setProducer('Cuadra');
  doc.setCreator('Cuadra');
  const printed = new Date(input.printedAt);
  if (!Number.isNaN(printed.getTime())) {
    doc.setCreationDate(printed);
    doc.setModificationDate(printed);
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const p = new Page(doc, font, bold, `${title} (continuación)`);
  p.addPage();
  drawHeader(p, input);
  drawItems(p, input.checklist);
  drawFooters(p, input);
  return doc.save();
}
