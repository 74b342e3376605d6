import { ModelPreviewPage } from '@web/features/tax-models/components/model-preview-page';

/** /app/tax/models/:modelId/preview */
export default function ModelPreviewRoute() {
  return <ModelPreviewPage />;
}
