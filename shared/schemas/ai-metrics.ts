/**
 * Contracts of the reading metrics (issue 17 item 6: "accuracy you can see"): GET documents/ai-metrics
 * for a company's staff, and the ADMIN pages under /admin/gemini-metrics (spec part 3 §7: global,
 * company/{id}, top-companies (limit 10), costs, alerts, precision, cache (fromDate, toDate);
 * company/{id}/limits GET and POST /{type}). The spec's paths keep the "gemini" name; what they
 * measure here is Cuadra's own readers (e-invoice, QR, text layer, Tesseract, Textract).
 *
 * Accuracy comes from the advisors' reviews: a field counts as right when its review approved it
 * unchanged, as wrong when the reviewer corrected it or rejected the document.
 */

import * as z from 'zod';
import { Id } from './common';
import type { ExtractionField, ExtractionSource, ReadingEngine } from './documents';

/** Accuracy below this over at least `ACCURACY_ALERT_MIN_REVIEWS` reviews raises an alert. */
export const ACCURACY_ALERT_THRESHOLD = 0.9;
export const ACCURACY_ALERT_MIN_REVIEWS = 20;
/** A reading failure rate above this raises an alert. */
export const FAILURE_RATE_ALERT_THRESHOLD = 0.1;

/**
 * Cost per page by engine, in thousandths of a US cent (integers; never a float in money).
 * Textract AnalyzeExpense lists USD 0.01 per page for the first million pages a month
 * (aws.amazon.com/textract/pricing, us-east-1) [verify: the eu-west-1 / eu-south-2 price].
 * The e-invoice, QR and text-layer readers and the local Tesseract cost nothing per page.
 */
export const COST_PER_PAGE_MILLICENTS: Readonly<Record<ReadingEngine, number>> = {
  EINVOICE: 0,
  QR: 0,
  PDF_TEXT: 0,
  TESSERACT: 0,
  TEXTRACT: 1000,
};
export const COST_CURRENCY = 'USD';

/** fromDate / toDate (ISO dates, both included); the current month when absent. */
export const MetricsPeriodQuery = z
  .object({
    fromDate: z.iso.date({ message: 'La fecha debe tener el formato AAAA-MM-DD.' }).optional(),
    toDate: z.iso.date({ message: 'La fecha debe tener el formato AAAA-MM-DD.' }).optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['fromDate'],
  });
export type MetricsPeriodQuery = z.infer<typeof MetricsPeriodQuery>;

/** The admin calls: bounded reads (`cursor` from the previous answer); `limit` of top-companies (10). */
export const AdminMetricsQuery = z
  .object({
    fromDate: z.iso.date().optional(),
    toDate: z.iso.date().optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['fromDate'],
  });
export type AdminMetricsQuery = z.infer<typeof AdminMetricsQuery>;

export const TargetCompanyPath = z.object({ targetCompanyId: Id });

export const READING_LIMIT_TYPES = ['PAGES_PER_MONTH', 'DOCUMENTS_PER_MONTH'] as const;
export type ReadingLimitType = (typeof READING_LIMIT_TYPES)[number];
export const SetLimitPath = z.object({
  targetCompanyId: Id,
  type: z.enum(READING_LIMIT_TYPES, { message: 'Tipo de límite no válido.' }),
});
export const SetLimitBody = z
  .object({
    /** Null removes the limit. */
    limit: z.number().int().min(0).max(10_000_000).nullable(),
  })
  .strict();
export type SetLimitBody = z.infer<typeof SetLimitBody>;

/** right / reviewed for one group of fields. */
export interface AccuracyFigure {
  reviewed: number;
  unchanged: number;
  /** unchanged / reviewed; null when nothing was reviewed. */
  accuracy: number | null;
}

export interface AccuracyReport {
  /** Reviews counted (APPROVED and REJECTED). */
  reviews: number;
  approved: number;
  rejected: number;
  overall: AccuracyFigure;
  byField: Record<ExtractionField, AccuracyFigure>;
  bySource: Partial<Record<ExtractionSource, AccuracyFigure>>;
  byEngine: Partial<Record<ReadingEngine, AccuracyFigure>>;
}

