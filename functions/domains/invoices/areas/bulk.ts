/**
 * Routes of one area of the invoices domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { createBulkOperationRoute } from '../actions/create-bulk-operation';
import { downloadBulkOperationRoute } from '../actions/download-bulk-operation';
import { getBulkOperationRoute } from '../actions/get-bulk-operation';
import type { InvoicesDeps } from '../store/deps';

export type BulkActionsRoutes = 'invoices.bulkCreate' | 'invoices.bulkGet' | 'invoices.bulkDownload';

export const bulkActions: { [K in BulkActionsRoutes]: AnyAction<InvoicesDeps> } = {
  'invoices.bulkCreate': createBulkOperationRoute,
  'invoices.bulkGet': getBulkOperationRoute,
  'invoices.bulkDownload': downloadBulkOperationRoute,
};
