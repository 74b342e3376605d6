/**
 * Request and response contracts of received invoices (libro registro de facturas recibidas, art. 64
 * RIVA) and of the expense totals (issue 4, item 7). Pure: the web forms validate with the same schemas.
 */

import * as z from 'zod';
import { DueDate, MAX_INSTALMENTS } from '../fiscal/due-dates';
import { allowedRecargoBps, VAT_RATE_BPS } from '../fiscal/vat';
import type { WithholdingKind } from '../fiscal/withholdings';
import { Id, IsoDate, PageQuery } from './common';
import { Country } from './countries';
import {
  type SupplierTaxId,
  SupplierTaxIdSchema,
  supplierCountryConflict,
  WithholdingKeyField,
  WithholdingKindField,
  withholdingKeyProblem,
} from './expenses';
import { type IntraEuOperation, IntraEuOperationBody } from './intra-eu-operation';
import { RECTIFICATIVA_TYPES, type SiiStatus } from './invoices';
import type { ReceivedInvoiceDraftFlags } from './received-invoice-draft';
import { SignedQuantity } from './rectificativas';
import { safeMultiline, safeText } from './text';

// --- line kinds and statuses -----------------------------------------------------------------------

/**
 * How the VAT of a received line is borne (303 boxes 28–41 and 10–13):
 *  - DOMESTIC: VAT charged by a Spanish supplier (soportado en operaciones interiores);
 *  - REVERSE_CHARGE: inversión del sujeto pasivo (art. 84.Uno.2º LIVA): we self-assess the VAT;
 *  - INTRA_EU_GOODS / INTRA_EU_SERVICES: adquisiciones intracomunitarias (arts. 13 and 69 LIVA), self-assessed;
 *  - IMPORT: VAT paid at customs on the DUA (art. 18 LIVA), deductible, never charged by the supplier;
 *  - EXEMPT / NOT_SUBJECT: no VAT at all.
 */
export const RECEIVED_LINE_KINDS = [
  'DOMESTIC',
  'REVERSE_CHARGE',
  'INTRA_EU_GOODS',
  'INTRA_EU_SERVICES',
  'IMPORT',
  'EXEMPT',
  'NOT_SUBJECT',
] as const;
export type ReceivedLineKind = (typeof RECEIVED_LINE_KINDS)[number];

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * AEAT TipoFactura of a received invoice (SII, libro registro de facturas recibidas): F1 factura
 * (art. 6 RD 1619/2012), F2 factura simplificada (art. 7), R1–R5 factura rectificativa (art. 15):
 * R1 error fundado en derecho and art. 80 Uno, Dos and Seis LIVA, R2 art. 80 Tres (concurso),
 * R3 art. 80 Cuatro (créditos incobrables), R4 the other causes, R5 of simplified invoices.
 */
export const RECEIVED_INVOICE_TYPES = ['F1', 'F2', ...RECTIFICATIVA_TYPES] as const;
export type ReceivedInvoiceType = (typeof RECEIVED_INVOICE_TYPES)[number];
export const isReceivedRectificativa = (t: ReceivedInvoiceType | undefined): boolean =>
  t?.startsWith('R') ?? false;

/**
 * How a received rectificativa is recorded: always by differences (AEAT TipoRectificativa `I`): its
 * lines carry what changes (negative to lower what the rectified invoices charged), never a
 * replacement of them.
 */
export const RECEIVED_RECTIFICATION_METHODS = ['DIFFERENCES'] as const;
export type ReceivedRectificationMethod = (typeof RECEIVED_RECTIFICATION_METHODS)[number];

export const RECEIVED_PAYMENT_METHODS = [
  'TRANSFER',
  'DIRECT_DEBIT',
  'CARD',
  'CASH',
  'CHECK',
  'OTHER',
] as const;
export type ReceivedPaymentMethod = (typeof RECEIVED_PAYMENT_METHODS)[number];

/**
 * What is paid of a received invoice (stored with its payments; absent on older items = PENDING).
 * OVERDUE (issue 19): a due date before today is not covered by the payments (the daily schedule
 * `received-invoices-overdue`, and every write of the invoice).
 */
