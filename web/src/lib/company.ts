/**
 * Companies in the client (spec part 1 §4): after login the user's companies are loaded and one is
 * selected (the stored one if still valid, else the default, else the first); switching validates
 * the new one with `GET companies.get` and, on failure, goes back to the default with an error
 * toast; the choice lives in localStorage `selected_company` (see ./session). Company-scoped calls
 * send it as `x-company-id`: `apiRequest(route, { companyId: useCompanyId() })`.
 */
import type { Page } from '@shared/api/envelope';
import type { ClientPermission, CompanyRole } from '@shared/db/records';
import type { CompanyEntry } from '@shared/schemas/companies';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';
import { errorMessage } from './api-error';
import { getSelectedCompany, setSelectedCompany, useSelectedCompany } from './session';
import { toast } from './toast';

/** The header's selector lists up to this many companies (one request, no paging). */
export const SESSION_COMPANIES_SIZE = 100;
/** Spec part 1 §9: companies are cached 30 minutes. */
const COMPANIES_STALE_MS = 30 * 60_000;

export const SWITCH_FAILED_MESSAGE =
  'No se ha podido seleccionar esa empresa. Se ha vuelto a tu empresa predeterminada.';

/** `GET companies.get`, as far as the session reads it (the companies feature reads the rest). */
export interface CompanyMembership extends CompanyEntry {
  /** The caller's role in the company; ADMIN for an administrator who is not a member. */
  myRole: CompanyRole | 'ADMIN' | null;
  /** A CLIENTE's permissions in this company (spec part 1 §6). */
  myPermissions: ClientPermission[];
  /** OWNER, GESTOR of the company, or ADMIN: may edit it and manage its users. */
  canManage: boolean;
}

// The same keys as the companies feature, so its mutations (create, edit, set default) refresh these.
export const sessionCompaniesQueryKey = [
  'companies',
  'list',
  { scope: 'session', page: 0, size: SESSION_COMPANIES_SIZE },
] as const;
export const companyDetailQueryKey = (companyId: string) => ['companies', 'detail', companyId] as const;

export function getSessionCompanies(signal?: AbortSignal): Promise<Page<CompanyEntry>> {
  return apiRequest<Page<CompanyEntry>>('companies.list', {
    query: { page: 0, size: SESSION_COMPANIES_SIZE, sort: 'createdAt,desc' },
    signal,
  });
}

export const sessionCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: sessionCompaniesQueryKey,
    queryFn: ({ signal }) => getSessionCompanies(signal),
    staleTime: COMPANIES_STALE_MS,
  });

export function getCompanyMembership(companyId: string, signal?: AbortSignal): Promise<CompanyMembership> {
  return apiRequest<CompanyMembership>('companies.get', { params: { companyId }, signal });
}

export const companyMembershipQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyDetailQueryKey(companyId),
    queryFn: ({ signal }) => getCompanyMembership(companyId, signal),
    staleTime: COMPANIES_STALE_MS,
  });

/** The user's companies for the header selector (first 100). */
export function useSessionCompanies() {
  return useQuery(sessionCompaniesQueryOptions());
}

/** The selected company's id, for `apiRequest(…, { companyId })`; null when none is selected. */
export function useCompanyId(): string | null {
  return useSelectedCompany()?.companyId ?? null;
}

/** The caller's role and permissions in the selected company (`GET companies.get`). */
export function useCompanyMembership() {
  const companyId = useCompanyId();
  return useQuery({
    ...companyMembershipQueryOptions(companyId ?? ''),
    enabled: companyId !== null,
  });
}

/** Spec part 1 §4: the stored company if still valid, else the default one, else the first; or null. */
export function pickCompany(
  companies: readonly CompanyEntry[],
  storedId: string | null,
): CompanyEntry | null {
  return (
    (storedId ? companies.find((company) => company.companyId === storedId) : undefined) ??
    companies.find((company) => company.isDefault) ??
    companies[0] ??
    null
  );
}

const entryOf = (company: CompanyEntry): CompanyEntry => ({
  companyId: company.companyId,
  name: company.name,
  nif: company.nif,
  companyType: company.companyType,
  isActive: company.isActive,
  isDefault: company.isDefault,
  siiEnabled: company.siiEnabled,
  verifactuEnabled: company.verifactuEnabled,
  createdAt: company.createdAt,
});

const sameEntry = (a: CompanyEntry | null, b: CompanyEntry | null) =>
  JSON.stringify(a && entryOf(a)) === JSON.stringify(b && entryOf(b));

/**
 * Resolves the selection each time the company list arrives (after login, after a reload, after a
 * company was created or left). A stored company missing from a full page of 100 may still be
 * valid (an administrator sees every company): it is checked with `GET companies.get` first.
 */
async function resolveSelection(queryClient: QueryClient, companies: readonly CompanyEntry[]): Promise<void> {
  const stored = getSelectedCompany();
  const listed = stored ? companies.find((company) => company.companyId === stored.companyId) : undefined;
  if (stored && !listed && companies.length >= SESSION_COMPANIES_SIZE) {
    try {
      const detail = await queryClient.fetchQuery(companyMembershipQueryOptions(stored.companyId));
      if (!sameEntry(stored, detail)) setSelectedCompany(entryOf(detail));
      return;
    } catch {
      // Not valid any more: fall through to the default.
    }
  }
  const next = pickCompany(companies, stored?.companyId ?? null);
  if (!sameEntry(stored, next)) setSelectedCompany(next && entryOf(next));
}

export type CompanySessionStatus = 'loading' | 'ready' | 'error';

/**
 * Loads the companies and settles the selection; `ready` once a company is selected or the user
 * has none. The app shell waits for it before applying the company-selection rule.
 */
export function useCompanySession(): { status: CompanySessionStatus; error: unknown; retry: () => void } {
  const queryClient = useQueryClient();
  const query = useSessionCompanies();
  const [resolvedAt, setResolvedAt] = useState(0);
  const { data, dataUpdatedAt } = query;

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    void resolveSelection(queryClient, data.content).finally(() => {
      if (!cancelled) setResolvedAt(dataUpdatedAt);
    });
    return () => {
      cancelled = true;
    };
  }, [data, dataUpdatedAt, queryClient]);

  const status: CompanySessionStatus = resolvedAt > 0 ? 'ready' : query.isError ? 'error' : 'loading';
  return { status, error: query.error, retry: () => void query.refetch() };
}

/**
 * Selects another company after checking it with `GET companies.get`; on failure selects the
 * default company again and says so in an error toast (spec part 1 §4).
 */
export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      queryClient.fetchQuery({ ...companyMembershipQueryOptions(companyId), staleTime: 0 }),
    onSuccess: (detail) => setSelectedCompany(entryOf(detail)),
    onError: (error) => {
      const companies = queryClient.getQueryData(sessionCompaniesQueryOptions().queryKey)?.content ?? [];
      const fallback = pickCompany(companies, null);
      setSelectedCompany(fallback && entryOf(fallback));
      toast.error(errorMessage(error), { title: SWITCH_FAILED_MESSAGE });
    },
  });
}
