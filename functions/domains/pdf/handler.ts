import { createApiHandler } from '@functions/platform/http';
import { getInvoicePdfRoute } from './actions/get-invoice-pdf';
import { emailActions } from './areas/email';
import { makeDeps } from './store/deps';

export const pdfActions = { 'invoices.pdf': getInvoicePdfRoute, ...emailActions };

export const handler = createApiHandler('pdf', pdfActions, makeDeps);
