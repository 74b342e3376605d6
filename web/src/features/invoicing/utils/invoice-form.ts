/**
 * The invoice form's values, and what they become: the body of `invoices.create` /
 * `invoices.createAndConfirm` and the input of `computeInvoiceTotals` for the live preview (the
 * same function the API runs, so the preview is the total the invoice will have).
 */
import {
  computeInvoiceTotals,
  type InvoiceTotals,
  type InvoiceTotalsInput,
} from '@shared/fiscal/invoice-totals';
import { validateTaxId } from '@shared/fiscal/nif';
import type { OperationKind } from '@shared/fiscal/vat';
import type {
  Invoice,
  InvoiceType,
  OrdinaryInvoiceType,
  PaymentMethod,
  VatTreatment,
} from '@shared/schemas/invoices';
import { apiFieldErrors } from '@web/lib/api-field-errors';
import {
  bpToInput,
  centsToInput,
  milliToInput,
  parseEurosToCents,
  parsePercentToBp,
  parseQuantity,
} from './money';

export type CustomerMode = 'stored' | 'inline';

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
}

export interface InlineCustomerValues {
  nif?: string;
  name?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  country?: string;
}

/** Dates are ISO `YYYY-MM-DD` strings in the values (the pickers convert). */
export interface InvoiceFormValues {
  invoiceType: OrdinaryInvoiceType;
  seriesId?: string;
  invoiceDate?: string;
  operationDate?: string;
  dueDate?: string;
  customerMode: CustomerMode;
  customerId?: string;
  customer?: InlineCustomerValues;
  lines: InvoiceLineValues[];
  irpfRateBp?: number;
  paymentMethod?: PaymentMethod;
  notes?: string;
}

export const emptyLine = (): InvoiceLineValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  discount: '',
  vatRateBp: 2100,
  treatment: 'S1',
});

export function initialValues(today: string): InvoiceFormValues {
  return {
    invoiceType: 'F1',
    invoiceDate: today,
    customerMode: 'stored',
    customer: { country: 'ES' },
    lines: [emptyLine()],
    irpfRateBp: 0,
  };
}

/** A draft back into the form (edit page). */
export function valuesFromInvoice(invoice: Invoice): InvoiceFormValues {
  const c = invoice.customer;
  const taxId = c?.taxId;
  return {
    invoiceType: (['F1', 'F2', 'F3'].includes(invoice.invoiceType)
      ? invoice.invoiceType
      : 'F1') as OrdinaryInvoiceType,
    seriesId: invoice.requestedSeriesId ?? undefined,
    invoiceDate: invoice.invoiceDate,
    operationDate: invoice.operationDate ?? undefined,
    dueDate: invoice.dueDate ?? undefined,
    customerMode: c?.customerId ? 'stored' : 'inline',
    customerId: c?.customerId ?? undefined,
    customer: {
      nif: typeof taxId === 'string' ? taxId : (taxId?.value ?? ''),
      name: c?.name ?? '',
      address: c?.address ?? '',
      postalCode: c?.postalCode ?? '',
      city: c?.city ?? '',
      country: c?.country ?? 'ES',
    },
    lines: invoice.invoiceLines.map((l) => ({
      description: l.description,
      quantity: milliToInput(l.quantityMilli),
      unitPrice: centsToInput(l.unitPriceCents),
      discount: l.discountBp ? bpToInput(l.discountBp) : '',
      vatRateBp: l.vatRateBp,
      treatment: (l.operation as OperationKind) ?? 'S1',
      recargo: l.recargo,
    })),
    irpfRateBp: invoice.irpfRateBp,
    paymentMethod: invoice.paymentMethod ?? undefined,
    notes: invoice.notes ?? undefined,
  };
}

/** A line's numbers, or null while any of them is missing or not a number. */
export function parseLine(
  line: InvoiceLineValues,
): { quantity: { milli: number; api: string }; unitPriceCents: number; discountBp: number } | null {
  const quantity = parseQuantity(line.quantity ?? '');
  const unitPriceCents = parseEurosToCents(line.unitPrice ?? '');
  const discountBp = line.discount?.trim() ? parsePercentToBp(line.discount) : 0;
  if (!quantity || unitPriceCents === null || discountBp === null) return null;
  return { quantity, unitPriceCents, discountBp };
}

const lineVatRate = (line: InvoiceLineValues) =>
  (line.treatment ?? 'S1') === 'S1' ? (line.vatRateBp ?? 0) : 0;

/**
 * Whether a line bears recargo: what the form says when it offers the choice, otherwise the API's
 * default (every taxed line of a customer in the regime).
 */
const lineRecargo = (line: InvoiceLineValues, recargoEquivalencia: boolean) =>
  recargoEquivalencia && (line.treatment ?? 'S1') === 'S1' && line.recargo !== false;

export interface TotalsPreview {
  totals: InvoiceTotals | null;
  /** Lines left out of the preview because a number is missing or wrong (zero-based). */
  incompleteLines: number[];
  /** The totals engine refused the input (its Spanish message). */
  error: string | null;
}

