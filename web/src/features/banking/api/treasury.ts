/**
 * Treasury calls (issue 19 item 4; contract: shared/schemas/treasury.ts): dashboard, 13-week forecast,
 * due dates, overdue, calendar, client delay, collection metrics, follow-up notes, reminders and the
 * automatic reminders settings.
 * Every call is company-scoped (`x-company-id`).
 */
import type {
  CalendarMonth,
  ClientDelayReport,
  CollectionMetrics,
  CreateNoteBody,
  DueDatesList,
  FollowUpNote,
  LiquidityForecast,
  OverdueList,
  ReminderResult,
  TreasuryDashboard,
  TreasuryDocumentKind,
  TreasurySettings,
  TreasurySettingsBody,
} from '@shared/schemas/treasury';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const treasuryKeys = {
  all: (companyId: string | null) => ['banking', companyId, 'treasury'] as const,
  dashboard: (companyId: string | null) => ['banking', companyId, 'treasury', 'dashboard'] as const,
  liquidity: (companyId: string | null) => ['banking', companyId, 'treasury', 'liquidity'] as const,
  overdue: (companyId: string | null) => ['banking', companyId, 'treasury', 'overdue'] as const,
  calendar: (companyId: string | null, month: string) =>
    ['banking', companyId, 'treasury', 'calendar', month] as const,
  dueThisWeek: (companyId: string | null) => ['banking', companyId, 'treasury', 'due-this-week'] as const,
  clientDelay: (companyId: string | null) => ['banking', companyId, 'treasury', 'client-delay'] as const,
  metrics: (companyId: string | null) => ['banking', companyId, 'treasury', 'metrics'] as const,
  notes: (companyId: string | null, kind: TreasuryDocumentKind, documentId: string) =>
    ['banking', companyId, 'treasury', 'notes', kind, documentId] as const,
  settings: (companyId: string | null) => ['banking', companyId, 'treasury', 'settings'] as const,
};

const STALE_MS = 30_000;

export function useTreasuryDashboard(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.dashboard(companyId),
    queryFn: ({ signal }) => apiRequest<TreasuryDashboard>('treasury.dashboard', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useLiquidity(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.liquidity(companyId),
    queryFn: ({ signal }) => apiRequest<LiquidityForecast>('treasury.liquidity', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useDueThisWeek(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.dueThisWeek(companyId),
    queryFn: ({ signal }) => apiRequest<DueDatesList>('treasury.dueThisWeek', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useOverdue(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.overdue(companyId),
    queryFn: ({ signal }) =>
      apiRequest<OverdueList>('treasury.overdue', { companyId, signal, query: { direction: 'RECEIVABLE' } }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useCalendar(companyId: string | null, month: string) {
  return useQuery({
    queryKey: treasuryKeys.calendar(companyId, month),
    queryFn: ({ signal }) =>
      apiRequest<CalendarMonth>('treasury.calendar', { companyId, signal, query: { month } }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useClientDelay(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.clientDelay(companyId),
    queryFn: ({ signal }) => apiRequest<ClientDelayReport>('treasury.clientDelay', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useCollectionMetrics(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.metrics(companyId),
    queryFn: ({ signal }) =>
      apiRequest<CollectionMetrics>('treasury.collectionMetrics', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useNotes(companyId: string | null, kind: TreasuryDocumentKind, documentId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.notes(companyId, kind, documentId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<{ items: FollowUpNote[] }>('treasury.listNotes', {
        companyId,
        signal,
        query: { documentKind: kind, documentId: documentId ?? '' },
      }).then((r) => r.items),
    enabled: companyId !== null && documentId !== null,
  });
}

export function useCreateNote(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteBody) =>
      apiRequest<FollowUpNote>('treasury.createNote', { body, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKeys.all(companyId) }),
  });
}

export function useSendReminder(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiRequest<ReminderResult>('treasury.sendReminder', { body: { documentId }, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: treasuryKeys.all(companyId) }),
  });
}

export function useTreasurySettings(companyId: string | null) {
  return useQuery({
    queryKey: treasuryKeys.settings(companyId),
    queryFn: ({ signal }) => apiRequest<TreasurySettings>('treasury.getSettings', { companyId, signal }),
    staleTime: STALE_MS,
    enabled: companyId !== null,
  });
}

export function useUpdateTreasurySettings(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TreasurySettingsBody) =>
      apiRequest<TreasurySettings>('treasury.updateSettings', { body, companyId }),
    onSuccess: (saved) => queryClient.setQueryData(treasuryKeys.settings(companyId), saved),
  });
}
