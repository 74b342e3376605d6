/**
 * A model's preview (issue 14 item 3; issue 15 items 2, 3, 5, 6): what the books say for one model
 * and period, computed by the pure model definitions (shared/fiscal/models) from
 *  - the company (NIF, name) and its tax profile: the facts in force on the period's first day
 *    (none: 400 TAX_021);
 *  - the running aggregates of the period: ONE Query (the month '2026-03' for '03', the quarter
 *    '2026-Q1' for '1T', the year with its quarters for '0A'), never the invoices. The 303, the 130,
 *    the 131 and the 202 read only the by-tax-key sections; the 130 (cumulative from January, art.
 *    110.1.a RIRPF) reads them for every quarter of the year up to its own; the 131 its quarter (its [08]:
 *    the ISSUED `IRPF` borne, art. 110.3.b RIRPF); the 202 January to the instalment's last month (its
 *    [28], art. 40.3 LIS: March, September, November); the withholding returns (111, 115, 123, 216) read
 *    their period whole: the `W|<kind>|<key>` counterparty lines are their recipients; the annual
 *    summaries (190, 180, 193, 296) the year with its four quarters and their `W` lines;
 *  - the earlier returns it needs: the 303s of the year and the previous one (the compensation
 *    carried to [110], the 390's sums), the filed 349s of the year and the previous one (the bases
 *    declared before, for rectifications), the 130s of the year and the previous one (box [05]; the
 *    previous year's net income of box [13], art. 110.3.c RIRPF), the 131s of the year and the
 *    previous one with the previous year's 4T 130 (its [11]; its [09]), the 202s of the year (their
 *    [30]), the same withholding return's of the year (a complementary return's earlier result), and
 *    for an annual summary the year's quarterly returns it sums (190: the 111s, 180: the 115s, 193: the
 *    123s, 296: the 216s), which the definitions check their totals against;
 *  - the 130's previous-year net income when neither the person nor a stored 4T gives it: that year's
 *    4T computed from that year's tax-key lines (a year without books the profile covers is a year
 *    without activity: 0 €; before the profile, unknown); the 131's: the previous year's stored 131
 *    [01] (the net income by modules), else its stored 4T 130 [03], else unknown (módulos are not the
 *    books: nothing is computed).
 * Generate and PUT check the person's entries first: the withholding returns' lists (spec part 2 §5,
 * `validateWithholdingInputs`), the 131's activities and rate, the 202's figures and an annual summary's
 * recipients (the definitions' own checks, read from their issues: `ENTRY_CHECKS`); an error is 400
 * CORE_004 with every message in its details.
 * A period the model or the profile does not have (a month for a quarterly filer, a quarter for the
 * 390) is 400 TAX_027 with the valid periods in its details. The income-tax models preview with the
 * stored model's adjustments (the rents, the employment income entered by hand) unless given others.
 * A company that pays the Impuesto sobre Sociedades previews a 130 or a 131 with an ERROR (its
 * instalments are the 202's, art. 40 LIS), so it can be neither approved nor filed.
 */

import { AppError, isAppError } from '@shared/api/errors';
import { parseWithholdingOpKey } from '@shared/fiscal/aggregate-keys';
import {
  computeModel,
  designFor,
  ModelDefinitionError,
  ModelPeriodError,
  modelDefinitions,
} from '@shared/fiscal/models';
import { validateWithholdingInputs } from '@shared/fiscal/models/model-withholdings';
import {
  type EarlierReturn,
  INCOME_TAX_MODEL_TYPES,
  type ModelAdjustments,
  type ModelComputation,
  type ModelDesign,
  type ModelInput,
  type ModelIssue,
  type PeriodLines,
  type TaxModelType,
} from '@shared/fiscal/models/types';
import { type RequiredModel, requiredModels, versionAt } from '@shared/fiscal/tax-obligations';
import { kindsOfModel } from '@shared/fiscal/withholdings';
import type { ModelPreview } from '@shared/schemas/tax-models';
import type { TaxProfile, TaxProfileFacts } from '@shared/schemas/tax-profile';
import {
  type CompanyIdentity,
  getCompanyIdentity,
  type PeriodRead,
  readAggregates,
  readQuarterTaxKeys,
  readReceivedBook,
  readTaxKeysThrough,
  requireTaxProfile,
} from '../store/books';
import type { TaxModelsDeps } from '../store/deps';
import { listModels, type StoredModel } from '../store/models';
import {
  aggregatePeriodOf,
  type Periodicity,
  periodCodes,
  periodicityFor,
  periodicityOfCode,
  periodRange,
} from './periods';

