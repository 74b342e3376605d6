/**
 * The company's notification analytics: ONE Query (paged) over the NOTIFSTATS day items of the window
 * (`keys.notificationStatsRange`), and for `comparative` of the previous window too; the figures are
 * computed by model/analytics.ts.
 */

import { queryAll } from '@functions/lib/directory';
import { AppError } from '@shared/api/errors';
import { keys } from '@shared/db/keys';
import { addDays } from '@shared/fiscal/tax-calendar';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsQuery,
  type AnalyticsView,
  type AnalyticsWindow,
  type NotificationAnalytics,
} from '@shared/schemas/notification-analytics';
import { analyticsView, toStatsDay } from '../model/analytics';
import { daysIncluded } from '../model/dates';
import type { NotificationsDeps } from './deps';

type Deps = Pick<NotificationsDeps, 'db' | 'table'>;

/** The window of a query: `to` defaults to today, `from` to 30 days ending at `to`; at most 366 days. */
export function analyticsWindow(query: AnalyticsQuery, today: string): AnalyticsWindow {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (from > to) throw new AppError('CORE_004', 'from debe ser anterior a to.', { field: 'from' });
  if (daysIncluded(from, to) > ANALYTICS_MAX_DAYS)
    throw new AppError('CORE_004', `El periodo no puede superar ${ANALYTICS_MAX_DAYS} días.`, {
      field: 'from',
    });
  return { from, to };
}

export async function companyAnalytics<V extends AnalyticsView>(
  deps: Deps,
  companyId: string,
  view: V,
  window: AnalyticsWindow,
): Promise<NotificationAnalytics[V]> {
  const length = daysIncluded(window.from, window.to);
  const previous = { from: addDays(window.from, -length), to: addDays(window.from, -1) };
  const range = keys.notificationStatsRange(
    companyId,
    view === 'comparative' ? previous.from : window.from,
    window.to,
  );
  const items = await queryAll(deps, {
    TableName: deps.table,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': range.pk, ':a': range.from, ':b': range.to },
  });
  return analyticsView(view, items.map(toStatsDay), window, previous);
}
