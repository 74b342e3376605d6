import { SecurityRecommendationsPage } from '@web/features/banking/security/recommendations';

/** /app/banking/security/recommendations. */
export default function SecurityRecommendationsRoute() {
  return <SecurityRecommendationsPage />;
}
