/**
 * The tax calls more than one web feature reads (issue 13): the fiscal calendar, the upcoming and
 * overdue obligations and their summary, the fiscal alerts, the fiscal analysis and the tax
 * profile — used by the tax pages (features/tax), the fiscal widgets and the company's fiscal tab
 * (features/fiscal-widgets, features/tax-profile). Features may not import each other, so they
 * share these calls, their react-query keys (a change made on one page refreshes the others) and
 * the display rules of spec part 2 §9 / part 3 (alerts shown, days-left and compliance colours).
 */
import type { Page } from '@shared/api/envelope';
import { type AlertPriority, sortAlerts } from '@shared/fiscal/fiscal-alerts';
import type { FiscalAnalysis, Recommendation } from '@shared/fiscal/fiscal-analysis';
import type { RequiredModel } from '@shared/fiscal/tax-obligations';
import type {
  AlertStatus,
  AssistantStatus,
  CalendarView,
  FiscalAlert,
  ObligationsSummary,
  OverdueObligation,
  UpcomingObligation,
} from '@shared/schemas/tax';
import type { TaxProfile, TaxProfileBody } from '@shared/schemas/tax-profile';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { isApiError } from './api-error';

// --- query keys ----------------------------------------------------------------------------------

/** Everything of one company lives under `['tax', companyId]`: one invalidation refreshes it all. */
export const taxKeys = {
  all: ['tax'] as const,
  company: (companyId: string | null) => ['tax', companyId] as const,
  calendar: (companyId: string | null, year: number) => ['tax', companyId, 'calendar', year] as const,
  upcoming: (companyId: string | null, days: number) =>
    ['tax', companyId, 'obligations', 'upcoming', days] as const,
  overdue: (companyId: string | null) => ['tax', companyId, 'obligations', 'overdue'] as const,
  summary: (companyId: string | null) => ['tax', companyId, 'obligations', 'summary'] as const,
  alerts: (companyId: string | null) => ['tax', companyId, 'alerts'] as const,
  alertList: (companyId: string | null, params: FiscalAlertListParams) =>
    ['tax', companyId, 'alerts', 'list', params] as const,
  openAlerts: (companyId: string | null) => ['tax', companyId, 'alerts', 'open'] as const,
  analysis: (companyId: string | null) => ['tax', companyId, 'analysis'] as const,
  profile: (companyId: string | null) => ['tax', companyId, 'profile'] as const,
  /** Whether the company has a tax profile (the assistant's status: features/tax-profile reads it too). */
  profileStatus: (companyId: string | null) => ['tax', companyId, 'assistant', 'status'] as const,
  /** The gestor's cross-client view (no company of its own). */
  portfolio: ['tax', 'portfolio'] as const,
};

/**
 * After any tax write: every tax query of the company, and the cross-client views that include it.
 * That includes the profile status (`useTaxProfileStatus`), so creating the profile (taxProfile.create,
 * taxAssistant.apply, taxConfig.create) or changing it turns the screens that waited for one on.
 */
export async function refreshTaxQueries(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  companyId: string | null,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: taxKeys.company(companyId) }),
    // The global calls without a company (`companyId` null) cover every company too.
    queryClient.invalidateQueries({ queryKey: taxKeys.company(null) }),
    queryClient.invalidateQueries({ queryKey: taxKeys.portfolio }),
  ]);
}

/** Options every hook below takes: `enabled: false` for a person who may not read tax data. */
export interface TaxQueryOptions {
  enabled?: boolean;
}

// --- errors --------------------------------------------------------------------------------------

/**
 * The company has no tax profile yet: company tax calls answer TAX_021, the fiscal analysis
 * CONFIGURATION_NOT_FOUND (spec part 2 §8). Screens show the welcome card, not an error.
 */
export const isNoTaxProfile = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'TAX_021' || error.code === 'CONFIGURATION_NOT_FOUND');

/** `GET taxProfile.get` answers 404 CORE_006 when the company has no profile (the assistant's cue). */
export const isProfileNotFound = (error: unknown): boolean =>
  isApiError(error) && error.code === 'CORE_006' && error.status === 404;

// --- whether the company has a tax profile ------------------------------------------------------

