import type { AnnualChecklist, ChecklistModel } from '@shared/fiscal/annual-checklists';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { apiDownload, deliver } from '@web/lib/api-download';
import type { TaxQueryOptions } from '@web/lib/tax-api';

/** `GET taxAnnualReturns.list?year=` (`/api/v1/tax/companies/{companyId}/annual-returns`). */
export interface AnnualReturnsView {
  year: number;
  items: AnnualChecklist[];
}

/**
 * The checklists of the annual returns Cuadra does not file itself (issue 15 item 4: 100, 200, 036,
 * 369, 720) for a year: what Cuadra knows from the books and the stored returns, and what must still be
 * gathered. Kept under the tax keys: a write of the tax pages (a 130 or 202 generated) refreshes it.
 */
export function getAnnualReturns(
  companyId: string,
  year: number,
  signal?: AbortSignal,
): Promise<AnnualReturnsView> {
  return apiRequest<AnnualReturnsView>('taxAnnualReturns.list', {
    params: { companyId },
    query: { year },
    companyId,
    signal,
  });
}

export const annualReturnsKeys = {
  list: (companyId: string | null, year: number) => ['tax', companyId, 'annual-returns', year] as const,
  one: (companyId: string | null, modelType: ChecklistModel, year: number) =>
    ['tax', companyId, 'annual-returns', year, modelType] as const,
};

export function useAnnualReturns(
  companyId: string | null,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: annualReturnsKeys.list(companyId, year),
    queryFn: ({ signal }) => getAnnualReturns(companyId ?? '', year, signal),
    enabled: enabled && companyId !== null,
  });
}

/** `GET taxAnnualReturns.get?year=` (`…/annual-returns/{modelType}`): one return's checklist. */
export function getAnnualReturn(
  companyId: string,
  modelType: ChecklistModel,
  year: number,
  signal?: AbortSignal,
): Promise<AnnualChecklist> {
  return apiRequest<AnnualChecklist>('taxAnnualReturns.get', {
    params: { companyId, modelType },
    query: { year },
    companyId,
    signal,
  });
}

export function useAnnualReturn(
  companyId: string | null,
  modelType: ChecklistModel,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: annualReturnsKeys.one(companyId, modelType, year),
    queryFn: ({ signal }) => getAnnualReturn(companyId ?? '', modelType, year, signal),
    enabled: enabled && companyId !== null,
  });
}

/** `GET taxAnnualReturns.pdf?year=` (`…/annual-returns/{modelType}/pdf`): the checklist as a PDF. */
export async function downloadAnnualReturnPdf(
  companyId: string,
  modelType: ChecklistModel,
  year: number,
): Promise<void> {
  const fallback = `modelo-${modelType}-${year}-lista.pdf`;
  const download = await apiDownload(
    'taxAnnualReturns.pdf',
    { params: { companyId, modelType }, query: { year }, companyId },
    fallback,
  );
  deliver(download, fallback, 'application/pdf');
}

export function useDownloadAnnualReturnPdf(companyId: string) {
  return useMutation({
    mutationFn: ({ modelType, year }: { modelType: ChecklistModel; year: number }) =>
      downloadAnnualReturnPdf(companyId, modelType, year),
  });
}