type Deps = Pick<TaxModelsDeps, 'db' | 'table'>;

export interface PreviewRequest {
  companyId: string;
  modelType: TaxModelType;
  year: number;
  period: string;
  /**
   * The adjustments to compute with. Absent: none, except for the income-tax models, which take the
   * stored model's (the rents, the employment income the person entered), when one exists.
   */
  adjustments?: ModelAdjustments | undefined;
  /** Given over the adjustments (the preview's query: 130 `applyDifficultJustification`). */
  overrides?: ModelAdjustments | undefined;
  /**
   * The adjustments are the person's new entries (generate, PUT): the withholding returns' lists are
   * checked first (spec part 2 §5) and an error is 400 CORE_004 instead of an issue of the model.
   */
  strictInputs?: boolean | undefined;
}

/** The income-tax self-assessments of issue 15 this domain computes from the books ("<T" files). */
export const INCOME_TAX_SELF_ASSESSMENTS: ReadonlySet<TaxModelType> = new Set([
  '130',
  '131',
  '111',
  '115',
  '123',
  '216',
  '202',
]);
/**
 * The models a preview and a regeneration compute with the stored model's adjustments when given none:
 * every income-tax one (the rents, the payroll, the modules, the 202's method, the recipients entered).
 */
export const KEEPS_STORED_ADJUSTMENTS: ReadonlySet<TaxModelType> = new Set(INCOME_TAX_MODEL_TYPES);
/** The annual withholding summaries: one record per recipient, from the year's `W` lines. */
export const ANNUAL_SUMMARIES: ReadonlySet<TaxModelType> = new Set(['190', '180', '193', '296']);
/** The withholding returns: one line per recipient in the books (`W|<kind>|<key>`). */
export const WITHHOLDING_RETURNS: ReadonlySet<TaxModelType> = new Set(['111', '115', '123', '216']);

/** The company types that pay the Impuesto sobre Sociedades (art. 7.1.a LIS): their instalments are the 202's. */
const CORPORATE_TAX_PAYERS: ReadonlySet<string> = new Set(['SL', 'SA']);

/**
 * Art. 109 RIRPF: the 130 and the 131 are instalments of the IRPF of individuals; a company pays its own
 * on the 202 (art. 40 LIS). Its return would never be accepted: an error of the preview, so it cannot be
 * approved nor filed.
 */
export const notAnIrpfTaxpayer = (modelType: TaxModelType): ModelIssue => ({
  code: 'NOT_AN_IRPF_TAXPAYER',
  field: 'companyType',
  message: `El modelo ${modelType} es un pago fraccionado del IRPF de las personas físicas (art. 109 del Reglamento del IRPF); una sociedad ingresa sus pagos fraccionados con el modelo 202 (art. 40 LIS).`,
  severity: 'ERROR',
});

/** Art. 109.1 RIRPF: a professional with ≥ 70 % of last year's income under withholding files no 130. */
export const EXEMPT_130_MESSAGE =
  'Exento del modelo 130: al menos el 70 % de los ingresos del año anterior tuvo retención (art. 109.1 RIRPF).';

/** The profile's facts in force on a date (before the first version: the first one's). */
export function factsAt(profile: Pick<TaxProfile, 'versions' | 'facts'>, isoDate: string): TaxProfileFacts {
  return versionAt(profile.versions, isoDate)?.facts ?? profile.versions[0]?.facts ?? profile.facts;
}

