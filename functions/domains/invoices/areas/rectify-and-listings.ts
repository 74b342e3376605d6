/**
 * Routes of one area of the invoices domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { listAutomaticDraftsRoute } from '../actions/list-automatic-drafts';
import { listPendingConfirmationRoute } from '../actions/list-pending-confirmation';
import { listPendingSiiRoute } from '../actions/list-pending-sii';
import { rectifyInvoiceRoute } from '../actions/rectify-invoice';
import type { InvoicesDeps } from '../store/deps';

export type RectifyAndListingsActionsRoutes =
  | 'invoices.rectify'
  | 'invoices.pendingConfirmation'
  | 'invoices.draftsPendingUserConfirmation'
  | 'invoices.confirmedPendingSii';

export const rectifyAndListingsActions: { [K in RectifyAndListingsActionsRoutes]: AnyAction<InvoicesDeps> } =
  {
    'invoices.rectify': rectifyInvoiceRoute,
    'invoices.pendingConfirmation': listPendingConfirmationRoute,
    'invoices.draftsPendingUserConfirmation': listAutomaticDraftsRoute,
    'invoices.confirmedPendingSii': listPendingSiiRoute,
  };
