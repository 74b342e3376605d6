/**
 * Contracts of the dashboards (issue 20, spec part 3 §2, §3, §4, §7, §9): the company dashboard's
 * summary, the advisor's consolidated view, the platform administrator's stats and the client
 * portal's dashboard with its advisor card.
 *
 * Money is integer céntimos everywhere (the spec's field names are kept: `totalRevenue` is céntimos),
 * rates and scores are plain numbers (0-100), dates ISO strings (`yyyy-mm-dd`) and instants ISO
 * date-times. A section the caller may not see, or whose product area does not exist yet, is `null`
 * (the web leaves its widget out rather than show invented figures).
 */

import * as z from 'zod';

// --- company dashboard: GET dashboard/summary --------------------------------------------------

export const DashboardSummaryQuery = z.object({
  /** `true` recomputes every section now (the refresh button); otherwise a section may be reused for 60 s. */
  refresh: z
    .enum(['true', 'false'], { message: 'refresh debe ser true o false.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type DashboardSummaryQuery = z.infer<typeof DashboardSummaryQuery>;

/** The sections of the summary, each computed (and snapshotted) on its own. */
export const DASHBOARD_SECTIONS = ['month', 'tax', 'financial', 'accounting', 'alerts', 'activity'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** 'Resumen del Mes': the current calendar month (Europe/Madrid) of the company. */
export interface MonthSummary {
  /** `yyyy-mm`. */
  month: string;
  /** Taxable base of the month's issued invoices (céntimos, rectificativas netted). */
  income: number;
  /** Taxable base of the month's received invoices (céntimos). */
  expenses: number;
  /** Confirmed issued invoices not fully collected (any month): count and outstanding céntimos. */
  pendingInvoices: { count: number; amount: number };
  /** Open tax obligations (pending or overdue). */
  pendingObligations: number;
}

export interface NextObligation {
  obligationId: string;
  /** Model code ('303', '130'...). */
  model: string;
  /** Period label ('1T', '03', '0A'). */
  period: string;
  year: number;
  dueDate: string;
  /** Céntimos; null when no model was generated for it yet. */
  estimatedAmount: number | null;
  /** Days from today (Europe/Madrid) to the due date; negative when overdue. */
  daysLeft: number;
}

export interface TaxData {
  obligations: { pending: number; overdue: number; totalEstimatedAmount: number };
  /** The next 6 months from the current one (`yyyy-mm`), by due date. */
  obligationsByMonth: { month: string; pending: number; overdue: number }[];
  /** Only for a company in the SII; null otherwise. */
  siiStatus: { successRate: number; pendingSubmissions: number; failedSubmissions: number } | null;
  /** The next open obligations due within 30 days (overdue first), at most 5. */
  nextObligations: NextObligation[];
}

export interface FinancialData {
  /** Year to date (calendar year of today), céntimos. */
  totalRevenue: number;
  totalExpenses: number;
  /** Outstanding céntimos of received invoices not yet paid. */
  pendingPayments: number;
  /** Average days from issue to full collection of the invoices collected in the last 12 months; null without any. */
  avgCollectionDays: number | null;
  invoicesIssued: number;
  invoicesReceived: number;
  overdueInvoices: number;
  /** The last 12 months, oldest first (`yyyy-mm`, céntimos). */
  revenueByMonth: { month: string; value: number }[];
  expensesByMonth: { month: string; value: number }[];
}

export interface AccountingData {
  /** The fiscal year of the figures. */
  year: number;
  /** Income (group 7) minus expenses (group 6) posted this year, céntimos. */
  result: number;
  income: number;
  expenses: number;
  /** Balance of cash and banks (57x) at today, céntimos. */
  cash: number;
  /** Entries posted this year. */
  entries: number;
  /** Last month closed (`yyyy-mm`), null when none. */
  closedThrough: string | null;
}

export const ALERT_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export interface DashboardAlert {
  id: string;
  severity: AlertSeverity;
  message: string;
  description: string;
  dueDate: string | null;
  actionRequired: boolean;
  /** What it is about: TAX, SII, VERIFACTU, DOCUMENTS, INVOICES, CONFIGURATION, BANKING. */
  type: string;
  action: { label: string; url: string } | null;
}

export interface RecentActivityItem {
  id: string;
  /** INVOICE_ISSUED, INVOICE_RECEIVED, DOCUMENT_UPLOADED, MODEL_FILED, NOTIFICATION... */
  type: string;
  title: string;
  description: string;
  timestamp: string;
  actionUrl: string | null;
}

export type SectionSource = 'LIVE' | 'SNAPSHOT' | 'UNAVAILABLE';

export interface DashboardSummary {
  company: { companyId: string; name: string; nif: string; companyType: string; siiEnabled: boolean };
  monthSummary: MonthSummary | null;
  taxData: TaxData | null;
  financialData: FinancialData | null;
  accountingData: AccountingData | null;
  alerts: DashboardAlert[];
  /** The latest events of the company (at most 10). */
  recentActivity: RecentActivityItem[];
  additionalData: {
    /** Documents waiting for review (staff only; null otherwise). */
    documentsToReview: number | null;
    /** The caller's unread notifications in the company. */
    unreadNotifications: number;
  };
  meta: {
    generatedAt: string;
    /** True when at least one section is served from its last good snapshot. */
    fallbackMode: boolean;
    /** Where each section came from and when it was computed. */
    sections: Record<DashboardSection, { source: SectionSource; asOf: string | null }>;
    /** DynamoDB items read to answer (the bench reports it). */
    itemsRead: number;
  };
}

// --- advisor dashboard -------------------------------------------------------------------------

export const ADVISOR_PERIODS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type AdvisorPeriod = (typeof ADVISOR_PERIODS)[number];
export const COMPANY_HEALTH = ['HEALTHY', 'WARNING', 'CRITICAL'] as const;
export type CompanyHealth = (typeof COMPANY_HEALTH)[number];

export const AdvisorQuery = z.object({
  period: z
    .enum(ADVISOR_PERIODS, { message: 'El periodo debe ser DAY, WEEK, MONTH, QUARTER o YEAR.' })
    .default('MONTH'),
  status: z
    .enum(['ALL', ...COMPANY_HEALTH], { message: 'El estado debe ser ALL, HEALTHY, WARNING o CRITICAL.' })
    .default('ALL'),
  refresh: z
    .enum(['true', 'false'], { message: 'refresh debe ser true o false.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type AdvisorQuery = z.infer<typeof AdvisorQuery>;

/** One client company on the advisor dashboard (spec part 3 §3 Advisor summary, per-company stats). */
export interface AdvisorCompanyStats {
  company: { id: string; name: string; nif: string; companyType: string };
  status: CompanyHealth;
  /** Why the status is what it is, in Spanish ('2 obligaciones vencidas'); empty when HEALTHY. */
  reasons: string[];
  /** CLIENTE users of the company. */
  clientCount: number;
  /** Documents uploaded in the period. */
  documentCount: number;
  /** Taxable base invoiced in the period, céntimos. */
  revenue: number;
  /** Overdue obligations + obligations due within 7 days + documents to review + rejected records. */
  pendingTasks: number;
  /** Latest activity instant known (an invoice, a document, a filing), null when none. */
  lastActivity: string | null;
  /** 0-100 from the fiscal analysis' compliance; null without a tax profile. */
  complianceScore: number | null;
  overdueObligations: number;
  dueSoonObligations: number;
  rejectedSii: number;
  rejectedVerifactu: number;
  unreviewedDocuments: number;
  /** True when the company's stats could not be computed (then CRITICAL with zeros, spec part 3 §4). */
  failed: boolean;
  /** When these stats were computed (cached at most 10 minutes). */
  computedAt: string;
}

export interface AdvisorCompaniesResult {
  period: AdvisorPeriod;
  items: AdvisorCompanyStats[];
}

export interface AdvisorPendingTask {
  companyId: string;
  companyName: string;
  /** OVERDUE_OBLIGATION, DUE_SOON_OBLIGATION, DOCUMENT_REVIEW, SII_REJECTED, VERIFACTU_REJECTED. */
  kind: string;
  title: string;
  dueDate: string | null;
  url: string;
}

export interface AdvisorActivity {
  id: string;
  companyId: string;
  companyName: string;
  action: string;
  timestamp: string;
  type: 'DOCUMENT' | 'TAX' | 'MESSAGE' | 'COMPLIANCE';
}

export interface AdvisorSummary {
  period: AdvisorPeriod;
  clientStats: {
    totalCompanies: number;
    totalClients: number;
    healthyCompanies: number;
    warningCompanies: number;
    criticalCompanies: number;
  };
  documentStats: { totalDocuments: number; totalRevenue: number };
  taxStats: { averageComplianceScore: number | null };
  pendingTasks: number;
  /** The most urgent tasks across the companies (at most 10). */
  pendingTaskList: AdvisorPendingTask[];
  /** At most 10, newest first. */
  recentActivity: AdvisorActivity[];
  meta: {
    generatedAt: string;
    companies: number;
    fromCache: number;
    computed: number;
    failed: number;
    itemsRead: number;
  };
}

// --- admin dashboard ---------------------------------------------------------------------------

export interface StatChange {
  /** Percentage change against the same figure 30 days earlier (one decimal); null without a base. */
  percent: number | null;
  type: 'positive' | 'negative';
}

export interface AdminStats {
  totalUsers: number;
  activeUsers: number;
  activeSubscriptions: number;
  /** Monthly recurring revenue of the active subscriptions, céntimos. */
  monthlyRevenue: number;
  /** Null while the platform has no support area (the card stays out). */
  supportTickets: number | null;
  changes: {
    users: StatChange;
    subscriptions: StatChange;
    revenue: StatChange;
    tickets: StatChange | null;
  };
  asOf: string;
}

export const AdminActivitiesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50, { message: 'El límite no puede superar 50.' }).default(10),
});
export type AdminActivitiesQuery = z.infer<typeof AdminActivitiesQuery>;

export interface AdminActivity {
  id: string;
  action: string;
  user: string;
  details: string;
  time: string;
}

// --- client dashboard --------------------------------------------------------------------------

export const ClientDashboardQuery = z.object({
  period: z
    .enum(['MONTH', 'QUARTER', 'YEAR'], { message: 'El periodo debe ser MONTH, QUARTER o YEAR.' })
    .default('YEAR'),
});
export type ClientDashboardQuery = z.infer<typeof ClientDashboardQuery>;

export interface AdvisorInfo {
  userId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  /** An open notifications socket right now. */
  isOnline: boolean;
  lastSeen: string | null;
  /** The client has no advisor (an autónomo on its own). */
  isAutonomous: boolean;
  message: string | null;
  availableActions: { uploadDocument: boolean; quickQuery: boolean; scheduleMeeting: boolean };
  /** 'Lunes a viernes, 9:00-18:00' (spec part 3 §9). */
  hours: string;
}

export interface ClientActivityItem {
  id: string;
  /** DOCUMENT_SHARED, DOCUMENT_APPROVED, MESSAGE_RECEIVED, INVOICE_GENERATED, DOCUMENT_UPLOADED, MEETING. */
  type: string;
  title: string;
  description: string;
  timestamp: string;
  isRead: boolean;
  actionUrl: string | null;
}

export interface ClientAlert {
  id: string;
  type: 'ERROR' | 'WARNING' | 'SUCCESS' | 'INFO';
  title: string;
  description: string;
  actionUrl: string | null;
  actionText: string | null;
}

export interface ClientDashboard {
  client: { name: string };
  company: { companyId: string; name: string; companyType: string };
  isAutonomous: boolean;
  advisor: AdvisorInfo;
  period: 'MONTH' | 'QUARTER' | 'YEAR';
  /** Issued invoices of the period (VIEW_INVOICES; null without it), céntimos. */
  financialSummary: {
    totalInvoiced: number;
    totalPaid: number;
    pendingAmount: number;
    overdueAmount: number;
    invoiceCount: number;
    /** Against the previous period of the same length; null without a base (never invented). */
    changePercent: number | null;
  } | null;
  pendingActions: {
    /** Null until documents can be shared for approval (issue 21). */
    documentsToApprove: number | null;
    /** The client's own uploads still waiting for the gestoría's review. */
    documentsToReview: number;
    /** Null until messaging exists (issue 21). */
    messagesUnread: number | null;
    /** Meetings waiting for the client's answer (a time the advisor proposed). */
    meetingsToAnswer: number;
  };
  /** At most 5, newest first. */
  recentActivity: ClientActivityItem[];
  alerts: ClientAlert[];
}
