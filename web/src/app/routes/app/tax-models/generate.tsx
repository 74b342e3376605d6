import { GenerateModelsPage } from '@web/features/tax-models/components/generate-models-page';

/** /app/tax/models/generate */
export default function GenerateModelsRoute() {
  return <GenerateModelsPage />;
}
