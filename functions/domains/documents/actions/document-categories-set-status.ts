/** PATCH document-categories/{categoryId}/status `{ active }` (spec part 3 §7 "status toggle"). */

import { defineCompanyAction } from '@functions/platform/http';
import { CategoryPath, SetCategoryStatusBody } from '@shared/schemas/document-categories';
import type { DocumentsDeps } from '../store/deps';
import { documentCategoriesUpdate } from './document-categories-update';

export const documentCategoriesSetStatusRoute = defineCompanyAction({
  params: CategoryPath,
  body: SetCategoryStatusBody,
  run: ({ scope, params, body }, deps: DocumentsDeps) =>
    documentCategoriesUpdate(
      { companyId: scope.companyId, categoryId: params.categoryId, body: { active: body.active } },
      deps,
    ),
});