export const RECEIVED_PAYMENT_STATUSES = ['PENDING', 'PARTIAL', 'PAID', 'OVERDUE'] as const;
export type ReceivedPaymentStatus = (typeof RECEIVED_PAYMENT_STATUSES)[number];

const Bp = z.number().int().min(0).max(10_000);
const SupplierNumber = z
  .string()
  .trim()
  .min(1, { message: 'El número de factura del proveedor es obligatorio.' })
  .max(60);

// --- request bodies ------------------------------------------------------------------------------

/**
 * A line. Quantity and price may be negative only on a rectificativa (a credit note lowers what was
 * invoiced); the invoice's check refuses them on any other invoice, naming the line.
 */
export const ReceivedInvoiceLineBody = z
  .object({
    description: safeMultiline().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    /** A number or a decimal text with at most 3 decimals, not zero; stored as thousandths (quantityMilli). */
    quantity: SignedQuantity,
    unitPriceCents: z
      .number({ message: 'El precio debe ser un importe en céntimos.' })
      .int({ message: 'El precio debe ser un importe en céntimos.' })
      .min(-1_000_000_000_000)
      .max(1_000_000_000_000),
    discountBp: Bp.default(0),
    vatRateBp: z
      .number()
      .int()
      .refine((v) => VAT_RATE_BPS.includes(v), { message: 'El tipo de IVA no es válido.' }),
    kind: z.enum(RECEIVED_LINE_KINDS).default('DOMESTIC'),
    /** Deductible share of the quota (art. 95 LIVA: e.g. 5000 for a car used 50 % in the business). */
    deductibleBp: Bp.default(10_000),
    /** Recargo de equivalencia borne as a retailer in that regime (art. 154 LIVA): never deductible. */
    recargoRateBp: z.number().int().min(0).max(10_000).optional(),
    /** Bien de inversión (art. 108 LIVA): reported apart in the 303 and subject to regularisation. */
    investmentGoods: z.boolean().default(false),
  })
  .strict()
  .superRefine((l, ctx) => {
    if ((l.kind === 'EXEMPT' || l.kind === 'NOT_SUBJECT') && l.vatRateBp !== 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatRateBp'],
        message: 'Una línea exenta o no sujeta no lleva IVA: el tipo debe ser 0.',
      });
    }
    if (l.recargoRateBp !== undefined && l.recargoRateBp > 0) {
      if (l.kind !== 'DOMESTIC') {
        ctx.addIssue({
          code: 'custom',
          path: ['recargoRateBp'],
          message: 'El recargo de equivalencia solo se soporta en compras interiores.',
        });
      } else if (!allowedRecargoBps(l.vatRateBp).includes(l.recargoRateBp)) {
        ctx.addIssue({
          code: 'custom',
          path: ['recargoRateBp'],
          message: 'El tipo de recargo de equivalencia no corresponde al tipo de IVA.',
        });
      }
    }
  });
export type ReceivedInvoiceLineBody = z.infer<typeof ReceivedInvoiceLineBody>;

/** A supplier written on the invoice without a stored supplier (linked when its tax id is stored). */
export const ReceivedSupplierBody = z
  .object({
    name: safeText().min(1, { message: 'El nombre del proveedor es obligatorio.' }).max(200),
    taxId: SupplierTaxIdSchema,
    country: Country.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const conflict = supplierCountryConflict(s.taxId, s.country);
    if (conflict) ctx.addIssue({ code: 'custom', path: ['country'], message: conflict });
  });
export type ReceivedSupplierBody = z.infer<typeof ReceivedSupplierBody>;

export const ReceivedAttachment = z
  .object({
    uploadId: safeText().min(1).max(200).optional(),
    documentId: safeText().min(1).max(200).optional(),
    fileName: safeText().min(1, { message: 'El nombre del archivo es obligatorio.' }).max(255),
  })
  .strict()
  .refine((a) => Boolean(a.uploadId) !== Boolean(a.documentId), {
    message: 'Cada adjunto debe indicar un uploadId o un documentId.',
    path: ['uploadId'],
  });