/** The live preview: the complete lines through `computeInvoiceTotals`. */
export function previewTotals(
  values: Partial<InvoiceFormValues>,
  recargoEquivalencia: boolean,
): TotalsPreview {
  const incompleteLines: number[] = [];
  const lines: InvoiceTotalsInput['lines'] = [];
  (values.lines ?? []).forEach((line, i) => {
    const parsed = line ? parseLine(line) : null;
    if (!line || !parsed) {
      incompleteLines.push(i);
      return;
    }
    lines.push({
      quantityMilli: parsed.quantity.milli,
      unitPriceCents: parsed.unitPriceCents,
      discountBp: parsed.discountBp,
      vatRateBp: lineVatRate(line),
      operation: line.treatment ?? 'S1',
      recargo: lineRecargo(line, recargoEquivalencia),
    });
  });
  try {
    const totals = computeInvoiceTotals({ lines, irpfRateBp: values.irpfRateBp ?? 0, recargoEquivalencia });
    return { totals, incompleteLines, error: null };
  } catch (error) {
    return { totals: null, incompleteLines, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A Spanish NIF check for the inline customer (the API checks again). */
export function nifProblem(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  const result = validateTaxId(raw);
  return result.valid ? undefined : (result.reason ?? 'El NIF no es válido.');
}

export interface InvoiceBody {
  invoiceType: InvoiceType;
  invoiceDate: string;
  operationDate?: string;
  dueDate?: string;
  customerId?: string;
  customer?: {
    nif?: string;
    name: string;
    address: string;
    postalCode: string;
    city: string;
    country: string;
  };
  invoiceLines: {
    description: string;
    quantity: string;
    unitPriceCents: number;
    discountBp: number;
    vatRateBp: number;
    exemptionCause?: string;
    notSubject?: string;
    reverseCharge?: boolean;
    recargo?: boolean;
  }[];
  irpfRateBp?: number;
  paymentMethod?: PaymentMethod;
  notes?: string;
}

/** The body of `invoices.create` / `invoices.update` / `invoices.createAndConfirm`. */
export function toInvoiceBody(
  values: InvoiceFormValues,
  customerVatTreatment: VatTreatment | undefined,
): InvoiceBody {
  const recargoEquivalencia = customerVatTreatment === 'RECARGO_EQUIVALENCIA';
  const c = values.customer ?? {};
  const body: InvoiceBody = {
    invoiceType: values.invoiceType,
    invoiceDate: values.invoiceDate ?? '',
    invoiceLines: values.lines.map((line) => {
      const parsed = parseLine(line);
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
    }),
  };
  if (values.operationDate) body.operationDate = values.operationDate;
  if (values.dueDate) body.dueDate = values.dueDate;
  if (values.customerMode === 'stored' && values.customerId) {
    body.customerId = values.customerId;
  } else if (values.customerMode === 'inline') {
    body.customer = {
      ...(c.nif?.trim() ? { nif: c.nif.trim() } : {}),
      name: (c.name ?? '').trim(),
      address: (c.address ?? '').trim(),
      postalCode: (c.postalCode ?? '').trim(),
      city: (c.city ?? '').trim(),
      country: (c.country ?? 'ES').trim().toUpperCase() || 'ES',
    };
  }
  if (values.irpfRateBp) body.irpfRateBp = values.irpfRateBp;
  if (values.paymentMethod) body.paymentMethod = values.paymentMethod;
  if (values.notes?.trim()) body.notes = values.notes.trim();
  return body;
}

/**
 * An API field (`invoiceLines.1.unitPriceCents`, `customer.nif`, `customerId`) as the form's
 * field name path (`['lines', 1, 'unitPrice']`), or null when the form has no such field.
 */
export function formFieldOf(apiField: string): (string | number)[] | null {
  const parts = apiField.split('.');
  const [head, ...rest] = parts;
  if (head === 'invoiceLines' || head === 'lines') {
    const index = Number(rest[0]);
    if (!Number.isInteger(index)) return ['lines'];
    const field = rest[1];
    const map: Record<string, string> = {
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
    return ['lines', index, (field && map[field]) || 'description'];
  }
  if (head === 'customer') {
    const field = rest[0];
    if (field === 'nif' || field === 'idOtro') return ['customer', 'nif'];
    if (field && ['name', 'address', 'postalCode', 'city', 'country'].includes(field))
      return ['customer', field];
    return null;
  }
  const direct: Record<string, string> = {
    invoiceType: 'invoiceType',
    invoiceDate: 'invoiceDate',
    operationDate: 'operationDate',
    dueDate: 'dueDate',
    customerId: 'customerId',
    irpfRateBp: 'irpfRateBp',
    paymentMethod: 'paymentMethod',
    notes: 'notes',
    series: 'seriesId',
  };
  return head && direct[head] ? [direct[head]] : null;
}

/**
 * The form fields an API error names (`error.field`, or each `details.issues[]` of a validation
 * error), with the server's Spanish message. Errors naming no field of the form give [].
 */
export function apiErrorsOnForm(
  error: unknown,
  customerMode: CustomerMode,
): { name: (string | number)[]; errors: string[] }[] {
  return apiFieldErrors(error).flatMap(({ name: path, errors }) => {
    const field = path.join('.');
    // `customer` alone (no identified recipient) lands on the customer picker or the NIF.
    const name =
      field === 'customer'
        ? customerMode === 'stored'
          ? ['customerId']
          : ['customer', 'nif']
        : formFieldOf(field);
    return name ? [{ name, errors }] : [];
  });
}
