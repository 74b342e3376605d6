import type { ModelValidationView, TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { taxModelKeys } from '@web/lib/tax-models-api';

export const modelValidationKey = (companyId: string | null, modelId: string) =>
  [...taxModelKeys.all(companyId), 'validation', modelId] as const;

/**
 * `POST taxModels.validate`: the design's rules on a stored model (its issues), the arithmetic
 * identities of its boxes and the boxes the books have changed since it was generated. A read.
 */
export function validateModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
  signal?: AbortSignal,
): Promise<ModelValidationView> {
  return apiRequest<ModelValidationView>('taxModels.validate', {
    params: { companyId, modelType, modelId },
    companyId,
    signal,
  });
}

/**
 * The validation of each stored model of the year, one request per model (a company files at most
 * a few VAT models a year: 4 quarterly 303s, the 390, the 349s and the 347).
 */
export function useModelValidations(companyId: string, models: readonly TaxModelView[], enabled: boolean) {
  return useQueries({
    queries: models.map((m) => ({
      queryKey: modelValidationKey(companyId, m.modelId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        validateModel(companyId, m.modelType, m.modelId, signal),
      enabled,
    })),
  });
}
