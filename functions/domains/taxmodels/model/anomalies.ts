/**
 * The cockpit's anomalies (issue 14 item 5): what a gestor should look at before approving a client's
 * model for a period. Pure: the caller gives the current model (stored or previewed) and the results
 * of the earlier periods it could find; amounts are signed céntimos (the result box: [71] for the
 * 303, the total for the informative 349/347).
 *
 * Thresholds (a project rule, not a legal one: they tell a human to look, they decide nothing):
 *  - CHANGE_VS_PREVIOUS_PERIOD / CHANGE_VS_LAST_YEAR: the result moved by more than 50 % of the
 *    earlier result AND by more than 1.000,00 € (both, so small clients and small swings stay quiet;
 *    from an earlier 0,00 € any move above 1.000,00 € counts);
 *  - OFF_TREND: the least-squares line through the results of the last 4 periods (at least 3 known),
 *    extended one period, predicts the current one; flagged when the result is further from it than
 *    1.000,00 € AND than 50 % of the mean absolute result of those periods;
 *  - NO_INVOICES: nothing on the issued side in the period (no aggregate item at all, or no box with
 *    a value comes from the ISSUED book: the preview's `sources`); for a withholding return (111, 115,
 *    123, 216), whose figures come from what the company withheld, nothing withheld: no box with a
 *    value comes from the RECEIVED book or from the person's entries ('MANUAL');
 *  - COMPENSATION_NOT_APPLIED (303 only): the previous 303 ended 'C' (a compensar) and [110] (cuotas a
 *    compensar pendientes de periodos anteriores) carries less than that amount (art. 99.Cinco LIVA:
 *    the excess is carried to the following self-assessments); the income-tax returns carry nothing
 *    that way (the 130's negative quarters are its own box [15]);
 *  - VALIDATION_ERRORS: the model has issues of severity ERROR (it cannot be filed as it stands).
 */

import { MANUAL_SOURCE, WITHHOLDING_MODEL_TYPES } from '@shared/fiscal/models/model-withholdings';
import { formatEuros } from '@shared/fiscal/money';
import type { AnomalyCode, ModelIssue, ModelResult, TaxModelType } from '@shared/schemas/tax-models';

export const ANOMALY_THRESHOLDS = {
  /** A change counts above this share of the earlier result (basis points: 5.000 = 50 %). */
  changeShareBp: 5_000,
  /** … and above this amount (céntimos: 1.000,00 €). */
  minChangeCents: 100_000,
  /** Periods the trend is drawn through, and how many of them must be known. */
  trendPeriods: 4,
  trendMinPoints: 3,
} as const;

export interface Anomaly {
  code: AnomalyCode;
  message: string;
}

/** What the rules read of the current model (a stored model or a preview). */
export interface CurrentModelFacts {
  result: ModelResult;
  boxes: Record<string, number>;
  issues: ModelIssue[];
  /** Aggregate items the computation read (0: the period has no invoices at all). */
  itemsRead: number;
  /** Box → the aggregate keys it sums (`ISSUED:<key>` / `RECEIVED:<key>`). */
  sources: Record<string, string[]>;
}

export interface AnomalyInput {
  modelType: TaxModelType;
  current: CurrentModelFacts;
  previous: ModelResult | null;
  lastYear: ModelResult | null;
  /** Results of the periods before the current one, oldest first (null where none could be had). */
  trend: (ModelResult | null)[];
}

const abs = Math.abs;

/** |current − earlier| is beyond both thresholds. */
export function isSignificantChange(current: number, earlier: number): boolean {
  const delta = abs(current - earlier);
  if (delta <= ANOMALY_THRESHOLDS.minChangeCents) return false;
  if (earlier === 0) return true;
  return delta * 10_000 > ANOMALY_THRESHOLDS.changeShareBp * abs(earlier);
}

/** The change as a whole percentage of |earlier| (null from 0). */
export function changePercent(current: number, earlier: number): number | null {
  if (earlier === 0) return null;
  return Math.round(((current - earlier) * 100) / abs(earlier));
}

function changeMessage(current: number, earlier: number, against: string): string {
  const pct = changePercent(current, earlier);
  const how =
    pct === null
      ? `pasa de ${formatEuros(earlier)} a ${formatEuros(current)}`
      : `cambia un ${pct > 0 ? '+' : ''}${pct} % (${formatEuros(earlier)} → ${formatEuros(current)})`;
  return `El resultado ${how} respecto ${against}.`;
}

/**
 * The value the least-squares line through `points` (x = 0, 1, …, n−1) predicts at x = n, rounded
 * to the céntimo (a statistic to compare against, not a tax amount).
 */
export function trendPrediction(points: readonly number[]): number {
  return linePrediction(
    points.map((y, x) => ({ x, y })),
    points.length,
  );
}