export type ReceivedAttachment = z.infer<typeof ReceivedAttachment>;

/**
 * One invoice a rectificativa corrects: a received invoice registered in the company
 * (`receivedInvoiceId`, same supplier; its number and date are taken from it), or the number and
 * date of one that is not (art. 15 RD 1619/2012: the rectificativa identifies the rectified invoice).
 */
export const ReceivedRectifiedRefBody = z
  .object({
    receivedInvoiceId: Id.optional(),
    supplierInvoiceNumber: SupplierNumber.optional(),
    issueDate: IsoDate.optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.receivedInvoiceId) return;
    for (const field of ['supplierInvoiceNumber', 'issueDate'] as const) {
      if (!r[field]) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Indica la factura rectificada registrada o su número y fecha de expedición.',
        });
      }
    }
  });
export type ReceivedRectifiedRefBody = z.infer<typeof ReceivedRectifiedRefBody>;

export const ReceivedRectificationBody = z
  .object({
    method: z
      .enum(RECEIVED_RECTIFICATION_METHODS, {
        message: 'Las rectificativas recibidas se registran por diferencias.',
      })
      .default('DIFFERENCES'),
    reason: safeMultiline().trim().max(500).optional(),
    rectified: z
      .array(ReceivedRectifiedRefBody)
      .min(1, { message: 'Indica al menos una factura rectificada.' })
      .max(50, { message: 'Una rectificativa no puede rectificar más de 50 facturas.' }),
  })
  .strict();
export type ReceivedRectificationBody = z.infer<typeof ReceivedRectificationBody>;

/** The DUA (documento único administrativo) that evidences an import and its VAT paid at customs. */
export const CustomsDocument = safeText()
  .trim()
  .toUpperCase()
  .min(1, { message: 'Indica el número de DUA.' })
  .max(40, { message: 'El número de DUA no puede tener más de 40 caracteres.' });

const invoiceFields = {
  supplierId: Id.optional(),
  supplier: ReceivedSupplierBody.optional(),
  supplierInvoiceNumber: SupplierNumber,
  /** F1 when left out; R1–R5 need `rectification`. */
  invoiceType: z.enum(RECEIVED_INVOICE_TYPES).default('F1'),
  rectification: ReceivedRectificationBody.optional(),
  /** The DUA number of an invoice with IMPORT lines. */
  customsDocument: CustomsDocument.optional(),
  issueDate: IsoDate,
  operationDate: IsoDate.optional(),
  /** The book date (fecha de registro contable); the issue date when left out. */
  accountingDate: IsoDate.optional(),
  receivedDate: IsoDate.optional(),
  lines: z
    .array(ReceivedInvoiceLineBody)
    .min(1, { message: 'La factura debe tener al menos una línea.' })
    .max(200, { message: 'La factura no puede tener más de 200 líneas.' }),
  /** IRPF we withhold from the supplier (art. 101 LIRPF: 1500 for a professional). */
  irpfRateBp: Bp.default(0),
  /**
   * The kind of that withholding and its key (issue 15 item 1: 111/115/123/216, 190/180/193/296).
   * Left out with a withholding: the supplier's remembered kind, else a professional's (G01); only the
   * kind: its default key. Ignored without a withholding (irpfRateBp 0).
   */
  withholdingKind: WithholdingKindField.optional(),
  withholdingKey: WithholdingKeyField.optional(),
  expenseCategoryId: Id.optional(),
  paymentMethod: z.enum(RECEIVED_PAYMENT_METHODS).optional(),
  dueDate: IsoDate.optional(),
  /**
   * Issue 19: explicit due dates (instalments), in date order, adding up to the total payable. Left
   * out: `dueDate` as one instalment, else the supplier's payment terms, else the company's.
   */
  dueDates: z
    .array(DueDate)
    .min(1, { message: 'Indica al menos un vencimiento.' })
    .max(MAX_INSTALMENTS, { message: `Como máximo ${MAX_INSTALMENTS} vencimientos.` })
    .optional(),
  notes: safeMultiline().trim().max(2000).optional(),
  attachments: z.array(ReceivedAttachment).max(20).default([]),
  /**
   * Determinadas operaciones intracomunitarias (art. 66.1 RIVA; SII book OI). Null or left out: none
   * (a correction that leaves it out removes it, as any optional field).
   */
  intraEuOperation: IntraEuOperationBody.nullable().optional(),
  /**
   * The supplier applies the régimen especial del criterio de caja (its invoice says so, art. 6.1.o
   * RD 1619/2012): the VAT of the DOMESTIC lines is deductible only when paid, or on 31 December of
   * the year after the operation (art. 163 quinquiesdecies.Uno LIVA); the SII records its payments (RECC)
   * and ClaveRegimen 07. Left out: on a new invoice the supplier's remembered mark (else false), on
   * a correction the invoice's own (a client that predates the field never clears it).
   */
  supplierCashCriterion: z.boolean().optional(),
};