/**
 * `GET taxAssistant.status`: whether the company has a tax profile, and the assistant's saved draft.
 * It answers 200 with or without a profile (functions/domains/tax/actions/assistant.ts).
 */
export function getTaxProfileStatus(companyId: string, signal?: AbortSignal): Promise<AssistantStatus> {
  return apiRequest<AssistantStatus>('taxAssistant.status', { params: { companyId }, companyId, signal });
}

export const taxProfileStatusQueryOptions = (companyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: taxKeys.profileStatus(companyId),
    queryFn: ({ signal }) => getTaxProfileStatus(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });

export interface TaxProfileStatus {
  /** The status query itself. */
  query: UseQueryResult<AssistantStatus>;
  /** Still asking (false when not asked at all: no company, or no tax.read). */
  isPending: boolean;
  /** The status says the company has no tax profile: show the welcome, ask nothing that needs one. */
  noProfile: boolean;
  /**
   * The calls that need a profile may be asked (pass it as their `enabled`): the status says there
   * is one, or it could not be read (then their own answer decides: TAX_021 /
   * CONFIGURATION_NOT_FOUND / 404 CORE_006 still show the welcome).
   */
  profileReady: boolean;
}

/**
 * Whether the selected (or named) company has a tax profile, asked before any call that needs one:
 * without a profile those answer 4xx (TAX_021, CONFIGURATION_NOT_FOUND, 404 CORE_006), which the
 * browser logs as failed loads. `enabled: false` for a person without tax.read (policy of
 * taxAssistant.status): then nothing is asked and `profileReady` stays false.
 */
export function useTaxProfileStatus(
  companyId: string | null,
  { enabled = true }: TaxQueryOptions = {},
): TaxProfileStatus {
  const query = useQuery(taxProfileStatusQueryOptions(companyId, enabled));
  const asked = enabled && companyId !== null;
  const hasProfile = query.data?.hasProfile;
  return {
    query,
    isPending: asked && query.isPending,
    noProfile: asked && hasProfile === false,
    profileReady: asked && (hasProfile === true || (hasProfile === undefined && query.isError)),
  };
}

// --- the fiscal calendar -------------------------------------------------------------------------

/** `GET taxCalendar.get?year=`: the year's obligations of the company, by due date. */
export function getTaxCalendar(companyId: string, year: number, signal?: AbortSignal): Promise<CalendarView> {
  return apiRequest<CalendarView>('taxCalendar.get', {
    params: { companyId },
    query: { year },
    companyId,
    signal,
  });
}

export const taxCalendarQueryOptions = (companyId: string | null, year: number, enabled = true) =>
  queryOptions({
    queryKey: taxKeys.calendar(companyId, year),
    queryFn: ({ signal }) => getTaxCalendar(companyId ?? '', year, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null,
  });

export function useTaxCalendar(
  companyId: string | null,
  year: number,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery(taxCalendarQueryOptions(companyId, year, enabled));
}

// --- upcoming, overdue, summary ------------------------------------------------------------------

/** Spec part 2 §9: the upcoming obligations window. */
export const UPCOMING_DAYS = 30;

/** `GET taxObligations.upcoming` as answered (functions/domains/tax/actions/global-obligations.ts). */
export interface UpcomingObligationsAnswer {
  from: string;
  to: string;
  obligations: UpcomingObligation[];
}

/** `GET taxObligations.overdue` as answered. */
export interface OverdueObligationsAnswer {
  today: string;
  obligations: OverdueObligation[];
}

/**
 * `GET taxObligations.upcoming`: open obligations due within `days` (default 30) from today, by due
 * date, of one company, or of every company the caller may read when `companyId` is null.
 */
export async function getUpcomingObligations(
  companyId: string | null,
  days = UPCOMING_DAYS,
  signal?: AbortSignal,
): Promise<UpcomingObligation[]> {
  const answer = await apiRequest<UpcomingObligationsAnswer>('taxObligations.upcoming', {
    query: { companyId, days },
    companyId,
    signal,
  });
  return answer.obligations;
}

/** `GET taxObligations.overdue`: open obligations past their due date (with daysOverdue), oldest first. */
export async function getOverdueObligations(
  companyId: string | null,
  signal?: AbortSignal,
): Promise<OverdueObligation[]> {
  const answer = await apiRequest<OverdueObligationsAnswer>('taxObligations.overdue', {
    query: { companyId },
    companyId,
    signal,
  });
  return answer.obligations;
}

/** `GET taxObligations.summary`: overdue, pending, pending within 30 days, next due date. */
export function getObligationsSummary(
  companyId: string | null,
  signal?: AbortSignal,
): Promise<ObligationsSummary> {
  return apiRequest<ObligationsSummary>('taxObligations.summary', {
    query: { companyId },
    companyId,
    signal,
  });
}

export function useUpcomingObligations(
  companyId: string | null,
  { enabled = true, days = UPCOMING_DAYS }: TaxQueryOptions & { days?: number } = {},
) {
  return useQuery({
    queryKey: taxKeys.upcoming(companyId, days),
    queryFn: ({ signal }) => getUpcomingObligations(companyId, days, signal),
    enabled,
  });
}

export function useOverdueObligations(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: taxKeys.overdue(companyId),
    queryFn: ({ signal }) => getOverdueObligations(companyId, signal),
    enabled,
  });
}

