import { CategoriesPage } from '@web/features/documents/components/categories-page';
import { useParams } from 'react-router-dom';

/** /app/document-categories and /app/companies/:companyId/document-categories */
export default function DocumentCategoriesRoute() {
  const { companyId } = useParams();
  return <CategoriesPage key={companyId ?? ''} companyIdFromUrl={companyId} />;
}
