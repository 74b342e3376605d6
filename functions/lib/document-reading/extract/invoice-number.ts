/**
 * The invoice's number and series (art. 6.1.a RD 1619/2012): "Nº factura", "Factura nº", "Número",
 * "Nº", "Factura:", "Invoice No", in forms like F-2024/001, 2025-A-0042, FV25/0007 — never the number
 * of the delivery note (albarán), the order (pedido) or the customer account.
 */

import type { Line } from './text';

/** "nº", "núm.", "número", "no." as invoices abbreviate "number". */
const NUM = '(?:number|numero|num(?![a-z])\\.?|n[º°o]\\.?|no\\.|#)';
/** Labels that name the invoice itself: factura, minuta, ticket, invoice, "factura simplificada". */
const DOC = '(?:factura(?:\\s+(?:simplificada|rectificativa))?|fra\\.?|minuta|ticket|invoice|recibo|abono)';
const STRONG = new RegExp(`(?:${NUM}\\s*(?:de\\s+)?${DOC}|${DOC}\\s*${NUM}|invoice\\s*#)\\s*[:.#]*\\s*`, 'g');
const PLAIN_FACTURA = /\b(?:factura|invoice|minuta|ticket)\s*[:#]?\s+(?=[a-z]{0,6}[-/]?\d)/g;
const WEAK = /(?:^|\s)(?:n[º°]|numero|num\.|no\.)\s*[:.]*\s*/g;
/** Numbers of something else: the professional's college, the customer, the order, the contract… */
const NOT_INVOICE =
  /(fecha(?:\s+de)?|total|importe|albaran|pedido|cliente|presupuesto|contrato|cuenta|poliza|ref\.?|referencia|expediente|telefono|tel\.?|pagina|proveedor|socio|orden|order|customer|account|p\.o\.|colegiad[oa]|colegio|mesa|cups|suministro|contador|lote|registro|tarjeta|abonado|linea|rectifica(?:\s+a)?(?:\s+la)?|sustituye(?:\s+a)?(?:\s+la)?|anula(?:\s+la)?|rectificada|original|corrige(?:\s+la)?)\s*$/;
const NEXT_NOT_INVOICE =
  /^(?:de\s+)?(?:cliente|pedido|albaran|cuenta|proveedor|socio|orden|order|customer|pagina|colegiad|contrato|poliza|referencia)/;

export interface FoundNumber {
  value: string;
  strong: boolean;
  line: number;
}

function tokenAt(text: string, at: number): string | null {
  const m = /^[A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9]|^\d/.exec(text.slice(at));
  if (!m || !/\d/.test(m[0])) return null;
  // An amount ("1.605,00") is never the number.
  if (/^[,.]\d/.test(text.slice(at + m[0].length)) && /^\d[\d.]*$/.test(m[0])) return null;
  return m[0].replace(/[._]+$/, '');
}

export function findInvoiceNumber(lines: Line[]): FoundNumber | null {
  const found: FoundNumber[] = [];
  for (const line of lines) {
    for (const [re, strong] of [
      [STRONG, true],
      [PLAIN_FACTURA, true],
      [WEAK, false],
    ] as const) {
      re.lastIndex = 0;
      for (let m = re.exec(line.plain); m; m = re.exec(line.plain)) {
        const at = m.index + m[0].length;
        if (NOT_INVOICE.test(line.plain.slice(Math.max(0, m.index - 28), m.index).trimEnd())) continue;
        if (NEXT_NOT_INVOICE.test(line.plain.slice(at))) continue;
        const value = tokenAt(line.text, at);
        if (value && !/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(value))
          found.push({ value, strong, line: line.index });
      }
    }
  }
  return found.find((f) => f.strong) ?? found[0] ?? null;
}
