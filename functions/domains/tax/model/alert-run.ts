/**
 * One company's alert run (issue 13 item 4), the heart of the daily `tax-alerts` schedule and of
 * POST alerts/generate: keep the obligations in place, turn each open one inside the window into
 * its alert (shared/fiscal/fiscal-alerts.ts decides the type, priority and texts), resolve the
 * alerts whose reason is gone, and tell the staff about every alert step once.
 *
 * Idempotent: on the same day a second run finds every obligation in place, every alert as
 * planned and every step's claim taken, so it writes and sends nothing.
 */

import {
  type AlertPlan,
  alertForObligation,
  isOpen,
  settledAlert,
  summaryAlert,
  type TaxObligation,
  UPCOMING_WINDOW_DAYS,
} from '@shared/fiscal/fiscal-alerts';
import { addDays } from '@shared/fiscal/tax-calendar';
import type { AlertRunResult } from '@shared/schemas/tax';
import type { TaxModel } from '@shared/schemas/tax-profile';
import { autoResolveAlert, listAlerts, upsertAlert } from '../store/alerts';
import type { TaxDeps } from '../store/deps';
import { getTaxNotificationConfig } from '../store/notification-config';
import { type AlertRecipient, listAlertRecipients, notifyAlertStep } from '../store/notify';
import { ensureYearObligations, listOpenObligations } from '../store/obligations';
import { getCompanyFacts, getProfile } from '../store/profile';
import { madridToday, yearOf } from './dates';

/** What a run logs besides the counts it answers. */
export interface AlertRunLog {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
}

/** A model generated or submitted this many days ago or less gets its "settled" alert. */
export const SETTLED_ALERT_DAYS = 7;

/**
 * How far ahead the open obligations are read. The alert window counts down to the domiciliation
 * deadline (`alertDate`) of a model paid by direct debit, which closes at least 5 calendar days
 * before its filing deadline (AEAT calendar rule, ../shared/reference/tax-models.md §4), so the
 * Query by due date reaches further than the window and `alertForObligation` keeps only those inside.
 */
const READ_AHEAD_DAYS = UPCOMING_WINDOW_DAYS + 15;

/** The years whose obligations the run keeps in place (see `runCompanyAlerts`). */
export function yearsToEnsure(today: string, profileTaxYear: number): number[] {
  const year = yearOf(today);
  const years = [year - 1, year];
  // From 1 December next year's first deadlines (its January returns) come within the window.
  if (today >= `${year}-12-01`) years.push(year + 1);
  return years.filter((y) => y >= profileTaxYear);
}

/**
 * The Madrid date an obligation was settled, if it carries one: its submission instant, or its last
 * change for a generated model. One assumed filed before the profile (no submittedAt) has none.
 */
function settledOn(o: TaxObligation): string | null {
  if (o.status === 'SUBMITTED') return o.submittedAt ? madridToday(new Date(o.submittedAt)) : null;
  if (o.status === 'MODEL_GENERATED' || o.status === 'OBLIGATION_GENERATED')
    return madridToday(new Date(o.updatedAt));
  return null;
}

function settledType(o: TaxObligation): 'submitted' | 'generated' | null {
  if (o.status === 'SUBMITTED') return 'submitted';
  if (o.status === 'MODEL_GENERATED' || o.status === 'OBLIGATION_GENERATED') return 'generated';
  return null;
}

/**
 * Runs the alerts of one company on `today` (a Madrid date):
 * 1. the profile (none: nothing to do) and the company's name;
 * 2. `ensureYearObligations` for today's year, the previous year when the profile covers it (its
 *    4T, December and annual returns fall due in January-June) and, from 1 December, next year;
 * 3. each open obligation counting down inside the 30-day window (or overdue) → its alert, upserted
 *    keeping the workflow, and its step notified;
 * 4. obligations settled (submitted or generated) in the last 7 days → their "settled" alert;
 * 5. alerts whose reason is gone (obligation settled or out of the window, settled alert of an
 *    obligation open again, summary with nothing pending) → resolved by the system;
 * 6. the summary alert (high above 5 pending).
 * Notifications go out only while the company's tax notification config is enabled, and never for
 * an alert a user resolved (same step).
 */
