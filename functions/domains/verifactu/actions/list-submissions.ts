import { defineCompanyAction } from '@functions/platform/http';
import type { Page } from '@shared/api/envelope';
import { paginate } from '@shared/api/listing';
import {
  SubmissionListQuery,
  type SubmissionView,
  type VerifactuSubmission,
} from '@shared/schemas/verifactu';
import { submissionView } from '../model/submission-views';
import type { VerifactuDeps } from '../store/deps';
import { sendingStateFor } from '../store/sending';
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
 * the page's end plus a COUNT; a filtered view reads the newest 10.000 submissions at most. A QUEUED
 * submission of a company that cannot send says why it waits (`pendingReason`).
 */
export const listSubmissionsRoute = defineCompanyAction({
  query: SubmissionListQuery,
  run: ({ scope, query }, deps: VerifactuDeps) => {
    return listSubmissionPage(deps, scope.companyId, query);
  },
});

/** The page, each QUEUED submission with the reason it waits when the company cannot send. */
export async function listSubmissionPage(
  deps: VerifactuDeps,
  companyId: string,
  query: SubmissionListQuery,
): Promise<Page<SubmissionView>> {
  const page = await storedSubmissionPage(deps, companyId, query);
  const sending = await sendingStateFor(deps, companyId, page.content);
  return { ...page, content: page.content.map((s) => submissionView(s, sending)) };
}

async function storedSubmissionPage(
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