type Fields = {
  supplierId?: string;
  supplier?: unknown;
  supplierInvoiceNumber: string;
  invoiceType: ReceivedInvoiceType;
  rectification?: ReceivedRectificationBody;
  customsDocument?: string;
  issueDate: string;
  accountingDate?: string;
  dueDate?: string;
  dueDates?: { dueDate: string; amountCents: number }[];
  withholdingKind?: WithholdingKind;
  withholdingKey?: string;
  lines: {
    quantity: number;
    unitPriceCents: number;
    kind: ReceivedLineKind;
    vatRateBp: number;
    recargoRateBp?: number | undefined;
    investmentGoods: boolean;
    discountBp: number;
  }[];
};

/** Only a rectificativa lowers amounts: elsewhere a negative quantity or price is refused. */
/**
 * Negative amounts: a rectificativa carries differences of any sign; an ordinary invoice may carry a
 * discount or rebate line (art. 78.Tres.2º LIVA, art. 6.1.f RD 1619/2012: "descuentos y rebajas")
 * as long as no VAT group ends with a negative base — a refund or a credit note is a rectificativa.
 */
function checkSigns(v: Fields, ctx: z.RefinementCtx): void {
  if (isReceivedRectificativa(v.invoiceType)) return;
  const groupOf = (l: Fields['lines'][number]) =>
    `${l.kind}|${l.vatRateBp}|${l.recargoRateBp ?? 0}|${l.investmentGoods ? 'I' : 'C'}`;
  const grossOf = (l: Fields['lines'][number]) =>
    (l.quantity * l.unitPriceCents * (10_000 - (l.discountBp ?? 0))) / 10_000;
  const groups = new Map<string, number>();
  for (const l of v.lines) groups.set(groupOf(l), (groups.get(groupOf(l)) ?? 0) + grossOf(l));
  v.lines.forEach((l, i) => {
    if (grossOf(l) >= 0) return;
    if ((groups.get(groupOf(l)) ?? 0) < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, l.quantity < 0 ? 'quantity' : 'unitPriceCents'],
        message:
          'Un descuento no puede dejar negativa la base de su tipo de IVA: una devolución o un abono se registra como factura rectificativa.',
      });
    }
  });
}

