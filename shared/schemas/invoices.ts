/**
 * Request and response contracts of issued invoices (issue 4, items 3 and 4: drafts and
 * confirmation), their payments, payment status and cancellation. Pure: the web form validates
 * with the same schemas.
 */

import * as z from 'zod';
import { DueDate, type InstalmentState, MAX_INSTALMENTS } from '../fiscal/due-dates';
import { PageQuery } from './common';
import { Country } from './countries';
import { type CustomerTaxId, CustomerTaxIdSchema, type VatTreatment } from './customers';
import { type IntraEuOperation, IntraEuOperationBody } from './intra-eu-operation';
import { safeMultiline, safeText } from './text';

// --- issued invoices (issue 4, items 3 and 4: drafts and confirmation) -----------------------------

export const INVOICE_TYPES = ['F1', 'F2', 'F3'] as const;
export type OrdinaryInvoiceType = (typeof INVOICE_TYPES)[number];
/**
 * Rectificativas (art. 15 RD 1619/2012; AEAT TipoFactura): R1 error founded in law and art. 80.1,
 * 80.2 and 80.6 LIVA; R2 art. 80.3 (concurso); R3 art. 80.4 (bad debts); R4 other causes; R5
 * rectification of simplified invoices.
 */
export const RECTIFICATIVA_TYPES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type RectificativaType = (typeof RECTIFICATIVA_TYPES)[number];
export const ALL_INVOICE_TYPES = [...INVOICE_TYPES, ...RECTIFICATIVA_TYPES] as const;
export type InvoiceType = (typeof ALL_INVOICE_TYPES)[number];
export const isRectificativa = (t: InvoiceType): t is RectificativaType => t.startsWith('R');
/** AEAT TipoRectificativa: S = por sustitución, I = por diferencias (incremental). */
export const RECTIFICATION_METHODS = ['SUBSTITUTION', 'DIFFERENCES'] as const;
export type RectificationMethod = (typeof RECTIFICATION_METHODS)[number];
/** SII states of an issued invoice (spec part 2 §3); null when the company is not in the SII. */
export const SII_STATUSES = [
  'NOT_SENT',
  'QUEUED',
  'SENT',
  'ACCEPTED',
  'REJECTED',
  'PENDING_CORRECTION',
  'PARTIALLY_SENT',
  'ERROR',
] as const;
export type SiiStatus = (typeof SII_STATUSES)[number];
export const INVOICE_STATUSES = ['DRAFT', 'CONFIRMED', 'CANCELLED'] as const;
/** Who created an invoice: drafts written by automation wait for the user (spec part 2 §4). */
export const INVOICE_ORIGINS = ['MANUAL', 'RECURRING', 'IMPORT'] as const;
export type InvoiceOrigin = (typeof INVOICE_ORIGINS)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_METHODS = ['TRANSFER', 'DIRECT_DEBIT', 'CARD', 'CASH', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const EXEMPTION_CAUSES = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;
export const NOT_SUBJECT_KINDS = ['N1', 'N2'] as const;

const QUANTITY = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * A quantity with at most 3 decimals, turned into thousandths exactly: the decimal text is split,
 * never multiplied as a float (1.005 × 1000 is 1004.9999… in binary floating point).
 */
export const Quantity = z.union([z.number(), z.string().trim()]).transform((raw, ctx): number => {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (!QUANTITY.test(text)) {
    ctx.addIssue({
      code: 'custom',
      message: 'La cantidad debe ser un número positivo con como máximo 3 decimales.',
    });
    return z.NEVER;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (milli <= 0) ctx.addIssue({ code: 'custom', message: 'La cantidad debe ser mayor que cero.' });
  return milli;
});

export const Bp = z.number().int().min(0).max(10_000);

export const InvoiceLineBody = z
  .object({
    description: safeMultiline().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    quantity: Quantity,
    unitPriceCents: z.number().int().min(0).max(1_000_000_000_000),
    discountBp: Bp.default(0),
    vatRateBp: z.number().int().min(0).max(10_000),
    exemptionCause: z.enum(EXEMPTION_CAUSES).optional(),
    notSubject: z.enum(NOT_SUBJECT_KINDS).optional(),
    reverseCharge: z.boolean().optional(),
    recargo: z.boolean().optional(),
    /** Overrides the recargo rate linked to the VAT rate: 175 (1,75 %) for tobacco at 21 % (art. 161 LIVA). */
    recargoRateBp: z.number().int().min(0).max(10_000).optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    const kinds = [l.exemptionCause, l.notSubject, l.reverseCharge ? 'S2' : undefined].filter(Boolean);
    if (kinds.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['exemptionCause'],
        message: 'Una línea solo puede ser exenta, no sujeta o con inversión del sujeto pasivo.',
      });
    }
    if (kinds.length > 0 && l.vatRateBp !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatRateBp'],
        message: 'Una línea exenta, no sujeta o con inversión del sujeto pasivo no repercute IVA: tipo 0.',
      });
    }
  });
