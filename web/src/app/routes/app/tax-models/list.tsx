import { ModelsListPage } from '@web/features/tax-models/components/models-list-page';

/** /app/tax/models */
export default function TaxModelsListRoute() {
  return <ModelsListPage />;
}
