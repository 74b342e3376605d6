/**
 * Bank reconciliation calls (issue 19 item 3; contract: shared/schemas/reconciliation.ts): the home
 * summary, the sessions and their lifecycle (start, complete, approve, cancel), the movements with
 * their proposals, the open items to match by hand, the matches (accept, create, undo) and the rules
 * the matcher learns. Every call is company-scoped (`x-company-id`).
 */
import type { Page } from '@shared/api/envelope';
import type {
  AcceptProposalsResult,
  CancelSessionBody,
  CompleteSessionBody,
  CreateMatchBody,
  CreateRuleBody,
  DeleteMatchResult,
  DeleteRuleResult,
  OpenItemDirection,
  ReconciliationMatch,
  ReconciliationRule,
  ReconciliationSession,
  ReconciliationSummary,
  SessionDetail,
  SessionListItem,
  SessionOpenItems,
  SessionStatus,
  StartSessionBody,
} from '@shared/schemas/reconciliation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

/** react-query keys: everything of reconciliation sits under the banking feature's company key. */
export const reconciliationKeys = {
  banking: (companyId: string | null) => ['banking', companyId] as const,
  all: (companyId: string | null) => ['banking', companyId, 'reconciliation'] as const,
  summary: (companyId: string | null) => ['banking', companyId, 'reconciliation', 'summary'] as const,
  sessions: (companyId: string | null) => ['banking', companyId, 'reconciliation', 'sessions'] as const,
  session: (companyId: string | null, sessionId: string) =>
    ['banking', companyId, 'reconciliation', 'session', sessionId] as const,
  openItems: (companyId: string | null, sessionId: string) =>
    ['banking', companyId, 'reconciliation', 'session', sessionId, 'open-items'] as const,
  rules: (companyId: string | null) => ['banking', companyId, 'reconciliation', 'rules'] as const,
};

/** Movements arrive from imports and syncs in the background: a short freshness. */
const RECONCILIATION_STALE_MS = 15_000;

// --- summary and sessions ---------------------------------------------------------------------------

export function getReconciliationSummary(
  companyId: string | null,
  signal?: AbortSignal,
): Promise<ReconciliationSummary> {
  return apiRequest<ReconciliationSummary>('banking.reconciliationSummary', { companyId, signal });
}

export function useReconciliationSummary(companyId: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.summary(companyId),
    queryFn: ({ signal }) => getReconciliationSummary(companyId, signal),
    staleTime: RECONCILIATION_STALE_MS,
    enabled: companyId !== null,
  });
}

export interface SessionListParams {
  page: number;
  size: number;
  status?: SessionStatus;
  accountId?: string;
}

export function getSessions(
  params: SessionListParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<Page<SessionListItem>> {
  return apiRequest<Page<SessionListItem>>('banking.listSessions', {
    query: { ...params, sort: 'createdAt,desc' },
    companyId,
    signal,
  });
}

export const sessionsQueryOptions = (params: SessionListParams, companyId: string | null) =>
  queryOptions({
    queryKey: [...reconciliationKeys.sessions(companyId), params],
    queryFn: ({ signal }) => getSessions(params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: RECONCILIATION_STALE_MS,
    enabled: companyId !== null,
  });

export function useSessions(params: SessionListParams, companyId: string | null) {
  return useQuery(sessionsQueryOptions(params, companyId));
}

/** `POST banking.startSession` answers the new session (alone, or inside its detail). */
export type StartSessionResult = ReconciliationSession | SessionDetail;

export const sessionIdOf = (result: StartSessionResult): string =>
  'session' in result ? result.session.sessionId : result.sessionId;

export function useStartSession(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSessionBody) =>
      apiRequest<StartSessionResult>('banking.startSession', { body, companyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(companyId) }),
  });
}

// --- one session ----------------------------------------------------------------------------------------

export function getSession(
  sessionId: string,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<SessionDetail> {
  return apiRequest<SessionDetail>('banking.getSession', { params: { sessionId }, companyId, signal });
}

export function useSession(sessionId: string, companyId: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.session(companyId, sessionId),
    queryFn: ({ signal }) => getSession(sessionId, companyId, signal),
    staleTime: RECONCILIATION_STALE_MS,
    enabled: companyId !== null,
  });
}

export interface OpenItemsParams {
  search?: string;
  direction?: OpenItemDirection;
  /** Ranks the candidates by the matcher's score for this movement. */
  movementId?: string;
}