export type InvoiceLineBody = z.infer<typeof InvoiceLineBody>;

/** The customer written on the invoice when it is not (or not only) a stored customer. */
export const InvoiceCustomerBody = z
  .object({
    nif: safeText().optional(),
    idOtro: z.object({ type: safeText(), value: safeText(), country: safeText() }).strict().optional(),
    name: safeText().min(1, { message: 'El nombre es obligatorio.' }).max(200),
    address: safeText().max(200).default(''),
    postalCode: safeText().max(12).default(''),
    city: safeText().max(100).default(''),
    /** Default: the country of a foreign tax id (idOtro), else ES. */
    country: Country.optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.nif !== undefined && c.idOtro !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['nif'],
        message: 'Indica el NIF o un identificador extranjero, no ambos.',
      });
    }
    const raw = c.nif ?? c.idOtro;
    if (raw === undefined) return;
    const parsed = CustomerTaxIdSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({
        code: 'custom',
        path: [c.nif !== undefined ? 'nif' : 'idOtro', ...issue.path.map(String)],
        message: issue.message,
      });
    }
  })
  .transform((c) => {
    const raw = c.nif ?? c.idOtro;
    const taxId = raw === undefined ? undefined : CustomerTaxIdSchema.parse(raw);
    return {
      name: c.name,
      taxId,
      address: c.address,
      postalCode: c.postalCode,
      city: c.city,
      // A customer identified only by its NIF-IVA or another foreign id is of that id's country
      // (it decides the 303 box and the 349: an EU business is not a Spanish sale).
      country: c.country ?? (taxId && typeof taxId !== 'string' && taxId.country ? taxId.country : 'ES'),
    };
  });
export type InvoiceCustomerBody = z.infer<typeof InvoiceCustomerBody>;

/**
 * Explicit due dates: none before the invoice date, in date order, and with `dueDate` only when it
 * is the first of them (a client that sends back what it read). Their sum is checked against the
 * total when the invoice is built (functions/domains/invoices/model/build-invoice.ts).
 */
function checkBodyDueDates(
  b: { invoiceDate: string; dueDate?: string | undefined; dueDates?: DueDate[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!b.dueDates) return;
  b.dueDates.forEach((d, i) => {
    if (d.dueDate < b.invoiceDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDates', i, 'dueDate'],
        message: 'El vencimiento no puede ser anterior a la fecha de la factura.',
      });
    }
    if (i > 0 && d.dueDate < b.dueDates![i - 1]!.dueDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDates', i, 'dueDate'],
        message: 'Los vencimientos deben ir en orden de fecha.',
      });
    }
  });
  if (b.dueDate && b.dueDate !== b.dueDates[0]?.dueDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['dueDate'],
      message: 'Indica el vencimiento o los vencimientos, no ambos.',
    });
  }
}

