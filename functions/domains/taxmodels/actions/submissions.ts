/**
 * Filing the VAT models and the filings' history (issue 14 item 4; spec part 2 §7 "Submission status,
 * history, recent, statistics", "Download submission file", "Gestory history, statistics", "Submit
 * as collaborator, submit with certificate", "Retry submission"):
 *
 * - POST …/models/{modelType}/{modelId}/submit → 201 SubmissionDetail in its state (ACCEPTED with the
 *   CSV, REJECTED with the AEAT's errors, ERROR retryable); the rules are in ./filing.ts;
 * - GET …/submissions (newest first, paged, ≤ 100), …/statistics, …/{submissionId}, …/file
 *   (`?kind=file` the model file as filed, `?kind=justificante` the AEAT's PDF), POST …/retry;
 * - GESTOR: GET /tax/submissions/recent (the caller's last 20 across companies), /tax/gestoria/
 *   submissions (the caller's filings, 50 by default, filterable) and /tax/gestoria/statistics (the
 *   last 12 months) — only of companies the caller may still read for tax.
 */

import { binaryResponse, defineCompanyAction, defineUserAction } from '@functions/platform/http';
import { AppError } from '@shared/api/errors';
import { paginate } from '@shared/api/listing';
import {
  GestoriaHistoryQuery,
  type GestoriaStatistics,
  RecentSubmissionsQuery,
  type SubmissionDetail,
  SubmissionFileQuery,
  SubmissionListQuery,
  type SubmissionStatistics,
} from '@shared/schemas/tax-filing';
import { ModelPath, SubmissionPath, SubmitModelBody } from '@shared/schemas/tax-models';
import * as z from 'zod';
import {
  effectiveState,
  type SubmissionRecord,
  submissionStatistics,
  toSubmissionView,
} from '../model/submissions';
import type { TaxModelsDeps } from '../store/deps';
import { portfolioCompanies } from '../store/gestor-companies';
import {
  getSubmission,
  getSubmissionObject,
  listCompanySubmissions,
  listSubmitterSubmissions,
} from '../store/submissions';
import { type FilingDeps, retrySubmission, submitModel } from './filing';

const newestFirst = (a: SubmissionRecord, b: SubmissionRecord) =>
  b.createdAt.localeCompare(a.createdAt) || b.submissionId.localeCompare(a.submissionId);

async function requireSubmission(deps: TaxModelsDeps, companyId: string, submissionId: string) {
  const r = await getSubmission(deps, companyId, submissionId);
  if (!r) throw new AppError('CORE_006', 'La presentación no existe.');
  return r;
}

export const submitModelRoute = defineCompanyAction({
  params: ModelPath,
  // An empty body files with the company's certificate (the schema's default mode).
  body: z.preprocess((v) => (v === undefined ? {} : v), SubmitModelBody),
  status: 201,
  run: ({ auth, scope, params, body, log }, deps: FilingDeps) =>
    submitModel(
      {
        companyId: scope.companyId,
        modelType: params.modelType,
        modelId: params.modelId,
        mode: body.mode,
        authorizationId: body.authorizationId,
        userId: auth.userId,
      },
      deps,
      log,
    ),
});

export const retrySubmissionRoute = defineCompanyAction({
  params: SubmissionPath,
  run: ({ auth, scope, params, log }, deps: FilingDeps) =>
    retrySubmission(
      { companyId: scope.companyId, submissionId: params.submissionId, userId: auth.userId },
      deps,
      log,
    ),
});

export const listSubmissionsRoute = defineCompanyAction({
  query: SubmissionListQuery,
  run: async ({ scope, query }, deps: TaxModelsDeps) => {
    const now = deps.now();
    const rows = (await listCompanySubmissions(deps, scope.companyId))
      .filter((r) => !query.state || effectiveState(r, now) === query.state)
      .filter((r) => !query.modelType || r.modelType === query.modelType)
      .filter((r) => query.year === undefined || r.year === query.year)
      .sort(newestFirst)
      .map((r) => toSubmissionView(r, now));
    return paginate(rows, query.page, query.size);
  },
});

export const submissionStatisticsRoute = defineCompanyAction({
  run: async ({ scope }, deps: TaxModelsDeps): Promise<SubmissionStatistics> =>
    submissionStatistics(await listCompanySubmissions(deps, scope.companyId), deps.now()),
});

