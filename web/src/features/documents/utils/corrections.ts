/**
 * The review panel's editable copy of an extraction, and the corrections it sends (issue 17 items 5
 * and 6): only the fields the reviewer changed go in `corrections`, because the accuracy of the
 * readers is measured by them (a field approved unchanged counts as right, a corrected one as
 * wrong: shared/schemas/ai-metrics.ts). Amounts are typed in es-ES and kept as text until sent;
 * céntimos and basis points are integers parsed by string arithmetic (CONVENTIONS rule 8).
 */
import type { Extraction, ExtractionCorrection, ExtractionField } from '@shared/schemas/documents';
import { bpToInput, formatMoneyInput, parseMoneyInput, parsePercentInput } from '@web/lib/money-input';

export interface BaseRow {
  rate: string;
  base: string;
  quota: string;
}

export interface RecargoRow {
  rate: string;
  quota: string;
}

/** The form's values: texts as typed. */
export interface ExtractionDraft {
  supplierName: string;
  supplierNif: string;
  customerName: string;
  customerNif: string;
  invoiceNumber: string;
  issueDate: string;
  bases: BaseRow[];
  recargo: RecargoRow[];
  irpfRate: string;
  irpfAmount: string;
  total: string;
  currency: string;
}

const EMPTY: Extraction = {
  supplierName: null,
  supplierNif: null,
  customerName: null,
  customerNif: null,
  invoiceNumber: null,
  issueDate: null,
  bases: [],
  recargo: [],
  irpf: null,
  totalCents: null,
  currency: 'EUR',
  confidence: {},
  source: 'OCR',
};

/** The form's starting values: what was read (an unread document starts empty). */
export function draftOf(extraction: Extraction | null): ExtractionDraft {
  const e = extraction ?? EMPTY;
  return {
    supplierName: e.supplierName ?? '',
    supplierNif: e.supplierNif ?? '',
    customerName: e.customerName ?? '',
    customerNif: e.customerNif ?? '',
    invoiceNumber: e.invoiceNumber ?? '',
    issueDate: e.issueDate ?? '',
    bases: e.bases.map((b) => ({
      rate: bpToInput(b.rateBp),
      base: formatMoneyInput(b.baseCents),
      quota: formatMoneyInput(b.quotaCents),
    })),
    recargo: e.recargo.map((r) => ({ rate: bpToInput(r.rateBp), quota: formatMoneyInput(r.quotaCents) })),
    irpfRate: e.irpf ? bpToInput(e.irpf.rateBp) : '',
    irpfAmount: e.irpf ? formatMoneyInput(e.irpf.amountCents) : '',
    total: e.totalCents === null ? '' : formatMoneyInput(e.totalCents),
    currency: e.currency || 'EUR',
  };
}

/** The parsed values of a draft, or the Spanish problems that stop it from being sent. */
export type ParsedDraft =
  | { ok: true; value: Omit<Extraction, 'confidence' | 'source'> }
  | { ok: false; errors: string[] };

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());
const nif = (value: string): string | null => {
  const clean = value.toUpperCase().replace(/[\s.-]/g, '');
  return clean === '' ? null : clean;
};

export function parseDraft(draft: ExtractionDraft): ParsedDraft {
  const errors: string[] = [];
  const money = (value: string, label: string): number => {
    const cents = parseMoneyInput(value);
    if (cents === null) errors.push(`${label}: importe no válido`);
    return cents ?? 0;
  };
  const rate = (value: string, label: string): number => {
    const bp = parsePercentInput(value);
    if (bp === null || bp < 0 || bp > 10_000) errors.push(`${label}: porcentaje no válido`);
    return bp ?? 0;
  };
  const bases = draft.bases.map((row, i) => ({
    rateBp: rate(row.rate, `Base ${i + 1}, tipo`),
    baseCents: money(row.base, `Base ${i + 1}`),
    quotaCents: money(row.quota, `Base ${i + 1}, cuota`),
  }));
  const recargo = draft.recargo.map((row, i) => ({
    rateBp: rate(row.rate, `Recargo ${i + 1}, tipo`),
    quotaCents: money(row.quota, `Recargo ${i + 1}, cuota`),
  }));
  const hasIrpf = draft.irpfRate.trim() !== '' || draft.irpfAmount.trim() !== '';
  const irpf = hasIrpf
    ? {
        rateBp: rate(draft.irpfRate || '0', 'IRPF, tipo'),
        amountCents: money(draft.irpfAmount || '0', 'IRPF'),
      }
    : null;
  const totalCents = draft.total.trim() === '' ? null : money(draft.total, 'Total');
  const issueDate = text(draft.issueDate);
  if (issueDate && !/^\d{4}-\d{2}-\d{2}$/.test(issueDate))
    errors.push('La fecha debe tener el formato AAAA-MM-DD.');
  const currency = draft.currency.trim().toUpperCase() || 'EUR';
  if (!/^[A-Z]{3}$/.test(currency)) errors.push('Moneda no válida (código ISO de 3 letras).');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      supplierName: text(draft.supplierName),
      supplierNif: nif(draft.supplierNif),
      customerName: text(draft.customerName),
      customerNif: nif(draft.customerNif),
      invoiceNumber: text(draft.invoiceNumber),
      issueDate,
      bases,
      recargo,
      irpf,
      totalCents,
      currency,
    },
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The corrections of a review: each field whose parsed value differs from what was read (and the
 * list of those fields, for the panel's "n campos corregidos"). Nothing changed: `{}`.
 */
export function correctionsOf(
  extraction: Extraction | null,
  draft: ExtractionDraft,
):
  | { ok: true; corrections: ExtractionCorrection; changed: ExtractionField[] }
  | { ok: false; errors: string[] } {
  const parsed = parseDraft(draft);
  if (!parsed.ok) return parsed;
  const read = extraction ?? EMPTY;
  const next = parsed.value;
  const corrections: ExtractionCorrection = {};
  const changed: ExtractionField[] = [];
  const scalarFields = [
    'supplierName',
    'supplierNif',
    'customerName',
    'customerNif',
    'invoiceNumber',
    'issueDate',
    'totalCents',
    'currency',
  ] as const;
  for (const field of scalarFields) {
    if (!same(read[field], next[field])) {
      Object.assign(corrections, { [field]: next[field] });
      changed.push(field);
    }
  }
  // Compared in one key order: the server's objects may list their keys in another.
  const readBases = read.bases.map((b) => ({
    rateBp: b.rateBp,
    baseCents: b.baseCents,
    quotaCents: b.quotaCents,
  }));
  const readRecargo = read.recargo.map((r) => ({ rateBp: r.rateBp, quotaCents: r.quotaCents }));
  const readIrpf = read.irpf ? { rateBp: read.irpf.rateBp, amountCents: read.irpf.amountCents } : null;
  if (!same(readBases, next.bases)) {
    corrections.bases = next.bases;
    changed.push('bases');
  }
  if (!same(readRecargo, next.recargo)) {
    corrections.recargo = next.recargo;
    changed.push('recargo');
  }
  if (!same(readIrpf, next.irpf)) {
    corrections.irpf = next.irpf;
    changed.push('irpf');
  }
  return { ok: true, corrections, changed };
}
