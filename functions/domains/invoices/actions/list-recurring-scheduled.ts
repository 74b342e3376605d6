import { defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import {
  DEFAULT_SCHEDULED_DAYS,
  type RecurringScheduledItem,
  RecurringScheduledQuery,
  type RecurringSettings,
  type RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import { madridDate } from '../model/payments';
import { addDays, occurrencesBetween } from '../model/recurrence';
import { modeOf, ruleOf } from '../model/recurring-template';
import type { InvoicesDeps } from '../store/deps';
import { listTemplates } from '../store/recurring';
import { recurringSettingsOf } from './get-recurring-settings';

/** At most this many upcoming items are listed (a year of 100 monthly templates fits). */
const MAX_ITEMS = 2_000;

/**
 * The upcoming occurrences of the active templates within [from, to], computed from each template's
 * rule from its next occurrence on.
 */
export function scheduledItems(
  templates: RecurringTemplate[],
  settings: RecurringSettings,
  from: string,
  to: string,
): RecurringScheduledItem[] {
  const items: RecurringScheduledItem[] = [];
  for (const t of templates) {
    if (!t.isActive || !t.nextRunDate) continue;
    for (const date of occurrencesBetween(ruleOf(t), from, to, t.lastOccurrenceDate, MAX_ITEMS)) {
      if (date < t.nextRunDate) continue;
      items.push({
        templateId: t.templateId,
        templateName: t.name,
        customerName: t.customerName,
        date,
        totalCents: t.totals.totalCents,
        mode: modeOf(t, settings),
      });
    }
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || a.templateName.localeCompare(b.templateName, 'es'));
  return items.slice(0, MAX_ITEMS);
}

export const listRecurringScheduledRoute = defineCompanyAction({
  query: RecurringScheduledQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const from = query.from ?? madridDate(deps.now());
    const to = query.to ?? addDays(from, DEFAULT_SCHEDULED_DAYS);
    if (to < from) {
      throw new AppError('CORE_004', 'La fecha final no puede ser anterior a la inicial.', {
        field: 'to',
        details: { reason: 'RANGE' },
      });
    }
    const companyId = scope.companyId;
    const [templates, settings] = await Promise.all([
      listTemplates(deps, companyId),
      recurringSettingsOf(deps, companyId),
    ]);
    return scheduledItems(templates, settings, from, to);
  },
});
