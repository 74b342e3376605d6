/**
 * GET document-reviews/statistics (spec part 3 §7 "Advisor reviews: statistics"): the backlog
 * (pending, urgent), the verdicts of today and of this month (Spanish calendar), the mean time to a
 * verdict and the accuracy the month's verdicts give the readings. Verdicts are looked for among the
 * documents of the last 12 months (older ones are not reviewed any more in practice).
 */

import { defineCompanyAction } from '@functions/platform/http';
import type { ReviewStatistics } from '@shared/schemas/document-reviews';
import { accuracyReport, reviewsOf, round4 } from '../model/accuracy';
import { madridDay } from '../model/periods';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, type StoredDocument } from '../store/documents';
import { listPendingReviews } from '../store/reviews';

const LOOKBACK_MS = 366 * 86_400_000;
const HOUR_MS = 3_600_000;

export function reviewStatistics(
  pending: StoredDocument[],
  docs: StoredDocument[],
  now: Date,
): ReviewStatistics {
  const today = madridDay(now);
  const month = today.slice(0, 7);
  const decided = docs.filter(
    (d) => (d.review.status === 'APPROVED' || d.review.status === 'REJECTED') && d.review.reviewedAt,
  );
  const dayOf = (d: StoredDocument) => madridDay(new Date(d.review.reviewedAt as string));
  const thisMonth = decided.filter((d) => dayOf(d).startsWith(month));
  const todays = thisMonth.filter((d) => dayOf(d) === today);
  const count = (list: StoredDocument[], status: 'APPROVED' | 'REJECTED') =>
    list.filter((d) => d.review.status === status).length;
  const waits = thisMonth.map((d) => Date.parse(d.review.reviewedAt as string) - Date.parse(d.createdAt));
  return {
    pending: pending.length,
    urgent: pending.filter((d) => d.review.urgent).length,
    approvedToday: count(todays, 'APPROVED'),
    rejectedToday: count(todays, 'REJECTED'),
    approvedThisMonth: count(thisMonth, 'APPROVED'),
    rejectedThisMonth: count(thisMonth, 'REJECTED'),
    averageHoursToReview:
      waits.length === 0 ? null : round4(waits.reduce((a, b) => a + b, 0) / waits.length / HOUR_MS),
    accuracy: accuracyReport(reviewsOf(thisMonth)).overall.accuracy,
    reviewedThisMonth: thisMonth.length,
  };
}

export async function documentReviewsStatistics(
  input: { companyId: string },
  deps: DocumentsDeps,
): Promise<ReviewStatistics> {
  const now = deps.now();
  const [pending, docs] = await Promise.all([
    listPendingReviews(deps, input.companyId, { urgentOnly: false }),
    queryCompanyDocuments(deps, input.companyId, {
      fromMs: now.getTime() - LOOKBACK_MS,
      toMs: now.getTime() + 1,
    }),
  ]);
  return reviewStatistics(pending, docs, now);
}

export const documentReviewsStatisticsRoute = defineCompanyAction({
  run: ({ scope }, deps: DocumentsDeps) => documentReviewsStatistics({ companyId: scope.companyId }, deps),
});
