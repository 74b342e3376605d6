/**
 * GET /tax/companies/{companyId}/annual-returns/{modelType}/pdf?year= — the checklist of an annual return
 * Cuadra does not file itself (issue 15 item 4: 100, 200, 036, 369, 720) as a one-page A4 PDF: rendered
 * here, where pdf-lib lives (functions/lib/pdf), from the same pure checklist the taxmodels domain answers
 * (shared/fiscal/annual-checklist-inputs.ts) over the same reads. A model outside the five is 404
 * CORE_006; `year` defaults to the last closed year, as the checklists' routes.
 */

import { renderAnnualChecklistPdf } from '@functions/lib/pdf';
import { binaryResponse, defineCompanyAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { annualChecklists, isChecklistModel } from '@shared/fiscal/annual-checklist-inputs';
import { madridDate } from '@shared/fiscal/verifactu-obligation';
import { AnnualReturnPath, AnnualReturnQuery } from '@shared/schemas/tax-models';
import { checklistSources } from '../store/annual-returns';
import type { PdfDeps } from '../store/deps';
import { getCompanyName } from '../store/tax-models';

const notFound = () =>
  new AppError(
    'CORE_006',
    'La declaración anual no existe: las listas de comprobación son de los modelos 100, 200, 036, 369 y 720.',
  );

export const getAnnualReturnPdfRoute = defineCompanyAction({
  params: AnnualReturnPath,
  query: AnnualReturnQuery,
  run: async ({ scope, params, query, log }, deps: PdfDeps) => {
    if (!isChecklistModel(params.modelType)) throw notFound();
    const now = deps.now?.() ?? new Date();
    const today = madridDate(now);
    const year = query.year ?? Number(today.slice(0, 4)) - 1;
    const [sources, company] = await Promise.all([
      checklistSources(deps, scope.companyId, year, today),
      getCompanyName(deps, scope.companyId),
    ]);
    const [checklist] = annualChecklists(sources, [params.modelType]);
    if (!checklist) throw notFound();
    try {
      const bytes = await renderAnnualChecklistPdf({ checklist, company, printedAt: now.toISOString() });
      return binaryResponse({
        contentType: 'application/pdf',
        body: bytes,
        filename: `modelo-${checklist.modelType}-${year}-lista_${company.nif}.pdf`,
      });
    } catch (e) {
      log.error('annual checklist pdf failed', {
        modelType: checklist.modelType,
        error: (e as Error).message,
      });
      throw new AppError('DOC_044', undefined, { cause: e });
    }
  },
});
