/**
 * A model's figures over a year and its statistics (issue 15; spec part 2 §7: "metrics" and
 * "statistics" of the 115, 123 and 131), read from the stored returns alone. Pure; céntimos.
 *
 * Which boxes hold the bases, the withholdings and the recipients comes from each return's own design:
 *  - a withholding return (111, 115, 123, 216): the blocks its rules fill from the books
 *    ([recipients, base, withheld]) and the 111's payroll blocks; what was withheld is what its result
 *    formula adds up (the 111's [28], the 115's [03]…, before the earlier returns of a complementary);
 *  - 130: the net income to date [03] and the withholdings borne [06] (reference notes §2.3), both
 *    cumulative from January: the year's figure is its latest return's, never a sum (art. 110.1 RIRPF);
 *  - 131: the withholdings borne in the quarter [08] (its net income [01] is the year's by modules,
 *    the same every quarter: not a figure to add up, so no base);
 *  - the annual summaries (190, 180, 193, 296): recipients [01], base [02] and withholdings [03].
 * Other models: result and status only.
 */

import { rulesOfWithholdings } from '@shared/fiscal/models/model-withholdings';
import { comparePeriods } from '@shared/fiscal/models/periods';
import { roundHalfUp } from '@shared/fiscal/money';
import {
  MODEL_STATUSES,
  type ModelMetricsView,
  type ModelPeriodMetrics,
  type ModelStatisticsView,
  type ModelStatus,
  type TaxModelType,
  type TaxModelView,
} from '@shared/schemas/tax-models';
import { ANNUAL_SUMMARIES, designOf, WITHHOLDING_RETURNS } from './compute';

interface MetricBoxes {
  base: readonly string[];
  withheld: readonly string[];
  recipients: readonly string[];
}

/** The 130's boxes (DR130e15v12): net income and withholdings borne, from 1 January. */
const BOXES_130: MetricBoxes = { base: ['03'], withheld: ['06'], recipients: [] };

/** The 131's withholdings borne in the quarter (DR131e2019 [08]). */
const BOXES_131: MetricBoxes = { base: [], withheld: ['08'], recipients: [] };
/** An annual summary's type-1 totals: recipients, base, withholdings. */
const BOXES_SUMMARY: MetricBoxes = { base: ['02'], withheld: ['03'], recipients: ['01'] };

/** Models whose boxes run from January (the year's figure is the latest return's). */
export const CUMULATIVE_MODELS: ReadonlySet<TaxModelType> = new Set(['130']);

/** The boxes of a stored return's design that hold its bases, withholdings and recipients. */
export function metricBoxesOf(modelType: TaxModelType, designId: string): MetricBoxes | undefined {
  if (modelType === '130') return BOXES_130;
  if (modelType === '131') return BOXES_131;
  if (ANNUAL_SUMMARIES.has(modelType)) return BOXES_SUMMARY;
  if (!WITHHOLDING_RETURNS.has(modelType)) return undefined;
  const design = designOf(modelType, designId);
  if (!design) return undefined;
  const rules = rulesOfWithholdings(design);
  const triples = [
    ...rules.blocks.map((b) => b.boxes),
    ...(rules.workIncome ? [rules.workIncome.cash, rules.workIncome.inKind] : []),
  ];
  const unique = (i: 0 | 1) => [...new Set(triples.map((t) => t[i]))];
  const result = rules.totals.find((t) => t.box === rules.resultBox);
  const withheld = (result?.plus ?? []).filter((b) => b !== rules.previousResultBox);
  return { recipients: unique(0), base: unique(1), withheld };
}

/** Result types that are an amount to pay in (ingreso, domiciliación, cuenta corriente tributaria). */
const TO_PAY = new Set(['I', 'U', 'G']);

const sumBoxes = (boxes: Record<string, number>, list: readonly string[]): number | null =>
  list.length === 0 ? null : list.reduce((s, b) => s + (boxes[b] ?? 0), 0);

type Stored = Pick<
  TaxModelView,
  | 'modelId'
  | 'modelType'
  | 'year'
  | 'period'
  | 'design'
  | 'status'
  | 'result'
  | 'boxes'
  | 'approvedAt'
  | 'publishedAt'
>;

