import { defineCompanyAction } from '@functions/platform/http';
import { type ClientDocumentStatistics, clientStatistics, inClientPortal } from '../model/client-documents';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, toDetails } from '../store/documents';

/** GET /client/documents/statistics: counts by status of the caller's portal documents. */
export const clientDocumentsStatisticsRoute = defineCompanyAction({
  run: async ({ auth, scope }, deps: DocumentsDeps): Promise<ClientDocumentStatistics> =>
    clientStatistics(
      (await queryCompanyDocuments(deps, scope.companyId))
        .filter((d) => inClientPortal(d, auth, scope))
        .map(toDetails),
    ),
});
