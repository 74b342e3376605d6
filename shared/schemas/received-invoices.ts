/**
 * Request and response contracts of received invoices (libro registro de facturas recibidas, art. 64
 * RIVA) and of the expense totals (issue 4, item 7). Pure: the web forms validate with the same schemas.
 */

import * as z from 'zod';
import { allowedRecargoBps, VAT_RATE_BPS } from '../fiscal/vat';
import { Id, IsoDate, PageQuery } from './common';
import { type SupplierTaxId, SupplierTaxIdSchema } from './expenses';
import { Quantity } from './invoices';
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

export const RECEIVED_PAYMENT_METHODS = [
  'TRANSFER',
  'DIRECT_DEBIT',
  'CARD',
  'CASH',
  'CHECK',
  'OTHER',
] as const;

const Bp = z.number().int().min(0).max(10_000);
const Country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'El país debe ser un código ISO 3166-1 alfa-2.' });

// --- request bodies ------------------------------------------------------------------------------

export const ReceivedInvoiceLineBody = z
  .object({
    description: safeMultiline().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    /** A number or a decimal text with at most 3 decimals; stored as thousandths (quantityMilli). */
    quantity: Quantity,
    unitPriceCents: z
      .number({ message: 'El precio debe ser un importe en céntimos.' })
      .int({ message: 'El precio debe ser un importe en céntimos.' })
      .min(0, { message: 'El precio no puede ser negativo.' })
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
  .strict();
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

const invoiceFields = {
  supplierId: Id.optional(),
  supplier: ReceivedSupplierBody.optional(),
  supplierInvoiceNumber: z
    .string()
    .trim()
    .min(1, { message: 'El número de factura del proveedor es obligatorio.' })
    .max(60),
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
  expenseCategoryId: Id.optional(),
  paymentMethod: z.enum(RECEIVED_PAYMENT_METHODS).optional(),
  dueDate: IsoDate.optional(),
  notes: safeMultiline().trim().max(2000).optional(),
  attachments: z.array(ReceivedAttachment).max(20).default([]),
};

type Fields = {
  supplierId?: string;
  supplier?: unknown;
  issueDate: string;
  accountingDate?: string;
  dueDate?: string;
};

function checkInvoice(v: Fields, ctx: z.RefinementCtx): void {
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
export const ReceivedInvoiceListQuery = PageQuery.extend({
  ...DateRange,
  expenseCategoryId: Id.optional(),
  supplierId: Id.optional(),
  approvalStatus: z.enum(APPROVAL_STATUSES).optional(),
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

export interface ReceivedInvoice {
  receivedInvoiceId: string;
  companyId: string;
  supplier: ReceivedSupplierSnapshot;
  supplierInvoiceNumber: string;
  issueDate: string;
  operationDate?: string;
  /** The book date: the accounting date, the issue date when none was given. */
  accountingDate: string;
  receivedDate?: string;
  lines: ReceivedInvoiceLine[];
  irpfRateBp: number;
  expenseCategoryId: string | null;
  paymentMethod?: (typeof RECEIVED_PAYMENT_METHODS)[number];
  dueDate?: string;
  notes?: string;
  attachments: ReceivedAttachment[];
  approvalStatus: ApprovalStatus;
  approval: ReceivedApproval | null;
  totals: ReceivedInvoiceTotals;
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