/** One period's metrics: its stored return's figures, or NOT_GENERATED with nulls. */
export function periodMetrics(period: string, model: Stored | undefined): ModelPeriodMetrics {
  if (!model) {
    return {
      period,
      modelId: null,
      status: 'NOT_GENERATED',
      result: null,
      baseCents: null,
      withheldCents: null,
      recipients: null,
    };
  }
  return {
    period,
    modelId: model.modelId,
    status: model.status,
    result: model.result,
    ...figuresOf(model),
  };
}

function figuresOf(model: Stored): Pick<ModelPeriodMetrics, 'baseCents' | 'withheldCents' | 'recipients'> {
  const boxes = metricBoxesOf(model.modelType, model.design);
  return {
    baseCents: boxes ? sumBoxes(model.boxes, boxes.base) : null,
    withheldCents: boxes ? sumBoxes(model.boxes, boxes.withheld) : null,
    recipients: boxes ? sumBoxes(model.boxes, boxes.recipients) : null,
  };
}

/**
 * The year's metrics: one row per period the company files (`periods`, in order) plus any other period
 * a stored return has, and the totals (a cumulative model's base and withheld: its latest return's).
 */
export function modelMetrics(
  modelType: TaxModelType,
  year: number,
  periods: readonly string[],
  stored: readonly Stored[],
): ModelMetricsView {
  const byPeriod = new Map(stored.filter((m) => m.year === year).map((m) => [m.period, m]));
  const all = [...new Set([...periods, ...byPeriod.keys()])].sort((a, b) =>
    comparePeriods({ year, period: a }, { year, period: b }),
  );
  const rows = all.map((p) => periodMetrics(p, byPeriod.get(p)));
  const done = rows.filter((r) => r.status !== 'NOT_GENERATED');
  const cumulative = CUMULATIVE_MODELS.has(modelType);
  const yearFigure = (pick: (r: ModelPeriodMetrics) => number | null): number | null => {
    const values = done.map(pick).filter((v): v is number => v !== null);
    if (values.length === 0) return null;
    return cumulative ? (values[values.length - 1] as number) : values.reduce((a, b) => a + b, 0);
  };
  return {
    modelType,
    year,
    cumulative,
    periods: rows,
    totals: {
      generated: done.length,
      submitted: done.filter((r) => r.status === 'SUBMITTED').length,
      toPayCents: done.reduce(
        (s, r) => s + (r.result && TO_PAY.has(r.result.type) ? r.result.amountCents : 0),
        0,
      ),
      resultCents: done.reduce((s, r) => s + (r.result?.amountCents ?? 0), 0),
      baseCents: yearFigure((r) => r.baseCents),
      withheldCents: yearFigure((r) => r.withheldCents),
    },
  };
}

/** The statistics of a model's stored returns (of one year, or every year when `year` is null). */
export function modelStatistics(
  modelType: TaxModelType,
  year: number | null,
  stored: readonly Stored[],
): ModelStatisticsView {
  const models = stored.filter((m) => m.modelType === modelType && (year === null || m.year === year));
  const byStatus = Object.fromEntries(MODEL_STATUSES.map((s) => [s, 0])) as Record<ModelStatus, number>;
  const byResultType: ModelStatisticsView['byResultType'] = {};
  let toPayCents = 0;
  let toRecoverCents = 0;
  let resultCents = 0;
  for (const m of models) {
    byStatus[m.status] += 1;
    byResultType[m.result.type] = (byResultType[m.result.type] ?? 0) + 1;
    resultCents += m.result.amountCents;
    if (TO_PAY.has(m.result.type)) toPayCents += m.result.amountCents;
    if (m.result.type !== 'INFORMATIVE' && m.result.amountCents < 0) toRecoverCents -= m.result.amountCents;
  }
  return {
    modelType,
    year,
    total: models.length,
    byStatus,
    byResultType,
    approved: models.filter((m) => m.approvedAt).length,
    published: models.filter((m) => m.publishedAt).length,
    toPayCents,
    toRecoverCents,
    resultCents,
    averageResultCents: models.length === 0 ? null : roundHalfUp(resultCents, models.length),
    years: [...new Set(models.map((m) => m.year))].sort((a, b) => b - a),
  };
}