/** A rectificativa names what it rectifies (art. 15 RD 1619/2012); any other invoice names nothing. */
function checkRectification(v: Fields, ctx: z.RefinementCtx): void {
  const rectificativa = isReceivedRectificativa(v.invoiceType);
  if (rectificativa && !v.rectification) {
    ctx.addIssue({
      code: 'custom',
      path: ['rectification'],
      message: 'Una factura rectificativa debe indicar las facturas que rectifica.',
    });
  }
  if (!rectificativa && v.rectification) {
    ctx.addIssue({
      code: 'custom',
      path: ['invoiceType'],
      message: 'Solo una factura rectificativa (R1 a R5) indica facturas rectificadas.',
    });
  }
  const seen = new Set<string>();
  v.rectification?.rectified.forEach((r, i) => {
    const at = (field: string) => ['rectification', 'rectified', i, field];
    if (r.issueDate && r.issueDate > v.issueDate) {
      ctx.addIssue({
        code: 'custom',
        path: at('issueDate'),
        message: 'La factura rectificada no puede ser posterior a la rectificativa.',
      });
    }
    const number = r.supplierInvoiceNumber ? supplierNumberKey(r.supplierInvoiceNumber) : undefined;
    if (number && number === supplierNumberKey(v.supplierInvoiceNumber) && r.issueDate === v.issueDate) {
      ctx.addIssue({
        code: 'custom',
        path: at('supplierInvoiceNumber'),
        message: 'Una factura no puede rectificarse a sí misma.',
      });
    }
    const key = r.receivedInvoiceId ? `id:${r.receivedInvoiceId}` : `n:${number}|${r.issueDate}`;
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        path: at(r.receivedInvoiceId ? 'receivedInvoiceId' : 'supplierInvoiceNumber'),
        message: 'Esa factura rectificada ya está indicada.',
      });
    }
    seen.add(key);
  });
}

function checkInvoice(v: Fields, ctx: z.RefinementCtx): void {
  checkSigns(v, ctx);
  checkRectification(v, ctx);
  const keyProblem = withholdingKeyProblem(v.withholdingKind, v.withholdingKey);
  if (keyProblem) ctx.addIssue({ code: 'custom', path: ['withholdingKey'], message: keyProblem });
  if (v.customsDocument && !v.lines.some((l) => l.kind === 'IMPORT')) {
    ctx.addIssue({
      code: 'custom',
      path: ['customsDocument'],
      message: 'El número de DUA solo se indica en una factura con líneas de importación.',
    });
  }
  if (Boolean(v.supplierId) === Boolean(v.supplier)) {
    ctx.addIssue({
      code: 'custom',
      path: ['supplierId'],
      message: 'Indica un proveedor existente (supplierId) o los datos del proveedor, no ambos.',
    });
  }
  if (v.accountingDate && v.accountingDate < v.issueDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['accountingDate'],
      message: 'La fecha contable no puede ser anterior a la fecha de expedición.',
    });
  }
  if (v.dueDate && v.dueDate < v.issueDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['dueDate'],
      message: 'El vencimiento no puede ser anterior a la fecha de expedición.',
    });
  }
  v.dueDates?.forEach((d, i) => {
    const before = i > 0 && d.dueDate < v.dueDates![i - 1]!.dueDate;
    if (d.dueDate < v.issueDate || before) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDates', i, 'dueDate'],
        message: before
          ? 'Los vencimientos deben ir en orden de fecha.'
          : 'El vencimiento no puede ser anterior a la fecha de expedición.',
      });
    }
  });
  if (v.dueDate && v.dueDates && v.dueDate !== v.dueDates[0]?.dueDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['dueDate'],
      message: 'Indica el vencimiento o los vencimientos, no ambos.',
    });
  }
}

export const CreateReceivedInvoiceBody = z
  .object({ ...invoiceFields, approvalStatus: z.enum(APPROVAL_STATUSES).default('PENDING') })
  .strict()
  .superRefine(checkInvoice);
export type CreateReceivedInvoiceBody = z.infer<typeof CreateReceivedInvoiceBody>;

/** A correction replaces the invoice's data (optional fields left out are removed); approval has its own route. */
export const UpdateReceivedInvoiceBody = z.object(invoiceFields).strict().superRefine(checkInvoice);
export type UpdateReceivedInvoiceBody = z.infer<typeof UpdateReceivedInvoiceBody>;

export const SetApprovalBody = z
  .object({
    status: z.enum(['APPROVED', 'REJECTED']),
    comment: safeMultiline().trim().max(1000).optional(),
  })
  .strict()
  .refine((b) => b.status !== 'REJECTED' || Boolean(b.comment), {
    message: 'Indica el motivo del rechazo.',
    path: ['comment'],
  });
