import type { TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';
import { taxModelKeys } from '@web/lib/tax-models-api';

export interface ModelStatusChange {
  status: 'SUBMITTED' | 'MODEL_GENERATED';
  /** The justificante (CSV or receipt number) of a return filed outside Cuadra. */
  reference?: string | undefined;
}

/**
 * `PUT taxModels.updateStatus`: a model filed outside Cuadra (SUBMITTED, with its justificante) or
 * taken back to generated; its obligation follows in the same write.
 */
export function updateModelStatus(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
  change: ModelStatusChange,
): Promise<TaxModelView> {
  return apiRequest<TaxModelView>('taxModels.updateStatus', {
    params: { companyId, modelType, modelId },
    body: { status: change.status, ...(change.reference ? { reference: change.reference } : {}) },
    companyId,
  });
}

export function useUpdateModelStatus(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      modelType,
      modelId,
      change,
    }: {
      modelType: TaxModelType;
      modelId: string;
      change: ModelStatusChange;
    }) => updateModelStatus(companyId, modelType, modelId, change),
    onSuccess: async (model) => {
      queryClient.setQueryData(taxModelKeys.model(companyId, model.modelId), model);
      await refreshTaxQueries(queryClient, companyId);
    },
  });
}