/** Whether the company owes the model with these facts (and how often), per shared/fiscal/tax-obligations. */
export function requirementOf(
  profile: Pick<TaxProfile, 'companyType'>,
  facts: TaxProfileFacts,
  modelType: TaxModelType,
): RequiredModel | undefined {
  return requiredModels(profile.companyType, facts).find((r) => r.model === modelType);
}

/** The periods the company files the model for (its own periodicity when it owes it). */
export function validPeriodsOf(
  profile: Pick<TaxProfile, 'companyType'>,
  facts: TaxProfileFacts,
  modelType: TaxModelType,
): readonly string[] {
  const req = requirementOf(profile, facts, modelType);
  const periodicity =
    req && (req.periodicity === 'MONTHLY' || req.periodicity === 'QUARTERLY' || req.periodicity === 'ANNUAL')
      ? req.periodicity
      : periodicityFor(modelType, facts);
  return periodCodes(periodicity);
}

export const invalidPeriod = (details: Record<string, unknown>) =>
  new AppError('TAX_027', 'El periodo fiscal no es válido.', { field: 'period', details });

/** The design a computation used (by its id). */
export function designOf(modelType: TaxModelType, designId: string): ModelDesign | undefined {
  return modelDefinitions[modelType].designs.find((d) => d.id === designId);
}

/**
 * The adjustments' numbers and boxes against the design: amounts never negative ('{field} no puede
 * ser negativo'), only the boxes the design leaves to the person, signed only where the design signs.
 */
export function checkAdjustments(design: ModelDesign, adjustments: ModelAdjustments): void {
  for (const field of ['compensationFromPreviousCents', 'otherIncomeCents', 'otherExpensesCents'] as const) {
    if ((adjustments[field] ?? 0) < 0) {
      throw new AppError('CORE_004', `${field} no puede ser negativo`, { field });
    }
  }
  for (const [box, value] of Object.entries(adjustments.boxes ?? {})) {
    const def = design.boxes.find((b) => b.box === box);
    if (!def?.manual) {
      throw new AppError(
        'CORE_004',
        `La casilla [${box}] no se puede ajustar a mano en el modelo ${design.modelType}.`,
        {
          field: `boxes.${box}`,
        },
      );
    }
    if (value < 0 && !def.signed) {
      throw new AppError('CORE_004', `[${box}] no puede ser negativo`, { field: `boxes.${box}` });
    }
  }
}

/**
 * The errors of a definition's computation that are about the person's entries, not the books (the
 * definitions' own checks of them): the 131's activities (their number, negative or fractional amounts,
 * the epigraph of 1-4 characters) and rate; the 202's turnover and tax rate; an annual summary's entered
 * recipients (NIF, key, amounts, province, property or address abroad; one the books already declare).
 */
export const ENTRY_CHECKS: Partial<Record<TaxModelType, ReadonlySet<string>>> = {
  '131': new Set(['TOO_MANY_ACTIVITIES', 'NEGATIVE_AMOUNT', 'NOT_CENTS', 'ACTIVITY_CODE', 'RATE']),
  '202': new Set(['NEGATIVE_AMOUNT', 'RATE']),
  '190': new Set(['ANNUAL_RECIPIENT', 'DUPLICATE_RECIPIENT']),
  '180': new Set(['ANNUAL_RECIPIENT', 'DUPLICATE_RECIPIENT']),
  '193': new Set(['ANNUAL_RECIPIENT', 'DUPLICATE_RECIPIENT']),
  '296': new Set(['ANNUAL_RECIPIENT', 'DUPLICATE_RECIPIENT']),
};

/** The computation's errors about the person's entries (`ENTRY_CHECKS`). */
export function entryErrorsOf(modelType: TaxModelType, issues: readonly ModelIssue[]): ModelIssue[] {
  const codes = ENTRY_CHECKS[modelType];
  return codes ? issues.filter((i) => i.severity === 'ERROR' && codes.has(i.code)) : [];
}

