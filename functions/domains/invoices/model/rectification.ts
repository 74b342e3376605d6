/**
 * Rectificativas (art. 15 RD 1619/2012; AEAT TipoFactura R1–R5, TipoRectificativa S/I): which
 * invoices may be rectified and by which type, the lines of the rectificativa (the differences,
 * the corrected lines, or the annulment of the amounts) and the invoice that results. Pure.
 */

import { AppError } from '@shared/api/errors';
import { computeInvoiceTotals, type InvoiceTotals, InvoiceTotalsError } from '@shared/fiscal/invoice-totals';
import type { OperationKind } from '@shared/fiscal/vat';
import { customerTaxIdText } from '@shared/schemas/customers';
import {
  type Invoice,
  type InvoiceLine,
  type InvoiceRectification,
  isRectificativa,
  type RectifiedInvoiceRef,
} from '@shared/schemas/invoices';
import type { RectificationLineBody, RectifyInvoiceBody } from '@shared/schemas/rectificativas';

/** The lines the totals engine receives (quantities in thousandths, signed when allowed). */
export interface LineInput {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  operation: OperationKind;
  recargo: boolean;
  /** The tobacco recargo (175) when it is not the one linked to the VAT rate. */
  recargoRateBp?: number;
  /** OSS: the member state of consumption whose VAT the line charges (operation N2). */
  ossCountry?: string;
}

const refuse = (message: string, field: string, reason: string) =>
  new AppError('CORE_004', message, { field, details: { reason } });

/**
 * Art. 15 RD 1619/2012 and the AEAT types: R5 corrects simplified invoices (F2) and nothing else
 * corrects them; R1–R4 correct complete invoices (F1, F3) and earlier rectificativas R1–R4.
 */
export function typeProblem(rectType: RectifyInvoiceBody['rectificationType'], original: Invoice) {
  const t = original.invoiceType;
  if (rectType === 'R5') {
    return t === 'F2'
      ? undefined
      : 'Una rectificativa R5 solo corrige facturas simplificadas (F2); usa R1 a R4 para esta factura.';
  }
  if (t === 'F2') return 'Una factura simplificada (F2) solo se rectifica con el tipo R5.';
  if (t === 'R5')
    return 'Una rectificativa R5 solo se corrige con otra rectificativa de facturas simplificadas.';
  return undefined;
}

/** A substituted invoice no longer exists for correction: its substitute is what is rectified. */
export const substitutedCannotBeRectified = (inv: Invoice, field?: string) =>
  new AppError(
    'DOC_047',
    `La factura ${inv.invoiceNumber ?? ''} está sustituida por ${
      inv.substitutedByNumber ? `la rectificativa ${inv.substitutedByNumber}` : 'una rectificativa'
    } y no admite otra rectificativa: rectifica la sustitutiva.`,
    {
      ...(field ? { field } : {}),
      details: { reason: 'SUBSTITUTED', substitutedBy: inv.substitutedBy ?? null },
    },
  );

export const customerKey = (inv: Invoice) => {
  const c = inv.customer;
  if (!c) return 'NONE';
  return c.customerId ?? (c.taxId ? customerTaxIdText(c.taxId) : `NAME:${c.name}`);
};

/**
 * Every rectified invoice must be an issued (CONFIRMED) invoice of the company, of a type the
 * rectificativa may correct, and all of them of the same customer. A cancelled invoice is refused
 * with DOC_047: an annulled invoice has no effects left to correct (and its VeriFacTu record is
 * already an anulación), so there is nothing a rectificativa could change.
 */
export function checkRectifiable(body: RectifyInvoiceBody, originals: Invoice[], invoiceDate: string): void {
  for (const [i, inv] of originals.entries()) {
    const field = i === 0 ? 'invoiceId' : `additionalInvoiceIds.${i - 1}`;
    if (inv.status === 'DRAFT') {
      throw refuse(
        'La factura que se rectifica es un borrador: se modifica directamente, no se rectifica.',
        field,
        'NOT_CONFIRMED',
      );
    }
    if (inv.status === 'CANCELLED') {
      throw new AppError(
        'DOC_047',
        `La factura ${inv.invoiceNumber ?? ''} está anulada y no se puede rectificar.`,
        {
          field,
          details: { reason: 'CANCELLED' },
        },
      );
    }
    if (inv.substitutedBy) throw substitutedCannotBeRectified(inv, field);
    const problem = typeProblem(body.rectificationType, inv);
    if (problem) throw refuse(problem, 'rectificationType', 'RECTIFICATION_TYPE');
    if (invoiceDate < inv.invoiceDate) {
      throw refuse(
        'La fecha de la rectificativa no puede ser anterior a la de la factura que rectifica.',
        'invoiceDate',
        'DATE_BEFORE_RECTIFIED',
      );
    }
  }
  const first = customerKey(originals[0]!);
  if (originals.some((o) => customerKey(o) !== first)) {
    throw refuse(
      'Solo se pueden rectificar juntas facturas del mismo cliente.',
      'additionalInvoiceIds',
      'DIFFERENT_CUSTOMERS',
    );
  }
}

