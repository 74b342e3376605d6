/**
 * The invoice form's values, and what they become: the body of `invoices.create` /
 * `invoices.createAndConfirm` and the input of `computeInvoiceTotals` for the live preview (the
 * same function the API runs, so the preview is the total the invoice will have).
 */
import { computeInvoiceTotals, type InvoiceTotals } from '@shared/fiscal/invoice-totals';
import type { VatTreatment } from '@shared/schemas/customers';
import type { IntraEuOperation } from '@shared/schemas/intra-eu-operation';
import type { Invoice, InvoiceType, OrdinaryInvoiceType, PaymentMethod } from '@shared/schemas/invoices';
import { apiFieldErrors } from '@web/lib/api-field-errors';
import {
  type IntraEuOperationValues,
  intraEuFormField,
  intraEuValuesOf,
  toIntraEuOperation,
} from '@web/lib/intra-eu-operation';
import {
  emptyInvoiceLine,
  type InvoiceLineBodyValues,
  type InvoiceLineValues,
  LINE_FIELD_OF_API,
  lineValuesOf,
  toLineBody,
  totalsLines,
} from '@web/lib/invoice-lines';
import type { NewCustomerValues } from '@web/lib/new-customer';

export { parseLine } from '@web/lib/invoice-lines';
export type { InvoiceLineValues };

export type CustomerMode = 'stored' | 'inline';

/** The customer written on the invoice (with a province only to save it as a customer). */
export type InlineCustomerValues = NewCustomerValues;

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
  /** Also save the written customer in Clientes (issue 10, item 6). */
  saveAsCustomer?: boolean;
  lines: InvoiceLineValues[];
  irpfRateBp?: number;
  paymentMethod?: PaymentMethod;
  notes?: string;
  /** The SII's book OI (art. 66.1 RIVA), offered to companies in the SII. */
  intraEuOperation?: IntraEuOperationValues;
}

export const emptyLine = emptyInvoiceLine;

/** `invoiceDate` (YYYY-MM-DD) plus `days` calendar days: the due date a payment term gives. */
export function dueDateAfter(invoiceDate: string, days: number): string {
  const d = new Date(`${invoiceDate}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

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
    // Issue 19: a draft in several instalments is saved without `dueDate`, so the API gives the
    // instalments from the terms again (a `dueDate` would make it one).
    dueDate: (invoice.dueDates?.length ?? 0) > 1 ? undefined : (invoice.dueDate ?? undefined),
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
    lines: invoice.invoiceLines.map(lineValuesOf),
    irpfRateBp: invoice.irpfRateBp,
    paymentMethod: invoice.paymentMethod ?? undefined,
    notes: invoice.notes ?? undefined,
    intraEuOperation: intraEuValuesOf(invoice.intraEuOperation),
  };
}

export interface TotalsPreview {
  totals: InvoiceTotals | null;
  /** Lines left out of the preview because a number is missing or wrong (zero-based). */
  incompleteLines: number[];
  /** The totals engine refused the input (its Spanish message). */
  error: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The live preview: the complete lines through `computeInvoiceTotals`. `ossCountry`: the member state
 * of a customer under the one-stop shop, whose rates on the operation date the taxed lines charge.
 */
export function previewTotals(
  values: Partial<InvoiceFormValues>,
  recargoEquivalencia: boolean,
  ossCountry?: string,
): TotalsPreview {
  const { lines, incompleteLines } = totalsLines(values.lines ?? [], recargoEquivalencia, ossCountry);
  const operationDate = values.operationDate ?? values.invoiceDate;
  try {
    const totals = computeInvoiceTotals({
      lines,
      irpfRateBp: values.irpfRateBp ?? 0,
      recargoEquivalencia,
      ...(ossCountry && operationDate && ISO_DATE.test(operationDate) ? { operationDate } : {}),
    });
    return { totals, incompleteLines, error: null };
  } catch (error) {
    return { totals: null, incompleteLines, error: error instanceof Error ? error.message : String(error) };
  }
}

export { nifProblem } from '@web/lib/new-customer';

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
  invoiceLines: InvoiceLineBodyValues[];
  irpfRateBp?: number;
  paymentMethod?: PaymentMethod;
  notes?: string;
  /** Left out: none (a draft saved without it loses the one it had). */
  intraEuOperation?: IntraEuOperation;
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
    invoiceLines: values.lines.map((line) => toLineBody(line, { recargoEquivalencia })),
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
  const intraEu = toIntraEuOperation(values.intraEuOperation);
  if (intraEu) body.intraEuOperation = intraEu;
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
    return ['lines', index, (field && LINE_FIELD_OF_API[field]) || 'description'];
  }
  if (head === 'intraEuOperation') return intraEuFormField(apiField);
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