export interface EngineUsage {
  documents: number;
  pages: number;
  costPerPageMillicents: number;
  costMillicents: number;
}

export interface UsageReport {
  /** Documents read (a reading finished: whatever the outcome but OCR_FAILED). */
  documentsRead: number;
  documentsFailed: number;
  pages: number;
  failureRate: number | null;
  averageProcessingMs: number | null;
  byEngine: Partial<Record<ReadingEngine, EngineUsage>>;
  costMillicents: number;
  currency: typeof COST_CURRENCY;
}

/** GET documents/ai-metrics and admin company/{id}. */
export interface CompanyReadingMetrics {
  companyId: string;
  fromDate: string;
  toDate: string;
  usage: UsageReport;
  accuracy: AccuracyReport;
}

/**
 * Admin calls over every company read at most a bounded number of readings (gsi2 `DOCS#READ#<month>`)
 * and say how far they got: the figures cover `readingsScanned`; pass `nextCursor` back as `cursor`
 * for the next part (null: the period is complete).
 */
export interface AdminCoverage {
  readingsScanned: number;
  nextCursor: string | null;
}

export interface GlobalReadingMetrics extends AdminCoverage {
  fromDate: string;
  toDate: string;
  companiesWithDocuments: number;
  usage: UsageReport;
  accuracy: AccuracyReport;
}

export interface TopCompany {
  companyId: string;
  name: string | null;
  documents: number;
  pages: number;
  costMillicents: number;
}
export interface TopCompaniesReport extends AdminCoverage {
  fromDate: string;
  toDate: string;
  companies: TopCompany[];
}

export interface CostsReport extends AdminCoverage {
  fromDate: string;
  toDate: string;
  currency: typeof COST_CURRENCY;
  costPerPageMillicents: Readonly<Record<ReadingEngine, number>>;
  byEngine: Partial<Record<ReadingEngine, EngineUsage>>;
  /** Per day (processedAt's date). */
  byDay: { date: string; pages: number; costMillicents: number }[];
  totalMillicents: number;
}

export type ReadingAlertKind = 'LOW_ACCURACY' | 'HIGH_FAILURE_RATE' | 'LIMIT_EXCEEDED';
export interface ReadingAlert {
  kind: ReadingAlertKind;
  severity: 'WARNING' | 'ERROR';
  companyId: string | null;
  /** Spanish, for the admin page. */
  message: string;
  value: number;
  threshold: number;
}
export interface AlertsReport extends AdminCoverage {
  fromDate: string;
  toDate: string;
  alerts: ReadingAlert[];
}

export interface FieldPrecision {
  /** Present when read and confirmed. */
  truePositives: number;
  /** Read, but the reviewer changed or removed it. */
  falsePositives: number;
  /** Not read, but the reviewer filled it in (or the read value was wrong). */
  falseNegatives: number;
  /** Neither read nor there. */
  trueNegatives: number;
  precision: number | null;
  recall: number | null;
}
export interface PrecisionReport extends AdminCoverage {
  fromDate: string;
  toDate: string;
  reviews: number;
  byField: Record<ExtractionField, FieldPrecision>;
}

export interface CacheReport extends AdminCoverage {
  fromDate: string;
  toDate: string;
  documents: number;
  /** Documents whose bytes (SHA-256) the company had already had read: served from the stored reading. */
  hits: number;
  hitRate: number | null;
  pagesSaved: number;
  costSavedMillicents: number;
}

export interface ReadingLimit {
  type: ReadingLimitType;
  limit: number | null;
  /** This month's use. */
  used: number;
  exceeded: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}
export interface ReadingLimits {
  companyId: string;
  month: string;
  limits: ReadingLimit[];
}

export const emptyAccuracyFigure = (): AccuracyFigure => ({ reviewed: 0, unchanged: 0, accuracy: null });
