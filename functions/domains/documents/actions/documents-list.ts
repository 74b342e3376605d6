import type { AuthContext } from '@functions/platform/auth-context';
import type { CompanyScope } from '@functions/platform/company-scope';
import { defineCompanyAction } from '@functions/platform/http';
import { DocumentListQuery, type DocumentSummary } from '@shared/schemas/documents';
import { filterAndSort, type Page, pageOf, visibleTo } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, toSummary } from '../store/documents';

/** The company's documents the caller may see, filtered, ordered and paged. */
export async function listDocuments(
  deps: DocumentsDeps,
  input: { auth: AuthContext; scope: CompanyScope; query: DocumentListQuery },
): Promise<Page<DocumentSummary>> {
  const { page, size, ...filters } = input.query;
  const docs = (await queryCompanyDocuments(deps, input.scope.companyId))
    .filter((d) => visibleTo(d, input.auth, input.scope))
    .map(toSummary);
  return pageOf(filterAndSort(docs, filters), page, size);
}

/** GET /documents (the company of x-company-id). */
export const documentsListRoute = defineCompanyAction({
  query: DocumentListQuery,
  run: ({ auth, scope, query }, deps: DocumentsDeps) => listDocuments(deps, { auth, scope, query }),
});
