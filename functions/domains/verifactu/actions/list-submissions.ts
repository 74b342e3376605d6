import { defineAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { paginate } from '@shared/api/listing';
import { SubmissionListQuery, type VerifactuSubmission } from '@shared/schemas/verifactu';
import { assertCanRead } from '../model/permissions';
import type { VerifactuDeps } from '../store/deps';
import {
  countSubmissions,
  filteredSubmissions,
  isFiltered,
  matchesFilters,
  newestSubmissions,
} from '../store/submission-queries';

/**
 * GET /verifactu/submissions (company from x-company-id): the company's submissions (one per
 * record), newest record first, filtered by state, record kind, invoice date range and a search on
 * invoice number or customer, paged like every list (`Page`). The unfiltered view reads only up to
 * the page's end plus a COUNT; a filtered view reads the newest 10.000 submissions at most.
 */
export const listSubmissionsRoute = defineAction({
  query: SubmissionListQuery,
  run: ({ auth, scope, query }, deps: VerifactuDeps) => {
    assertCanRead(auth, scope);
    return listSubmissionPage(deps, scope!.companyId, query);
  },
});

export async function listSubmissionPage(
  deps: VerifactuDeps,
  companyId: string,
  query: SubmissionListQuery,
): Promise<Page<VerifactuSubmission>> {
  const { page, size } = query;
  if (!isFiltered(query)) {
    const [newest, total] = await Promise.all([
      newestSubmissions(deps, companyId, (page + 1) * size),
      countSubmissions(deps, companyId),
    ]);
    return {
      content: newest.slice(page * size),
      page,
      size,
      totalElements: total,
      totalPages: Math.ceil(total / size),
    };
  }
  const { items } = await filteredSubmissions(deps, companyId, matchesFilters(query));
  return paginate(items, page, size);
}
