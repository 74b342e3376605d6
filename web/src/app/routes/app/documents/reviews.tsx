import { ReviewsPage } from '@web/features/documents/components/reviews-page';

/** /app/document-reviews */
export default function DocumentReviewsRoute() {
  return <ReviewsPage />;
}
