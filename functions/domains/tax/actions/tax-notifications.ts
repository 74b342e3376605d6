/**
 * The tax notifications calls (issue 13 item 4; spec part 2 §7, "for notifications daysAhead
 * default 7"): what is coming and what is overdue with the alert step already told, who is told and
 * how (config), and what was sent (stats, summary, history). All but the config answer 400 TAX_021
 * without a tax profile; the config can be set before the profile exists.
 *
 * Answers:
 * - upcoming: `{ daysAhead, from, to, obligations: NotifiedObligation[] }`, open obligations
 *   counting down (to the domiciliation deadline when paid by direct debit) to a date in
 *   [today, today + daysAhead], soonest first;
 * - overdue: `{ today, obligations: (NotifiedObligation & { daysOverdue })[] }`, oldest first;
 * - config (GET and PUT): TaxNotificationConfigView;
 * - stats: `{ since, sent, inApp, emails, byPriority }` over the last 30 days;
 * - summary: `{ pending, overdue, nextDueDate, sentLast30Days, config }`;
 * - history: the Page envelope of TaxNotificationSent, newest first.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import {
  type AlertPriority,
  countdownDate,
  effectiveStatus,
  type TaxObligation,
  UPCOMING_WINDOW_DAYS,
} from '@shared/fiscal/fiscal-alerts';
import { addDays } from '@shared/fiscal/tax-calendar';
import {
  HistoryQuery,
  type OverdueObligation,
  type TaxNotificationSent,
  UpcomingNotificationsQuery,
  type UpcomingObligation,
  UpdateTaxNotificationConfigBody,
} from '@shared/schemas/tax';
import type * as z from 'zod';
import { madridToday } from '../model/dates';
import { toOverdue, toUpcoming } from '../model/views';
import type { TaxDeps } from '../store/deps';
import {
  getTaxNotificationConfig as storeGetConfig,
  updateTaxNotificationConfig as storeUpdateConfig,
  type TaxNotificationConfigView,
} from '../store/notification-config';
import { listSentNotifications } from '../store/notify';
import { listOpenObligations } from '../store/obligations';
import { getCompanyFacts, requireProfile } from '../store/profile';

/** The last notification sent for an obligation's alert (its deadline/overdue alert has the obligation's id). */
export interface LastNotification {
  step: string;
  sentAt: string;
}
export type NotifiedObligation = UpcomingObligation & { lastNotification: LastNotification | null };

/** Statistics and summaries look this many days back. */
export const STATS_DAYS = 30;
/** The domiciliation deadline closes at least 5 days before the filing one: read that much further. */
const DEBIT_MARGIN_DAYS = 15;

const lastNotificationOf = (sent: TaxNotificationSent[]) => {
  const byAlert = new Map<string, LastNotification>();
  // `sent` is newest first: the first one seen per alert is its latest.
  for (const s of sent)
    if (!byAlert.has(s.alertId)) byAlert.set(s.alertId, { step: s.step, sentAt: s.sentAt });
  return (obligationId: string) => byAlert.get(obligationId) ?? null;
};

// --- upcoming and overdue --------------------------------------------------------------------------

export async function upcomingTaxNotifications(
  input: { companyId: string; daysAhead: number },
  deps: TaxDeps,
) {
  const { companyId, daysAhead } = input;
  await requireProfile(deps, companyId);
  const today = madridToday(deps.now());
  const to = addDays(today, daysAhead);
  const [company, open, sent] = await Promise.all([
    getCompanyFacts(deps, companyId),
    listOpenObligations(deps, companyId, { from: today, to: addDays(to, DEBIT_MARGIN_DAYS) }),
    listSentNotifications(deps, companyId),
  ]);
  const last = lastNotificationOf(sent);
  const obligations: NotifiedObligation[] = open
    .filter((o) => effectiveStatus(o, today) === 'PENDING' && countdownDate(o, today) <= to)
    .sort((a, b) => countdownDate(a, today).localeCompare(countdownDate(b, today)))
    .map((o) => ({ ...toUpcoming(o, company.name, today), lastNotification: last(o.obligationId) }));
  return { daysAhead, from: today, to, obligations };
}

export async function overdueTaxNotifications(input: { companyId: string }, deps: TaxDeps) {
  const { companyId } = input;
  await requireProfile(deps, companyId);
  const today = madridToday(deps.now());
  const [company, open, sent] = await Promise.all([
    getCompanyFacts(deps, companyId),
    listOpenObligations(deps, companyId, { to: addDays(today, -1) }),
    listSentNotifications(deps, companyId),
  ]);
  const last = lastNotificationOf(sent);
  const obligations: (OverdueObligation & { lastNotification: LastNotification | null })[] = open
    .filter((o) => effectiveStatus(o, today) === 'OVERDUE')
    .map((o) => ({ ...toOverdue(o, company.name, today), lastNotification: last(o.obligationId) }));
  return { today, obligations };
}

