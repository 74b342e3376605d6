/**
 * Contracts of the tax area (issue 13): the tax configuration of spec part 2 §3, the fiscal calendar
 * and obligations (§3 Obligation), fiscal alerts (§3 Fiscal alert, §4), tax notifications, the fiscal
 * analysis (§3 Fiscal analysis and health) and the gestor's cross-client view. The census facts
 * themselves are in ./tax-profile.ts; the rules in shared/fiscal/{tax-calendar,tax-obligations,
 * fiscal-alerts,fiscal-analysis}.ts.
 */

import * as z from 'zod';
import type { AlertPriority, AlertType, ObligationStatus, TaxObligation } from '../fiscal/fiscal-alerts';
import { Id, PageQuery } from './common';
import {
  IRPF_METHODS,
  type TaxModel,
  TaxModelSchema,
  type TaxProfileFacts,
  VAT_REGIMES,
  VAT_ZONES,
} from './tax-profile';
import { safeText } from './text';

export type { AlertPriority, AlertType, ObligationStatus, TaxObligation };

const Year = z.coerce
  .number({ message: 'El año debe estar entre 2000 y 2100' })
  .int({ message: 'El año debe estar entre 2000 y 2100' })
  .min(2000, { message: 'El año debe estar entre 2000 y 2100' })
  .max(2100, { message: 'El año debe estar entre 2000 y 2100' });

export const CompanyTaxPath = z.object({ companyId: Id });
export const ObligationPath = z.object({ companyId: Id, obligationId: safeText().min(1).max(80) });
export const AlertPath = z.object({ companyId: Id, alertId: safeText().min(1).max(120) });

// --- tax configuration (spec part 2 §3 "Tax configuration") ------------------------------------

/**
 * The configuration view of the profile: taxRegime (the IVA regime), vatZone, siiEnabled,
 * quarterlyVat (false = monthly 303) and irpfRate (the autónomo's withholding, in percent as the
 * spec's screens show it; the profile keeps basis points).
 */
export interface TaxConfiguration {
  companyId: string;
  taxRegime: (typeof VAT_REGIMES)[number];
  vatZone: (typeof VAT_ZONES)[number];
  siiEnabled: boolean;
  quarterlyVat: boolean;
  irpfRate: number;
  irpfMethod: (typeof IRPF_METHODS)[number] | null;
  /** Models the profile implies, for the configuration screen. */
  requiredModels: TaxModel[];
  updatedAt: string;
}

/** POST / PUT configuration: the update* fields of spec part 2 §3; absent fields keep their value. */
export const UpdateTaxConfigurationBody = z
  .object({
    updateTaxRegime: z.enum(VAT_REGIMES),
    updateVatZone: z.enum(VAT_ZONES),
    updateSiiEnabled: z.boolean(),
    updateQuarterlyVat: z.boolean(),
    /** Percent with up to two decimals (15, 7, 19.5). */
    updateIrpfRate: z
      .number()
      .min(0, { message: 'updateIrpfRate no puede ser negativo' })
      .max(100)
      .refine((n) => Math.round(n * 100) === n * 100, { message: 'Como máximo dos decimales.' }),
  })
  .partial()
  .strict();
export type UpdateTaxConfigurationBody = z.infer<typeof UpdateTaxConfigurationBody>;

// --- calendar and obligations ------------------------------------------------------------------

export const YearQuery = z.object({ year: Year.optional() });
export const GenerateCalendarBody = z.object({ year: Year }).strict();

/** One obligation as every tax call answers it (spec part 2 §3 Obligation + the calendar fields). */
export interface ObligationView extends TaxObligation {
  /** The status as of today: PENDING past its due date reads OVERDUE. */
  status: ObligationStatus;
  modelName: string;
  periodLabel: string;
  /** Calendar days from today to `dueDate` (negative once past). */
  daysRemaining: number;
  /** Calendar days from today to `alertDate`: the domiciliation deadline when paid by direct debit. */
  actionDaysRemaining: number;
  /** Only when overdue: days since the due date. */
  daysOverdue?: number;
}

export interface CalendarView {
  companyId: string;
  year: number;
  obligations: ObligationView[];
  /** The profile version(s) in force during the year, for the screen's legend. */
  profileVersions: string[];
}

/** Smart calendar: the year's obligations by month with what needs attention first. */
export interface SmartCalendarView {
  companyId: string;
  year: number;
  months: { month: string; obligations: ObligationView[]; pending: number; overdue: number }[];
  next: ObligationView | null;
  overdue: ObligationView[];
}

export const OBLIGATION_FILTERS = ['overdue', 'pending'] as const;

