import { defineCompanyAction } from '@functions/platform/http';
import { paginate } from '@shared/api/listing';
import { RecurringGenerationListQuery } from '@shared/schemas/recurring-invoices';
import type { InvoicesDeps } from '../store/deps';
import { listGenerationsByDate, listTemplateGenerations } from '../store/recurring';

/**
 * The generation history, newest occurrence first: one template's (a Query on the company
 * partition) or every template's (a Query on gsi1), within [from, to] by occurrence date.
 */
export const listRecurringGenerationsRoute = defineCompanyAction({
  query: RecurringGenerationListQuery,
  run: async ({ scope, query }, deps: InvoicesDeps) => {
    const companyId = scope.companyId;
    const from = query.from ?? '0000-01-01';
    const to = query.to ?? '9999-12-31';
    const generations = query.templateId
      ? await listTemplateGenerations(deps, companyId, query.templateId, from, to)
      : await listGenerationsByDate(deps, companyId, from, to);
    const shown = generations.filter((g) => !query.status || g.status === query.status);
    return paginate(shown, query.page, query.size);
  },
});
