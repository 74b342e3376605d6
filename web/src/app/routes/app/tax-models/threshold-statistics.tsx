import { ThresholdStatisticsPage } from '@web/features/tax-models/components/threshold-statistics-page';

/** /app/tax/threshold-statistics */
export default function ThresholdStatisticsRoute() {
  return <ThresholdStatisticsPage />;
}
