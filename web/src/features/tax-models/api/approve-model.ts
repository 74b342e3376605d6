import type { TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

/** `POST taxModels.approve`: the person confirms the generated model is ready to file. */
export function approveModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
): Promise<TaxModelView> {
  return apiRequest<TaxModelView>('taxModels.approve', {
    params: { companyId, modelType, modelId },
    companyId,
  });
}

export function useApproveModel(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ modelType, modelId }: { modelType: TaxModelType; modelId: string }) =>
      approveModel(companyId, modelType, modelId),
    onSuccess: () => refreshTaxQueries(queryClient, companyId),
  });
}
