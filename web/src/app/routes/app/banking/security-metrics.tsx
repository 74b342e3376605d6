import { SecurityMetricsPage } from '@web/features/banking/security/metrics';

/** /app/banking/security/metrics. */
export default function SecurityMetricsRoute() {
  return <SecurityMetricsPage />;
}
