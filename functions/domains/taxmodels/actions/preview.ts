/**
 * The model of a period before it is stored (issue 14 items 3 and 7):
 * - preview: `GET …/models/{modelType}/preview?year=&period=` (or the spec's `quarter=1..4`; the 130
 *   also `applyDifficultJustification=true|false`) answers `{ modelType, year, period, design, boxes,
 *   result, … }` from the period's aggregates alone;
 * - sources: the invoices behind one box (`?box=`), 100 a page, each with what it adds to the box;
 * - prefill: the spec's input fields of the model, from the same preview;
 * - validate-data: whether the period can be generated, and what to look at first.
 */

import { defineCompanyAction } from '@functions/platform/http';
import { AppError, isAppError } from '@shared/api/errors';
import { paginate } from '@shared/api/listing';
import { computeModel } from '@shared/fiscal/models';
import type { ModelAdjustments, ModelInput } from '@shared/fiscal/models/types';
import { validateTaxId } from '@shared/fiscal/nif';
import {
  type BoxSourceRow,
  BoxSourcesQuery,
  type BoxSourcesView,
  ModelPeriodQuery,
  type ModelPreview,
  ModelTypePath,
  type PrefillView,
  PreviewQuery,
  type TaxModelType,
  type ValidateDataView,
  type ValidationCheck,
} from '@shared/schemas/tax-models';
import type * as z from 'zod';
import {
  designOf,
  KEEPS_STORED_ADJUSTMENTS,
  previewModel,
  previewWithBooks,
  requirementOf,
} from '../model/compute';
import { periodRange } from '../model/periods';
import { prefillFields } from '../model/prefill';
import type { TaxModelsDeps } from '../store/deps';
import { getModel, modelIdOf } from '../store/models';
import { type BookDocument, periodDocuments } from '../store/sources';

type Params = z.infer<typeof ModelTypePath>;

/**
 * The query's adjustments: the 303's compensation (instead of the carried one), the 130's provision
 * for hard-to-justify expenses (over the stored model's adjustments, model/compute.ts).
 */
export function queryAdjustments(query: z.infer<typeof PreviewQuery>): ModelAdjustments {
  return {
    ...(query.compensationFromPreviousCents !== undefined
      ? { compensationFromPreviousCents: query.compensationFromPreviousCents }
      : {}),
    ...(query.applyDifficultJustification !== undefined
      ? { applyDifficultJustification: query.applyDifficultJustification }
      : {}),
  };
}

export const previewRoute = defineCompanyAction({
  params: ModelTypePath,
  query: PreviewQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps): Promise<ModelPreview> =>
    previewModel(deps, {
      companyId: scope.companyId,
      modelType: params.modelType,
      year: query.year,
      period: query.period,
      // The VAT models preview the books with the query's figures alone; the income-tax ones start
      // from the stored model's adjustments (the rents or the payroll entered by hand).
      ...(KEEPS_STORED_ADJUSTMENTS.has(params.modelType)
        ? { overrides: queryAdjustments(query) }
        : { adjustments: queryAdjustments(query) }),
    }),
});

// --- the invoices behind a box -------------------------------------------------------------------

const ZERO = { baseCents: 0, vatCents: 0, recargoCents: 0, deductibleVatCents: 0, totalCents: 0 };

/** What one document adds to a box whose aggregate keys are `sources` (`<book>:<key>`); null: nothing. */
export function contributionToBox(doc: BookDocument, sources: ReadonlySet<string>): BoxSourceRow | null {
  const amounts = { ...ZERO };
  const touched = new Set<string>();
  for (const c of doc.contributions) {
    for (const l of c.byKey) {
      const key = `${c.book}:${l.taxKey}`;
      if (!sources.has(key)) continue;
      touched.add(key);
      amounts.baseCents += l.baseCents;
      amounts.vatCents += l.vatCents;
      amounts.recargoCents += l.recargoCents;
      amounts.deductibleVatCents += l.deductibleVatCents;
      amounts.totalCents += l.totalCents;
    }
    for (const l of c.byCounterparty) {
      const key = `${c.book}:${l.opKey}`;
      if (!sources.has(key)) continue;
      touched.add(key);
      amounts.baseCents += l.baseCents;
      amounts.vatCents += l.vatCents;
      amounts.totalCents += l.totalCents;
    }
  }
  if (touched.size === 0) return null;
  return {
    book: doc.book,
    id: doc.id,
    number: doc.number,
    date: doc.date,
    counterpartyName: doc.counterpartyName,
    counterpartyTaxId: doc.counterpartyTaxId,
    keys: [...touched].sort(),
    ...amounts,
  };
}

