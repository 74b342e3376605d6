/**
 * Routes of one area of the pdf domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { listInvoiceEmailsRoute } from '../actions/list-invoice-emails';
import { sendInvoiceEmailRoute } from '../actions/send-invoice-email';
import type { PdfDeps } from '../store/deps';

export type EmailActionsRoutes = 'invoices.sendEmail' | 'invoices.emailLog';

export const emailActions: { [K in EmailActionsRoutes]: AnyAction<PdfDeps> } = {
  'invoices.sendEmail': sendInvoiceEmailRoute,
  'invoices.emailLog': listInvoiceEmailsRoute,
};
