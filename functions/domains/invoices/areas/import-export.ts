/**
 * Routes of one area of the invoices domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { executeInvoiceImportRoute } from '../actions/execute-invoice-import';
import { exportInvoicesRoute } from '../actions/export-invoices';
import { getInvoiceImportRoute } from '../actions/get-invoice-import';
import { getInvoiceImportTemplateRoute } from '../actions/get-invoice-import-template';
import { uploadInvoiceImportRoute } from '../actions/upload-invoice-import';
import type { InvoicesDeps } from '../store/deps';

export type ImportExportActionsRoutes =
  | 'invoices.export'
  | 'invoices.importUpload'
  | 'invoices.importTemplate'
  | 'invoices.importGet'
  | 'invoices.importExecute';

export const importExportActions: { [K in ImportExportActionsRoutes]: AnyAction<InvoicesDeps> } = {
  'invoices.export': exportInvoicesRoute,
  'invoices.importUpload': uploadInvoiceImportRoute,
  'invoices.importTemplate': getInvoiceImportTemplateRoute,
  'invoices.importGet': getInvoiceImportRoute,
  'invoices.importExecute': executeInvoiceImportRoute,
};