export async function runCompanyAlerts(
  deps: TaxDeps,
  companyId: string,
  today: string,
  log?: AlertRunLog,
): Promise<AlertRunResult> {
  const result: AlertRunResult = {
    companyId,
    date: today,
    created: 0,
    updated: 0,
    notified: 0,
    obligationsCreated: 0,
    // OVERDUE is never stored: this counts the alerts that moved to the overdue step in this run.
    markedOverdue: 0,
  };
  const profile = await getProfile(deps, companyId);
  if (!profile) return result;
  const company = await getCompanyFacts(deps, companyId);

  const yearLists: TaxObligation[] = [];
  for (const year of yearsToEnsure(today, profile.taxYear)) {
    const ensured = await ensureYearObligations(deps, { profile, companyName: company.name, year, today });
    result.obligationsCreated += ensured.created;
    yearLists.push(...ensured.obligations);
  }
  const open = await listOpenObligations(deps, companyId, { to: addDays(today, READ_AHEAD_DAYS) });

  const config = await getTaxNotificationConfig(deps, companyId);
  let recipients: AlertRecipient[] | undefined;
  const recipientsOnce = async () => {
    if (!recipients) {
      const found = await listAlertRecipients(deps, companyId, config);
      if (found.omitted > 0) {
        log?.warn('Too many alert recipients; the first ones are told', {
          companyId,
          told: found.recipients.length,
          omitted: found.omitted,
        });
      }
      recipients = found.recipients;
    }
    return recipients;
  };

  // One Query for every alert the company has; each upsert starts from it instead of a GetItem.
  const existing = new Map((await listAlerts(deps, companyId)).map((a) => [a.id, a]));
  const planned = new Set<string>();
  const apply = async (plan: AlertPlan, obligation: TaxObligation | null, modelType: TaxModel | null) => {
    planned.add(plan.alertId);
    const upsert = await upsertAlert(deps, companyId, plan, modelType, existing.get(plan.alertId) ?? null);
    if (upsert.outcome === 'created') result.created++;
    if (upsert.outcome === 'updated') result.updated++;
    if (plan.step === 'overdue' && upsert.stepChanged) result.markedOverdue++;
    // Told already (the claim decides in the end; this spares the attempt), resolved by a user on
    // this step, or the company switched its tax notifications off: nothing to send.
    if (!config.enabled || upsert.alert.status === 'RESOLVED' || upsert.alert.notifiedStep === plan.step)
      return;
    const sent = await notifyAlertStep(deps, {
      companyId,
      companyName: company.name,
      plan,
      obligation,
      recipients: await recipientsOnce(),
    });
    if (sent.sent) result.notified++;
  };

  for (const o of open) {
    const plan = alertForObligation(o, today, company.name);
    if (plan) await apply(plan, o, o.modelType);
  }

  const since = addDays(today, -SETTLED_ALERT_DAYS);
  for (const o of yearLists) {
    const type = settledType(o);
    const on = settledOn(o);
    if (type && on && on >= since && on <= today) await apply(settledAlert(o, type), o, o.modelType);
  }

  const summary = summaryAlert(companyId, open, today);
  if (summary) await apply(summary, null, null);

  const openIds = new Set(open.filter((o) => isOpen(o.status)).map((o) => o.obligationId));
  let resolved = 0;
  // Alerts created by this run all have a plan: the ones read at the start are the candidates.
  for (const alert of existing.values()) {
    if (alert.status === 'RESOLVED' || planned.has(alert.id)) continue;
    const settledKind = alert.id.includes('#');
    // A deadline/overdue alert without a plan today: its obligation was settled (or moved out of
    // the window by a profile change). A settled alert is stale once its obligation is open again.
    // The summary without a plan: nothing pending.
    const stale = settledKind
      ? alert.obligationId !== null && openIds.has(alert.obligationId)
      : alert.id === 'summary' || alert.obligationId !== null;
    if (stale && (await autoResolveAlert(deps, companyId, alert.id))) resolved++;
  }

  log?.info('Company alerts run', { ...result, resolved });
  return result;
}
