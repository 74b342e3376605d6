import type { GenerateModelBody, TaxModelType, TaxModelView } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { refreshTaxQueries } from '@web/lib/tax-api';
import type { AdjustmentsBody } from '../utils/adjustments';

export interface GenerateModelInput {
  modelType: TaxModelType;
  year: number;
  period: string;
  /** Overwrite the model already generated for the period (never a filed one). */
  regenerate?: boolean;
  adjustments?: AdjustmentsBody | undefined;
}

/**
 * `POST taxModels.generate {year, period, regenerate, adjustments}`: computes and stores the period's
 * model (its obligation becomes 'Modelo generado'). A period already generated answers TAX_022 unless
 * `regenerate` says so.
 */
export function generateModel(companyId: string, input: GenerateModelInput): Promise<TaxModelView> {
  const body: GenerateModelBody = {
    year: input.year,
    period: input.period,
    regenerate: input.regenerate ?? false,
    ...(input.adjustments ? { adjustments: input.adjustments } : {}),
  };
  return apiRequest<TaxModelView>('taxModels.generate', {
    params: { companyId, modelType: input.modelType },
    body,
    companyId,
  });
}

export function useGenerateModel(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateModelInput) => generateModel(companyId, input),
    onSuccess: () => refreshTaxQueries(queryClient, companyId),
  });
}

/**
 * TAX_022 because the period already has a generated model, which may be regenerated; not when the
 * model was already filed (`details.reason` ALREADY_SUBMITTED: a filed return is never recomputed).
 */
export function isAlreadyGenerated(error: unknown): boolean {
  return isApiError(error) && error.code === 'TAX_022' && error.details?.reason !== 'ALREADY_SUBMITTED';
}
