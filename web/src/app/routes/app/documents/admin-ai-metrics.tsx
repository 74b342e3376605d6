import { AdminAiMetricsPage } from '@web/features/documents/components/admin-ai-metrics-page';

/** /app/admin/smart-inbox/ai-metrics */
export default function AdminAiMetricsRoute() {
  return <AdminAiMetricsPage />;
}
