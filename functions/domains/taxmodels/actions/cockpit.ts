/**
 * The gestor's batch cockpit (issue 14 item 5; the income-tax returns of issue 15): one model and
 * period across every client on one screen, each client in its own periodicity: asked for the 111 of
 * 2T, a large company (monthly withholdings, art. 108.1 RIRPF) shows and acts on its June return, due
 * in the same window (model/periods.ts periodInWindow). GESTOR (and ADMIN) only: the route table gates the Cognito group; every company still
 * passes tax.read (tax.write for the actions) on the caller's own membership, so a gestor sees and
 * touches only its clients (store/gestor-companies.ts).
 *
 * - GET /tax/cockpit?modelType=303&year=&period= → a row per client: whether it owes the model for
 *   the period (its obligation exists), the model's status and result (or the preview's when not
 *   generated), the previous period's and the same period last year's results (stored models, else
 *   previews), and the anomalies of model/anomalies.ts;
 * - POST …/compute (generate or regenerate, never a filed one), …/approve, …/export (a ZIP of the
 *   AEAT files and a summary), …/submit (approved models only, through ./filing.ts), …/publish
 *   (approved or filed models, to each client's my-tax-documents with a notification): each answers
 *   the outcome per company.
 *
 * 100 clients stay responsive: companies are read COCKPIT_COMPANIES_IN_FLIGHT at a time and each
 * company's previews PREVIEWS_IN_FLIGHT at a time (at most 16 previews in flight). Per company: its
 * obligation (one GetItem), its stored models of the years involved (one small Query per year), and
 * a preview (one aggregates Query) only for the current period when not generated, the previous one
 * and last year's when not stored; the trend of the last 4 periods reads the stored returns plus
 * those previews (model/anomalies.ts needs 3 of the 4).
 * Writes go WRITES_IN_FLIGHT at a time, filings FILINGS_IN_FLIGHT (one AEAT connection each).
 */

import type { AuthContext } from '@functions/platform/auth-context';
import { binaryResponse, defineUserAction } from '@functions/platform/http';
import type { Logger } from '@functions/platform/logger';
import { AppError, isAppError } from '@shared/api/errors';
import { MODEL_STATUS_LABELS, RESULT_TYPE_LABELS } from '@shared/fiscal/models/labels';
import { formatEuros } from '@shared/fiscal/money';
import { type CockpitSubmitBody, CockpitSubmitBody as CockpitSubmitSchema } from '@shared/schemas/tax-filing';
import {
  CockpitActionBody,
  type CockpitActionResult,
  CockpitQuery,
  type CockpitRow,
  type CockpitView,
  type ModelResult,
  modelIdOf,
  type TaxModelType,
} from '@shared/schemas/tax-models';
import { strToU8, zipSync } from 'fflate';
import type * as z from 'zod';
import { type CurrentModelFacts, detectAnomalies } from '../model/anomalies';
import { coversModel, madridToday } from '../model/authorizations';
import { mapBounded } from '../model/bounded';
import { factsAt, previewModel, validPeriodsOf } from '../model/compute';
import { modelFile } from '../model/files';
import { periodInWindow, periodRange, previousPeriod } from '../model/periods';
import { toModelView } from '../model/views';
import { listAuthorizations } from '../store/authorizations';
import { fileIdentityOf, getTaxProfile } from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { type PortfolioCompany, portfolioCompanies } from '../store/gestor-companies';
import {
  getModel,
  listModels,
  type StoredModel,
  saveGeneratedModel,
  setModelApproved,
} from '../store/models';
import { getObligation } from '../store/obligations';
import { type FilingDeps, submitModel } from './filing';
import { publishModel } from './publish';

export const COCKPIT_COMPANIES_IN_FLIGHT = 8;
export const PREVIEWS_IN_FLIGHT = 2;
export const WRITES_IN_FLIGHT = 4;
export const FILINGS_IN_FLIGHT = 4;
/** Periods the trend is drawn through (model/anomalies.ts). */
const TREND_PERIODS = 4;

type CockpitParams = z.infer<typeof CockpitQuery>;
type CockpitBody = z.infer<typeof CockpitActionBody>;

interface Period {
  year: number;
  period: string;
}

