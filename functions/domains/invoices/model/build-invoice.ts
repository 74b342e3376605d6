/**
 * Turns a create/update body into the invoice to store: the customer snapshot, the lines with
 * their bases and the totals from `computeInvoiceTotals` (never recomputed here), and the legal
 * checks that depend on the totals (F1/F3 identification, F2 limits, cash payments).
 */

import { AppError } from '@shared/api/errors';
import type { PaymentTerms } from '@shared/fiscal/due-dates';
import { computeInvoiceTotals, type InvoiceTotals, InvoiceTotalsError } from '@shared/fiscal/invoice-totals';
import { simplifiedInvoiceAllowed } from '@shared/fiscal/simplified-invoice';
import type { OperationKind } from '@shared/fiscal/vat';
import { isEuCountry } from '@shared/schemas/countries';
import type { Customer } from '@shared/schemas/customers';
import type {
  CreateInvoiceBody,
  Invoice,
  InvoiceCustomerSnapshot,
  InvoiceLineBody,
} from '@shared/schemas/invoices';
import { draftDueDates } from './due-dates';

/** Ley 7/2012 art. 7.1 as amended by Ley 11/2021: cash limit when a party acts as a business. */
export const CASH_LIMIT_CENTS = 100_000;
/** Same article: a natural person without Spanish tax residence, not acting as a business. */
export const CASH_LIMIT_NON_RESIDENT_CENTS = 1_000_000;
export const CASH_LIMIT_MESSAGE =
  'Los pagos en efectivo de 1.000 € o más entre empresarios están prohibidos (Ley 11/2021).';

export function operationOf(line: InvoiceLineBody): OperationKind {
  return line.exemptionCause ?? line.notSubject ?? (line.reverseCharge ? 'S2' : 'S1');
}

/**
 * The operation and the OSS member state of a line for this customer: a customer under the one-stop
 * shop (vatTreatment OSS) turns every line that would be subject in Spain (S1) into a supply not subject
 * here (N2, place of supply in the member state of consumption: arts. 68.Tres, 70.Uno.4º and 73 LIVA),
 * charged at a rate of the customer's state; exempt, not-subject and reverse-charge lines stay as given.
 */
export function lineTreatment(
  line: InvoiceLineBody,
  customer: Pick<InvoiceCustomerSnapshot, 'vatTreatment' | 'country'> | null,
): { operation: OperationKind; ossCountry?: string } {
  const operation = operationOf(line);
  if (customer?.vatTreatment === 'OSS' && operation === 'S1') {
    return { operation: 'N2', ossCountry: customer.country };
  }
  return { operation };
}

/** The customer as written on the invoice: a stored customer's data now, or the inline one. */
export function customerSnapshot(
  body: CreateInvoiceBody,
  stored: Customer | undefined,
): InvoiceCustomerSnapshot | null {
  const inline = body.customer;
  if (stored) {
    return {
      customerId: stored.customerId,
      name: inline?.name ?? stored.name,
      taxId: inline?.taxId ?? stored.taxId,
      address: inline?.address || stored.address.street,
      postalCode: inline?.postalCode || stored.address.postalCode,
      city: inline?.city || stored.address.city,
      country: inline?.country ?? stored.address.country,
      vatTreatment: stored.vatTreatment,
    };
  }
  if (!inline) return null;
  return {
    customerId: null,
    name: inline.name,
    taxId: inline.taxId ?? null,
    address: inline.address,
    postalCode: inline.postalCode,
    city: inline.city,
    country: inline.country,
    vatTreatment: 'DOMESTIC',
  };
}

/** Field names of the totals engine (`lines.1.quantityMilli`) as the API names them. */
const apiField = (field: string | undefined): string | undefined =>
  field?.replace(/^lines\./, 'invoiceLines.').replace(/quantityMilli$/, 'quantity');

function totalsOf(body: CreateInvoiceBody, customer: InvoiceCustomerSnapshot | null): InvoiceTotals {
  const recargoEquivalencia = customer?.vatTreatment === 'RECARGO_EQUIVALENCIA';
  try {
    return computeInvoiceTotals({
      lines: body.invoiceLines.map((l) => {
        const { operation, ossCountry } = lineTreatment(l, customer);
        return {
          quantityMilli: l.quantity,
          unitPriceCents: l.unitPriceCents,
          discountBp: l.discountBp,
          vatRateBp: l.vatRateBp,
          operation,
          // Art. 154 LIVA: the retailer in the regime bears recargo on the S1 lines.
          recargo: l.recargo ?? (recargoEquivalencia && operation === 'S1'),
          ...(l.recargoRateBp !== undefined ? { recargoRateBp: l.recargoRateBp } : {}),
          ...(ossCountry !== undefined ? { ossCountry } : {}),
        };
      }),
      irpfRateBp: body.irpfRateBp,
      recargoEquivalencia,
      // The rates of the member state of consumption in force when the operation takes place.
      operationDate: body.operationDate ?? body.invoiceDate,
    });
  } catch (e) {
    if (e instanceof InvoiceTotalsError) {
      throw new AppError('CORE_004', e.message, { field: apiField(e.field), details: e.details });
    }
    throw e;
  }
}