/** One document per book and id (an invoice and its payments of the period together). */
function mergeDocuments(docs: BookDocument[]): BookDocument[] {
  const byId = new Map<string, BookDocument>();
  for (const d of docs) {
    const id = `${d.book}#${d.id}`;
    const cur = byId.get(id);
    if (cur) cur.contributions.push(...d.contributions);
    else byId.set(id, { ...d, contributions: [...d.contributions] });
  }
  return [...byId.values()];
}

/**
 * The dates whose documents can be behind a box: the period's, or from 1 January for the 130, whose
 * section I is cumulative (art. 110.1.a RIRPF).
 */
export function sourcesRange(modelType: TaxModelType, year: number, period: string) {
  const range = periodRange(year, period);
  return modelType === '130' ? { start: `${year}-01-01`, end: range.end } : range;
}

export async function boxSources(
  input: { companyId: string; modelType: TaxModelType; query: z.infer<typeof BoxSourcesQuery> },
  deps: TaxModelsDeps,
): Promise<BoxSourcesView> {
  const { query } = input;
  const box = query.box.padStart(2, '0');
  const { preview } = await previewWithBooks(deps, {
    companyId: input.companyId,
    modelType: input.modelType,
    year: query.year,
    period: query.period,
  });
  const design = designOf(input.modelType, preview.design);
  const def = design?.boxes.find((b) => b.box === box);
  if (design && !def && preview.boxes[box] === undefined) {
    throw new AppError('CORE_004', `El modelo ${input.modelType} no tiene la casilla [${box}].`, {
      field: 'box',
    });
  }
  const sources = preview.sources[box] ?? [];
  const keys = new Set(sources);
  const has = (prefix: string, payments: boolean) =>
    sources.some((s) => s.startsWith(prefix) && payments === (s.includes(':CAJA|') || s.includes(':CASH@')));
  const docs =
    sources.length === 0
      ? []
      : await periodDocuments(
          deps,
          input.companyId,
          sourcesRange(input.modelType, query.year, preview.period),
          {
            issued: has('ISSUED:', false),
            received: has('RECEIVED:', false),
            payments: has('ISSUED:', true),
            receivedPayments: has('RECEIVED:', true),
          },
        );
  const rows = mergeDocuments(docs)
    .map((d) => contributionToBox(d, keys))
    .filter((r): r is BoxSourceRow => r !== null)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.book.localeCompare(b.book) || a.number.localeCompare(b.number),
    );
  const page = paginate(rows, query.page, query.size);
  return {
    modelType: input.modelType,
    year: query.year,
    period: preview.period,
    box,
    label: def?.label ?? null,
    valueCents: preview.boxes[box] ?? 0,
    sources,
    ...page,
  };
}

export const boxSourcesRoute = defineCompanyAction({
  params: ModelTypePath,
  query: BoxSourcesQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    boxSources({ companyId: scope.companyId, modelType: params.modelType, query }, deps),
});

// --- prefill --------------------------------------------------------------------------------------

export async function prefill(
  input: { companyId: string; params: Params; query: z.infer<typeof ModelPeriodQuery> },
  deps: TaxModelsDeps,
): Promise<PrefillView> {
  const computed = await previewWithBooks(deps, {
    companyId: input.companyId,
    modelType: input.params.modelType,
    year: input.query.year,
    period: input.query.period,
  });
  const { preview, books } = computed;
  const { fields, lists } = prefillFields(preview, books.aggregates, {
    ...(preview.modelType === '130' ? { boxesWithoutProvision: boxesWithoutProvision(computed.input) } : {}),
    adjustments: computed.input.adjustments,
    earlier: computed.input.earlier,
  });
  return { modelType: preview.modelType, year: preview.year, period: preview.period, fields, lists };
}

/**
 * The 130's boxes computed again without the provision for hard-to-justify expenses (pure, from the
 * same input): [02] with it minus [02] without it is the provision the prefill reports.
 */
export function boxesWithoutProvision(input: ModelInput): Record<string, number> {
  return computeModel({ ...input, adjustments: { ...input.adjustments, applyDifficultJustification: false } })
    .boxes;
}

