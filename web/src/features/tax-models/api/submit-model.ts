import type { SubmissionView, TaxModelType } from '@shared/schemas/tax-models';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshTaxQueries } from '@web/lib/tax-api';

export type SubmitMode = SubmissionView['mode'];

/**
 * `POST taxModels.submit {mode}`: files the stored model with the AEAT through the submission
 * gateway, with the company's own certificate or by the gestoría as colaborador social (with the
 * company's active authorization). Answers the submission: accepted with its CSV, or rejected with
 * the AEAT's errors.
 */
export function submitModel(
  companyId: string,
  modelType: TaxModelType,
  modelId: string,
  mode: SubmitMode,
): Promise<SubmissionView> {
  return apiRequest<SubmissionView>('taxModels.submit', {
    params: { companyId, modelType, modelId },
    body: { mode },
    companyId,
  });
}

export function useSubmitModel(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      modelType,
      modelId,
      mode,
    }: {
      modelType: TaxModelType;
      modelId: string;
      mode: SubmitMode;
    }) => submitModel(companyId, modelType, modelId, mode),
    // Accepted or rejected, the model, its obligation and the history changed.
    onSettled: () => refreshTaxQueries(queryClient, companyId),
  });
}
