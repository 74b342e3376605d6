/**
 * The Spanish invoice extractor (issue 17 item 2): from the lines of text of each page (the PDF's text
 * layer or OCR output, columns kept as runs of spaces) to the `Extraction` every reader returns, with
 * the checks a reviewer needs (`ExtractionNotes`). Pure: no I/O, the same text gives the same reading.
 */

import type {
  Extraction,
  ExtractionField,
  ExtractionNotes,
  ExtractionSource,
} from '@shared/schemas/documents';
import { formatCents } from './amounts';
import { findDates, ISSUE_DATE_LABEL, OTHER_DATE_LABEL } from './dates';
import { findInvoiceNumber } from './invoice-number';
import { findParties, type Party } from './parties';
import { readTaxLines } from './tax-rows';
import { readTaxTable } from './tax-table';
import { type Line, toLines } from './text';

export interface ExtractHints {
  /** The reading company's own NIF: the party carrying it is the customer. */
  companyNif?: string | null;
  source: 'TEXT' | 'OCR';
  /** The OCR engine's mean confidence (0..1); text layers are exact. */
  lineConfidence?: number;
}

/** The issue date: labelled first ("Fecha", "Fecha de factura"), never a due or operation date unless alone. */
function findIssueDate(lines: Line[]): { iso: string; labelled: boolean } | null {
  const any: string[] = [];
  for (const line of lines) {
    const dates = findDates(line.text);
    if (dates.length === 0) continue;
    for (const d of dates) {
      const before = line.plain.slice(Math.max(0, d.start - 40), d.start);
      const cell = line.cells.find((c) => c.start <= d.start && d.start < c.end);
      const cellBefore = cell ? line.plain.slice(cell.start, d.start) : before;
      const labelText = cellBefore.trim() ? cellBefore : before;
      const above = lines[line.index - 1];
      const aboveText = above && above.page === line.page ? above.plain : '';
      if (OTHER_DATE_LABEL.test(labelText)) continue;
      if (ISSUE_DATE_LABEL.test(labelText)) return { iso: d.iso, labelled: true };
      // A value under its label ("Fecha" above, the date below in the same column).
      if (
        !labelText.trim() &&
        cell &&
        ISSUE_DATE_LABEL.test(aboveText.slice(Math.max(0, cell.start - 4), cell.end + 4))
      ) {
        if (!OTHER_DATE_LABEL.test(aboveText.slice(Math.max(0, cell.start - 4), cell.end + 4)))
          return { iso: d.iso, labelled: true };
      }
      any.push(d.iso);
    }
  }
  return any[0] ? { iso: any[0], labelled: false } : null;
}