const idOf = (modelType: TaxModelType, p: Period) => modelIdOf(p.year, modelType, p.period);

/**
 * The period of this company's return that the request names (its own periodicity: periodInWindow);
 * without a tax profile, the period asked for.
 */
export async function companyPeriod(
  deps: TaxModelsDeps,
  companyId: string,
  q: { modelType: TaxModelType; year: number; period: string },
): Promise<string> {
  const profile = await getTaxProfile(deps, companyId);
  if (!profile) return q.period;
  let start: string;
  try {
    start = periodRange(q.year, q.period).start;
  } catch {
    return q.period;
  }
  return periodInWindow(q.period, validPeriodsOf(profile, factsAt(profile, start), q.modelType));
}

/** The periods before `p`, oldest first (the trend's), and the same period a year earlier. */
export function earlierPeriods(p: Period, count = TREND_PERIODS): { trend: Period[]; lastYear: Period } {
  const trend: Period[] = [];
  let cursor = p;
  for (let i = 0; i < count; i++) {
    cursor = previousPeriod(cursor.year, cursor.period);
    trend.unshift(cursor);
  }
  return { trend, lastYear: { year: p.year - 1, period: p.period } };
}

const factsOf = (
  m: Pick<StoredModel, 'result' | 'boxes' | 'issues' | 'itemsRead' | 'sources'>,
): CurrentModelFacts => ({
  result: m.result,
  boxes: m.boxes,
  issues: m.issues,
  itemsRead: m.itemsRead,
  sources: m.sources,
});

async function safePreview(deps: TaxModelsDeps, companyId: string, modelType: TaxModelType, p: Period) {
  try {
    return await previewModel(deps, { companyId, modelType, year: p.year, period: p.period });
  } catch (e) {
    // A period before the profile, another periodicity, no profile: no figure to compare with.
    if (isAppError(e)) return null;
    throw e;
  }
}

/** One client's row. */
export async function cockpitRow(
  deps: TaxModelsDeps,
  company: PortfolioCompany,
  q: CockpitParams,
): Promise<CockpitRow> {
  const current: Period = { year: q.year, period: await companyPeriod(deps, company.companyId, q) };
  const modelId = idOf(q.modelType, current);
  const { trend, lastYear } = earlierPeriods(current);
  const years = [...new Set([current, lastYear, ...trend].map((p) => p.year))];
  const [obligation, ...lists] = await Promise.all([
    getObligation(deps, company.companyId, modelId),
    ...years.map((year) => listModels(deps, company.companyId, { year, modelType: q.modelType })),
  ]);
  const stored = new Map(lists.flat().map((m) => [m.modelId, m]));
  const model = stored.get(modelId);
  const row: CockpitRow = {
    companyId: company.companyId,
    companyName: company.name,
    nif: company.nif,
    period: current.period,
    applicable: obligation !== undefined,
    obligationId: obligation?.obligationId ?? null,
    dueDate: obligation?.dueDate ?? null,
    modelId: model ? modelId : null,
    status: model?.status ?? 'NOT_GENERATED',
    approved: Boolean(model?.approvedAt),
    published: Boolean(model?.publishedAt),
    result: model?.result ?? null,
    previousPeriodResult: null,
    lastYearResult: null,
    anomalies: [],
    issues: model?.issues.length ?? 0,
  };
  // A client that does not owe the model and has none: nothing to compute or compare.
  if (!obligation && !model) return row;

  // Previews (one aggregates Query each) only where the screen needs a figure the store lacks: the
  // current period, the previous one and last year's. The trend reads the stored returns plus these.
  const previous = trend[trend.length - 1]!;
  const wanted: Period[] = [...(model ? [] : [current]), previous, lastYear].filter(
    (p, i, all) =>
      !stored.has(idOf(q.modelType, p)) &&
      all.findIndex((x) => idOf(q.modelType, x) === idOf(q.modelType, p)) === i,
  );
  const previews = new Map(
    (
      await mapBounded(
        wanted,
        PREVIEWS_IN_FLIGHT,
        async (p) =>
          [idOf(q.modelType, p), await safePreview(deps, company.companyId, q.modelType, p)] as const,
      )
    ).filter(([, v]) => v !== null),
  );
  const resultAt = (p: Period): ModelResult | null => {
    const id = idOf(q.modelType, p);
    return stored.get(id)?.result ?? previews.get(id)?.result ?? null;
  };
  const facts = model ?? previews.get(modelId);
  row.previousPeriodResult = resultAt(previous);
  row.lastYearResult = resultAt(lastYear);
  if (!facts) return row;
  row.result = facts.result;
  row.issues = facts.issues.length;
  row.anomalies = detectAnomalies({
    modelType: q.modelType,
    current: factsOf(facts),
    previous: row.previousPeriodResult,
    // An annual model's previous period is last year's: one comparison, not two.
    lastYear: idOf(q.modelType, previous) === idOf(q.modelType, lastYear) ? null : row.lastYearResult,
    trend: trend.map(resultAt),
  });
  return row;
}

