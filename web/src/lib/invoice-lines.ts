/**
 * The lines of an issued invoice as the forms hold them (texts as typed, es-ES) and what they
 * become: the API's line body and the input of `computeInvoiceTotals`. One model for the invoice
 * form, the rectificativa and the recurring template, so a line keeps every field (discount,
 * exemption cause, not-subject kind, reverse charge, recargo) wherever it is edited.
 */
import type { InvoiceTotalsInput } from '@shared/fiscal/invoice-totals';
import type { OperationKind } from '@shared/fiscal/vat';
import type { InvoiceLine } from '@shared/schemas/invoices';
import {
  bpToInput,
  centsToInput,
  milliToInput,
  parseEurosToCents,
  parsePercentToBp,
  parseQuantity,
} from './money-input';

export interface InvoiceLineValues {
  description?: string;
  /** es-ES text, at most 3 decimals. */
  quantity?: string;
  /** Euros as typed (es-ES), at most 2 decimals. */
  unitPrice?: string;
  /** Percentage as typed. */
  discount?: string;
  vatRateBp?: number;
  /** S1 (taxed), S2 (reverse charge), N1/N2 (not subject), E1–E6 (exempt). */
  treatment?: OperationKind;
  /** Recargo de equivalencia on this line (only offered when the customer is in that regime). */
  recargo?: boolean;
  /** A rectificativa's copy of an original line: its index among the original's lines (not shown). */
  sourceLine?: number;
}

/** The API's line body (invoices, rectificativas, recurring templates share these fields). */
export interface InvoiceLineBodyValues {
  description: string;
  quantity: string;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  exemptionCause?: string;
  notSubject?: string;
  reverseCharge?: boolean;
  recargo?: boolean;
}

export const emptyInvoiceLine = (): InvoiceLineValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  discount: '',
  vatRateBp: 2100,
  treatment: 'S1',
});

/** The treatment of a stored line from its fields (templates keep them apart). */
export const treatmentOf = (l: {
  exemptionCause?: string | null;
  notSubject?: string | null;
  reverseCharge?: boolean | null;
}): OperationKind => (l.exemptionCause ?? l.notSubject ?? (l.reverseCharge ? 'S2' : 'S1')) as OperationKind;

/**
 * A stored line back into the form, every field kept. A one-stop-shop line (N2 with `ossCountry`) is a
 * taxed line of the form at its member state's rate: the customer (vatTreatment OSS) makes it OSS again.
 */
export const lineValuesOf = (l: InvoiceLine): InvoiceLineValues => ({
  description: l.description,
  quantity: milliToInput(l.quantityMilli),
  unitPrice: centsToInput(l.unitPriceCents),
  discount: l.discountBp ? bpToInput(l.discountBp) : '',
  vatRateBp: l.vatRateBp,
  treatment: l.ossCountry ? 'S1' : (l.operation as OperationKind) || 'S1',
  recargo: l.recargo,
});

export interface ParsedLine {
  quantity: { milli: number; api: string };
  unitPriceCents: number;
  discountBp: number;
}

/** A line's numbers, or null while any of them is missing or not a number. */
export function parseLine(line: InvoiceLineValues, { allowNegative = false } = {}): ParsedLine | null {
  const quantity = parseQuantity(line.quantity ?? '', { allowNegative });
  const unitPriceCents = parseEurosToCents(line.unitPrice ?? '', { allowNegative });
  const discountBp = line.discount?.trim() ? parsePercentToBp(line.discount) : 0;
  if (!quantity || unitPriceCents === null || discountBp === null) return null;
  return { quantity, unitPriceCents, discountBp };
}

/** The VAT rate a line bears: 0 unless taxed (S1). */
export const lineVatRate = (line: InvoiceLineValues): number =>
  (line.treatment ?? 'S1') === 'S1' ? (line.vatRateBp ?? 0) : 0;

/**
 * Whether a line bears recargo: what the form says when it offers the choice, otherwise the API's
 * default (every taxed line of a customer in the regime).
 */
export const lineRecargo = (line: InvoiceLineValues, recargoEquivalencia: boolean): boolean =>
  recargoEquivalencia && (line.treatment ?? 'S1') === 'S1' && line.recargo !== false;

/** The API body of one line; unparsable numbers stay visible to the API's validation (NaN, text). */
export function toLineBody(
  line: InvoiceLineValues,
  { recargoEquivalencia = false, allowNegative = false } = {},
): InvoiceLineBodyValues {
  const parsed = parseLine(line, { allowNegative });
  const treatment = line.treatment ?? 'S1';
  return {
    description: (line.description ?? '').trim(),
    quantity: parsed?.quantity.api ?? (line.quantity ?? '').trim(),
    unitPriceCents: parsed?.unitPriceCents ?? Number.NaN,
    discountBp: parsed?.discountBp ?? 0,
    vatRateBp: lineVatRate(line),
    ...(treatment.startsWith('E') ? { exemptionCause: treatment } : {}),
    ...(treatment.startsWith('N') ? { notSubject: treatment } : {}),
    ...(treatment === 'S2' ? { reverseCharge: true } : {}),
    ...(recargoEquivalencia ? { recargo: lineRecargo(line, true) } : {}),
  };
}

/**
 * The totals engine's lines for the lines complete so far, and the indexes left out. With `ossCountry`
 * (a customer under the one-stop shop) a taxed line is what the API makes of it: not subject here
 * (N2) at a rate of that member state.
 */
export function totalsLines(
  lines: (InvoiceLineValues | undefined)[],
  recargoEquivalencia: boolean,
  ossCountry?: string,
): { lines: InvoiceTotalsInput['lines']; incompleteLines: number[] } {
  const incompleteLines: number[] = [];
  const out: InvoiceTotalsInput['lines'] = [];
  lines.forEach((line, i) => {
    const parsed = line ? parseLine(line) : null;
    if (!line || !parsed) {
      incompleteLines.push(i);
      return;
    }
    out.push({
      quantityMilli: parsed.quantity.milli,
      unitPriceCents: parsed.unitPriceCents,
      discountBp: parsed.discountBp,
      vatRateBp: lineVatRate(line),
      ...(ossCountry && (line.treatment ?? 'S1') === 'S1'
        ? { operation: 'N2' as const, ossCountry }
        : { operation: line.treatment ?? 'S1', recargo: lineRecargo(line, recargoEquivalencia) }),
    });
  });
  return { lines: out, incompleteLines };
}

/** An API line field (`unitPriceCents`) as the form's line field (`unitPrice`). */
export const LINE_FIELD_OF_API: Record<string, keyof InvoiceLineValues> = {
  description: 'description',
  quantity: 'quantity',
  quantityMilli: 'quantity',
  unitPriceCents: 'unitPrice',
  discountBp: 'discount',
  vatRateBp: 'vatRateBp',
  exemptionCause: 'treatment',
  notSubject: 'treatment',
  reverseCharge: 'treatment',
  recargo: 'recargo',
};
