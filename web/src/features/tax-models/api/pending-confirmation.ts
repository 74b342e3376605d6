import type { Page } from '@shared/api/envelope';
import type { TaxModelView } from '@shared/schemas/tax-models';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import type { TaxQueryOptions } from '@web/lib/tax-api';

/** The API's largest page: a company has at most some thirty VAT models a year. */
const PENDING_PAGE_SIZE = 100;

export const pendingConfirmationKey = (companyId: string | null) =>
  ['tax', companyId, 'models', 'pending-confirmation'] as const;

/**
 * `GET taxModels.pendingConfirmation`: the company's generated models not yet filed (status
 * MODEL_GENERATED), newest period first, waiting for the person to review, approve and file them.
 */
export function getPendingConfirmation(companyId: string, signal?: AbortSignal): Promise<Page<TaxModelView>> {
  return apiRequest<Page<TaxModelView>>('taxModels.pendingConfirmation', {
    params: { companyId },
    query: { size: PENDING_PAGE_SIZE },
    companyId,
    signal,
  });
}

export function usePendingConfirmation(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: pendingConfirmationKey(companyId),
    queryFn: ({ signal }) => getPendingConfirmation(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });
}
