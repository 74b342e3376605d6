/**
 * GET document-categories/export (spec part 3 §7 "export"): the company's categories as JSON, in the
 * format import accepts (no ids, counts or dates: another company can import it).
 */

import { defineCompanyAction } from '@functions/platform/http';
import {
  CATEGORY_EXPORT_FORMAT,
  CATEGORY_EXPORT_VERSION,
  type DocumentCategoriesExport,
} from '@shared/schemas/document-categories';
import { listCategories } from '../store/categories';
import type { DocumentsDeps } from '../store/deps';

export async function documentCategoriesExport(
  input: { companyId: string },
  deps: DocumentsDeps,
): Promise<DocumentCategoriesExport> {
  const categories = await listCategories(deps, input.companyId);
  return {
    format: CATEGORY_EXPORT_FORMAT,
    version: CATEGORY_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    categories: categories.map((c) => ({
      name: c.name,
      description: c.description,
      documentType: c.documentType,
      keywords: c.keywords,
      color: c.color,
      active: c.active,
      expenseCategoryId: c.expenseCategoryId,
    })),
  };
}

export const documentCategoriesExportRoute = defineCompanyAction({
  run: ({ scope }, deps: DocumentsDeps) => documentCategoriesExport({ companyId: scope.companyId }, deps),
});
