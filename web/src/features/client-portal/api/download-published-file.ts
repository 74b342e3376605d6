import type { PublishedModelView } from '@shared/schemas/tax-models';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, deliver } from '@web/lib/api-download';
import { modelFileBase } from '@web/lib/tax-models-api';

/**
 * `GET taxModels.publishedFile?kind=aeat`: the AEAT file of a model published to the company (the
 * "<T" self-assessment of the 303 and 390, the records of the 349 and 347), as it was filed.
 */
export async function downloadPublishedFile(companyId: string, model: PublishedModelView): Promise<void> {
  const fallback = `${modelFileBase(model)}.txt`;
  const download = await apiDownload(
    'taxModels.publishedFile',
    { params: { companyId, modelId: model.modelId }, query: { kind: 'aeat' }, companyId },
    fallback,
  );
  deliver(download, fallback, 'text/plain;charset=ISO-8859-1');
}

export function useDownloadPublishedFile(companyId: string) {
  return useMutation({ mutationFn: (model: PublishedModelView) => downloadPublishedFile(companyId, model) });
}
