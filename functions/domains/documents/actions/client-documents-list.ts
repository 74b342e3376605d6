import { defineCompanyAction } from '@functions/platform/http';
import { DocumentListQuery, type DocumentSummary } from '@shared/schemas/documents';
import { inClientPortal } from '../model/client-documents';
import { filterAndSort, type Page, pageOf } from '../model/listing';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, toSummary } from '../store/documents';

/** GET /client/documents: a client's own uploads (staff: every client upload). */
export const clientDocumentsListRoute = defineCompanyAction({
  query: DocumentListQuery,
  run: async ({ auth, scope, query }, deps: DocumentsDeps): Promise<Page<DocumentSummary>> => {
    const { page, size, ...filters } = query;
    const docs = (await queryCompanyDocuments(deps, scope.companyId))
      .filter((d) => inClientPortal(d, auth, scope))
      .map(toSummary);
    return pageOf(filterAndSort(docs, filters), page, size);
  },
});
