/**
 * Request contracts of rectificativas and of the work listings of issued invoices (issue 4, items
 * 3 and 4).
 */

import * as z from 'zod';
import { PageQuery } from './common';
import {
  Bp,
  EXEMPTION_CAUSES,
  NOT_SUBJECT_KINDS,
  RECTIFICATION_METHODS,
  RECTIFICATIVA_TYPES,
  type SiiStatus,
} from './invoices';
import { safeMultiline, safeText } from './text';

// --- rectificativas and the work listings (issue 4, items 3 and 4) ------------------------------

const SIGNED_QUANTITY = /^-?\d{1,9}(\.\d{1,3})?$/;

/**
 * A quantity that may be negative (a rectificativa by differences lowers what was invoiced),
 * turned into thousandths exactly like `Quantity`; zero is refused.
 */
export const SignedQuantity = z.union([z.number(), z.string().trim()]).transform((raw, ctx): number => {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (!SIGNED_QUANTITY.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'La cantidad debe ser un número con como máximo 3 decimales.' });
    return z.NEVER;
  }
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (milli === 0) ctx.addIssue({ code: 'custom', message: 'La cantidad no puede ser cero.' });
  return negative ? -milli : milli;
});

/**
 * A line of a rectificativa: by differences it carries the difference (negative quantities or
 * prices allowed); by substitution the corrected line (the totals engine refuses negatives then).
 */
export const RectificationLineBody = z
  .object({
    description: safeMultiline().trim().min(1, { message: 'La descripción es obligatoria.' }).max(500),
    quantity: SignedQuantity,
    unitPriceCents: z.number().int().min(-1_000_000_000_000).max(1_000_000_000_000),
    discountBp: Bp.default(0),
    vatRateBp: z.number().int().min(0).max(10_000),
    exemptionCause: z.enum(EXEMPTION_CAUSES).optional(),
    notSubject: z.enum(NOT_SUBJECT_KINDS).optional(),
    reverseCharge: z.boolean().optional(),
    recargo: z.boolean().optional(),
    /** Overrides the recargo rate linked to the VAT rate: 175 (1,75 %) for tobacco at 21 %. */
    recargoRateBp: z.number().int().min(0).max(10_000).optional(),
    /**
     * SUBSTITUTION only. The line of the rectified invoices this line reproduces (0-based, over
     * the lines of `invoiceId` then those of each `additionalInvoiceIds`); absent: the line at the
     * same position. A line not marked `changed` must equal that original line field by field
     * (description, quantity, price, discount, VAT rate, exemption/not-subject/reverse charge,
     * recargo); new or corrected lines are marked `changed: true`.
     */
    sourceLine: z.number().int().min(0).max(9_999).optional(),
    changed: z.boolean().optional(),
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
export type RectificationLineBody = z.infer<typeof RectificationLineBody>;

export const InvoiceIdText = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Identificador no válido.' });

/**
 * POST /invoices/{invoiceId}/rectify (art. 15 RD 1619/2012). `invoiceLines` are the differences
 * (DIFFERENCES) or the complete corrected lines (SUBSTITUTION); `cancelAll` annuls the amounts of
 * the rectified invoices instead. `additionalInvoiceIds` rectifies several invoices of the same
 * customer at once (art. 15.3: one rectificativa may correct several invoices).
 */
export const RectifyInvoiceBody = z
  .object({
    rectificationType: z.enum(RECTIFICATIVA_TYPES),
    method: z.enum(RECTIFICATION_METHODS),
    reason: z
      .string()
      .trim()
      .min(5, { message: 'Indica el motivo de la rectificación (al menos 5 caracteres).' })
      .max(500),
    invoiceDate: z.iso.date().optional(),
    invoiceLines: z.array(RectificationLineBody).min(1).max(500).optional(),
    cancelAll: z.boolean().optional(),
    additionalInvoiceIds: z.array(InvoiceIdText).max(50).optional(),
    confirm: z.boolean().default(true),
    series: safeText().min(1).max(64).optional(),
    notes: safeMultiline().trim().max(2000).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.cancelAll && b.invoiceLines) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancelAll'],
        message: 'Indica las líneas de la rectificativa o la anulación total (cancelAll), no ambas.',
      });
    }
    if (!b.cancelAll && !b.invoiceLines) {
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceLines'],
        message:
          b.method === 'DIFFERENCES'
            ? 'Indica las líneas con las diferencias que se rectifican.'
            : 'Indica las líneas corregidas de la factura o cancelAll para anular sus importes.',
      });
    }
  });
export type RectifyInvoiceBody = z.infer<typeof RectifyInvoiceBody>;

/** The three work listings (pending confirmation, automatic drafts, pending SII): a paged list. */
export const InvoiceListingQuery = PageQuery;
export type InvoiceListingQuery = z.infer<typeof InvoiceListingQuery>;

/** SII states that still need work (spec part 2 §4: confirmed invoices pending SII). */
export const SII_PENDING_STATUSES = [
  'NOT_SENT',
  'QUEUED',
  'ERROR',
  'REJECTED',
  'PENDING_CORRECTION',
] as const satisfies readonly SiiStatus[];
