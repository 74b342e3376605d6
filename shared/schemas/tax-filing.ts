/**
 * Contracts of filing the VAT models through Cuadra (issue 14 items 4 and 5), beside the core ones of
 * shared/schemas/tax-models.ts (SubmitModelBody, SubmissionView, the authorizations, the cockpit):
 * the queries of the submission lists, the statistics, the certificate check and the cockpit's
 * filing choice.
 */

import * as z from 'zod';
import { Id, PageQuery } from './common';
import {
  CockpitActionBody,
  type ModelResult,
  ModelTypeSchema,
  ModelYear,
  SUBMISSION_STATES,
  type SubmissionState,
  type SubmissionView,
  type TaxModelType,
} from './tax-models';

/** A submission with what the screens show besides the contract's fields. */
export interface SubmissionDetail extends SubmissionView {
  companyName: string;
  companyNif: string;
  /** COLLABORATOR: the colaborador social that presented, and the authorization it used. */
  collaboratorNif: string | null;
  authorizationId: string | null;
  /** When the AEAT registered it (its own clock), when accepted. */
  presentedAt: string | null;
  /** The model's version that was filed, and its result. */
  modelVersion: number;
  result: ModelResult | null;
  fileName: string;
  /** The AEAT's justificante (PDF) can be downloaded (`?kind=justificante`). */
  hasReceipt: boolean;
  /** `retry` can be asked for (ERROR, an in-flight attempt that never finished, or an unfinished acceptance). */
  retryable: boolean;
  /** The last attempt may have reached the AEAT without an answer (the next one asks first). */
  ambiguous: boolean;
  lastAttemptAt: string | null;
}

/** GET …/submissions: the company's filings, newest first. */
export const SubmissionListQuery = PageQuery.extend({
  state: z.enum(SUBMISSION_STATES).optional(),
  modelType: ModelTypeSchema.optional(),
  year: ModelYear.optional(),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuery>;

export const SubmissionFileQuery = z.object({
  /** `file`: the model file exactly as filed; `justificante`: the AEAT's receipt (PDF). */
  kind: z.enum(['file', 'justificante']).default('file'),
});

/** GET /tax/submissions/recent: the caller's latest filings across companies (spec: 20). */
export const RecentSubmissionsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, { message: 'El tamaño de página no puede superar 100.' })
    .default(20),
});

/** GET /tax/gestoria/submissions: the gestoría's filing history (spec: 50). */
export const GestoriaHistoryQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, { message: 'El tamaño de página no puede superar 100.' })
    .default(50),
  state: z.enum(SUBMISSION_STATES).optional(),
  modelType: ModelTypeSchema.optional(),
  companyId: Id.optional(),
});

export interface StateCounts {
  total: number;
  byState: Record<SubmissionState, number>;
}

/** GET …/submissions/statistics (one company) and the base of the gestoría's. */
export interface SubmissionStatistics extends StateCounts {
  byModel: Record<TaxModelType, StateCounts>;
  /** Submissions created in the last 30 days. */
  last30Days: StateCounts;
  /** Accepted among those answered (accepted + rejected), 0-100; null when none answered. */
  acceptanceRate: number | null;
  lastAcceptedAt: string | null;
  /** ERROR ones, waiting for a retry. */
  pendingRetry: number;
}

/** GET /tax/gestoria/statistics: the caller's filings over the last 12 months. */
export interface GestoriaStatistics extends SubmissionStatistics {
  since: string;
  companies: number;
  byCompany: {
    companyId: string;
    companyName: string;
    total: number;
    accepted: number;
    rejected: number;
    errors: number;
  }[];
}

/** POST …/certificate/validate: which certificate (default: the one filing would use). */
export const ValidateCertificateQuery = z.object({ certificateId: Id.optional() });

export interface CertificateValidationView {
  companyId: string;
  companyNif: string;
  present: boolean;
  certificateId: string | null;
  subject: string | null;
  holderNif: string | null;
  issuer: string | null;
  validFrom: string | null;
  validTo: string | null;
  state: 'VALID' | 'EXPIRED' | 'NOT_YET_VALID' | null;
  daysToExpiry: number | null;
  nifMatches: boolean;
  /** It can file the company's models today. */
  valid: boolean;
  problems: string[];
  warnings: string[];
  /** Whether the VeriFacTu configuration uses it. */
  configured: boolean;
}

/**
 * POST /tax/cockpit/submit: how each company's model is filed. AUTO: as colaborador social when the
 * company authorized one of the caller's firms for the model, else with the company's certificate.
 */
export const CockpitSubmitBody = CockpitActionBody.extend({
  mode: z.enum(['AUTO', 'CERTIFICATE', 'COLLABORATOR']).default('AUTO'),
});
export type CockpitSubmitBody = z.infer<typeof CockpitSubmitBody>;