export const prefillRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ModelPeriodQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    prefill({ companyId: scope.companyId, params, query }, deps),
});

// --- validate-data ----------------------------------------------------------------------------------

/**
 * Every check that decides whether the period can be generated: the profile (TAX_021) and the period
 * (TAX_027) are answered as checks, not errors, so the screen lists everything at once.
 */
export async function validateData(
  input: { companyId: string; params: Params; query: z.infer<typeof ModelPeriodQuery> },
  deps: TaxModelsDeps,
): Promise<ValidateDataView> {
  const { modelType } = input.params;
  const { year } = input.query;
  const period = input.query.period.toUpperCase();
  const checks: ValidationCheck[] = [];
  const base = { modelType, year, period };
  let computed: Awaited<ReturnType<typeof previewWithBooks>>;
  try {
    computed = await previewWithBooks(deps, { companyId: input.companyId, modelType, year, period });
  } catch (e) {
    if (isAppError(e) && (e.code === 'TAX_021' || e.code === 'TAX_027')) {
      checks.push({
        code: e.code === 'TAX_021' ? 'TAX_PROFILE' : 'PERIOD',
        status: 'ERROR',
        message: e.message,
      });
      return { ...base, valid: false, checks, issues: [] };
    }
    throw e;
  }
  const { preview, books, company, profile, facts } = computed;
  checks.push({ code: 'TAX_PROFILE', status: 'OK', message: 'La empresa tiene configuración fiscal.' });
  checks.push({ code: 'PERIOD', status: 'OK', message: 'El periodo es válido para el modelo.' });
  const nif = validateTaxId(company.nif);
  checks.push(
    nif.valid
      ? { code: 'COMPANY_NIF', status: 'OK', message: 'El NIF de la empresa es válido.' }
      : {
          code: 'COMPANY_NIF',
          status: 'ERROR',
          message: 'El NIF de la empresa no es válido: la AEAT rechazaría el fichero.',
        },
  );
  const owed = requirementOf(profile, facts, modelType);
  checks.push(
    owed
      ? {
          code: 'OBLIGATION',
          status: 'OK',
          message: `La empresa presenta el modelo ${modelType}: ${owed.reason}.`,
        }
      : {
          code: 'OBLIGATION',
          status: 'WARNING',
          message: `Según su configuración fiscal, la empresa no está obligada a presentar el modelo ${modelType}.`,
        },
  );
  // The 303 reads only the by-tax-key lines: an invoice of the period shows as a counted key.
  const counted = [...books.aggregates.byKey.ISSUED, ...books.aggregates.byKey.RECEIVED].some(
    (l) => l.count !== 0,
  );
  checks.push(
    counted
      ? { code: 'BOOKS', status: 'OK', message: 'El periodo tiene facturas registradas.' }
      : {
          code: 'BOOKS',
          status: 'WARNING',
          message: 'El periodo no tiene facturas: el modelo saldrá sin actividad.',
        },
  );
  const stored = await getModel(deps, input.companyId, modelIdOf(year, modelType, period));
  if (stored?.status === 'SUBMITTED') {
    checks.push({
      code: 'ALREADY_SUBMITTED',
      status: 'ERROR',
      message: 'El modelo de este periodo ya está presentado: solo cabe una complementaria o sustitutiva.',
    });
  } else if (stored) {
    checks.push({
      code: 'ALREADY_GENERATED',
      status: 'WARNING',
      message: 'El modelo de este periodo ya está generado: generarlo de nuevo lo sustituye.',
    });
  }
  const errors = preview.issues.filter((i) => i.severity === 'ERROR').length;
  checks.push(
    errors === 0
      ? { code: 'MODEL_RULES', status: 'OK', message: 'El modelo cumple las validaciones de la AEAT.' }
      : { code: 'MODEL_RULES', status: 'ERROR', message: `El modelo tiene ${errors} errores de validación.` },
  );
  return { ...base, valid: checks.every((c) => c.status !== 'ERROR'), checks, issues: preview.issues };
}

export const validateDataRoute = defineCompanyAction({
  params: ModelTypePath,
  query: ModelPeriodQuery,
  run: ({ scope, params, query }, deps: TaxModelsDeps) =>
    validateData({ companyId: scope.companyId, params, query }, deps),
});
