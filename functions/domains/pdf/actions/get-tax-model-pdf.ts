/**
 * GET /tax/companies/{companyId}/models/{modelType}/{modelId}/pdf — the A4 summary of a stored VAT
 * model (issue 14 item 4): rendered here, where pdf-lib lives (functions/lib/pdf), from the stored
 * model and the labels of the AEAT design it was computed with. Another company's model is a 404 like
 * any missing one.
 */

import { renderTaxModelPdf } from '@functions/lib/pdf';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { modelDefinitions } from '@shared/fiscal/models';
import { ModelPath } from '@shared/schemas/tax-models';
import type { PdfDeps } from '../store/deps';
import { getCompanyName, getTaxModelForPdf } from '../store/tax-models';

export const getTaxModelPdfRoute = defineCompanyAction({
  params: ModelPath,
  run: async ({ scope, params, log }, deps: PdfDeps) => {
    const [model, company] = await Promise.all([
      getTaxModelForPdf(deps, scope.companyId, params.modelType, params.modelId),
      getCompanyName(deps, scope.companyId),
    ]);
    const design = modelDefinitions[model.modelType]?.designs.find((d) => d.id === model.design);
    try {
      const bytes = await renderTaxModelPdf({
        model,
        company,
        boxes: design?.boxes ?? [],
        ...(design ? { designSource: design.source.split(/[;(]/)[0]?.trim() ?? design.source } : {}),
        printedAt: (deps.now?.() ?? new Date()).toISOString(),
      });
      return binaryResponse({
        contentType: 'application/pdf',
        body: bytes,
        filename: `${model.modelType}_${model.year}_${model.period}_${company.nif}.pdf`,
      });
    } catch (e) {
      log.error('tax model pdf failed', { modelId: model.modelId, error: (e as Error).message });
      throw new AppError('DOC_044', undefined, { cause: e });
    }
  },
});