function checkIdentification(body: CreateInvoiceBody, customer: InvoiceCustomerSnapshot | null): void {
  // Art. 6.1.d RD 1619/2012: a complete invoice names the recipient and its tax id.
  if (body.invoiceType !== 'F2' && !customer?.taxId) {
    throw new AppError(
      'CORE_004',
      'Una factura completa exige un destinatario identificado con su NIF o identificador fiscal.',
      { field: 'customer', details: { reason: 'CUSTOMER_TAX_ID_REQUIRED' } },
    );
  }
}

/** A triangular operation is an exempt intra-EU delivery (E5) to a customer of another member state. */
function checkTriangular(body: CreateInvoiceBody, customer: { country: string } | null): void {
  if (!body.triangular) return;
  const e5 = body.invoiceLines.some((l) => operationOf(l) === 'E5');
  if (!e5 || !customer || customer.country === 'ES' || !isEuCountry(customer.country)) {
    throw new AppError(
      'CORE_004',
      'Una operación triangular es una entrega intracomunitaria exenta (E5) a un cliente de otro Estado miembro.',
      { field: 'triangular' },
    );
  }
}

function checkSimplified(body: CreateInvoiceBody, totalCents: number): void {
  if (body.invoiceType !== 'F2') return;
  const check = simplifiedInvoiceAllowed(totalCents);
  if (!check.allowed) {
    throw new AppError('CORE_004', check.reason, {
      field: 'invoiceType',
      details: { reason: 'SIMPLIFIED_LIMIT', limitCents: check.limitCents },
    });
  }
}

/**
 * The issuer always acts as a business, so the 1.000 € limit applies to every cash payment;
 * the 10.000 € limit only to a foreign natural person identified by a passport or similar id.
 */
export function checkCash(
  body: Pick<CreateInvoiceBody, 'paymentMethod'>,
  customer: InvoiceCustomerSnapshot | null,
  totalCents: number,
  field = 'paymentMethod',
): void {
  if (body.paymentMethod !== 'CASH') return;
  const t = customer?.taxId;
  const foreignPerson = typeof t === 'object' && t !== null && t.type !== 'NIF_IVA' && t.country !== 'ES';
  const limit = foreignPerson ? CASH_LIMIT_NON_RESIDENT_CENTS : CASH_LIMIT_CENTS;
  if (totalCents >= limit) {
    throw new AppError('CORE_004', CASH_LIMIT_MESSAGE, {
      field,
      details: { reason: 'CASH_LIMIT', limitCents: limit },
    });
  }
}

export interface BuildInvoiceInput {
  invoiceId: string;
  companyId: string;
  body: CreateInvoiceBody;
  customer: Customer | undefined;
  now: string;
  createdAt?: string;
  requestedSeriesId?: string | null;
  /**
   * Issue 19: the payment terms in force (the customer's, else the company's) that give the due
   * dates when the body names none; left out, a draft without a due date has none until confirmed.
   */
  paymentTerms?: PaymentTerms;
}

/** The draft for a body; throws CORE_004 naming the field for anything the law or the data refuse. */
export function buildDraft(input: BuildInvoiceInput): Invoice {
  const { body } = input;
  const customer = customerSnapshot(body, input.customer);
  checkIdentification(body, customer);
  const totals = totalsOf(body, customer);
  checkSimplified(body, totals.totalCents);
  checkCash(body, customer, totals.totalCents);
  checkTriangular(body, customer);
  const dueDates = draftDueDates(body, totals.totalCents, input.paymentTerms);
  return {
    invoiceId: input.invoiceId,
    companyId: input.companyId,
    invoiceType: body.invoiceType,
    status: 'DRAFT',
    invoiceDate: body.invoiceDate,
    operationDate: body.operationDate ?? null,
    dueDate: dueDates?.[0]?.dueDate ?? null,
    ...(dueDates ? { dueDates } : {}),
    paymentMethod: body.paymentMethod ?? null,
    notes: body.notes ?? null,
    ...(body.triangular ? { triangular: true } : {}),
    // Art. 66.1 RIVA: an operation of the SII book OI rides on the invoice (null: none).
    intraEuOperation: body.intraEuOperation ?? null,
    customer,
    invoiceLines: body.invoiceLines.map((l, i) => {
      const { operation, ossCountry } = lineTreatment(l, customer);
      return {
        description: l.description,
        quantityMilli: l.quantity,
        unitPriceCents: l.unitPriceCents,
        discountBp: l.discountBp,
        vatRateBp: l.vatRateBp,
        operation,
        recargo: l.recargo ?? (customer?.vatTreatment === 'RECARGO_EQUIVALENCIA' && operation === 'S1'),
        ...(l.recargoRateBp !== undefined ? { recargoRateBp: l.recargoRateBp } : {}),
        ...(ossCountry !== undefined ? { ossCountry } : {}),
        baseCents: totals.lineBasesCents[i]!,
      };
    }),
    irpfRateBp: body.irpfRateBp ?? 0,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: totals.recargoCents,
      irpfCents: totals.irpfCents,
      totalCents: totals.totalCents,
    },
    breakdown: totals.breakdown,
    legalMentions: totals.legalMentions,
    series: null,
    seriesId: null,
    requestedSeriesId: input.requestedSeriesId ?? null,
    number: null,
    invoiceNumber: null,
    confirmedAt: null,
    createdAt: input.createdAt ?? input.now,
    updatedAt: input.now,
  };
}
