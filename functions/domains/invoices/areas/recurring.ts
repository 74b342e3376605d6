/**
 * Routes of one area of the invoices domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { createRecurringTemplateRoute } from '../actions/create-recurring-template';
import { deleteRecurringTemplateRoute } from '../actions/delete-recurring-template';
import { generateRecurringNowRoute } from '../actions/generate-recurring-now';
import { getRecurringSettingsRoute } from '../actions/get-recurring-settings';
import { getRecurringStatsRoute } from '../actions/get-recurring-stats';
import { getRecurringTemplateRoute } from '../actions/get-recurring-template';
import { listRecurringGenerationsRoute } from '../actions/list-recurring-generations';
import { listRecurringScheduledRoute } from '../actions/list-recurring-scheduled';
import { listRecurringTemplatesRoute } from '../actions/list-recurring-templates';
import { updateRecurringSettingsRoute } from '../actions/update-recurring-settings';
import { updateRecurringTemplateRoute } from '../actions/update-recurring-template';
import type { InvoicesDeps } from '../store/deps';

export type RecurringActionsRoutes =
  | 'recurring.listTemplates'
  | 'recurring.createTemplate'
  | 'recurring.getTemplate'
  | 'recurring.updateTemplate'
  | 'recurring.deleteTemplate'
  | 'recurring.generateNow'
  | 'recurring.listGenerations'
  | 'recurring.listScheduled'
  | 'recurring.stats'
  | 'recurring.getSettings'
  | 'recurring.updateSettings';

export const recurringActions: { [K in RecurringActionsRoutes]: AnyAction<InvoicesDeps> } = {
  'recurring.listTemplates': listRecurringTemplatesRoute,
  'recurring.createTemplate': createRecurringTemplateRoute,
  'recurring.getTemplate': getRecurringTemplateRoute,
  'recurring.updateTemplate': updateRecurringTemplateRoute,
  'recurring.deleteTemplate': deleteRecurringTemplateRoute,
  'recurring.generateNow': generateRecurringNowRoute,
  'recurring.listGenerations': listRecurringGenerationsRoute,
  'recurring.listScheduled': listRecurringScheduledRoute,
  'recurring.stats': getRecurringStatsRoute,
  'recurring.getSettings': getRecurringSettingsRoute,
  'recurring.updateSettings': updateRecurringSettingsRoute,
};
