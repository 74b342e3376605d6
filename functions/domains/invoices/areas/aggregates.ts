/**
 * Routes of one area of the invoices domain, spread into the handler's action map. The type lists
 * exactly the route ids this area serves (shared/api/routes.ts).
 */

import type { AnyAction } from '@functions/platform/http';
import { getTaxAggregatesRoute } from '../actions/get-tax-aggregates';
import { getThresholdStatisticsRoute } from '../actions/get-threshold-statistics';
import type { InvoicesDeps } from '../store/deps';

export type AggregatesActionsRoutes = 'taxAggregates.get' | 'invoices.thresholdStatistics';

export const aggregatesActions: { [K in AggregatesActionsRoutes]: AnyAction<InvoicesDeps> } = {
  'taxAggregates.get': getTaxAggregatesRoute,
  'invoices.thresholdStatistics': getThresholdStatisticsRoute,
};
