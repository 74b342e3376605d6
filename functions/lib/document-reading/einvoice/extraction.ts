/**
 * What every e-invoice reader hands over, made into the judged `Extraction` (shared/schemas/documents.ts;
 * design "Extraction rules"): NIFs normalised (no spaces, dots, dashes or ES prefix; a foreign VAT id keeps
 * its country), one base per rate, one recargo per rate, IRPF positive, source EINVOICE.
 *
 * Confidence is 1 for every field the file states: the values are the issuer's own data, not a reading.
 * `recargo` and `irpf` are 1 even when empty or null, because a structured invoice that lists
 * no surcharge or withholding states that there is none; a missing name, NIF, number, date or total
 * gets 0, and a currency the file does not state (EUR assumed) 0.5.
 */

import { normalizeTaxId } from '@shared/fiscal/nif';
import type {
  Extraction,
  ExtractionBase,
  ExtractionField,
  ExtractionIrpf,
  ExtractionRecargo,
} from '@shared/schemas/documents';

export interface EInvoiceFields {
  supplierName: string | null;
  supplierNif: string | null;
  customerName: string | null;
  customerNif: string | null;
  invoiceNumber: string | null;
  issueDate: string | null;
  /** Every tax line as written (several lines may share a rate: they are added up here). */
  taxes: ExtractionBase[];
  recargo: ExtractionRecargo[];
  irpf: ExtractionIrpf | null;
  totalCents: number | null;
  currency: string | null;
}

/** A tax id as the extraction wants it, or null when nothing is left. */
export function cleanNif(raw: string | null): string | null {
  if (raw === null) return null;
  const nif = normalizeTaxId(raw);
  return nif === '' ? null : nif;
}

/** An ISO date that exists (2024-02-30 does not), or null. */
export function isoDateOrNull(raw: string | null): string | null {
  if (raw === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? `${m[1]}-${m[2]}-${m[3]}`
    : null;
}

/** Lines with the same rate become one (first-seen order): the extraction has one base per rate. */
export function mergeByRate<T extends { rateBp: number }>(lines: readonly T[], add: (a: T, b: T) => T): T[] {
  const byRate = new Map<number, T>();
  for (const line of lines) {
    const seen = byRate.get(line.rateBp);
    byRate.set(line.rateBp, seen ? add(seen, line) : line);
  }
  return [...byRate.values()];
}

export function toExtraction(f: EInvoiceFields): Extraction {
  const bases = mergeByRate(f.taxes, (a, b) => ({
    rateBp: a.rateBp,
    baseCents: a.baseCents + b.baseCents,
    quotaCents: a.quotaCents + b.quotaCents,
  }));
  const recargo = mergeByRate(f.recargo, (a, b) => ({
    rateBp: a.rateBp,
    quotaCents: a.quotaCents + b.quotaCents,
  }));
  const extraction: Extraction = {
    supplierName: f.supplierName,
    supplierNif: cleanNif(f.supplierNif),
    customerName: f.customerName,
    customerNif: cleanNif(f.customerNif),
    invoiceNumber: f.invoiceNumber,
    issueDate: isoDateOrNull(f.issueDate),
    bases,
    recargo,
    irpf: f.irpf,
    totalCents: f.totalCents,
    currency: f.currency?.toUpperCase() ?? 'EUR',
    confidence: {},
    source: 'EINVOICE',
  };
  const stated = (field: ExtractionField, present: boolean) => {
    extraction.confidence[field] = present ? 1 : 0;
  };
  stated('supplierName', extraction.supplierName !== null);
  stated('supplierNif', extraction.supplierNif !== null);
  stated('customerName', extraction.customerName !== null);
  stated('customerNif', extraction.customerNif !== null);
  stated('invoiceNumber', extraction.invoiceNumber !== null);
  stated('issueDate', extraction.issueDate !== null);
  stated('bases', bases.length > 0);
  stated('recargo', true);
  stated('irpf', true);
  stated('totalCents', extraction.totalCents !== null);
  extraction.confidence.currency = f.currency ? 1 : 0.5;
  return extraction;
}