export type SetApprovalBody = z.infer<typeof SetApprovalBody>;

export const AssignCategoryBody = z.object({ categoryId: Id.nullable() }).strict();
export type AssignCategoryBody = z.infer<typeof AssignCategoryBody>;

export const ReceivedInvoicePath = z.object({ receivedInvoiceId: Id });
export type ReceivedInvoicePath = z.infer<typeof ReceivedInvoicePath>;

// --- payments of a received invoice (issue 16: the SII's RECC pagos) -----------------------------

/** POST /received-invoices/{receivedInvoiceId}/payments: what was paid, when and how. */
export const AddReceivedPaymentBody = z
  .object({
    amountCents: z
      .number({ message: 'El importe debe ser un número entero de céntimos.' })
      .int({ message: 'El importe debe ser un número entero de céntimos.' })
      .positive({ message: 'El importe debe ser mayor que cero.' })
      .max(1_000_000_000_000),
    paidAt: z.iso.date({ message: 'La fecha de pago debe ser una fecha ISO (AAAA-MM-DD).' }),
    method: z.enum(RECEIVED_PAYMENT_METHODS, { message: 'El medio de pago no es válido.' }),
    /** The account or means used (SII Cuenta_O_Medio: at most 34 characters, an IBAN fits). */
    account: safeText()
      .trim()
      .min(1, { message: 'Indica la cuenta o el medio de pago, o no lo envíes.' })
      .max(34, { message: 'La cuenta o medio de pago no puede tener más de 34 caracteres.' })
      .optional(),
    reference: safeText().trim().max(200).optional(),
  })
  .strict();
export type AddReceivedPaymentBody = z.infer<typeof AddReceivedPaymentBody>;

export const ReceivedPaymentPath = z.object({ receivedInvoiceId: Id, paymentId: Id });
export type ReceivedPaymentPath = z.infer<typeof ReceivedPaymentPath>;

/** DELETE /received-invoices/{receivedInvoiceId}/payments/{paymentId}?reason=: the reason is optional. */
export const DeleteReceivedPaymentQuery = z.object({ reason: safeMultiline().trim().max(500).optional() });
export type DeleteReceivedPaymentQuery = z.infer<typeof DeleteReceivedPaymentQuery>;

/**
 * A payment of a received invoice. ACTIVE counts in the invoice's paid amount; a deleted one stays
 * in the list as DELETED, with who deleted it, when and why (its audit line).
 */
export interface ReceivedInvoicePayment {
  paymentId: string;
  amountCents: number;
  paidAt: string;
  method: ReceivedPaymentMethod;
  account: string | null;
  reference: string | null;
  status: 'ACTIVE' | 'DELETED';
  createdAt: string;
  createdBy: string;
  deletedAt?: string;
  deletedBy?: string;
  deleteReason?: string | null;
}

export const CompanyPath = z.object({ companyId: Id });
export type CompanyPath = z.infer<typeof CompanyPath>;

const DateRange = {
  from: IsoDate.optional(),
  to: IsoDate.optional(),
};

function checkRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (v.from && v.to && v.from > v.to) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'La fecha final no puede ser anterior a la inicial.',
    });
  }
}

/** Received-invoice list (spec part 2 §3): from, to, expenseCategoryId, search, page, size (+ supplier, approval, sort). */
export const RECEIVED_LIST_DRAFTS = ['exclude', 'include', 'only'] as const;

export const ReceivedInvoiceListQuery = PageQuery.extend({
  ...DateRange,
  expenseCategoryId: Id.optional(),
  supplierId: Id.optional(),
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
  /**
   * Drafts made from documents and not approved yet (issue 17 item 3: out of the book): `exclude`
   * (default: the book only), `include` (the book and the drafts, each draft with its `draft` flags;
   * by book date, else the day it was drafted), `only` (the drafts waiting).
   */
  drafts: z.enum(RECEIVED_LIST_DRAFTS).default('exclude'),
}).superRefine(checkRange);
export type ReceivedInvoiceListQuery = z.infer<typeof ReceivedInvoiceListQuery>;

