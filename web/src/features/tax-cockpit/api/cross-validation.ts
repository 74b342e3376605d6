import type { CrossValidationView } from '@shared/schemas/tax-models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';
import { taxModelKeys } from '@web/lib/tax-models-api';

/** Under the company's models (`taxModelKeys.all`): generating or filing a model refreshes it. */
export const crossValidationKey = (companyId: string | null, year: number) =>
  [...taxModelKeys.all(companyId), 'cross-validation', year] as const;

/**
 * `POST taxModels.crossValidation {year}`: the year's models checked against each other and against
 * the books (the 303s against the 390, the 349 against the 303s' intra-EU boxes, the 347 against
 * the books). A read: it stores nothing, so it is asked like any query.
 */
export function getCrossValidation(companyId: string, year: number): Promise<CrossValidationView> {
  return apiRequest<CrossValidationView>('taxModels.crossValidation', {
    params: { companyId },
    body: { year },
    companyId,
  });
}

export const crossValidationQueryOptions = (companyId: string | null, year: number, enabled = true) =>
  queryOptions({
    queryKey: crossValidationKey(companyId, year),
    queryFn: () => getCrossValidation(companyId ?? '', year),
    enabled: enabled && companyId !== null,
  });

/** `enabled`: the tax profile's `profileReady` (without a profile the call answers 4xx). */
export function useCrossValidation(
  companyId: string | null,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery(crossValidationQueryOptions(companyId, year, enabled));
}
