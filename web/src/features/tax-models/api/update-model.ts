import type { TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';
import { taxModelKeys } from '@web/lib/tax-models-api';
import type { AdjustmentsBody } from '../utils/adjustments';

/**
 * `PUT taxModels.update`: the person's adjustments (compensation [110], result type, IBAN,
 * domiciliation, manual boxes; the 130's provision and other income, the 111's employment income,
 * the 115's rents, the 123's capital income); the model is recomputed with them and answered as it
 * now reads. A field left out keeps its stored value.
 */
export function updateModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
  body: AdjustmentsBody,
): Promise<TaxModelView> {
  return apiRequest<TaxModelView>('taxModels.update', {
    params: { companyId, modelType, modelId },
    body,
    companyId,
  });
}

export function useUpdateModel(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      modelType,
      modelId,
      body,
    }: {
      modelType: TaxModelType;
      modelId: string;
      body: AdjustmentsBody;
    }) => updateModel(companyId, modelType, modelId, body),
    onSuccess: async (model) => {
      queryClient.setQueryData(taxModelKeys.model(companyId, model.modelId), model);
      await refreshTaxQueries(queryClient, companyId);
    },
  });
}
