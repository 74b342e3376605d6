import { defineCompanyAction } from '@functions/platform/http';
import { type OcrStatistics, OcrStatisticsQuery } from '@shared/schemas/documents';
import { visibleTo } from '../model/listing';
import { ocrStatistics } from '../model/ocr-statistics';
import { dayRangeMs, periodWindow } from '../model/periods';
import type { DocumentsDeps } from '../store/deps';
import { queryCompanyDocuments, toDetails } from '../store/documents';

/** GET /documents/ocr-statistics?period=MONTH: the current period (Spanish calendar) so far. */
export const documentsOcrStatisticsRoute = defineCompanyAction({
  query: OcrStatisticsQuery,
  run: async ({ auth, scope, query }, deps: DocumentsDeps): Promise<OcrStatistics> => {
    const window = periodWindow(query.period, deps.now());
    const docs = await queryCompanyDocuments(deps, scope.companyId, dayRangeMs(window.from, window.to));
    return ocrStatistics(query.period, window, docs.filter((d) => visibleTo(d, auth, scope)).map(toDetails));
  },
});