export async function cockpitView(
  deps: TaxModelsDeps,
  auth: AuthContext,
  q: CockpitParams,
): Promise<CockpitView> {
  const companies = await portfolioCompanies(deps, auth);
  const rows = await mapBounded(companies, COCKPIT_COMPANIES_IN_FLIGHT, (c) => cockpitRow(deps, c, q));
  return {
    modelType: q.modelType,
    year: q.year,
    period: q.period,
    rows,
    totals: {
      companies: rows.length,
      generated: rows.filter((r) => r.status !== 'NOT_GENERATED').length,
      approved: rows.filter((r) => r.approved).length,
      submitted: rows.filter((r) => r.status === 'SUBMITTED').length,
      withAnomalies: rows.filter((r) => r.anomalies.length > 0).length,
    },
  };
}

export const cockpitGetRoute = defineUserAction({
  query: CockpitQuery,
  run: ({ auth, query }, deps: TaxModelsDeps) => cockpitView(deps, auth, query),
});

// --- bulk actions -------------------------------------------------------------------------------------

/** The company's stored return the request names (in its own periodicity). */
async function modelOfCompany(deps: TaxModelsDeps, companyId: string, body: CockpitBody) {
  const period = await companyPeriod(deps, companyId, body);
  return getModel(deps, companyId, modelIdOf(body.year, body.modelType, period));
}

type Outcome = CockpitActionResult['results'][number];
const ok = (companyId: string, message: string): Outcome => ({ companyId, outcome: 'OK', message });
const skipped = (companyId: string, message: string): Outcome => ({ companyId, outcome: 'SKIPPED', message });
const failed = (companyId: string, message: string): Outcome => ({ companyId, outcome: 'ERROR', message });

const errorText = (e: unknown): string =>
  isAppError(e) ? e.message : 'Error interno: inténtalo de nuevo en unos momentos.';

const periodText = (b: { modelType: string; year: number; period: string }) =>
  `${b.modelType} ${b.period === '0A' ? b.year : `${b.period} ${b.year}`}`;

/**
 * Runs `fn` for each listed company the caller may write for tax (others: ERROR), `limit` at a time,
 * answering in the order listed; an AppError of one company is its ERROR, not the request's.
 */
async function forEachCompany(
  deps: TaxModelsDeps,
  auth: AuthContext,
  body: CockpitBody,
  limit: number,
  fn: (company: PortfolioCompany) => Promise<Outcome>,
  log?: Logger,
): Promise<CockpitActionResult> {
  const portfolio = new Map((await portfolioCompanies(deps, auth)).map((c) => [c.companyId, c]));
  const ids = [...new Set(body.companyIds)];
  const results = await mapBounded(ids, limit, async (companyId) => {
    const company = portfolio.get(companyId);
    if (!company?.canWrite)
      return failed(companyId, 'No tienes acceso a esta empresa para presentar sus impuestos.');
    try {
      return await fn(company);
    } catch (e) {
      if (!isAppError(e))
        log?.error('Cockpit action failed for a company', { companyId, error: (e as Error).message });
      return failed(companyId, errorText(e));
    }
  });
  return { results };
}

const resultText = (r: ModelResult) =>
  `${RESULT_TYPE_LABELS[r.type].toLowerCase()} ${formatEuros(r.amountCents)}`;