export const CreateInvoiceBody = z
  .object({
    invoiceType: z.enum(INVOICE_TYPES),
    invoiceDate: z.iso.date(),
    operationDate: z.iso.date().optional(),
    customerId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    customer: InvoiceCustomerBody.optional(),
    invoiceLines: z
      .array(InvoiceLineBody)
      .min(1, { message: 'La factura debe tener al menos una línea.' })
      .max(500),
    irpfRateBp: Bp.optional(),
    dueDate: z.iso.date().optional(),
    /**
     * Issue 19: explicit due dates (instalments), oldest first; they must add up to what the
     * customer pays (the total, net of the IRPF withheld). Left out: the `dueDate` given (one
     * instalment), else the customer's payment terms, else the company's.
     */
    dueDates: z
      .array(DueDate)
      .min(1, { message: 'Indica al menos un vencimiento.' })
      .max(MAX_INSTALMENTS, { message: `Como máximo ${MAX_INSTALMENTS} vencimientos.` })
      .optional(),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    notes: safeMultiline().trim().max(2000).optional(),
    /**
     * Operación triangular (art. 26.Tres LIVA): an exempt intra-EU delivery (E5) after an intra-EU
     * acquisition of the same goods; declared apart in the 349 with key T.
     */
    triangular: z.boolean().optional(),
    /**
     * Determinadas operaciones intracomunitarias (art. 66.1 RIVA): the invoice also goes to the
     * SII's book OI. Null or left out: none.
     */
    intraEuOperation: IntraEuOperationBody.nullable().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.dueDate && b.dueDate < b.invoiceDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'El vencimiento no puede ser anterior a la fecha de la factura.',
      });
    }
    checkBodyDueDates(b, ctx);
  });
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;

