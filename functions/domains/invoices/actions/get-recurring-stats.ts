import { defineCompanyAction } from '@functions/platform/http';
import type {
  RecurringGeneration,
  RecurringStats,
  RecurringTemplate,
} from '@shared/schemas/recurring-invoices';
import { madridDate } from '../model/payments';
import { monthlyCents } from '../model/recurring-template';
import type { InvoicesDeps } from '../store/deps';
import { listGenerationsByDate, listTemplates } from '../store/recurring';

/** The dashboard figures from the templates and this year's generations (two Queries). */
export function recurringStats(
  templates: RecurringTemplate[],
  generations: RecurringGeneration[],
  today: string,
): RecurringStats {
  const active = templates.filter((t) => t.isActive && t.nextRunDate);
  const generated = generations.filter((g) => g.status !== 'FAILED');
  const month = today.slice(0, 7);
  const next = active.map((t) => t.nextRunDate!).sort()[0] ?? null;
  return {
    activeTemplates: active.length,
    generatedThisMonth: generated.filter((g) => g.occurrenceDate.startsWith(month)).length,
    generatedThisYear: generated.length,
    failedThisYear: generations.length - generated.length,
    expectedMonthlyCents: active.reduce((s, t) => s + monthlyCents(t, t.totals.totalCents), 0),
    expectedMonthlyBaseCents: active.reduce((s, t) => s + monthlyCents(t, t.totals.baseCents), 0),
    nextRunDate: next,
  };
}

export const getRecurringStatsRoute = defineCompanyAction({
  run: async ({ scope }, deps: InvoicesDeps) => {
    const companyId = scope.companyId;
    const today = madridDate(deps.now());
    const year = today.slice(0, 4);
    const [templates, generations] = await Promise.all([
      listTemplates(deps, companyId),
      listGenerationsByDate(deps, companyId, `${year}-01-01`, `${year}-12-31`),
    ]);
    return recurringStats(templates, generations, today);
  },
});