/** The currency the invoice is in: EUR unless another is printed as the amounts' currency. */
function findCurrency(text: string): { code: string; printed: boolean } {
  const counts: Record<string, number> = {
    EUR: (text.match(/€|\bEUR\b|\beuros?\b/gi) ?? []).length,
    USD: (text.match(/\bUSD\b|US\$|\$\s?\d|\d\s?\$/g) ?? []).length,
    GBP: (text.match(/\bGBP\b|£/g) ?? []).length,
    CHF: (text.match(/\bCHF\b/g) ?? []).length,
  };
  const [code, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n > 0 ? { code, printed: true } : { code: 'EUR', printed: false };
}

function mentionsOf(plain: string): string[] {
  const m: string[] = [];
  if (/exent[oa]|exempt|art(?:iculo|\.)?\s*20\b/.test(plain)) m.push('EXEMPT');
  if (/inversion del sujeto pasivo|reverse charge|autoliquidacion|art(?:iculo|\.)?\s*84/.test(plain))
    m.push('REVERSE_CHARGE');
  if (/intracomunitari|intra-?comunitar|intra-?eu\b|art(?:iculo|\.)?\s*25\b/.test(plain)) m.push('INTRA_EU');
  if (/no sujet/.test(plain)) m.push('NOT_SUBJECT');
  if (/\bigic\b/.test(plain)) m.push('IGIC');
  if (/\bipsi\b/.test(plain)) m.push('IPSI');
  return m;
}

const partyNifConfidence = (p: Party | null): number =>
  !p ? 0 : p.valid && !p.repaired ? 0.97 : p.valid ? 0.8 : 0.5;
const partyNameConfidence = (p: Party | null): number =>
  !p?.name ? 0 : p.nameKind === 'LABELLED' ? 0.9 : p.nameKind === 'LEGAL_FORM' ? 0.9 : 0.7;

export function extractFromText(
  pages: string[][],
  hints: ExtractHints,
): { extraction: Extraction; notes: ExtractionNotes } {
  const lines = toLines(pages);
  const plainAll = lines.map((l) => l.plain).join('\n');
  const warnings: string[] = [];

  const { supplier, customer } = findParties(lines, hints.companyNif);
  const number = findInvoiceNumber(lines);
  const date = findIssueDate(lines);
  const taxLines = readTaxLines(lines);
  const tax = readTaxTable(taxLines);
  const currency = findCurrency(lines.map((l) => l.text).join('\n'));
  const mentions = mentionsOf(plainAll);

  // OCR text is only as sure as the engine was; amounts that add up are sure whatever the source.
  const scale = hints.source === 'OCR' ? Math.min(1, Math.max(0.5, hints.lineConfidence ?? 0.9)) : 1;
  const closes = tax.arithmeticOk && !tax.derived.includes('totalCents');
  const amountConfidence = (field: 'bases' | 'recargo' | 'irpf' | 'totalCents', present: boolean): number => {
    if (!present) return field === 'recargo' || field === 'irpf' ? (closes ? 0.95 : 0.5) : 0;
    // A figure the others prove (an unreadable quota or base, issue 17 item 2) is less sure than one read.
    if (field === 'bases' && tax.derived.includes('quotas')) return closes ? 0.8 : 0.7;
    if (tax.derived.includes(field)) return closes && field === 'bases' ? 0.8 : 0.7;
    return closes ? 0.98 : 0.45;
  };
  const round2 = (n: number) => Math.round(n * 100) / 100;

  const confidence: Partial<Record<ExtractionField, number>> = {
    supplierName: round2(partyNameConfidence(supplier) * scale),
    supplierNif: round2(partyNifConfidence(supplier) * (supplier?.valid ? 1 : scale)),
    customerName: round2(partyNameConfidence(customer) * scale),
    customerNif: round2(partyNifConfidence(customer) * (customer?.valid ? 1 : scale)),
    invoiceNumber: number ? round2((number.strong ? 0.95 : 0.85) * scale) : 0,
    issueDate: date ? round2((date.labelled ? 0.95 : 0.6) * scale) : 0,
    bases: amountConfidence('bases', tax.bases.length > 0),
    recargo: amountConfidence('recargo', tax.recargo.length > 0),
    irpf: amountConfidence('irpf', tax.irpf !== null),
    totalCents: amountConfidence('totalCents', tax.totalCents !== null),
    currency: currency.printed ? 0.99 : 0.9,
  };

  if (!supplier) warnings.push('No se encontró el NIF del proveedor.');
  else if (!supplier.valid) warnings.push(`El NIF del proveedor (${supplier.id}) no es válido.`);
  else if (supplier.repaired)
    warnings.push(`El NIF del proveedor se ha corregido a ${supplier.id}: revísalo.`);
  if (!number) warnings.push('No se encontró el número de factura.');
  if (!date) warnings.push('No se encontró la fecha de la factura.');
  else if (!date.labelled) warnings.push('La fecha de la factura se ha deducido: revísala.');
  if (tax.bases.length === 0) warnings.push('No se encontró el desglose de bases e impuestos.');
  if (tax.totalCents === null) warnings.push('No se encontró el total de la factura.');
  else if (tax.derived.includes('totalCents'))
    warnings.push(`El total (${formatCents(tax.totalCents)}) se ha calculado: no aparece en la factura.`);
  else if (!tax.arithmeticOk)
    warnings.push('Las bases, cuotas y retenciones no suman el total de la factura.');
  if (tax.bases.length > 0 && !tax.quotasOk) warnings.push('Alguna cuota no corresponde a su base y tipo.');
  if (tax.derived.includes('irpf'))
    warnings.push('La retención de IRPF se ha calculado a partir de su tipo.');
  if (tax.derived.includes('bases'))
    warnings.push('Alguna base imponible se ha calculado a partir de su cuota.');
  if (tax.derived.includes('quotas'))
    warnings.push('Alguna cuota de IVA no se pudo leer y se ha calculado a partir de su base y tipo.');

  const source: ExtractionSource = hints.source;
  const fieldSources: Partial<Record<ExtractionField, ExtractionSource>> = {};
  for (const f of Object.keys(confidence) as ExtractionField[])
    if ((confidence[f] ?? 0) > 0) fieldSources[f] = source;

  const extraction: Extraction = {
    supplierName: supplier?.name ?? null,
    supplierNif: supplier?.id ?? null,
    customerName: customer?.name ?? null,
    customerNif: customer?.id ?? null,
    invoiceNumber: number?.value ?? null,
    issueDate: date?.iso ?? null,
    bases: tax.bases,
    recargo: tax.recargo,
    irpf: tax.irpf,
    totalCents: tax.totalCents,
    currency: currency.code,
    confidence,
    source,
  };
  const notes: ExtractionNotes = {
    arithmeticOk: closes,
    quotasOk: tax.quotasOk,
    mentions,
    fieldSources,
    qr: null,
    warnings,
  };
  return { extraction, notes };
}
