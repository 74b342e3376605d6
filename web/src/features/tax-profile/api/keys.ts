import type { QueryClient } from '@tanstack/react-query';
import { companyDetailQueryKey, sessionCompaniesQueryKey } from '@web/lib/company';
import { refreshTaxQueries, taxKeys } from '@web/lib/tax-api';

/**
 * react-query keys of the tax profile feature. They live under the company's tax key
 * (`['tax', companyId]`, lib/tax-api.ts), so `refreshTaxQueries` after any tax write refreshes
 * the assistant's state too.
 */
export const taxProfileKeys = {
  assistantStatus: (companyId: string) => taxKeys.profileStatus(companyId),
};

/**
 * After the profile is written: every tax query of the company, and the company itself, whose
 * siiEnabled / largeCompany / redeme the server mirrors from the profile in the same transaction
 * (the VeriFacTu widget, for one, reads siiEnabled).
 */
export async function refreshAfterProfileWrite(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  companyId: string,
): Promise<void> {
  await Promise.all([
    refreshTaxQueries(queryClient, companyId),
    queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: sessionCompaniesQueryKey }),
  ]);
}
