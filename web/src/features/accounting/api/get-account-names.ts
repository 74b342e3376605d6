import { useQueries } from '@tanstack/react-query';
import { accountQueryOptions } from './get-account';

/**
 * The names of a few accounts by code (`accounting.getAccount` each, shared with the account
 * detail's cache), for pickers whose current value the search does not list. A code whose account
 * cannot be read is left out: the picker then shows the code alone.
 */
export function useAccountNames(codes: readonly string[], companyId: string | null): Record<string, string> {
  const distinct = [...new Set(codes.filter(Boolean))].sort();
  return useQueries({
    queries: distinct.map((code) => accountQueryOptions(code, companyId)),
    combine: (results) =>
      Object.fromEntries(
        results.flatMap((r, i) => (r.data ? [[distinct[i]!, r.data.accountName] as [string, string]] : [])),
      ),
  });
}
