/**
 * A tax row that OCR broke in two (issue 17 item 2): on a slightly rotated scan Tesseract may put a
 * summary row's label on its own line ("IVA 21%") and its amounts on the line above or below
 * ("13.227,21 €    2.777,71 €"); "Base imponible" or "Total a pagar" likewise. Each half alone is no
 * row; joined again they are. Only a label that names a tax and prints its rate but no amount, or a
 * base or total label alone on its line, is joined, and only to a neighbouring line (same page) that
 * holds amounts and no words: the two halves of a summary row, never an item line.
 */

import { moneyTokens, numberTokens } from './amounts';
import { type Line, plainText, splitCells } from './text';

const LABEL_WORD =
  /\b(?:iva|igic|ipsi|vat|tva|i\.v\.a\.|impuesto|exento|exenta|exempt|irpf|retencion|recargo)\b|(?:^|\s)r\.\s?e\.?(?=\s|$)/;
/** The most amounts a summary row prints: base, rate, quota, recargo rate and quota, a line total. */
const MAX_AMOUNTS = 6;

/** "IVA 21%", "Retención IRPF 15 %", "R.E. 5,2%": a label with a rate and no amount. */
function isRateLabel(line: Line): boolean {
  if (!LABEL_WORD.test(line.plain)) return false;
  // The rate alone: a header naming several columns ("Base   IVA 21 %   Total") is no split row.
  const tokens = numberTokens(line.text);
  return tokens.length === 1 && tokens[0]!.percent && line.cells.length <= 2;
}

/** "Base imponible", "Total a pagar" alone on their line (the summary's labels without their figure). */
const FIGURE_LABEL =
  /^(?:base\s*imponible|bases\s*imponibles|subtotal|importe\s*neto|taxable amount|net amount|(?:importe\s*)?total(?:\s*(?:factura|a pagar|a percibir|general|documento|importe|eur|€))?|a pagar|liquido a percibir|amount due|total due)\s*:?$/;

function isLabel(line: Line): boolean {
  if (isRateLabel(line)) return true;
  return (
    line.cells.length === 1 && numberTokens(line.text).length === 0 && FIGURE_LABEL.test(line.plain.trim())
  );
}

/** A line of amounts only ("13.227,21 €   2711 11€"): no letters but the euro's. */
function isAmountsOnly(line: Line): boolean {
  const money = moneyTokens(line.text);
  if (money.length === 0 || numberTokens(line.text).length > MAX_AMOUNTS) return false;
  return !/[a-z]/.test(line.plain.replace(/\beur\b/g, ''));
}

/** The label laid over the amounts' line where that is blank (columns kept), else put before it. */
function joined(label: Line, amounts: Line): Line {
  const head = label.text.trimEnd();
  const blank = amounts.text.slice(0, head.length + 2).trim() === '';
  const text = blank
    ? `${head}${amounts.text.slice(head.length)}`
    : `${head.trimStart()}  ${amounts.text.trim()}`;
  return { ...amounts, text, cells: splitCells(text), plain: plainText(text) };
}

/**
 * The lines the tax rows are read from, with every split row joined again: the amounts' line (its
 * index kept) becomes the whole row and the label's line is left out. A label with amounts on both
 * sides takes the side whose amounts close as a row (`closes`), else the line above unless another
 * label took it (labels all fall on the same side of their amounts on one page).
 */
export function joinSplitRows(lines: Line[], closes: (line: Line) => boolean): Line[] {
  const replaced = new Map<number, Line>();
  const dropped = new Set<number>();
  for (const label of lines) {
    if (!isLabel(label)) continue;
    const sides = [lines[label.index - 1], lines[label.index + 1]].filter(
      (l): l is Line =>
        l !== undefined &&
        l.page === label.page &&
        !replaced.has(l.index) &&
        !dropped.has(l.index) &&
        isAmountsOnly(l),
    );
    if (sides.length === 0) continue;
    const candidates = sides.map((amounts) => joined(label, amounts));
    const pick = candidates.find(closes) ?? candidates[0]!;
    replaced.set(pick.index, pick);
    dropped.add(label.index);
  }
  if (replaced.size === 0) return lines;
  return lines.filter((l) => !dropped.has(l.index)).map((l) => replaced.get(l.index) ?? l);
}
