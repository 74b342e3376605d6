/** GET document-categories/{categoryId} (spec part 3 §7 "Document categories: CRUD"). */

import { defineCompanyAction } from '@functions/platform/http';
import { CategoryPath } from '@shared/schemas/document-categories';
import { requireCategory } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export const documentCategoriesGetRoute = defineCompanyAction({
  params: CategoryPath,
  run: ({ scope, params }, deps: DocumentsDeps) => requireCategory(deps, scope.companyId, params.categoryId),
});