const fromBody = (
  l: RectificationLineBody,
  recargoRegime: boolean,
  customer: Invoice['customer'] = null,
): LineInput => {
  const given: OperationKind = l.exemptionCause ?? l.notSubject ?? (l.reverseCharge ? 'S2' : 'S1');
  // The rectificativa goes to the same customer: under the one-stop shop its S1 lines are OSS lines
  // of the customer's member state, as the invoice it corrects (build-invoice.ts lineTreatment).
  const oss = customer?.vatTreatment === 'OSS' && given === 'S1';
  const operation: OperationKind = oss ? 'N2' : given;
  return {
    description: l.description,
    quantityMilli: l.quantity,
    unitPriceCents: l.unitPriceCents,
    discountBp: l.discountBp,
    vatRateBp: l.vatRateBp,
    operation,
    // Art. 154 LIVA: the retailer in the regime bears recargo on the S1 lines.
    recargo: l.recargo ?? (recargoRegime && operation === 'S1'),
    ...(l.recargoRateBp !== undefined ? { recargoRateBp: l.recargoRateBp } : {}),
    ...(oss && customer ? { ossCountry: customer.country } : {}),
  };
};

const copyOf = (l: InvoiceLine, sign: 1 | -1, prefix = ''): LineInput => ({
  description: `${prefix}${l.description}`,
  quantityMilli: sign * l.quantityMilli,
  unitPriceCents: l.unitPriceCents,
  discountBp: l.discountBp,
  vatRateBp: l.vatRateBp,
  operation: l.operation as OperationKind,
  recargo: l.recargo,
  ...(l.recargoRateBp !== undefined ? { recargoRateBp: l.recargoRateBp } : {}),
  ...(l.ossCountry !== undefined ? { ossCountry: l.ossCountry } : {}),
});

const LINE_FIELD_LABELS: Record<keyof Omit<LineInput, never>, string> = {
  description: 'descripción',
  quantityMilli: 'cantidad',
  unitPriceCents: 'precio',
  discountBp: 'descuento',
  vatRateBp: 'tipo de IVA',
  operation: 'exención, no sujeción o inversión del sujeto pasivo',
  recargo: 'recargo de equivalencia',
  recargoRateBp: 'tipo de recargo de equivalencia',
  ossCountry: 'Estado miembro de consumo (OSS)',
};

/** The fields of `line` that differ from the original line `original`. */
export function differingFields(line: LineInput, original: InvoiceLine): (keyof LineInput)[] {
  const fields = Object.keys(LINE_FIELD_LABELS) as (keyof LineInput)[];
  return fields.filter((f) => line[f] !== original[f]);
}

/**
 * A substitution starts as an exact copy of the rectified invoices: every line the user did not
 * mark `changed` must be one of their lines (`sourceLine`, or the same position) field by field,
 * each original line reproduced at most once. So a client that loses a discount, an exemption
 * or the recargo of a line it did not touch is refused instead of issuing a wrong invoice.
 */
export function checkUnchangedLines(
  body: RectifyInvoiceBody,
  lines: LineInput[],
  originals: Invoice[],
): void {
  const source = originals.flatMap((o) => o.invoiceLines);
  const used = new Set<number>();
  for (const [i, bodyLine] of (body.invoiceLines ?? []).entries()) {
    if (bodyLine.changed) continue;
    const field = `invoiceLines.${i}`;
    const at = bodyLine.sourceLine ?? i;
    const original = source[at];
    if (!original) {
      throw new AppError(
        'CORE_004',
        `La línea ${i + 1} no está en la factura original: márcala como modificada si es nueva.`,
        { field, details: { reason: 'SUBSTITUTION_LINE_UNKNOWN', line: i } },
      );
    }
    if (used.has(at)) {
      throw new AppError(
        'CORE_004',
        `La línea ${i + 1} repite la línea ${at + 1} de la factura original: márcala como modificada.`,
        { field, details: { reason: 'SUBSTITUTION_LINE_REPEATED', line: i, sourceLine: at } },
      );
    }
    used.add(at);
    const differing = differingFields(lines[i]!, original);
    if (differing.length > 0) {
      throw new AppError(
        'CORE_004',
        `La línea ${i + 1} no coincide con la línea ${at + 1} de la factura original (${differing
          .map((f) => LINE_FIELD_LABELS[f])
          .join(', ')}): márcala como modificada o deja los datos de la original.`,
        {
          field,
          details: { reason: 'SUBSTITUTION_LINE_CHANGED', line: i, sourceLine: at, fields: differing },
        },
      );
    }
  }
}