export const getSubmissionRoute = defineCompanyAction({
  params: SubmissionPath,
  run: async ({ scope, params }, deps: TaxModelsDeps): Promise<SubmissionDetail> =>
    toSubmissionView(await requireSubmission(deps, scope.companyId, params.submissionId), deps.now()),
});

export const submissionFileRoute = defineCompanyAction({
  params: SubmissionPath,
  query: SubmissionFileQuery,
  run: async ({ scope, params, query }, deps: TaxModelsDeps) => {
    const r = await requireSubmission(deps, scope.companyId, params.submissionId);
    if (query.kind === 'justificante') {
      if (!r.receiptKey)
        throw new AppError(
          'CORE_006',
          r.state === 'ACCEPTED'
            ? 'La AEAT no entregó el justificante en PDF de esta presentación; su CSV lo identifica en la Sede electrónica.'
            : 'La presentación no tiene justificante: la AEAT no la ha aceptado.',
        );
      return binaryResponse({
        contentType: 'application/pdf',
        body: await getSubmissionObject(deps, r.receiptKey),
        filename: `justificante_${r.modelType}_${r.year}_${r.period}_${r.receiptNumber ?? r.submissionId}.pdf`,
      });
    }
    return binaryResponse({
      contentType: 'text/plain; charset=ISO-8859-1',
      body: await getSubmissionObject(deps, r.fileKey),
      filename: r.fileName,
    });
  },
});

// --- across companies (GESTOR) ---------------------------------------------------------------------------

/** The companies the caller may still read for tax (a filing of one it left is not shown). */
async function readableIds(deps: TaxModelsDeps, auth: { userId: string; isAdmin: boolean }) {
  const companies = await portfolioCompanies(deps, auth);
  return new Set(companies.map((c) => c.companyId));
}

export const recentSubmissionsRoute = defineUserAction({
  query: RecentSubmissionsQuery,
  run: async ({ auth, query }, deps: TaxModelsDeps): Promise<SubmissionDetail[]> => {
    const readable = await readableIds(deps, auth);
    const now = deps.now();
    const rows = await listSubmitterSubmissions(deps, auth.userId, {
      limit: query.limit,
      accept: (r) => readable.has(r.companyId),
    });
    return rows.map((r) => toSubmissionView(r, now));
  },
});

export const gestoriaHistoryRoute = defineUserAction({
  query: GestoriaHistoryQuery,
  run: async ({ auth, query }, deps: TaxModelsDeps): Promise<SubmissionDetail[]> => {
    const readable = await readableIds(deps, auth);
    const now = deps.now();
    const rows = await listSubmitterSubmissions(deps, auth.userId, {
      limit: query.limit,
      accept: (r) =>
        readable.has(r.companyId) &&
        (!query.companyId || r.companyId === query.companyId) &&
        (!query.modelType || r.modelType === query.modelType) &&
        (!query.state || effectiveState(r, now) === query.state),
    });
    return rows.map((r) => toSubmissionView(r, now));
  },
});

/** The gestoría's statistics read at most this many filings (a year of a large firm's quarters). */
export const GESTORIA_STATISTICS_MAX = 5000;

export const gestoriaStatisticsRoute = defineUserAction({
  run: async ({ auth }, deps: TaxModelsDeps): Promise<GestoriaStatistics> => {
    const readable = await readableIds(deps, auth);
    const now = deps.now();
    const since = new Date(now.getTime() - 365 * 24 * 3600 * 1000).toISOString();
    const rows = await listSubmitterSubmissions(deps, auth.userId, {
      limit: GESTORIA_STATISTICS_MAX,
      since,
      accept: (r) => readable.has(r.companyId),
    });
    const byCompany = new Map<string, GestoriaStatistics['byCompany'][number]>();
    for (const r of rows) {
      const c = byCompany.get(r.companyId) ?? {
        companyId: r.companyId,
        companyName: r.companyName,
        total: 0,
        accepted: 0,
        rejected: 0,
        errors: 0,
      };
      const state = effectiveState(r, now);
      c.total += 1;
      if (state === 'ACCEPTED') c.accepted += 1;
      if (state === 'REJECTED') c.rejected += 1;
      if (state === 'ERROR') c.errors += 1;
      byCompany.set(r.companyId, c);
    }
    return {
      ...submissionStatistics(rows, now),
      since,
      companies: byCompany.size,
      byCompany: [...byCompany.values()].sort(
        (a, b) => b.total - a.total || a.companyName.localeCompare(b.companyName, 'es'),
      ),
    };
  },
});