/** PUT obligations/{id}/status: a return filed outside Cuadra, or back to pending. */
export const UpdateObligationStatusBody = z
  .object({
    status: z.enum(['SUBMITTED', 'PENDING']),
    /** When it was filed (default: now). */
    submittedAt: z.iso.datetime({ offset: true }).optional(),
    reference: safeText().max(60).optional(),
  })
  .strict();
export type UpdateObligationStatusBody = z.infer<typeof UpdateObligationStatusBody>;

/** Global upcoming / overdue / summary: one company or every company the caller may read. */
export const GlobalObligationsQuery = z.object({
  companyId: Id.optional(),
  /** Start of the 30-day window (default today). */
  fromDate: z.iso.date().optional(),
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export type GlobalObligationsQuery = z.infer<typeof GlobalObligationsQuery>;

/** Upcoming obligation (spec: id, modelType, dueDate, daysRemaining, period, year, createdAt) + context. */
export interface UpcomingObligation {
  id: string;
  companyId: string;
  companyName: string;
  modelType: TaxModel;
  modelName: string;
  period: string;
  periodLabel: string;
  year: number;
  dueDate: string;
  domiciliationDueDate: string | null;
  paidByDomiciliation: boolean;
  /** Calendar days from today to `dueDate`. */
  daysRemaining: number;
  /** Calendar days from today to the domiciliation deadline when paid by direct debit, else as daysRemaining. */
  actionDaysRemaining: number;
  status: ObligationStatus;
  createdAt: string;
}
export interface OverdueObligation extends UpcomingObligation {
  daysOverdue: number;
}
export interface ObligationsSummary {
  overdueObligations: number;
  pendingObligations: number;
  /** Pending within the 30-day window. */
  upcomingObligations: number;
  nextDueDate: string | null;
}

/** The gestor's view across clients (issue 13 item 6). */
export const PortfolioQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  model: TaxModelSchema.optional(),
  status: z.enum(['PENDING', 'OVERDUE', 'MODEL_GENERATED', 'SUBMITTED', 'OBLIGATION_GENERATED']).optional(),
  companyId: Id.optional(),
  /** Include overdue obligations of any date (default true). */
  includeOverdue: z.enum(['true', 'false']).default('true'),
});
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

export interface PortfolioRow extends UpcomingObligation {
  /** The company's gestor (else owner): who answers for the filing. */
  responsible: { userId: string; name: string; email: string } | null;
}
export interface PortfolioView {
  from: string;
  to: string;
  rows: PortfolioRow[];
  /** Companies the caller may read that have no tax profile yet (nothing can be derived for them). */
  companiesWithoutProfile: { companyId: string; name: string }[];
  /** Every row found; the list answers the first 2000 by due date (`truncated`), the export all. */
  totalRows: number;
  truncated: boolean;
}

// --- alerts ------------------------------------------------------------------------------------

export const ALERT_STATUSES = ['ACTIVE', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** A fiscal alert (spec: id, type, title, message, priority, actionUrl) and its workflow. */
export interface FiscalAlert {
  id: string;
  companyId: string;
  type: AlertType;
  title: string;
  message: string;
  priority: AlertPriority;
  actionUrl: string;
  status: AlertStatus;
  obligationId: string | null;
  modelType: TaxModel | null;
  dueDate: string | null;
  daysRemaining: number | null;
  createdAt: string;
  updatedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export const AlertListQuery = PageQuery.extend({
  status: z.enum(ALERT_STATUSES).optional(),
  priority: z.enum(['critical', 'high', 'medium', 'low']).optional(),
  type: z.enum(['deadline', 'overdue', 'generated', 'submitted', 'error']).optional(),
});
export type AlertListQuery = z.infer<typeof AlertListQuery>;

export const CriticalAlertsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(5) });

export const AlertActionBody = z
  .object({ note: safeText().max(500).optional() })
  .strict()
  .default({});

export interface AlertStatistics {
  total: number;
  active: number;
  acknowledged: number;
  resolved: number;
  byPriority: Record<AlertPriority, number>;
  byType: Record<AlertType, number>;
}

/** What POST alerts/generate (and the daily schedule) did. */
export interface AlertRunResult {
  companyId: string;
  date: string;
  created: number;
  updated: number;
  notified: number;
  obligationsCreated: number;
  markedOverdue: number;
}

/** Threshold alerts from the invoices' running aggregates, against the profile. */
export interface ThresholdAlert {
  code:
    | 'LARGE_COMPANY_EXCEEDED'
    | 'LARGE_COMPANY_APPROACHING'
    | 'INTRA_EU_MONTHLY_349'
    | 'INTRA_EU_NOT_DECLARED'
    | 'MODELO_347_COUNTERPARTIES';
  model: TaxModel | null;
  priority: AlertPriority;
  title: string;
  message: string;
  thresholdCents: number | null;
  valueCents: number;
}

