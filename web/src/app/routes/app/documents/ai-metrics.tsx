import { AiMetricsPage } from '@web/features/documents/components/ai-metrics-page';

/** /app/documents/ai-metrics */
export default function DocumentsAiMetricsRoute() {
  return <AiMetricsPage />;
}
