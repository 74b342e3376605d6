/**
 * The invoice a rectificativa corrects (art. 15 RD 1619/2012: a rectificativa identifies the invoice it
 * rectifies), as printed: "Rectifica a la factura nº 2026-5978 de fecha 12-09-2026", "Factura
 * rectificada: A-12 (03/02/2026)", "Sustituye a la factura F-7 del 1 de marzo de 2026". The expenses
 * draft needs it (`rectifies` of the received-invoice-draft request) to book a credit note.
 */

import { findDates } from './dates';
import { type Line, toLines } from './text';

/** Wording that introduces the corrected invoice. */
const RECTIFIED =
  /(?:rectifica(?:\s+a)?(?:\s+la)?|factura\s+rectificada|sustituye(?:\s+a)?(?:\s+la)?|anula(?:\s+a)?(?:\s+la)?|corrige(?:\s+a)?(?:\s+la)?|factura\s+original|corrects?\s+invoice|credit\s+note\s+for\s+invoice)\b/;
/** The number after "factura nº", "nº", "número", "factura:" (the wording above came before it). */
const NUMBER_LABEL =
  /^[\s:,.-]*(?:(?:a\s+)?(?:la\s+)?(?:factura|invoice|fra\.?)\s*)?(?:n[º°o]\.?|num(?![a-z])\.?|numero|number|no\.)?\s*[:.#]*\s*/;

export interface RectifiedInvoice {
  invoiceNumber: string;
  issueDate: string;
}

function fromLine(line: Line, next: Line | undefined): RectifiedInvoice | null {
  const m = RECTIFIED.exec(line.plain);
  if (!m) return null;
  const at = m.index + m[0].length;
  const label = NUMBER_LABEL.exec(line.plain.slice(at));
  const from = at + (label?.[0].length ?? 0);
  const token = /^[A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9]|^\d/.exec(line.text.slice(from))?.[0];
  if (!token || !/\d/.test(token)) return null;
  const dates = findDates(line.text.slice(from + token.length));
  const date = dates[0]?.iso ?? (next ? findDates(next.text)[0]?.iso : undefined);
  if (!date || /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(token)) return null;
  return { invoiceNumber: token.replace(/[._]+$/, ''), issueDate: date };
}

/** The rectified invoice, from the pages' lines or from the text the reading kept (pages split by \f). */
export function findRectifiedInvoice(input: string[][] | string): RectifiedInvoice | null {
  const pages = typeof input === 'string' ? input.split('\f').map((p) => p.split('\n')) : input;
  const lines = toLines(pages);
  for (const [i, line] of lines.entries()) {
    const found = fromLine(line, lines[i + 1]);
    if (found) return found;
  }
  return null;
}
