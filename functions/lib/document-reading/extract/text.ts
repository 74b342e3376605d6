/**
 * Lines and cells of a page as the text layer (pdftotext -layout) or an OCR engine gives them: columns
 * are runs of two or more spaces, so a cell keeps its character offset (its column). OCR noise common
 * on Spanish invoices is undone here once, so every parser downstream sees the same spelling.
 */

export interface Cell {
  text: string;
  /** Character offset of the cell's first character in its line (its column). */
  start: number;
  end: number;
}

export interface Line {
  page: number;
  /** Index over all pages (pages concatenated in order). */
  index: number;
  text: string;
  cells: Cell[];
  /** Lower case, without accents: what keyword tests look at. */
  plain: string;
}

/** Lower case without diacritics (OCR often drops or changes accents). */
export const plainText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Labels that start a new party block even when the layout glued them to the previous column with a
 * single space ("Bufete Cabrera S.L.P. FACTURAR A:").
 */
const GLUED_LABELS =
  /\s(?=(?:FACTURAR A|Facturar a|CLIENTE|Cliente|DESTINATARIO|Destinatario|BILL TO|Bill to)\s*:)/;

/** Repairs OCR confusions that only make sense one way (`N9:`/`N*`/`N°` for `Nº`, `€` glued to the amount). */
export function repairOcrLine(line: string): string {
  return (
    line
      .replace(/\t/g, '    ')
      .replace(/[\u2013\u2014\u2212]/g, '-')
      // "Nº" as OCR reads it: N°, N*, N9, N”, N?, n*, and "NO;" / "N?:" before the value.
      .replace(/\bN\s?[°*9oOº”“"?’'^]\s?[;:](?=\s*[A-Z0-9])/g, 'Nº:')
      .replace(/\b(?:N\s?[°*9oº”“"?’'^]|n\s?[°*º”“"?’'^])\s?(?=[:.]|\s+[A-Z0-9])/g, 'Nº')
      .replace(/\bN\.\s?º/g, 'Nº')
      .replace(/\bN[O0]\.?\s(?=factura\b)/gi, 'Nº ')
      .replace(/(\d)\s?(?:EUR|€)(?=\s|$)/g, '$1 €')
      // A tax name glued to its rate ("VAT4%", "IVA21%"): the label is a word of its own.
      .replace(/\b(IVA|VAT|IGIC|IPSI|IRPF|iva|vat|igic|ipsi|irpf)(?=\d{1,2}(?:[,.]\d{1,2})?\s?%)/g, '$1 ')
  );
}

export function splitCells(text: string): Cell[] {
  const cells: Cell[] = [];
  const re = /\S+(?: \S+)*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const parts = m[0].split(GLUED_LABELS);
    let offset = m.index;
    for (const part of parts) {
      const at = text.indexOf(part, offset);
      cells.push({ text: part.trim(), start: at, end: at + part.length });
      offset = at + part.length;
    }
  }
  return cells.filter((c) => c.text.length > 0);
}

export function toLines(pages: string[][]): Line[] {
  const lines: Line[] = [];
  pages.forEach((pageLines, page) => {
    for (const raw of pageLines) {
      for (const part of raw.split(/\r?\n/)) {
        const text = repairOcrLine(part.replace(/\s+$/, ''));
        lines.push({ page, index: lines.length, text, cells: splitCells(text), plain: plainText(text) });
      }
    }
  });
  return lines;
}

/** Whether two cells sit in the same column (their spans overlap or start close together). */
export function sameColumn(a: Cell, b: Cell, tolerance = 12): boolean {
  const overlap = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  return overlap > 0 || Math.abs(a.start - b.start) <= tolerance;
}