// --- config ------------------------------------------------------------------------------------------

export function getTaxNotificationConfig(input: { companyId: string }, deps: TaxDeps) {
  return storeGetConfig(deps, input.companyId);
}

export function updateTaxNotificationConfig(
  input: { companyId: string; userId: string; body: z.infer<typeof UpdateTaxNotificationConfigBody> },
  deps: TaxDeps,
) {
  return storeUpdateConfig(deps, input.companyId, input.body, input.userId);
}

// --- what was sent -------------------------------------------------------------------------------------

export interface TaxNotificationStats {
  /** First day counted (Madrid date), STATS_DAYS before today. */
  since: string;
  /** Alert steps notified. */
  sent: number;
  /** In-app notifications created. */
  inApp: number;
  /** E-mails queued. */
  emails: number;
  /** Alert steps notified, by the alert's priority. */
  byPriority: Record<AlertPriority, number>;
}

function statsOf(sent: TaxNotificationSent[], since: string): TaxNotificationStats {
  const stats: TaxNotificationStats = {
    since,
    sent: 0,
    inApp: 0,
    emails: 0,
    byPriority: { critical: 0, high: 0, medium: 0, low: 0 },
  };
  for (const s of sent) {
    if (madridToday(new Date(s.sentAt)) < since) continue;
    stats.sent++;
    stats.inApp += s.recipients.filter((r) => r.inApp).length;
    stats.emails += s.recipients.filter((r) => r.email).length;
    stats.byPriority[s.priority]++;
  }
  return stats;
}

export async function taxNotificationStats(input: { companyId: string }, deps: TaxDeps) {
  await requireProfile(deps, input.companyId);
  const since = addDays(madridToday(deps.now()), -STATS_DAYS);
  return statsOf(await listSentNotifications(deps, input.companyId), since);
}

export interface TaxNotificationSummary {
  /** Open obligations counting down to a date inside the 30-day window (not overdue). */
  pending: number;
  overdue: number;
  /** The nearest filing deadline of an open obligation not yet overdue (any distance), or null. */
  nextDueDate: string | null;
  sentLast30Days: number;
  config: TaxNotificationConfigView;
}

export async function taxNotificationSummary(
  input: { companyId: string },
  deps: TaxDeps,
): Promise<TaxNotificationSummary> {
  const { companyId } = input;
  await requireProfile(deps, companyId);
  const today = madridToday(deps.now());
  const [open, sent, config] = await Promise.all([
    listOpenObligations(deps, companyId),
    listSentNotifications(deps, companyId),
    storeGetConfig(deps, companyId),
  ]);
  const windowEnd = addDays(today, UPCOMING_WINDOW_DAYS);
  const notOverdue = (o: TaxObligation) => effectiveStatus(o, today) === 'PENDING';
  const upcoming = open.filter(notOverdue);
  return {
    pending: upcoming.filter((o) => countdownDate(o, today) <= windowEnd).length,
    overdue: open.length - upcoming.length,
    // listOpenObligations answers in due-date order.
    nextDueDate: upcoming[0]?.dueDate ?? null,
    sentLast30Days: statsOf(sent, addDays(today, -STATS_DAYS)).sent,
    config,
  };
}

export async function taxNotificationHistory(
  input: { companyId: string; query: z.infer<typeof HistoryQuery> },
  deps: TaxDeps,
) {
  await requireProfile(deps, input.companyId);
  const sent = await listSentNotifications(deps, input.companyId);
  return paginate(sent, input.query.page, input.query.size);
}

// --- routes ----------------------------------------------------------------------------------------------

export const upcomingTaxNotificationsRoute = defineCompanyAction({
  query: UpcomingNotificationsQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    upcomingTaxNotifications({ companyId: scope.companyId, daysAhead: query.daysAhead }, deps),
});

export const overdueTaxNotificationsRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => overdueTaxNotifications({ companyId: scope.companyId }, deps),
});

export const getTaxNotificationConfigRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => getTaxNotificationConfig({ companyId: scope.companyId }, deps),
});

export const updateTaxNotificationConfigRoute = defineCompanyAction({
  body: UpdateTaxNotificationConfigBody,
  run: ({ auth, scope, body }, deps: TaxDeps) =>
    updateTaxNotificationConfig({ companyId: scope.companyId, userId: auth.userId, body }, deps),
});

export const taxNotificationStatsRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => taxNotificationStats({ companyId: scope.companyId }, deps),
});

export const taxNotificationSummaryRoute = defineCompanyAction({
  run: ({ scope }, deps: TaxDeps) => taxNotificationSummary({ companyId: scope.companyId }, deps),
});

export const taxNotificationHistoryRoute = defineCompanyAction({
  query: HistoryQuery,
  run: ({ scope, query }, deps: TaxDeps) =>
    taxNotificationHistory({ companyId: scope.companyId, query }, deps),
});