export function useObligationsSummary(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: taxKeys.summary(companyId),
    queryFn: ({ signal }) => getObligationsSummary(companyId, signal),
    enabled,
  });
}

// --- fiscal alerts -------------------------------------------------------------------------------

/** Spec part 2 §9: alerts listed 20 a page; the dashboards show the first 5. */
export const FISCAL_ALERTS_PAGE_SIZE = 20;
export const FISCAL_ALERTS_SHOWN = 5;

export interface FiscalAlertListParams {
  /** Zero-based. */
  page: number;
  size: number;
  status?: AlertStatus;
  priority?: AlertPriority;
}

/** `GET taxAlerts.list`: one page of the company's alerts, sorted critical, high, medium, low. */
export function getFiscalAlerts(
  companyId: string,
  params: FiscalAlertListParams,
  signal?: AbortSignal,
): Promise<Page<FiscalAlert>> {
  return apiRequest<Page<FiscalAlert>>('taxAlerts.list', {
    params: { companyId },
    query: { page: params.page, size: params.size, status: params.status, priority: params.priority },
    companyId,
    signal,
  });
}

export function useFiscalAlerts(
  companyId: string | null,
  params: FiscalAlertListParams,
  { enabled = true }: TaxQueryOptions = {},
) {
  return useQuery({
    queryKey: taxKeys.alertList(companyId, params),
    queryFn: ({ signal }) => getFiscalAlerts(companyId ?? '', params, signal),
    placeholderData: keepPreviousData,
    enabled: enabled && companyId !== null,
  });
}

/**
 * `GET taxAlerts.critical?limit=`: the open (active or acknowledged) alerts, most urgent first. The
 * widgets ask for a page's worth and show `topFiscalAlerts` of it, so they can tell whether more exist.
 */
export function getOpenFiscalAlerts(
  companyId: string,
  limit = FISCAL_ALERTS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<FiscalAlert[]> {
  return apiRequest<FiscalAlert[]>('taxAlerts.critical', {
    params: { companyId },
    query: { limit },
    companyId,
    signal,
  });
}

export function useOpenFiscalAlerts(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: taxKeys.openAlerts(companyId),
    queryFn: ({ signal }) => getOpenFiscalAlerts(companyId ?? '', FISCAL_ALERTS_PAGE_SIZE, signal),
    enabled: enabled && companyId !== null,
  });
}

/**
 * Spec part 3 / part 2 §9: fiscal alerts are shown sorted critical, high, medium, low (then by
 * the nearest date: `sortAlerts` of shared/fiscal/fiscal-alerts.ts), only the first 5.
 */
export function topFiscalAlerts<T extends Pick<FiscalAlert, 'priority' | 'dueDate' | 'createdAt'>>(
  alerts: readonly T[],
): T[] {
  return sortAlerts([...alerts]).slice(0, FISCAL_ALERTS_SHOWN);
}

// --- fiscal analysis -----------------------------------------------------------------------------

/** `GET taxAnalysis.get` as answered: the analysis of shared/fiscal/fiscal-analysis.ts with its context. */
export interface FiscalAnalysisView extends FiscalAnalysis {
  companyId: string;
  analysisType: 'BASIC' | 'DETAILED';
}

