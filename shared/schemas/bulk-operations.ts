/**
 * Request and response contracts of bulk operations over issued invoices (issue 4, item 10).
 */

import * as z from 'zod';
import { PAYMENT_METHODS, type PaymentMethod } from './invoices';
import { InvoiceIdText } from './rectificativas';
import { safeText } from './text';

// --- bulk operations (issue 4, item 10) ----------------------------------------------------------

export const BULK_OPERATIONS = [
  'CONFIRM',
  'SEND_EMAIL',
  'MARK_PAID',
  'DELETE_DRAFTS',
  'DOWNLOAD_PDFS',
] as const;
export type BulkOperationKind = (typeof BULK_OPERATIONS)[number];
export const BULK_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
export const MAX_BULK_INVOICES = 500;

export const CreateBulkOperationBody = z
  .object({
    operation: z.enum(BULK_OPERATIONS),
    invoiceIds: z
      .array(InvoiceIdText)
      .min(1, { message: 'Selecciona al menos una factura.' })
      .max(MAX_BULK_INVOICES, { message: `Como máximo ${MAX_BULK_INVOICES} facturas por operación.` }),
    options: z
      .object({
        paidAt: z.iso.date({ message: 'La fecha de pago debe ser una fecha ISO (AAAA-MM-DD).' }).optional(),
        method: z.enum(PAYMENT_METHODS).optional(),
        series: safeText().min(1).max(64).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (new Set(b.invoiceIds).size !== b.invoiceIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['invoiceIds'],
        message: 'Hay facturas repetidas en la selección.',
      });
    }
    if (b.operation === 'MARK_PAID' && !b.options?.method) {
      ctx.addIssue({
        code: 'custom',
        path: ['options', 'method'],
        message: 'Indica la forma de pago para marcar las facturas como cobradas.',
      });
    }
  });
export type CreateBulkOperationBody = z.infer<typeof CreateBulkOperationBody>;

export const BulkOperationPath = z.object({ operationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type BulkOperationPath = z.infer<typeof BulkOperationPath>;

export interface BulkOperationError {
  invoiceId: string;
  code: string;
  message: string;
}

export interface BulkOperation {
  operationId: string;
  companyId: string;
  operation: BulkOperationKind;
  status: BulkStatus;
  invoiceIds: string[];
  /** Absent when the operation has none (an empty map is not stored: the local stream cannot carry one). */
  options?: { paidAt?: string; method?: PaymentMethod; series?: string };
  total: number;
  processed: number;
  succeeded: number;
  failed: number;
  errors: BulkOperationError[];
  /** DOWNLOAD_PDFS: where the ZIP is stored once COMPLETED. */
  zipKey?: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  completedAt?: string | null;
}