/**
 * The lines of the rectificativa. `cancelAll` annuls the amounts of the rectified invoices:
 * by DIFFERENCES it carries their lines negated (its totals are minus theirs); by SUBSTITUTION
 * it is the corrected invoice, whose amounts are zero, written as their lines followed by the
 * same lines negated (so the document shows what is annulled and its totals are zero).
 */
export function rectificationLines(body: RectifyInvoiceBody, originals: Invoice[]): LineInput[] {
  const recargoRegime = originals[0]!.customer?.vatTreatment === 'RECARGO_EQUIVALENCIA';
  const customer = originals[0]!.customer;
  if (!body.cancelAll) return (body.invoiceLines ?? []).map((l) => fromBody(l, recargoRegime, customer));
  const all = originals.flatMap((o) => o.invoiceLines);
  const negated = all.map((l) => copyOf(l, -1, 'Anulación: '));
  return body.method === 'DIFFERENCES' ? negated : [...all.map((l) => copyOf(l, 1)), ...negated];
}

const apiField = (field: string | undefined): string | undefined =>
  field?.replace(/^lines\./, 'invoiceLines.').replace(/quantityMilli$/, 'quantity');

function totalsOf(lines: LineInput[], body: RectifyInvoiceBody, originals: Invoice[]): InvoiceTotals {
  try {
    return computeInvoiceTotals({
      lines,
      irpfRateBp: originals[0]!.irpfRateBp,
      recargoEquivalencia: originals[0]!.customer?.vatTreatment === 'RECARGO_EQUIVALENCIA',
      // Negative amounts only where the law allows them: differences, or the annulment lines.
      rectificationByDifferences: body.method === 'DIFFERENCES' || body.cancelAll === true,
      cashAccounting: originals[0]!.issuer?.vatRegime === 'CRITERIO_CAJA',
      // OSS lines keep the rates of the operation they correct (the member state's rates then).
      operationDate: originals[0]!.operationDate ?? originals[0]!.invoiceDate,
    });
  } catch (e) {
    if (e instanceof InvoiceTotalsError) {
      throw new AppError('CORE_004', e.message, { field: apiField(e.field), details: e.details });
    }
    throw e;
  }
}

/** What the rectificativa records of each invoice it corrects (AEAT FacturasRectificadas). */
export const rectifiedRef = (inv: Invoice): RectifiedInvoiceRef => ({
  invoiceId: inv.invoiceId,
  invoiceNumber: inv.invoiceNumber ?? '',
  invoiceDate: inv.invoiceDate,
  invoiceType: inv.invoiceType,
  totals: inv.totals,
  breakdown: inv.breakdown,
});

export interface BuildRectificativaInput {
  invoiceId: string;
  body: RectifyInvoiceBody;
  originals: Invoice[];
  invoiceDate: string;
  now: string;
  requestedSeriesId: string | null;
}

/** The rectificativa as a draft (confirmation numbers it in a RECTIFICATIVA series). */
export function buildRectificativa(input: BuildRectificativaInput): Invoice {
  const { body, originals } = input;
  const first = originals[0]!;
  checkRectifiable(body, originals, input.invoiceDate);
  const lines = rectificationLines(body, originals);
  const totals = totalsOf(lines, body, originals);
  if (body.method === 'SUBSTITUTION' && !body.cancelAll) checkUnchangedLines(body, lines, originals);
  const rectification: InvoiceRectification = {
    method: body.method,
    reason: body.reason,
    rectified: originals.map(rectifiedRef),
  };
  return {
    invoiceId: input.invoiceId,
    companyId: first.companyId,
    invoiceType: body.rectificationType,
    status: 'DRAFT',
    invoiceDate: input.invoiceDate,
    operationDate: null,
    // A substitute is what the customer owes now: it keeps the original's due date.
    dueDate: body.method === 'SUBSTITUTION' ? first.dueDate : null,
    paymentMethod: first.paymentMethod,
    notes: body.notes ?? null,
    // Art. 15 RD 1619/2012: the rectificativa goes to the same recipient as the invoice it corrects.
    customer: first.customer,
    invoiceLines: lines.map((l, i) => ({ ...l, baseCents: totals.lineBasesCents[i]! })),
    irpfRateBp: first.irpfRateBp,
    totals: {
      baseCents: totals.baseCents,
      vatCents: totals.vatCents,
      recargoCents: totals.recargoCents,
      irpfCents: totals.irpfCents,
      totalCents: totals.totalCents,
    },
    breakdown: totals.breakdown,
    legalMentions: totals.legalMentions,
    rectification,
    origin: 'MANUAL',
    series: null,
    seriesId: null,
    requestedSeriesId: input.requestedSeriesId,
    number: null,
    invoiceNumber: null,
    confirmedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The ids a rectificativa corrects (empty for an ordinary invoice). */
export const rectifiedIds = (inv: Invoice): string[] =>
  isRectificativa(inv.invoiceType) ? (inv.rectification?.rectified ?? []).map((r) => r.invoiceId) : [];
