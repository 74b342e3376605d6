/**
 * The contract of sending an invoice by e-mail (POST /invoices/{invoiceId}/send-email) and the
 * rules that decide what is sent. Pure.
 */

import { AppError } from '@shared/api/errors';
import { Email } from '@shared/schemas/common';
import type { Invoice } from '@shared/schemas/invoices';
import { isSafeText, safeMultiline, UNSAFE_TEXT_MESSAGE } from '@shared/schemas/text';
import * as z from 'zod';

const MAX_RECIPIENTS = 20;

const Recipients = z
  .array(Email)
  .max(MAX_RECIPIENTS, { message: `Como máximo ${MAX_RECIPIENTS} destinatarios.` })
  .transform((list) => [...new Set(list)]);

export const SendInvoiceEmailBody = z.object({
  to: Recipients.optional(),
  cc: Recipients.optional(),
  subject: z
    .string()
    .trim()
    .min(1, { message: 'El asunto no puede estar vacío.' })
    .max(200, { message: 'El asunto admite como máximo 200 caracteres.' })
    // A header cannot carry line breaks.
    .refine((s) => !/[\r\n]/.test(s), { message: 'El asunto no puede tener saltos de línea.' })
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE })
    .optional(),
  message: safeMultiline()
    .max(5000, { message: 'El mensaje admite como máximo 5000 caracteres.' })
    .optional(),
});
export type SendInvoiceEmailBody = z.infer<typeof SendInvoiceEmailBody>;

/** Only a confirmed invoice, not cancelled, can be sent: a draft has no fiscal validity. */
export function assertSendable(invoice: Pick<Invoice, 'status'>): void {
  if (invoice.status !== 'CONFIRMED') {
    throw new AppError('CORE_004', 'Solo se pueden enviar facturas confirmadas.', {
      details: { reason: 'NOT_CONFIRMED' },
    });
  }
}

/** The recipients: those given, else the customer's e-mail; refused when there is none. */
export function recipientsOf(given: string[] | undefined, customerEmail: string | undefined): string[] {
  if (given?.length) return given;
  if (customerEmail) return [customerEmail.trim().toLowerCase()];
  throw new AppError(
    'CORE_004',
    'El cliente de la factura no tiene correo electrónico: indica al menos un destinatario.',
    { field: 'to', details: { reason: 'NO_RECIPIENT' } },
  );
}