/** The trend check over the known points (positions kept: a missing period leaves a gap in x). */
function offTrend(current: number, trend: (ModelResult | null)[]): Anomaly | null {
  const known = trend
    .slice(-ANOMALY_THRESHOLDS.trendPeriods)
    .map((r, x) => (r ? { x, y: r.amountCents } : null))
    .filter((p): p is { x: number; y: number } => p !== null);
  if (known.length < ANOMALY_THRESHOLDS.trendMinPoints) return null;
  const window = Math.min(trend.length, ANOMALY_THRESHOLDS.trendPeriods);
  const expected = linePrediction(known, window);
  const meanAbs = Math.round(known.reduce((a, p) => a + abs(p.y), 0) / known.length);
  const distance = abs(current - expected);
  if (distance <= ANOMALY_THRESHOLDS.minChangeCents) return null;
  if (distance * 10_000 <= ANOMALY_THRESHOLDS.changeShareBp * meanAbs) return null;
  return {
    code: 'OFF_TREND',
    message: `El resultado (${formatEuros(current)}) se aleja de la tendencia de los últimos ${window} periodos, que apuntaba a ${formatEuros(expected)}.`,
  };
}

/**
 * Least squares through `points` (x as given: a period without a result leaves a gap), predicting
 * x = `at`: ŷ = ȳ + b·(at − x̄) = [Σy·D + (nΣxy − ΣxΣy)·(n·at − Σx)] / (n·D), D = nΣx² − (Σx)². Exact
 * integer sums (n ≤ 12, amounts ≤ 1e12 céntimos stay far below 2^53); one point: that point.
 */
function linePrediction(points: readonly { x: number; y: number }[], at: number): number {
  const n = points.length;
  if (n === 0) return 0;
  const sx = points.reduce((a, p) => a + p.x, 0);
  const sy = points.reduce((a, p) => a + p.y, 0);
  const sxx = points.reduce((a, p) => a + p.x * p.x, 0);
  const sxy = points.reduce((a, p) => a + p.x * p.y, 0);
  const den = n * sxx - sx * sx;
  if (den === 0) return Math.round(sy / n);
  const num = sy * den + (n * sxy - sx * sy) * (n * at - sx);
  return Math.round(num / (n * den));
}

/** Nothing on the issued side: no aggregate item, or no box with a value sourced from ISSUED. */
export function hasNoIssuedInvoices(current: CurrentModelFacts): boolean {
  if (current.itemsRead === 0) return true;
  return !Object.entries(current.sources).some(
    ([box, keys]) => (current.boxes[box] ?? 0) !== 0 && keys.some((k) => k.startsWith('ISSUED:')),
  );
}

/** The withholding returns: their figures come from the received book (what the company withheld). */
const WITHHOLDING_RETURNS: ReadonlySet<string> = new Set(WITHHOLDING_MODEL_TYPES);

/** Nothing withheld: no box with a value comes from the RECEIVED book or the person's entries. */
export function hasNoWithholdings(current: CurrentModelFacts): boolean {
  return !Object.entries(current.sources).some(
    ([box, keys]) =>
      (current.boxes[box] ?? 0) !== 0 && keys.some((k) => k.startsWith('RECEIVED:') || k === MANUAL_SOURCE),
  );
}

/** The compensation the previous 303 left pending (its result 'C'), in céntimos; 0 otherwise. */
export function pendingCompensation(previous: ModelResult | null): number {
  return previous?.type === 'C' ? abs(previous.amountCents) : 0;
}

export function detectAnomalies(input: AnomalyInput): Anomaly[] {
  const { current, previous, lastYear, modelType } = input;
  const amount = current.result.amountCents;
  const out: Anomaly[] = [];

  if (previous && isSignificantChange(amount, previous.amountCents))
    out.push({
      code: 'CHANGE_VS_PREVIOUS_PERIOD',
      message: changeMessage(amount, previous.amountCents, 'al periodo anterior'),
    });
  if (lastYear && isSignificantChange(amount, lastYear.amountCents))
    out.push({
      code: 'CHANGE_VS_LAST_YEAR',
      message: changeMessage(amount, lastYear.amountCents, 'al mismo periodo del año anterior'),
    });
  const trend = offTrend(amount, input.trend);
  if (trend) out.push(trend);

  if (WITHHOLDING_RETURNS.has(modelType)) {
    if (hasNoWithholdings(current))
      out.push({
        code: 'NO_INVOICES',
        message: 'No hay retenciones en el periodo: ninguna factura recibida con retención de este modelo.',
      });
  } else if (hasNoIssuedInvoices(current))
    out.push({ code: 'NO_INVOICES', message: 'No hay facturas emitidas en el periodo.' });

  const pending = modelType === '303' ? pendingCompensation(previous) : 0;
  const carried = current.boxes['110'] ?? 0;
  if (pending > 0 && carried < pending)
    out.push({
      code: 'COMPENSATION_NOT_APPLIED',
      message: `El periodo anterior quedó a compensar (${formatEuros(pending)}) y la casilla [110] recoge ${formatEuros(carried)}.`,
    });

  const errors = current.issues.filter((i) => i.severity === 'ERROR').length;
  if (errors > 0)
    out.push({
      code: 'VALIDATION_ERRORS',
      message:
        errors === 1
          ? 'El modelo tiene 1 error de validación.'
          : `El modelo tiene ${errors} errores de validación.`,
    });
  return out;
}