/**
 * 400 CORE_004 for the errors among a model's input issues (spec part 2 §5: the 115's rentalProperties
 * and the 123's capitalIncomeOperations): the first message as the error's, every one in its details.
 */
export function throwInputErrors(issues: readonly ModelIssue[]): void {
  const errors = issues.filter((i) => i.severity === 'ERROR');
  const first = errors[0];
  if (!first) return;
  throw new AppError('CORE_004', first.message, {
    ...(first.field ? { field: first.field } : {}),
    details: {
      location: 'body',
      issues: errors.map((i) => ({ field: i.field ?? '', message: i.message, code: i.code })),
    },
  });
}

/** Stored returns of one model type and some years that a computation reads. */
export interface EarlierRead {
  modelType: TaxModelType;
  years: number[];
}

/**
 * Which stored returns a model's computation reads, and of which years: the 303s of the year and the
 * previous one (303: [110] carried; 390: the year's sums), the 349s (rectifications), the 130s of the
 * year and the previous one ([05]; the previous year's 4T for [13]), the 131s of the year and the
 * previous one and the previous year's 130s ([11]; [09]); an annual summary the quarterly returns it
 * sums (190: 111, 180: 115, 193: 123, 296: 216) and its own of the year (the recipients entered before);
 * a withholding return or a 202 its own type's of the year.
 */
export function earlierReturnsRead(modelType: TaxModelType, year: number): EarlierRead[] {
  switch (modelType) {
    case '347':
      return [];
    case '349':
      return [{ modelType: '349', years: [year - 1, year] }];
    case '390':
      return [{ modelType: '303', years: [year] }];
    case '303':
      return [{ modelType: '303', years: [year - 1, year] }];
    case '130':
      return [{ modelType: '130', years: [year - 1, year] }];
    case '131':
      return [
        { modelType: '131', years: [year - 1, year] },
        { modelType: '130', years: [year - 1] },
      ];
    case '190':
      return [
        { modelType: '111', years: [year] },
        { modelType: '190', years: [year] },
      ];
    case '180':
      return [
        { modelType: '115', years: [year] },
        { modelType: '180', years: [year] },
      ];
    case '193':
      return [
        { modelType: '123', years: [year] },
        { modelType: '193', years: [year] },
      ];
    case '296':
      return [
        { modelType: '216', years: [year] },
        { modelType: '296', years: [year] },
      ];
    default:
      return [{ modelType, years: [year] }];
  }
}

/**
 * The stored returns a computation reads (`earlierReturnsRead`): one Query per year (the models of a
 * year share it, whatever their type).
 */
async function earlierReturns(
  deps: Deps,
  companyId: string,
  modelType: TaxModelType,
  year: number,
): Promise<StoredModel[]> {
  const reads = earlierReturnsRead(modelType, year);
  const years = [...new Set(reads.flatMap((r) => r.years))];
  const lists = await Promise.all(years.map((y) => listModels(deps, companyId, { year: y })));
  return lists
    .flat()
    .filter((m) => reads.some((r) => r.modelType === m.modelType && r.years.includes(m.year)));
}

const toEarlier = (m: StoredModel): EarlierReturn => ({
  modelType: m.modelType,
  year: m.year,
  period: m.period,
  boxes: m.boxes,
  result: m.result,
  status: m.status === 'SUBMITTED' ? 'SUBMITTED' : 'MODEL_GENERATED',
});

/**
 * The 349 bases declared before, per `<taxId>|<key>|<year>|<period>`: the operator records of the
 * filed 349s, then (in filing order) the rectifications that corrected them.
 */
