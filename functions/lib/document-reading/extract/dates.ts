/**
 * Issue dates as Spanish invoices print them (dd/mm/yyyy, dd-mm-yyyy, dd.mm.yy, "12 de marzo de 2025",
 * "12-mar-2025") turned into ISO `YYYY-MM-DD`. The date of the invoice is the one labelled as such
 * (art. 6.1.c RD 1619/2012 "fecha de su expedición"), never the due date or the delivery note's.
 */

import { plainText } from './text';

/** Month names and abbreviations: Spanish, English and Catalan (invoices from Catalonia, Valencia, Balearics). */
const MONTHS: Readonly<Record<string, number>> = {
  ...names(1, ['ene', 'enero', 'jan', 'january', 'gen', 'gener']),
  ...names(2, ['feb', 'febrero', 'february', 'febr', 'febrer']),
  ...names(3, ['mar', 'marzo', 'march', 'marc']),
  ...names(4, ['abr', 'abril', 'apr', 'april']),
  ...names(5, ['may', 'mayo', 'maig']),
  ...names(6, ['jun', 'junio', 'june', 'juny']),
  ...names(7, ['jul', 'julio', 'july', 'juliol']),
  ...names(8, ['ago', 'agosto', 'aug', 'august', 'agost']),
  ...names(9, ['sep', 'sept', 'septiembre', 'setiembre', 'september', 'set', 'setembre']),
  ...names(10, ['oct', 'octubre', 'october']),
  ...names(11, ['nov', 'noviembre', 'november', 'novembre']),
  ...names(12, ['dic', 'diciembre', 'dec', 'december', 'des', 'desembre']),
};
function names(month: number, words: string[]): Record<string, number> {
  return Object.fromEntries(words.map((w) => [w, month]));
}

const pad = (n: number) => String(n).padStart(2, '0');

function iso(day: number, month: number, year: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  if (y < 1990 || y > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(y, month, 0)).getUTCDate();
  return day > last ? null : `${y}-${pad(month)}-${pad(day)}`;
}

export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

/** Every date in a line, left to right. OCR "O"/"l" inside digits are read as 0/1. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  const t = text.replace(/(?<=\d)[Oo]|[Oo](?=\d)/g, '0').replace(/(?<=\d)[Il]|[Il](?=\d)/g, '1');
  const numeric = /\b(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4}|\d{2})\b/g;
  for (let m = numeric.exec(t); m; m = numeric.exec(t)) {
    const d = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (d) found.push({ iso: d, start: m.index, end: m.index + m[0].length });
  }
  const isoRe = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
  for (let m = isoRe.exec(t); m; m = isoRe.exec(t)) {
    const d = iso(Number(m[3]), Number(m[2]), Number(m[1]));
    if (d) found.push({ iso: d, start: m.index, end: m.index + m[0].length });
  }
  const plain = plainText(t);
  // "12 de marzo de 2025", "12-mar-2025", "1 October 2026", "1st October 2026", "3 d'octubre de 2026".
  const words =
    /\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+de\s+|\s+d'|\s*[-/.\s]\s*)([a-z]{3,10})\.?,?(?:\s+de\s+|\s*[-/.\s]\s*)(\d{4}|\d{2})\b/g;
  for (let m = words.exec(plain); m; m = words.exec(plain)) {
    const month = MONTHS[m[2]!];
    const d = month ? iso(Number(m[1]), month, Number(m[3])) : null;
    if (d) found.push({ iso: d, start: m.index, end: m.index + m[0].length });
  }
  // English month first: "October 3, 2026", "Oct. 3rd 2026".
  const monthFirst = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/g;
  for (let m = monthFirst.exec(plain); m; m = monthFirst.exec(plain)) {
    const month = MONTHS[m[1]!];
    const d = month ? iso(Number(m[2]), month, Number(m[3])) : null;
    if (d && !found.some((f) => f.start <= m!.index && m!.index < f.end))
      found.push({ iso: d, start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Labels of the issue date, and labels of other dates that must not be taken for it. */
export const ISSUE_DATE_LABEL =
  /\b(fecha(?:\s+de)?(?:\s+(?:factura|emision|expedicion))?|invoice date|date|fecha fra\.?)\b/;
export const OTHER_DATE_LABEL =
  /(vencimiento|vto\.?|due|operacion|entrega|albaran|pedido|servicio|periodo|pago|valid|desde|hasta|nacimiento|cargo|period|service|delivery|payment|supply|start|\bend\b|del\s*$|al\s*$|rectifica|original)/;
