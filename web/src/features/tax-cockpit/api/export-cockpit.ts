import type { TaxModelType } from '@shared/schemas/tax-models';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';

export interface CockpitExportInput {
  modelType: TaxModelType;
  year: number;
  period: string;
  companyIds: string[];
  /** Sent as `x-company-id` (the download helper asks for one; the route is not company-scoped). */
  headerCompanyId: string | null;
}

/** `modelos_303_2026_1T.zip`, as the server names it (its Content-Disposition name wins). */
export const cockpitZipName = ({
  modelType,
  year,
  period,
}: Pick<CockpitExportInput, 'modelType' | 'year' | 'period'>) => `modelos_${modelType}_${year}_${period}.zip`;

/**
 * `POST taxCockpit.export {modelType, year, period, companyIds}`: the AEAT file of each selected
 * company's stored model and a summary (resumen.csv), in one zip for the manual submission at the
 * AEAT's e-office. When none of them has the model the answer is a CORE_006 whose details carry
 * each company's outcome.
 */
export async function exportCockpit(input: CockpitExportInput): Promise<void> {
  const { headerCompanyId, ...body } = input;
  const fallback = cockpitZipName(input);
  const download = await apiDownload(
    'taxCockpit.export',
    { body, companyId: headerCompanyId ?? input.companyIds[0] ?? null },
    fallback,
  );
  deliver(download, fallback, 'application/zip');
}

export function useExportCockpit() {
  return useMutation({ mutationFn: exportCockpit });
}
