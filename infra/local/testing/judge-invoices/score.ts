/**
 * Field-by-field comparison of what the product read (`data.extraction` of GET /documents/{id}) with
 * the judge's truth. The 11 judged fields of issue 17 item 2. Exact, with only these allowances:
 * names compare without case, repeated spaces and the dots/commas of "S.L." / "S.A.U." (the legal name
 * is still required, not the trade name); an invoice number ignores surrounding spaces. Bases and
 * recargo compare as sets (order free); IRPF as {rateBp, amountCents} or null.
 */

import type { Extraction, ExtractionField, ExtractionSource } from '@shared/schemas/documents';
import type { Truth } from './corpus';

export const JUDGED_FIELDS = [
  'supplierName',
  'supplierNif',
  'customerName',
  'customerNif',
  'invoiceNumber',
  'issueDate',
  'bases',
  'recargo',
  'irpf',
  'totalCents',
  'currency',
] as const satisfies readonly ExtractionField[];
export type JudgedField = (typeof JUDGED_FIELDS)[number];

/** The QR's fields (Orden HAC/1177/2024 art. 20: nif, numserie, fecha, importe). */
export const QR_FIELDS = [
  'supplierNif',
  'invoiceNumber',
  'issueDate',
  'totalCents',
] as const satisfies readonly JudgedField[];

const normName = (s: string | null | undefined) =>
  s == null ? null : s.normalize('NFC').toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
const sortRows = <T extends { rateBp: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.rateBp - a.rateBp || JSON.stringify(a).localeCompare(JSON.stringify(b)));
const canon = (v: unknown) => JSON.stringify(v);

export function fieldOk(field: JudgedField, got: Extraction, want: Truth): boolean {
  switch (field) {
    case 'supplierName':
    case 'customerName':
      return normName(got[field]) === normName(want[field]);
    case 'invoiceNumber':
      return (got.invoiceNumber?.trim() ?? null) === want.invoiceNumber;
    case 'bases':
      return (
        canon(
          sortRows(
            got.bases.map((b) => ({ rateBp: b.rateBp, baseCents: b.baseCents, quotaCents: b.quotaCents })),
          ),
        ) === canon(sortRows(want.bases))
      );
    case 'recargo':
      return (
        canon(sortRows(got.recargo.map((r) => ({ rateBp: r.rateBp, quotaCents: r.quotaCents })))) ===
        canon(sortRows(want.recargo))
      );
    case 'irpf':
      return (
        canon(got.irpf ? { rateBp: got.irpf.rateBp, amountCents: got.irpf.amountCents } : null) ===
        canon(want.irpf)
      );
    default:
      return got[field] === want[field];
  }
}

export const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

export interface FieldResult {
  doc: string;
  kind: 'digital' | 'scan' | 'qr' | 'einvoice' | 'mail';
  source: ExtractionSource | 'NONE';
  field: JudgedField;
  ok: boolean;
  expected: string;
  got: string;
}

/** Every judged field of one document (all wrong when nothing was read). */
export function score(
  doc: string,
  kind: FieldResult['kind'],
  got: Extraction | null,
  want: Truth,
): FieldResult[] {
  return JUDGED_FIELDS.map((field) => ({
    doc,
    kind,
    source: got?.source ?? 'NONE',
    field,
    ok: got ? fieldOk(field, got, want) : false,
    expected: show(want[field]),
    got: got ? show(got[field]) : '(sin extracción)',
  }));
}

const pct = (ok: number, all: number) =>
  all === 0 ? '  -  ' : `${((100 * ok) / all).toFixed(1).padStart(5)}%`;

/** A text table: per field (rows) × per source (columns) and the overall share. */
export function accuracyTable(title: string, results: FieldResult[]): string {
  const sources = [...new Set(results.map((r) => r.source))].sort();
  const head = `${'field'.padEnd(14)} ${sources.map((s) => s.padStart(9)).join(' ')}   all`;
  const rows = JUDGED_FIELDS.map((f) => {
    const of = results.filter((r) => r.field === f);
    const cols = sources.map((s) => {
      const x = of.filter((r) => r.source === s);
      return pct(x.filter((r) => r.ok).length, x.length).padStart(9);
    });
    return `${f.padEnd(14)} ${cols.join(' ')}  ${pct(of.filter((r) => r.ok).length, of.length)}`;
  });
  const ok = results.filter((r) => r.ok).length;
  const docs = new Set(results.map((r) => r.doc)).size;
  return [
    `== ${title}: ${ok}/${results.length} fields exact (${pct(ok, results.length).trim()}), ${docs} documents`,
    head,
    ...rows,
  ].join('\n');
}

/** The wrong fields, one line each: document, field, expected, got. */
export function failuresList(results: FieldResult[]): string {
  return results
    .filter((r) => !r.ok)
    .map((r) => `  ✗ ${r.doc} [${r.source}] ${r.field}: expected ${r.expected} got ${r.got}`)
    .join('\n');
}

export const shareOk = (results: FieldResult[]) =>
  results.length === 0 ? 0 : results.filter((r) => r.ok).length / results.length;