export const cockpitComputeRoute = defineUserAction({
  body: CockpitActionBody,
  run: ({ auth, body, log }, deps: TaxModelsDeps) =>
    forEachCompany(
      deps,
      auth,
      body,
      WRITES_IN_FLIGHT,
      async (c) => {
        const period = await companyPeriod(deps, c.companyId, body);
        const modelId = modelIdOf(body.year, body.modelType, period);
        const [obligation, existing] = await Promise.all([
          getObligation(deps, c.companyId, modelId),
          getModel(deps, c.companyId, modelId),
        ]);
        if (!obligation && !existing)
          return skipped(
            c.companyId,
            `La empresa no tiene el modelo ${periodText({ ...body, period })} entre sus obligaciones.`,
          );
        if (existing?.status === 'SUBMITTED') return skipped(c.companyId, 'Ya presentado: no se recalcula.');
        const adjustments = existing?.adjustments ?? {};
        const preview = await previewModel(deps, {
          companyId: c.companyId,
          modelType: body.modelType,
          year: body.year,
          period,
          adjustments,
        });
        const saved = await saveGeneratedModel(deps, c.companyId, preview, {
          adjustments,
          userId: auth.userId,
          regenerate: existing !== undefined,
        });
        return ok(
          c.companyId,
          `${existing ? 'Modelo recalculado' : 'Modelo generado'}: ${resultText(saved.result)}.`,
        );
      },
      log,
    ),
});

export const cockpitApproveRoute = defineUserAction({
  body: CockpitActionBody,
  run: ({ auth, body, log }, deps: TaxModelsDeps) =>
    forEachCompany(
      deps,
      auth,
      body,
      WRITES_IN_FLIGHT,
      async (c) => {
        const model = await modelOfCompany(deps, c.companyId, body);
        if (!model) return skipped(c.companyId, 'No hay modelo generado: calcúlalo primero.');
        if (model.status === 'SUBMITTED') return skipped(c.companyId, 'Ya presentado.');
        if (model.approvedAt) return skipped(c.companyId, 'Ya estaba aprobado.');
        const errors = model.issues.filter((i) => i.severity === 'ERROR').length;
        if (errors > 0)
          return failed(
            c.companyId,
            `El modelo tiene ${errors} ${errors === 1 ? 'error' : 'errores'} de validación: corrígelos antes de aprobarlo.`,
          );
        await setModelApproved(deps, c.companyId, model.modelId, auth.userId);
        return ok(c.companyId, 'Aprobado.');
      },
      log,
    ),
});

export const cockpitPublishRoute = defineUserAction({
  body: CockpitActionBody,
  run: ({ auth, body, log }, deps: TaxModelsDeps) =>
    forEachCompany(
      deps,
      auth,
      body,
      WRITES_IN_FLIGHT,
      async (c) => {
        const model = await modelOfCompany(deps, c.companyId, body);
        if (!model) return skipped(c.companyId, 'No hay modelo generado.');
        if (model.publishedAt && model.updatedAt <= model.publishedAt)
          return skipped(c.companyId, 'Ya estaba publicado.');
        if (!model.approvedAt && model.status !== 'SUBMITTED')
          return skipped(c.companyId, 'Aprueba o presenta el modelo antes de publicarlo al cliente.');
        await publishModel(
          {
            companyId: c.companyId,
            params: { companyId: c.companyId, modelType: body.modelType, modelId: model.modelId },
          },
          deps,
        );
        return ok(c.companyId, 'Publicado al cliente.');
      },
      log,
    ),
});

/**
 * AUTO: as colaborador social when the company authorized (ACTIVE, covering the model) one of the
 * caller's own companies; else with the company's certificate.
 */
async function autoMode(
  deps: TaxModelsDeps,
  companyId: string,
  modelType: TaxModelType,
  firmNifs: ReadonlySet<string>,
): Promise<{ mode: 'CERTIFICATE' | 'COLLABORATOR'; authorizationId?: string }> {
  const today = madridToday(deps.now());
  const a = (await listAuthorizations(deps, companyId)).find(
    (x) => coversModel(x, modelType, today) && firmNifs.has(x.collaboratorNif),
  );
  return a ? { mode: 'COLLABORATOR', authorizationId: a.authorizationId } : { mode: 'CERTIFICATE' };
}