export function previouslyDeclared349(filed: readonly StoredModel[]): Record<string, number> {
  const out: Record<string, number> = {};
  const sorted = filed
    .filter((m) => m.modelType === '349' && m.status === 'SUBMITTED')
    .sort((a, b) => ((a.submittedAt ?? '') < (b.submittedAt ?? '') ? -1 : 1));
  for (const m of sorted) {
    for (const r of m.records) {
      if (r.kind === 'OPERATOR') out[`${r.taxId}|${r.key}|${m.year}|${m.period}`] = r.amountCents;
      else if (r.kind === 'RECTIFICATION' && r.correctedYear !== undefined && r.correctedPeriod !== undefined)
        out[`${r.taxId}|${r.key}|${r.correctedYear}|${r.correctedPeriod}`] = r.amountCents;
    }
  }
  return out;
}

/** What a preview read and computed: the preview and the books behind it. */
export interface PreviewWithBooks {
  preview: ModelPreview;
  /** What the definition computed from (prefill recomputes the 130 without its provision from it). */
  input: ModelInput;
  books: PeriodRead;
  facts: TaxProfileFacts;
  profile: TaxProfile;
  company: CompanyIdentity;
}

/** The model computed from the books for one period (nothing stored). */
export async function previewModel(deps: Deps, req: PreviewRequest): Promise<ModelPreview> {
  return (await previewWithBooks(deps, req)).preview;
}