// --- tax notifications -------------------------------------------------------------------------

export const NOTIFY_ROLES = ['OWNER', 'GESTOR', 'MEMBER'] as const;

/** Per company: who is told about fiscal alerts, and how. */
export const TaxNotificationConfig = z
  .object({
    enabled: z.boolean(),
    /** E-mail as well as the bell, for recipients whose preferences allow e-mail. */
    email: z.boolean(),
    recipients: z.array(z.enum(NOTIFY_ROLES)).min(1).max(3),
  })
  .strict();
export type TaxNotificationConfig = z.infer<typeof TaxNotificationConfig>;
export const defaultTaxNotificationConfig = (): TaxNotificationConfig => ({
  enabled: true,
  email: true,
  recipients: ['OWNER', 'GESTOR', 'MEMBER'],
});
export const UpdateTaxNotificationConfigBody = TaxNotificationConfig.partial().strict();

export const UpcomingNotificationsQuery = z.object({
  daysAhead: z.coerce.number().int().min(1).max(366).default(7),
});

/** One notification sent for an alert step (the history). */
export interface TaxNotificationSent {
  alertId: string;
  step: string;
  title: string;
  priority: AlertPriority;
  sentAt: string;
  recipients: { userId: string; inApp: boolean; email: boolean }[];
}

export const HistoryQuery = PageQuery.pick({ page: true, size: true });

// --- fiscal analysis ---------------------------------------------------------------------------

export const FiscalAnalysisQuery = z.object({
  analysisType: z.enum(['BASIC', 'DETAILED']).default('BASIC'),
  includeRecommendations: z.enum(['true', 'false']).default('true'),
});

// --- assistant ---------------------------------------------------------------------------------

/**
 * The assistant's questionnaire (spec part 1 §7 tax-profile assistant): plain questions a business
 * owner can answer; `analyze` turns them into proposed facts and the models they imply.
 */
export const AssistantAnswers = z
  .object({
    activity: z.enum(['PROFESSIONAL', 'BUSINESS', 'RETAIL', 'FARMING', 'EXEMPT']),
    vatZone: z.enum(VAT_ZONES),
    /** Annual turnover estimate in céntimos. */
    annualTurnoverCents: z.number().int().min(0),
    irpfMethod: z.enum(IRPF_METHODS).nullable(),
    /** Autónomo professional: share of last year's income that bore withholding, in basis points. */
    withheldIncomeShareBp: z.number().int().min(0).max(10_000).nullable(),
    hasEmployees: z.boolean(),
    paysProfessionals: z.boolean(),
    rentsPremises: z.boolean(),
    paysDividendsOrInterest: z.boolean(),
    paysNonResidents: z.boolean(),
    intraEuOperations: z.boolean(),
    /** Intra-EU deliveries and services in the largest quarter, céntimos. */
    intraEuQuarterCents: z.number().int().min(0),
    sellsB2cToOtherEuCountries: z.boolean(),
    assetsAbroad: z.boolean(),
    wantsMonthlyRefunds: z.boolean(),
    cashAccounting: z.boolean(),
    payByDomiciliation: z.boolean(),
  })
  .strict();
export type AssistantAnswers = z.infer<typeof AssistantAnswers>;

export const AssistantAnalyzeBody = z.object({ answers: AssistantAnswers }).strict();
export const AssistantValidateBody = z.object({ facts: z.record(z.string(), z.unknown()) }).strict();
export const AssistantConfigureBody = z
  .object({ answers: AssistantAnswers.optional(), facts: z.record(z.string(), z.unknown()).optional() })
  .strict();
export const AssistantApplyBody = z
  .object({
    effectiveFrom: z.iso.date().optional(),
    /** Creating the profile: obligations already due are recorded as filed (ASSUME_FILED) or left pending. */
    pastObligations: z.enum(['PENDING', 'ASSUME_FILED']).optional(),
  })
  .strict()
  .default({});

export interface AssistantIssue {
  field: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface AssistantProposal {
  facts: TaxProfileFacts;
  requiredModels: { model: TaxModel; periodicity: string; reason: string }[];
  issues: AssistantIssue[];
}

export interface AssistantStatus {
  hasProfile: boolean;
  /** NOT_STARTED: no draft, no profile; DRAFT: answers/facts saved, not applied; APPLIED: profile exists and no draft. */
  status: 'NOT_STARTED' | 'DRAFT' | 'APPLIED';
  draft: { answers: AssistantAnswers | null; facts: TaxProfileFacts | null; updatedAt: string } | null;
  profileUpdatedAt: string | null;
}