export const cockpitSubmitRoute = defineUserAction({
  body: CockpitSubmitSchema,
  run: async ({ auth, body, log }, deps: FilingDeps): Promise<CockpitActionResult> => {
    const firmNifs = new Set((await portfolioCompanies(deps, auth)).map((c) => c.nif));
    return forEachCompany(
      deps,
      auth,
      body,
      FILINGS_IN_FLIGHT,
      (c) => submitOne(deps, auth, body, c, firmNifs, log),
      log,
    );
  },
});

async function submitOne(
  deps: FilingDeps,
  auth: AuthContext,
  body: CockpitSubmitBody,
  c: PortfolioCompany,
  firmNifs: ReadonlySet<string>,
  log?: Logger,
): Promise<Outcome> {
  const model = await modelOfCompany(deps, c.companyId, body);
  if (!model) return skipped(c.companyId, 'No hay modelo generado.');
  if (model.status === 'SUBMITTED')
    return skipped(c.companyId, `Ya presentado (${model.reference ?? 'sin justificante'}).`);
  if (!model.approvedAt)
    return skipped(c.companyId, 'Pendiente de aprobar: solo se presentan los modelos aprobados.');
  const how =
    body.mode === 'AUTO' ? await autoMode(deps, c.companyId, body.modelType, firmNifs) : { mode: body.mode };
  const s = await submitModel(
    {
      companyId: c.companyId,
      modelType: body.modelType,
      modelId: model.modelId,
      mode: how.mode,
      authorizationId: 'authorizationId' in how ? how.authorizationId : undefined,
      userId: auth.userId,
    },
    deps,
    log,
  );
  if (s.state === 'ACCEPTED')
    return ok(c.companyId, `Presentado: CSV ${s.csv}, justificante ${s.receiptNumber}.`);
  if (s.state === 'REJECTED')
    return failed(
      c.companyId,
      `Rechazado por la AEAT: ${s.errors.map((e) => `[${e.code}] ${e.message}`).join(' ')}`,
    );
  return failed(c.companyId, `Sin respuesta de la AEAT: reintenta la presentación ${s.submissionId}.`);
}

// --- export ---------------------------------------------------------------------------------------------

const csvCell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function cockpitExport(deps: TaxModelsDeps, auth: AuthContext, body: CockpitBody, log?: Logger) {
  const files: Record<string, Uint8Array> = {};
  const summary: string[][] = [['Empresa', 'NIF', 'Fichero', 'Estado', 'Resultado', 'Importe']];
  const outcome = await forEachCompany(
    deps,
    auth,
    body,
    WRITES_IN_FLIGHT,
    async (c) => {
      const model = await modelOfCompany(deps, c.companyId, body);
      if (!model) return skipped(c.companyId, 'No hay modelo generado.');
      const file = modelFile(toModelView(model), await fileIdentityOf(deps, c.companyId, model));
      files[file.fileName] = file.body;
      summary.push([
        c.name,
        c.nif,
        file.fileName,
        MODEL_STATUS_LABELS[model.status],
        RESULT_TYPE_LABELS[model.result.type],
        formatEuros(model.result.amountCents),
      ]);
      return ok(c.companyId, file.fileName);
    },
    log,
  );
  if (Object.keys(files).length === 0)
    throw new AppError('CORE_006', 'Ninguna de las empresas elegidas tiene el modelo generado.', {
      details: { results: outcome.results },
    });
  for (const r of outcome.results.filter((x) => x.outcome !== 'OK'))
    summary.push([r.companyId, '', '', r.outcome === 'SKIPPED' ? 'OMITIDA' : 'ERROR', r.message, '']);
  // The summary opens in a spreadsheet: UTF-8 with BOM, semicolons (es-ES).
  files['resumen.csv'] = strToU8(
    `\uFEFF${summary.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`,
  );
  return {
    zip: zipSync(files, { level: 6 }),
    fileName: `modelos_${body.modelType}_${body.year}_${body.period}.zip`,
  };
}

export const cockpitExportRoute = defineUserAction({
  body: CockpitActionBody,
  run: async ({ auth, body, log }, deps: TaxModelsDeps) => {
    const { zip, fileName } = await cockpitExport(deps, auth, body, log);
    return binaryResponse({ contentType: 'application/zip', body: zip, filename: fileName });
  },
});