/** The adjustments a preview computes with: the request's, else the stored model's (income tax), then the overrides. */
export function adjustmentsFor(
  req: Pick<PreviewRequest, 'modelType' | 'year' | 'adjustments' | 'overrides'>,
  period: string,
  earlier: readonly StoredModel[],
): ModelAdjustments {
  const stored =
    req.adjustments === undefined && KEEPS_STORED_ADJUSTMENTS.has(req.modelType)
      ? earlier.find((m) => m.modelType === req.modelType && m.year === req.year && m.period === period)
          ?.adjustments
      : undefined;
  const out: ModelAdjustments = { ...(req.adjustments ?? stored ?? {}) };
  for (const [k, v] of Object.entries(req.overrides ?? {})) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/**
 * The recipients the period's books already have for a withholding return (their `W|<kind>|<key>` lines
 * of the model's kinds, net of rectifications): a NIF the person lists again would be declared twice.
 */
export function bookRecipientsOf(modelType: TaxModelType, lines: PeriodLines): Set<string> {
  const kinds = new Set<string>(
    modelType === '111' || modelType === '115' || modelType === '123' || modelType === '216'
      ? kindsOfModel(modelType)
      : [],
  );
  const net = new Map<string, number>();
  for (const c of lines.byCounterparty.RECEIVED) {
    const w = parseWithholdingOpKey(c.opKey);
    if (!w || !kinds.has(w.kind)) continue;
    net.set(
      c.counterpartyKey,
      (net.get(c.counterpartyKey) ?? 0) + Math.abs(c.baseCents) + Math.abs(c.irpfCents ?? 0),
    );
  }
  return new Set([...net].filter(([, n]) => n !== 0).map(([k]) => k));
}

/** The last month of the books a 202 instalment looks at (art. 40.3 LIS: March, September, November). */
const INSTALMENT_LAST_MONTH: Record<string, number> = { '1P': 3, '2P': 9, '3P': 11 };

/**
 * The books a model reads for a period (see the header): the 130's quarters, the 202's months from
 * January, else the period's aggregates (by tax key only for the 303 and the 131).
 */
function readBooks(
  deps: Deps,
  companyId: string,
  modelType: TaxModelType,
  year: number,
  period: string,
): Promise<PeriodRead> {
  if (modelType === '130') return readQuarterTaxKeys(deps, companyId, year, Number(period[0]));
  const lastMonth = INSTALMENT_LAST_MONTH[period];
  if (modelType === '202' && lastMonth !== undefined) {
    return readTaxKeysThrough(deps, companyId, year, lastMonth);
  }
  if (WITHHOLDING_RETURNS.has(modelType) && periodicityOfCode(period) !== 'ANNUAL') {
    return readReceivedBook(deps, companyId, aggregatePeriodOf(year, period));
  }
  // The 369 reads the quarter's OSS tax keys only (ISSUED `N2|…|<state>`).
  const taxKeysOnly =
    modelType === '303' ||
    modelType === '369' ||
    (modelType === '131' && periodicityOfCode(period) === 'QUARTERLY');
  return readAggregates(deps, companyId, aggregatePeriodOf(year, period), taxKeysOnly);
}

const hasBooks = (quarters: Record<string, PeriodLines>): boolean =>
  Object.values(quarters).some((q) => q.byKey.ISSUED.length > 0 || q.byKey.RECEIVED.length > 0);

/**
 * 130 [13] (art. 110.3.c RIRPF): the previous year's net activity income, [03] of its 4T — the stored
 * one, else that 4T computed from that year's tax-key lines with the facts then in force and no
 * adjustments (eight Queries, counted in `itemsRead`). A year without books that the tax profile covers
 * (its `taxYear` is that year or an earlier one: Cuadra kept the books then) is a year without activity,
 * whose net income counts as 0 € (reference notes §2.3, box 13); before the profile, or when no design
 * covers it, unknown (null).
 */
async function previousYearNetIncome(
  deps: Deps,
  ctx: {
    companyId: string;
    year: number;
    company: CompanyIdentity;
    profile: TaxProfile;
    earlier: readonly StoredModel[];
  },
): Promise<{ cents: number | null; itemsRead: number }> {
  const previousYear = ctx.year - 1;
  const stored = ctx.earlier.find(
    (m) => m.modelType === '130' && m.year === previousYear && m.period === '4T',
  );
  if (stored) return { cents: stored.boxes['03'] ?? null, itemsRead: 0 };
  if (previousYear < 2000) return { cents: null, itemsRead: 0 };
  const books = await readQuarterTaxKeys(deps, ctx.companyId, previousYear, 4);
  if (!hasBooks(books.quarters)) {
    return { cents: ctx.profile.taxYear <= previousYear ? 0 : null, itemsRead: books.itemsRead };
  }
  try {
    const computation = computeModel({
      modelType: '130',
      year: previousYear,
      period: '4T',
      company: { companyId: ctx.companyId, nif: ctx.company.nif, name: ctx.company.name },
      facts: factsAt(ctx.profile, `${previousYear}-01-01`),
      periodicity: 'QUARTERLY',
      aggregates: books.aggregates,
      quarters: books.quarters,
      earlier: ctx.earlier.filter((m) => m.modelType === '130' && m.year === previousYear).map(toEarlier),
      adjustments: {},
      previousYearNetIncomeCents: null,
    });
    return { cents: computation.boxes['03'] ?? null, itemsRead: books.itemsRead };
  } catch (e) {
    if (e instanceof ModelDefinitionError) return { cents: null, itemsRead: books.itemsRead };
    throw e;
  }
}

/**
 * 131 [09] (art. 110.3.c RIRPF): the previous year's net activity income. A 131's activities are valued
 * by the modules of the year with the data on 1 January, so the previous year's stored 131 [01] (its
 * latest quarter) is that year's net income by modules; a person who was in direct estimation then has
 * the previous year's 4T 130 [03]. Neither: unknown (the definition asks for it).
 */
export function previousYearNetIncome131(earlier: readonly StoredModel[], year: number): number | null {
  const previous = earlier
    .filter((m) => m.modelType === '131' && m.year === year - 1)
    .sort((a, b) => (a.period < b.period ? 1 : -1))[0];
  if (previous) return previous.boxes['01'] ?? null;
  const q4 = earlier.find((m) => m.modelType === '130' && m.year === year - 1 && m.period === '4T');
  return q4 ? (q4.boxes['03'] ?? null) : null;
}

/** `previewModel`, with the books it read (prefill and the drill-down reuse them). */
export async function previewWithBooks(deps: Deps, req: PreviewRequest): Promise<PreviewWithBooks> {
  const { companyId, modelType, year } = req;
  const period = req.period.toUpperCase();
  const [profile, company] = await Promise.all([
    requireTaxProfile(deps, companyId),
    getCompanyIdentity(deps, companyId),
  ]);
  let range: { start: string; end: string };
  try {
    range = periodRange(year, period);
  } catch (e) {
    if (e instanceof ModelPeriodError) throw invalidPeriod({ modelType, year, period, reason: e.message });
    throw e;
  }
  const facts = factsAt(profile, range.start);
  const valid = validPeriodsOf(profile, facts, modelType);
  if (!valid.includes(period)) {
    throw invalidPeriod({ modelType, year, period, validPeriods: valid });
  }
  const periodicity: Periodicity = periodicityOfCode(period);
  const design = designFor(modelType, year, period);
  if (!design) {
    throw new AppError(
      'TAX_023',
      `No hay diseño de registro del modelo ${modelType} para ${period} de ${year}.`,
    );
  }
  const [books, earlier] = await Promise.all([
    readBooks(deps, companyId, modelType, year, period),
    earlierReturns(deps, companyId, modelType, year),
  ]);
  const adjustments = adjustmentsFor(req, period, earlier);
  checkAdjustments(design, adjustments);
  if (req.strictInputs && WITHHOLDING_RETURNS.has(modelType)) {
    throwInputErrors(
      validateWithholdingInputs(modelType, adjustments, bookRecipientsOf(modelType, books.aggregates)),
    );
  }
  const previous =
    modelType === '130' && adjustments.previousYearNetIncomeCents === undefined
      ? await previousYearNetIncome(deps, { companyId, year, company, profile, earlier })
      : {
          cents:
            modelType === '131' && adjustments.previousYearNetIncomeCents === undefined
              ? previousYearNetIncome131(earlier, year)
              : null,
          itemsRead: 0,
        };
  const input: ModelInput = {
    modelType,
    year,
    period,
    company: { companyId, nif: company.nif, name: company.name },
    facts,
    periodicity,
    aggregates: books.aggregates,
    ...(books.quarters ? { quarters: books.quarters } : {}),
    earlier: earlier
      .filter((m) => !(m.year === year && m.period === period && m.modelType === modelType))
      .map(toEarlier),
    ...(modelType === '349' ? { previouslyDeclared349: previouslyDeclared349(earlier) } : {}),
    ...(modelType === '130' || modelType === '131' ? { previousYearNetIncomeCents: previous.cents } : {}),
    adjustments,
  };
  let computation: ModelComputation;
  try {
    computation = computeModel(input);
  } catch (e) {
    if (isAppError(e)) throw e;
    if (e instanceof ModelDefinitionError) {
      throw new AppError(e.code, e.message, e.code === 'TAX_027' ? { field: 'period' } : {});
    }
    throw new AppError('TAX_023', 'Error en el cálculo fiscal.', { cause: e });
  }
  // The definitions' own checks of the person's entries (131, 202, annual summaries): 400 on generate/PUT.
  if (req.strictInputs) throwInputErrors(entryErrorsOf(modelType, computation.issues));
  if ((modelType === '130' || modelType === '131') && CORPORATE_TAX_PAYERS.has(profile.companyType)) {
    computation = { ...computation, issues: [...computation.issues, notAnIrpfTaxpayer(modelType)] };
  }
  // Art. 109.1 RIRPF: the exempt professional owes no 130; the preview still answers, with the reason.
  if (modelType === '130' && facts.withholdingExemption130) {
    computation = {
      ...computation,
      issues: [
        ...computation.issues,
        {
          code: 'EXEMPT_130',
          field: 'withholdingExemption130',
          message: EXEMPT_130_MESSAGE,
          severity: 'WARNING',
        },
      ],
    };
  }
  return {
    preview: { ...computation, itemsRead: books.itemsRead + previous.itemsRead },
    input,
    books,
    facts,
    profile,
    company,
  };
}
