/**
 * Routes of one area of the VeriFacTu domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { bulkSubmitRoute } from '../actions/bulk-submit';
import { cancelSubmissionRoute } from '../actions/cancel-submission';
import { exportSubmissionsRoute } from '../actions/export-submissions';
import { getDashboardRoute } from '../actions/get-dashboard';
import { getInvoiceRecordRoute } from '../actions/get-invoice-record';
import { getInvoiceStatusRoute } from '../actions/get-invoice-status';
import { getSubmissionRoute } from '../actions/get-submission';
import { getUsageRoute } from '../actions/get-usage';
import { listSubmissionsRoute } from '../actions/list-submissions';
import { resubmitRoute } from '../actions/resubmit';
import { submitInvoiceRoute } from '../actions/submit-invoice';
import type { VerifactuDeps } from '../store/deps';

export type SubmissionsRoutes =
  | 'verifactu.listSubmissions'
  | 'verifactu.exportSubmissions'
  | 'verifactu.bulkSubmit'
  | 'verifactu.getSubmission'
  | 'verifactu.cancelSubmission'
  | 'verifactu.resubmit'
  | 'verifactu.dashboard'
  | 'verifactu.usage'
  | 'verifactu.invoiceStatus'
  | 'verifactu.invoiceRecord'
  | 'verifactu.submitInvoice';

export const submissionsActions: { [K in SubmissionsRoutes]: AnyAction<VerifactuDeps> } = {
  'verifactu.listSubmissions': listSubmissionsRoute,
  'verifactu.exportSubmissions': exportSubmissionsRoute,
  'verifactu.bulkSubmit': bulkSubmitRoute,
  'verifactu.getSubmission': getSubmissionRoute,
  'verifactu.cancelSubmission': cancelSubmissionRoute,
  'verifactu.resubmit': resubmitRoute,
  'verifactu.dashboard': getDashboardRoute,
  'verifactu.usage': getUsageRoute,
  'verifactu.invoiceStatus': getInvoiceStatusRoute,
  'verifactu.invoiceRecord': getInvoiceRecordRoute,
  'verifactu.submitInvoice': submitInvoiceRoute,
};
