/**
 * The document categories' changes (spec part 3 §7 "Document categories: CRUD, status toggle,
 * import defaults, export, import, optimize"): one mutation per call, each refreshing the
 * company's categories (list, stats, recommendations).
 */
import type {
  CategoryImportResult,
  CategoryOptimization,
  CreateDocumentCategoryBody,
  DefaultsImportResult,
  DocumentCategoriesExport,
  DocumentCategory,
  UpdateDocumentCategoryBody,
} from '@shared/schemas/document-categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { documentKeys } from './keys';

export type CategoryCommand =
  | { kind: 'create'; body: CreateDocumentCategoryBody }
  | { kind: 'update'; categoryId: string; body: UpdateDocumentCategoryBody }
  | { kind: 'delete'; categoryId: string }
  | { kind: 'status'; categoryId: string; active: boolean }
  | { kind: 'importDefaults' }
  | { kind: 'import'; body: DocumentCategoriesExport }
  | { kind: 'optimize'; dryRun: boolean };

export type CategoryCommandResult =
  | DocumentCategory
  | DefaultsImportResult
  | CategoryImportResult
  | CategoryOptimization
  | undefined;

export function runCategoryCommand(
  c: CategoryCommand,
  companyId: string | null,
): Promise<CategoryCommandResult> {
  switch (c.kind) {
    case 'create':
      return apiRequest('documentCategories.create', { body: c.body, companyId });
    case 'update':
      return apiRequest('documentCategories.update', {
        params: { categoryId: c.categoryId },
        body: c.body,
        companyId,
      });
    case 'delete':
      return apiRequest('documentCategories.delete', { params: { categoryId: c.categoryId }, companyId });
    case 'status':
      return apiRequest('documentCategories.setStatus', {
        params: { categoryId: c.categoryId },
        body: { active: c.active },
        companyId,
      });
    case 'importDefaults':
      return apiRequest('documentCategories.importDefaults', { companyId });
    case 'import':
      return apiRequest('documentCategories.import', { body: c.body, companyId });
    case 'optimize':
      return apiRequest('documentCategories.optimize', { body: { dryRun: c.dryRun }, companyId });
  }
}

export function useCategoryCommand(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: CategoryCommand) => runCategoryCommand(c, companyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.categories(companyId) }),
  });
}

/** `GET documentCategories.export`: the JSON the import accepts. */
export function exportCategories(companyId: string | null): Promise<DocumentCategoriesExport> {
  return apiRequest<DocumentCategoriesExport>('documentCategories.export', { companyId });
}
