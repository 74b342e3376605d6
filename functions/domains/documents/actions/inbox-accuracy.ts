import { defineCompanyAction } from '@functions/platform/http';
import type { InboxAccuracy } from '@shared/schemas/inbox';
import { accuracyReport, type ReviewedReading } from '../model/accuracy';
import type { DocumentsDeps } from '../store/deps';
import { loadInbox } from '../store/inbox-views';

/** GET /smart-inbox/accuracy: fields approved unchanged over reviewed, for the inbox's documents. */
export const inboxAccuracyRoute = defineCompanyAction({
  run: async ({ scope }, deps: DocumentsDeps): Promise<InboxAccuracy> => {
    const { docs } = await loadInbox(deps, scope.companyId);
    const reviews: ReviewedReading[] = [];
    for (const d of docs.values()) {
      if (d.review.status !== 'APPROVED' && d.review.status !== 'REJECTED') continue;
      reviews.push({
        status: d.review.status,
        correctedFields: d.review.correctedFields,
        source: d.extraction?.source ?? null,
        engine: d.engine,
      });
    }
    const report = accuracyReport(reviews);
    return { ...report, overallAccuracy: report.overall.accuracy };
  },
});
