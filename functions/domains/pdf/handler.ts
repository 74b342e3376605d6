import { createApiHandler } from '@functions/platform/http';
import { getInvoicePdfRoute } from './actions/get-invoice-pdf';
import { makeDeps } from './store/deps';

export const pdfActions = { 'invoices.pdf': getInvoicePdfRoute };

export const handler = createApiHandler('pdf', pdfActions, makeDeps);