/**
 * Expense totals and by-category query (spec part 2 §7: from, to, type). The spec does not define
 * `type`; here it selects the invoices by approval status: ALL (default), PENDING, APPROVED, REJECTED.
 */
export const EXPENSE_TOTALS_TYPES = ['ALL', ...APPROVAL_STATUSES] as const;
export const ExpenseTotalsQuery = z
  .object({ ...DateRange, type: z.enum(EXPENSE_TOTALS_TYPES).default('ALL') })
  .superRefine(checkRange);
export type ExpenseTotalsQuery = z.infer<typeof ExpenseTotalsQuery>;

// --- records -------------------------------------------------------------------------------------

export interface ReceivedInvoiceLine {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  discountBp: number;
  vatRateBp: number;
  kind: ReceivedLineKind;
  deductibleBp: number;
  recargoRateBp: number;
  investmentGoods: boolean;
}

/** One group of the VAT breakdown: lines with the same kind, rates, deductible share and investment flag. */
export interface ReceivedVatGroup {
  kind: ReceivedLineKind;
  vatRateBp: number;
  recargoRateBp: number;
  deductibleBp: number;
  investmentGoods: boolean;
  baseCents: number;
  vatCents: number;
  recargoCents: number;
  deductibleVatCents: number;
}

export interface ReceivedInvoiceTotals {
  baseCents: number;
  /** Every quota: charged by the supplier, self-assessed and paid at customs. */
  vatCents: number;
  /** Charged by the supplier (DOMESTIC lines): part of what we pay them. */
  supplierVatCents: number;
  /** Autorrepercutido (reverse charge, intra-EU): accrued and deductible by us, not paid to the supplier. */
  selfAssessedVatCents: number;
  /** Paid at customs on the DUA. */
  importVatCents: number;
  deductibleVatCents: number;
  recargoCents: number;
  irpfCents: number;
  /** Payable to the supplier: base + supplier VAT + recargo − IRPF. */
  totalCents: number;
  lineBasesCents: number[];
  breakdown: ReceivedVatGroup[];
}

/** An invoice a received rectificativa corrects (linked to the stored one when it is registered). */
export interface ReceivedRectifiedRef {
  /** The rectified received invoice of the company, when it is registered; null otherwise. */
  receivedInvoiceId: string | null;
  supplierInvoiceNumber: string;
  issueDate: string;
}

/** What a received rectificativa corrects (SII: TipoRectificativa `I`, FacturasRectificadas). */
export interface ReceivedRectification {
  method: ReceivedRectificationMethod;
  reason?: string;
  rectified: ReceivedRectifiedRef[];
}

/** The supplier as it was written on the invoice (the book keeps it even if the supplier changes later). */
export interface ReceivedSupplierSnapshot {
  supplierId: string | null;
  name: string;
  taxId: SupplierTaxId;
  country: string;
}

export interface ReceivedApproval {
  status: ApprovalStatus;
  comment: string | null;
  decidedBy: string;
  decidedAt: string;
}

/** Why a received invoice's deduction waits for its payment (`ReceivedInvoice.deductionOnPayment`). */
export const DEDUCTION_ON_PAYMENT = ['SUPPLIER_RECC', 'OWN_RECC'] as const;
export type DeductionOnPayment = (typeof DEDUCTION_ON_PAYMENT)[number];