export function getSessionOpenItems(
  sessionId: string,
  params: OpenItemsParams,
  companyId: string | null,
  signal?: AbortSignal,
): Promise<SessionOpenItems> {
  return apiRequest<SessionOpenItems>('banking.sessionOpenItems', {
    params: { sessionId },
    query: { ...params },
    companyId,
    signal,
  });
}

export function useSessionOpenItems(sessionId: string, params: OpenItemsParams, companyId: string | null) {
  return useQuery({
    queryKey: [...reconciliationKeys.openItems(companyId, sessionId), params],
    queryFn: ({ signal }) => getSessionOpenItems(sessionId, params, companyId, signal),
    placeholderData: keepPreviousData,
    staleTime: RECONCILIATION_STALE_MS,
    enabled: companyId !== null,
  });
}

/** A change inside a session: its detail, its candidates, the summary and the lists. */
const useRefreshSession = (companyId: string | null) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(companyId) });
};

export function useAcceptProposals(sessionId: string, companyId: string | null) {
  const refresh = useRefreshSession(companyId);
  return useMutation({
    mutationFn: (movementIds: string[]) =>
      apiRequest<AcceptProposalsResult>('banking.acceptProposals', {
        params: { sessionId },
        body: { movementIds },
        companyId,
      }),
    onSettled: refresh,
  });
}

export function useCreateMatch(sessionId: string, companyId: string | null) {
  const refresh = useRefreshSession(companyId);
  return useMutation({
    mutationFn: (body: CreateMatchBody) =>
      apiRequest<ReconciliationMatch>('banking.createMatch', { params: { sessionId }, body, companyId }),
    onSettled: refresh,
  });
}

export function useDeleteMatch(sessionId: string, companyId: string | null) {
  const refresh = useRefreshSession(companyId);
  return useMutation({
    mutationFn: (matchId: string) =>
      apiRequest<DeleteMatchResult>('banking.deleteMatch', { params: { sessionId, matchId }, companyId }),
    onSettled: refresh,
  });
}

export type SessionCommand =
  | { kind: 'complete'; body: CompleteSessionBody }
  | { kind: 'approve' }
  | { kind: 'cancel'; body: CancelSessionBody };

export function runSessionCommand(
  sessionId: string,
  c: SessionCommand,
  companyId: string | null,
): Promise<ReconciliationSession | SessionDetail> {
  const params = { sessionId };
  switch (c.kind) {
    case 'complete':
      return apiRequest('banking.completeSession', { params, body: c.body, companyId });
    case 'approve':
      return apiRequest('banking.approveSession', { params, body: {}, companyId });
    case 'cancel':
      return apiRequest('banking.cancelSession', { params, body: c.body, companyId });
  }
}

export function useSessionCommand(sessionId: string, companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: SessionCommand) => runSessionCommand(sessionId, c, companyId),
    // Approving settles documents and moves the accounts' pending counts: every banking view.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.banking(companyId) }),
  });
}

// --- rules ----------------------------------------------------------------------------------------------

/** The rules as the call may answer them: a list, `{ items }` or a page. */
type RulesAnswer = ReconciliationRule[] | { items: ReconciliationRule[] } | Page<ReconciliationRule>;

export function getRules(companyId: string | null, signal?: AbortSignal): Promise<ReconciliationRule[]> {
  return apiRequest<RulesAnswer>('banking.listRules', { companyId, signal }).then((answer) =>
    Array.isArray(answer) ? answer : 'items' in answer ? answer.items : answer.content,
  );
}

export function useRules(companyId: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.rules(companyId),
    queryFn: ({ signal }) => getRules(companyId, signal),
    staleTime: RECONCILIATION_STALE_MS,
    enabled: companyId !== null,
  });
}

export function useCreateRule(companyId: string | null) {
  const refresh = useRefreshSession(companyId);
  return useMutation({
    mutationFn: (body: CreateRuleBody) =>
      apiRequest<ReconciliationRule>('banking.createRule', { body, companyId }),
    onSettled: refresh,
  });
}

export function useDeleteRule(companyId: string | null) {
  const refresh = useRefreshSession(companyId);
  return useMutation({
    mutationFn: (ruleId: string) =>
      apiRequest<DeleteRuleResult>('banking.deleteRule', { params: { ruleId }, companyId }),
    onSettled: refresh,
  });
}
