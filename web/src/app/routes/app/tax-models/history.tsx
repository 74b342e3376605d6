import { SubmissionHistoryPage } from '@web/features/tax-models/components/submission-history-page';

/** /app/tax/history */
export default function TaxHistoryRoute() {
  return <SubmissionHistoryPage />;
}