export interface ReceivedInvoice {
  receivedInvoiceId: string;
  companyId: string;
  supplier: ReceivedSupplierSnapshot;
  supplierInvoiceNumber: string;
  /** AEAT TipoFactura (F1 on invoices registered before the field existed). */
  invoiceType: ReceivedInvoiceType;
  /** Set on a rectificativa (R1–R5), null otherwise. */
  rectification: ReceivedRectification | null;
  /** The DUA number of an import. */
  customsDocument?: string;
  issueDate: string;
  operationDate?: string;
  /** The book date: the accounting date, the issue date when none was given. */
  accountingDate: string;
  receivedDate?: string;
  lines: ReceivedInvoiceLine[];
  irpfRateBp: number;
  /**
   * The kind and perception key of the withholding (issue 15 item 1); null without one (irpfRateBp 0).
   * Always present in what the API answers: an invoice stored before the fields existed is read with
   * a professional's (`defaultWithholding`, the only withholding it could carry then).
   */
  withholdingKind?: WithholdingKind | null;
  withholdingKey?: string | null;
  expenseCategoryId: string | null;
  paymentMethod?: (typeof RECEIVED_PAYMENT_METHODS)[number];
  /** The first due date (`dueDates[0]`), when there is one. */
  dueDate?: string;
  /**
   * Issue 19: every due date with its amount (adding up to `totals.totalCents`), oldest first: the
   * body's, else its `dueDate`, else the supplier's terms, else the company's. Absent on invoices
   * stored before (the `received-invoices-overdue` schedule fills them) and on drafts without an
   * issue date; empty when nothing is payable.
   */
  dueDates?: DueDate[];
  notes?: string;
  attachments: ReceivedAttachment[];
  approvalStatus: ApprovalStatus;
  approval: ReceivedApproval | null;
  totals: ReceivedInvoiceTotals;
  /** Determinadas operaciones intracomunitarias (art. 66.1 RIVA; SII book OI), or null. */
  intraEuOperation?: IntraEuOperation | null;
  /**
   * The supplier applies the régimen especial del criterio de caja (its invoice says so; art. 163
   * quinquiesdecies.Uno LIVA: the deduction waits for the payment). Absent on older items: read as
   * false; always present in what the API answers.
   */
  supplierCashCriterion?: boolean;
  /**
   * Why the deduction of the invoice's VAT waits for its payment (at the latest 31 December of the
   * year after the operation), decided when the invoice is written and stored with it, so the
   * aggregates and the nightly recompute never read the tax profile: SUPPLIER_RECC the supplier
   * applies the régimen especial del criterio de caja (art. 163 quinquiesdecies.Uno LIVA); OWN_RECC
   * the company applies it itself on the date of the operation (art. 163 terdecies LIVA, its tax
   * profile); null the general rule. Absent on older items: SUPPLIER_RECC when `supplierCashCriterion`,
   * else null (`storedDeductionOnPayment`); always present in what the API answers.
   */
  deductionOnPayment?: DeductionOnPayment | null;
  /**
   * SII state (issue 16): NOT_SENT at registration when the company is in the SII (the SII worker
   * moves it from then on), null otherwise. Absent on older items: read as null.
   */
  siiStatus?: SiiStatus | null;
  /** What the active payments add up to (never more than `totals.totalCents`); 0 on older items. */
  paidCents?: number;
  paymentStatus?: ReceivedPaymentStatus;
  /**
   * A draft made from a document's reading (issue 17 item 3; shared/schemas/received-invoice-draft.ts):
   * its document, the fields a person must look at, and whether it is in the book yet (`booked`
   * false until a person approves it; an INCOMPLETE one's missing number or date are '', its
   * unread tax id ''). Absent on invoices registered by hand and once a person corrects a booked one.
   */
  draft?: ReceivedInvoiceDraftFlags;
  /** Optimistic concurrency: every write is conditioned on the version read, then increments it. */
  version: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface ExpenseTotals {
  from: string | null;
  to: string | null;
  type: ExpenseTotalsQuery['type'];
  count: number;
  baseCents: number;
  vatCents: number;
  deductibleVatCents: number;
  recargoCents: number;
  irpfCents: number;
  totalCents: number;
}

export interface ExpenseCategoryTotals extends Omit<ExpenseTotals, 'from' | 'to' | 'type'> {
  categoryId: string | null;
  name: string | null;
}

export interface ExpenseCategoryCount {
  categoryId: string | null;
  name: string | null;
  count: number;
}

/** The key that makes a supplier's invoice number unique (per supplier and year): upper case, no spaces. */
export const supplierNumberKey = (n: string): string => n.toUpperCase().replace(/\s+/g, '');
