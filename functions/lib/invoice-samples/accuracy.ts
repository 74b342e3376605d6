/**
 * Field accuracy of a reading against its ground truth (reference ocr.md §4): exact match after
 * normalisation, per field of EXTRACTION_FIELDS minus confidence/source; bases and recargo compared as
 * multisets; names casefolded without accents, punctuation or spacing.
 */

import { EXTRACTION_FIELDS, type Extraction, type ExtractionField } from '@shared/schemas/documents';

export type Truth = Omit<Extraction, 'confidence' | 'source'>;

const name = (s: string | null) =>
  s === null
    ? null
    : s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9&]+/g, '');
const nif = (s: string | null) => (s === null ? null : s.toUpperCase().replace(/[\s.-]/g, ''));
const multiset = (xs: object[]) =>
  xs
    .map((x) => JSON.stringify(x, Object.keys(x).sort()))
    .sort()
    .join('|');

export function fieldMatches(field: ExtractionField, truth: Truth, read: Truth): boolean {
  switch (field) {
    case 'supplierName':
    case 'customerName':
      return name(truth[field]) === name(read[field]);
    case 'supplierNif':
    case 'customerNif':
      return nif(truth[field]) === nif(read[field]);
    case 'invoiceNumber':
      return (truth.invoiceNumber ?? '').trim() === (read.invoiceNumber ?? '').trim();
    case 'bases':
    case 'recargo':
      return multiset(truth[field]) === multiset(read[field]);
    case 'irpf':
      return (
        JSON.stringify(truth.irpf) ===
        JSON.stringify(read.irpf && { rateBp: read.irpf.rateBp, amountCents: read.irpf.amountCents })
      );
    default:
      return truth[field] === read[field];
  }
}

export interface AccuracyReport {
  perField: Record<ExtractionField, { ok: number; total: number }>;
  overall: number;
  misses: { id: string; field: ExtractionField; truth: unknown; read: unknown }[];
}

export function accuracy(cases: { id: string; truth: Truth; read: Truth }[]): AccuracyReport {
  const perField = Object.fromEntries(
    EXTRACTION_FIELDS.map((f) => [f, { ok: 0, total: 0 }]),
  ) as AccuracyReport['perField'];
  const misses: AccuracyReport['misses'] = [];
  for (const c of cases) {
    for (const f of EXTRACTION_FIELDS) {
      perField[f].total++;
      if (fieldMatches(f, c.truth, c.read)) perField[f].ok++;
      else misses.push({ id: c.id, field: f, truth: c.truth[f], read: c.read[f] });
    }
  }
  const ok = Object.values(perField).reduce((a, b) => a + b.ok, 0);
  const total = Object.values(perField).reduce((a, b) => a + b.total, 0);
  return { perField, overall: total ? ok / total : 0, misses };
}

/** A printable table of the report (for the test log). */
export function accuracyTable(title: string, r: AccuracyReport): string {
  const rows = EXTRACTION_FIELDS.map((f) => {
    const { ok, total } = r.perField[f];
    return `  ${f.padEnd(14)} ${String(ok).padStart(4)}/${String(total).padEnd(4)} ${((100 * ok) / Math.max(1, total)).toFixed(1)} %`;
  });
  return [`${title}: ${(100 * r.overall).toFixed(2)} %`, ...rows].join('\n');
}