/** Spec part 2 §8: BASIC with recommendations by default; CONFIGURATION_NOT_FOUND without a profile. */
export function getFiscalAnalysis(companyId: string, signal?: AbortSignal): Promise<FiscalAnalysisView> {
  return apiRequest<FiscalAnalysisView>('taxAnalysis.get', {
    params: { companyId },
    query: { analysisType: 'BASIC', includeRecommendations: 'true' },
    companyId,
    signal,
  });
}

export function useFiscalAnalysis(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery({
    queryKey: taxKeys.analysis(companyId),
    queryFn: ({ signal }) => getFiscalAnalysis(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });
}

/** Spec part 2 §9: recommendations shown up to 4, high then medium; the compliance list 5. */
export const RECOMMENDATIONS_SHOWN = 4;
export const COMPLIANCE_SHOWN = 5;

export function topRecommendations(recommendations: readonly Recommendation[]): Recommendation[] {
  const rank = { high: 0, medium: 1 } as Record<string, number | undefined>;
  return recommendations
    .filter((r) => rank[r.priority] !== undefined)
    .map((r, index) => ({ r, index }))
    .sort((a, b) => (rank[a.r.priority] ?? 0) - (rank[b.r.priority] ?? 0) || a.index - b.index)
    .slice(0, RECOMMENDATIONS_SHOWN)
    .map(({ r }) => r);
}

// --- the tax profile -----------------------------------------------------------------------------

/** `GET taxProfile.get` as answered (functions/domains/tax/actions/get-tax-profile.ts). */
export interface TaxProfileView extends TaxProfile {
  /** Optimistic-concurrency revision of the stored profile. */
  revision: number;
  /** The models the latest facts imply, with their periodicity and reason. */
  requiredModels: RequiredModel[];
  /** The date a change made today would apply from (the default effectiveFrom of an update). */
  nextEffectiveFrom: string;
}

/** 404 CORE_006 when the company has none (`isProfileNotFound`). */
export function getTaxProfile(companyId: string, signal?: AbortSignal): Promise<TaxProfileView> {
  return apiRequest<TaxProfileView>('taxProfile.get', { params: { companyId }, companyId, signal });
}

export const taxProfileQueryOptions = (companyId: string | null, enabled = true) =>
  queryOptions({
    queryKey: taxKeys.profile(companyId),
    queryFn: ({ signal }) => getTaxProfile(companyId ?? '', signal),
    enabled: enabled && companyId !== null,
  });

export function useTaxProfile(companyId: string | null, { enabled = true }: TaxQueryOptions = {}) {
  return useQuery(taxProfileQueryOptions(companyId, enabled));
}

/**
 * `PUT taxProfile.update`: a new version of the facts, effective from `effectiveFrom` (default and
 * earliest: the first day of next month), so periods already started keep their obligations.
 */
export function updateTaxProfile(companyId: string, body: TaxProfileBody): Promise<TaxProfileView> {
  return apiRequest<TaxProfileView>('taxProfile.update', { params: { companyId }, body, companyId });
}

export function useUpdateTaxProfile(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxProfileBody) => updateTaxProfile(companyId, body),
    onSuccess: async (profile) => {
      queryClient.setQueryData(taxKeys.profile(companyId), profile);
      await refreshTaxQueries(queryClient, companyId);
    },
  });
}

// --- display rules -------------------------------------------------------------------------------

export type Tone = 'danger' | 'warning' | 'success';

/** Colours of the tones, as the other dashboards use them (antd's red-7, gold-7, green-7). */
export const TONE_COLORS: Record<Tone, string> = {
  danger: '#cf1322',
  warning: '#d48806',
  success: '#389e0d',
};

/** Spec part 2 §9: the next obligation's days left are red at 7 or less, yellow at 30 or less. */
export function daysLeftTone(daysLeft: number): Tone | null {
  if (daysLeft <= 7) return 'danger';
  if (daysLeft <= 30) return 'warning';
  return null;
}

/** Spec part 2 §9: the compliance percentage is green at 90 or more, yellow at 70 or more, else red. */
export function complianceTone(percentage: number): Tone {
  if (percentage >= 90) return 'success';
  if (percentage >= 70) return 'warning';
  return 'danger';
}
