/**
 * Open banking (PSD2) and the banking security pages (issue 19; contract: shared/schemas/psd2.ts):
 * the banks the provider reaches, the company's connections (consents), connect / complete / sync /
 * renew / revoke, and the four security reads. Company-scoped (`x-company-id`); every change
 * refreshes everything banking (a sync brings accounts, balances and movements).
 */
import type {
  ComplianceReport,
  Psd2CompleteResult,
  Psd2ConnectBody,
  Psd2Connection,
  Psd2ConnectionList,
  Psd2ConnectResult,
  Psd2Institution,
  Psd2SyncResult,
  SecurityMetrics,
  SecurityOverview,
  SecurityPolicies,
  SecurityRecommendations,
} from '@shared/schemas/psd2';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const psd2Keys = {
  banking: (companyId: string | null) => ['banking', companyId] as const,
  institutions: (companyId: string | null) => ['banking', companyId, 'psd2', 'institutions'] as const,
  connections: (companyId: string | null) => ['banking', companyId, 'psd2', 'connections'] as const,
  security: (companyId: string | null, part: string) => ['banking', companyId, 'security', part] as const,
};

const STALE_MS = 15_000;

export function usePsd2Institutions(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: psd2Keys.institutions(companyId),
    queryFn: ({ signal }) =>
      apiRequest<{ items: Psd2Institution[] }>('banking.psd2Institutions', {
        companyId,
        signal,
        query: { country: 'ES' },
      }),
    staleTime: 5 * 60_000,
    enabled: companyId !== null && enabled,
  });
}

export function usePsd2Connections(companyId: string | null) {
  return useQuery({
    queryKey: psd2Keys.connections(companyId),
    queryFn: ({ signal }) => apiRequest<Psd2ConnectionList>('banking.psd2Connections', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export type Psd2Command =
  | { kind: 'connect'; body: Psd2ConnectBody }
  | { kind: 'complete'; connectionId: string }
  | { kind: 'sync'; connectionId: string }
  | { kind: 'renew'; connectionId: string }
  | { kind: 'revoke'; connectionId: string };

export type Psd2CommandResult = Psd2ConnectResult | Psd2CompleteResult | Psd2SyncResult | Psd2Connection;

export function runPsd2Command(c: Psd2Command, companyId: string | null): Promise<Psd2CommandResult> {
  switch (c.kind) {
    case 'connect':
      return apiRequest('banking.psd2Connect', { companyId, body: c.body });
    case 'complete':
      return apiRequest('banking.psd2Complete', { companyId, params: { connectionId: c.connectionId } });
    case 'sync':
      return apiRequest('banking.psd2Sync', { companyId, params: { connectionId: c.connectionId } });
    case 'renew':
      return apiRequest('banking.psd2Renew', { companyId, params: { connectionId: c.connectionId } });
    case 'revoke':
      return apiRequest('banking.psd2Revoke', { companyId, params: { connectionId: c.connectionId } });
  }
}

export function usePsd2Command(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: Psd2Command) => runPsd2Command(c, companyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: psd2Keys.banking(companyId) }),
  });
}

function useSecurityRead<T>(
  companyId: string | null,
  part: string,
  routeId: Parameters<typeof apiRequest>[0],
) {
  return useQuery({
    queryKey: psd2Keys.security(companyId, part),
    queryFn: ({ signal }) => apiRequest<T>(routeId, { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export const useSecurityOverview = (companyId: string | null) =>
  useSecurityRead<SecurityOverview>(companyId, 'overview', 'banking.securityOverview');
export const useSecurityPolicies = (companyId: string | null) =>
  useSecurityRead<SecurityPolicies>(companyId, 'policies', 'banking.securityPolicies');
export const useSecurityRecommendations = (companyId: string | null) =>
  useSecurityRead<SecurityRecommendations>(companyId, 'recommendations', 'banking.securityRecommendations');
export const useSecurityMetrics = (companyId: string | null) =>
  useSecurityRead<SecurityMetrics>(companyId, 'metrics', 'banking.securityMetrics');
export const useComplianceReport = (companyId: string | null) =>
  useSecurityRead<ComplianceReport>(companyId, 'compliance', 'banking.complianceReport');