export const InvoicePath = z.object({ invoiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type InvoicePath = z.infer<typeof InvoicePath>;

/** `?series=` takes a series id or its code. */
export const InvoiceSeriesQuery = z.object({ series: safeText().min(1).max(64).optional() });
export type InvoiceSeriesQuery = z.infer<typeof InvoiceSeriesQuery>;

export const InvoiceListQuery = PageQuery.extend({
  type: z.enum(ALL_INVOICE_TYPES).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  siiStatus: z.enum(SII_STATUSES).optional(),
  paymentStatus: z.enum(['PENDING', 'PARTIAL', 'PAID', 'OVERDUE']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  customer: safeText().max(64).optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** The customer as it was when the invoice was written (an issued invoice never follows later edits). */
export interface InvoiceCustomerSnapshot {
  customerId: string | null;
  name: string;
  taxId: CustomerTaxId | null;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatTreatment: VatTreatment;
}

export interface InvoiceIssuerSnapshot {
  name: string;
  nif: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  country: string;
  email: string | null;
  phone: string | null;
  /** The company's VAT regime then; CRITERIO_CAJA brings its mandatory mention. */
  vatRegime: string;
}

/** A rectified invoice as the rectificativa records it (AEAT FacturasRectificadas + ImporteRectificacion). */
export interface RectifiedInvoiceRef {
  invoiceId: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceType: InvoiceType;
  totals: InvoiceTotalsView;
  breakdown: Invoice['breakdown'];
}

export interface InvoiceRectification {
  method: RectificationMethod;
  /** Why (shown on the PDF and sent to VeriFacTu/SII). */
  reason: string;
  rectified: RectifiedInvoiceRef[];
}

export interface InvoiceLine {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  operation: string;
  recargo: boolean;
  /** Set when the line's recargo rate is not the one linked to its VAT rate (tobacco: 175). */
  recargoRateBp?: number;
  /**
   * One-stop shop (OSS): the member state of consumption whose VAT rate the line charges (operation
   * N2, not subject in Spain; shared/fiscal/invoice-totals.ts). Absent on every other line.
   */
  ossCountry?: string;
  baseCents: number;
}

export interface InvoiceTotalsView {
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
}

export interface Invoice {
  invoiceId: string;
  companyId: string;
  invoiceType: InvoiceType;
  status: InvoiceStatus;
  invoiceDate: string;
  operationDate: string | null;
  /** The first due date (`dueDates[0]`), or null: what lists and the overdue index read. */
  dueDate: string | null;
  /**
   * Issue 19: every due date with its amount (they add up to `totals.totalCents`), oldest first;
   * computed for drafts from the terms and fixed at confirmation. Absent on invoices stored
   * before (the `received-invoices-overdue` schedule fills them) and on drafts without a due date;
   * empty on a credit note (nothing to collect).
   */
  dueDates?: DueDate[];
  paymentMethod: PaymentMethod | null;
  notes: string | null;
  /** Operación triangular (art. 26.Tres LIVA): the 349 declares its E5 deliveries with key T. */
  triangular?: boolean | null;
  /**
   * Determinadas operaciones intracomunitarias (art. 66.1 RIVA; SII book OI), or null. Absent on
   * invoices stored before the field existed: read as null.
   */
  intraEuOperation?: IntraEuOperation | null;
  customer: InvoiceCustomerSnapshot | null;
  invoiceLines: InvoiceLine[];
  irpfRateBp: number;
  totals: InvoiceTotalsView;
  breakdown: {
    operation: string;
    vatRateBp: number;
    recargoRateBp: number;
    baseCents: number;
    vatCents: number;
    recargoCents: number;
    /** OSS: the member state of consumption whose VAT the group charges (absent otherwise). */
    ossCountry?: string;
  }[];
  legalMentions: string[];
  series: string | null;
  seriesId: string | null;
  /**
   * The issuer as it was at confirmation (Art. 6.1.c/d RD 1619/2012): an issued invoice never
   * follows later edits of the company. Null on drafts (the PDF of a draft reads the company now).
   */
  issuer?: InvoiceIssuerSnapshot | null;
  /** SII state: NOT_SENT at confirmation when the company is in the SII, otherwise null. */
  siiStatus?: SiiStatus | null;
  /** Set on a rectificativa (R1–R5): what it corrects and how. */
  rectification?: InvoiceRectification | null;
  /** Set on an invoice that later rectificativas correct: their ids, oldest first. */
  rectifiedBy?: string[];
  /**
   * Set when a rectificativa by SUBSTITUTION replaced this invoice (shown as 'Sustituida'): its
   * payments moved to the substitute and it takes no more payments nor rectificativas.
   */
  substitutedBy?: string | null;
  substitutedByNumber?: string | null;
  /** Who wrote the draft: a person (MANUAL, also when absent), the recurring schedule or an import. */
  origin?: InvoiceOrigin;
  /** The series chosen with `?series=` when the draft was created; used when it is confirmed. */
  requestedSeriesId: string | null;
  number: number | null;
  invoiceNumber: string | null;
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

// --- payments, payment status and cancellation (issue 4, item 3) ---------------------------------

/** Where an issued invoice stands with its payments (stored; the daily schedule marks OVERDUE). */
export const PAYMENT_STATUSES = ['PENDING', 'PARTIAL', 'PAID', 'OVERDUE'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A confirmed invoice with its payment state; CANCELLED when annulled without payments. */
export interface InvoiceWithPayments extends Omit<Invoice, 'status'> {
  status: InvoiceStatus | 'CANCELLED';
  paymentStatus?: PaymentStatus;
  paidCents?: number;
  /** What was paid in cash, so the cash limit applies to the invoice's cash payments together. */
  cashPaidCents?: number;
  cancelledAt?: string;
  cancelReason?: string;
  /** Credit notes (rectificativas by differences with a negative total) applied to this invoice. */
  creditedCents?: number;
  creditsReceived?: CreditReceived[];
  /** On a credit note: how much of its credit is applied to invoices, and where. */
  appliedCreditCents?: number;
  creditApplications?: CreditApplication[];
}

/** A credit note applied to an invoice, as the invoice records it. */
export interface CreditReceived {
  creditNoteId: string;
  creditNoteNumber: string;
  amountCents: number;
  at: string;
  by: string | null;
}

/** Where a credit note's credit went, as the credit note records it. */
export interface CreditApplication {
  invoiceId: string;
  invoiceNumber: string;
  amountCents: number;
  at: string;
  by: string | null;
}

/** What the web shows as the invoice's state: 'Sustituida' is a CONFIRMED invoice replaced by a substitution. */
export const INVOICE_DISPLAY_STATUSES = ['DRAFT', 'CONFIRMED', 'CANCELLED', 'SUBSTITUTED'] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];
export const INVOICE_DISPLAY_STATUS_LABELS: Record<InvoiceDisplayStatus, string> = {
  DRAFT: 'Borrador',
  CONFIRMED: 'Confirmada',
  CANCELLED: 'Anulada',
  SUBSTITUTED: 'Sustituida',
};

/**
 * GET /invoices/{invoiceId} (and the answers of confirm, rectify, payments): the stored invoice
 * plus what is derived from it: the display status, what the customer still owes on it
 * (total − payments − credit notes applied; 0 for drafts, cancelled, substituted invoices and
 * credit notes) and, on a credit note, the credit not yet applied.
 */
export interface InvoiceView extends InvoiceWithPayments {
  displayStatus: InvoiceDisplayStatus;
  outstandingCents: number;
  unappliedCreditCents: number;
  /**
   * Issue 19: each due date with what the payments and credit applied cover of it (oldest first)
   * and whether it is overdue today (Europe/Madrid); empty without due dates.
   */
  instalments: InstalmentState[];
}

export const AddPaymentBody = z
  .object({
    amountCents: z
      .number()
      .int({ message: 'El importe debe ser un número entero de céntimos.' })
      .positive({ message: 'El importe debe ser mayor que cero.' })
      .max(1_000_000_000_000),
    paidAt: z.iso.date({ message: 'La fecha de pago debe ser una fecha ISO (AAAA-MM-DD).' }),
    method: z.enum(PAYMENT_METHODS),
    reference: safeText().max(200).optional(),
  })
  .strict();
export type AddPaymentBody = z.infer<typeof AddPaymentBody>;

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
  createdAt: string;
  createdBy: string;
  /** ACTIVE counts in the invoice's paid amount; DELETED stays in the list for its audit line. */
  status?: PaymentRecordStatus;
  /** Bumped by every correction (absent = 0): writes are conditioned on it. */
  revision?: number;
  /** Set when the payment was moved from a substituted invoice to its substitute. */
  movedFrom?: { invoiceId: string; invoiceNumber: string } | null;
  /** Every correction or deletion: who, when, before and after (after is null for a deletion). */
  history?: PaymentAuditEntry[];
}

export const PAYMENT_RECORD_STATUSES = ['ACTIVE', 'DELETED'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export interface PaymentValues {
  amountCents: number;
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
}

export interface PaymentAuditEntry {
  action: 'UPDATED' | 'DELETED' | 'MOVED';
  at: string;
  by: string;
  before: PaymentValues;
  after: PaymentValues | null;
  reason: string | null;
}

/** PUT /invoices/{invoiceId}/payments/{paymentId}: the corrected payment (the contract of POST). */
export const UpdatePaymentBody = AddPaymentBody.extend({
  reason: safeMultiline().trim().max(500).optional(),
}).strict();
export type UpdatePaymentBody = z.infer<typeof UpdatePaymentBody>;

/** DELETE /invoices/{invoiceId}/payments/{paymentId}?reason=...: the reason is optional. */
export const DeletePaymentQuery = z.object({ reason: safeMultiline().trim().max(500).optional() });
export type DeletePaymentQuery = z.infer<typeof DeletePaymentQuery>;

export const PaymentPath = z.object({
  invoiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type PaymentPath = z.infer<typeof PaymentPath>;

/**
 * POST /invoices/{invoiceId}/apply-credit ({invoiceId} is the credit note): applies its credit not
 * yet used to another open invoice of the same customer; without amountCents, as much as fits.
 */
export const ApplyCreditBody = z
  .object({
    targetInvoiceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Identificador no válido.' }),
    amountCents: z
      .number()
      .int({ message: 'El importe debe ser un número entero de céntimos.' })
      .positive({ message: 'El importe debe ser mayor que cero.' })
      .max(1_000_000_000_000)
      .optional(),
  })
  .strict();
export type ApplyCreditBody = z.infer<typeof ApplyCreditBody>;

export const CancelInvoiceBody = z
  .object({
    reason: safeMultiline()
      .trim()
      .min(5, { message: 'Indica el motivo de la anulación (al menos 5 caracteres).' })
      .max(500),
  })
  .strict();
export type CancelInvoiceBody = z.infer<typeof CancelInvoiceBody>;
