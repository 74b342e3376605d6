import type { JournalEntry } from '@shared/schemas/accounting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { accountingKeys } from './keys';

/** `GET accounting.getEntry`; null when it does not exist (spec part 2 §7: "returns null on 404"). */
export async function getEntry(
  entryId: string,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<JournalEntry | null> {
  try {
    return await apiRequest<JournalEntry>('accounting.getEntry', { params: { entryId }, companyId, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const entryQueryOptions = (entryId: string | undefined, companyId: string | null) =>
  queryOptions({
    queryKey: accountingKeys.entry(companyId, entryId ?? ''),
    queryFn: ({ signal }) => getEntry(entryId ?? '', companyId, signal),
    enabled: companyId !== null && Boolean(entryId),
  });

export function useEntry(entryId: string | undefined, companyId: string | null) {
  return useQuery(entryQueryOptions(entryId, companyId));
}
