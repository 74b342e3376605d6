/**
 * Helpers the self-assessment models (303, 390) share: summing aggregate lines into boxes while
 * remembering the keys behind each box, the manual boxes the person adds, the result type a result
 * allows (I/U/G, C, D, N) and the compensation carried from the previous 303 (boxes [110]/[78]/[87]).
 * Pure; amounts in céntimos, rates in basis points.
 */

import { validateIban } from '../iban';
import { formatEuros } from '../money';
import { comparePeriods, isLastPeriodOfYear, periodBounds } from './periods';
import type {
  BoxDef,
  EarlierReturn,
  ModelAdjustments,
  ModelIssue,
  ModelPeriod,
  PeriodLines,
  ResultType,
} from './types';

// --- box sums -----------------------------------------------------------------------------------

/** Boxes being summed, with the aggregate keys (`<book>:<taxKey>`) behind each. */
export class BoxSums {
  readonly boxes: Record<string, number> = {};
  readonly sources: Record<string, string[]> = {};

  /** Adds an amount to a box and remembers the key it came from. */
  add(box: string, cents: number, source?: string): void {
    this.boxes[box] = (this.boxes[box] ?? 0) + cents;
    if (source !== undefined) {
      const list = this.sources[box] ?? [];
      if (!list.includes(source)) list.push(source);
      this.sources[box] = list;
    }
  }

  get(box: string): number {
    return this.boxes[box] ?? 0;
  }

  set(box: string, value: number): void {
    this.boxes[box] = value;
  }

  /** Σ of boxes (absent = 0). */
  sum(boxes: readonly string[]): number {
    return boxes.reduce((s, b) => s + this.get(b), 0);
  }
}

/** Every box of a design with its value (0 when nothing was summed), in the design's order. */
export function completeBoxes(defs: readonly BoxDef[], sums: BoxSums): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of defs) out[d.box] = sums.get(d.box);
  return out;
}

/** Sources restricted to the design's boxes, each list sorted (stable for tests and the screen). */
export function completeSources(defs: readonly BoxDef[], sums: BoxSums): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of defs) {
    const list = sums.sources[d.box];
    if (list && list.length > 0) out[d.box] = [...list].sort();
  }
  return out;
}

/** Whether the period's books hold any operation (an invoice counted or a non-zero amount). */
export function hasOperations(lines: PeriodLines): boolean {
  for (const book of ['ISSUED', 'RECEIVED'] as const) {
    for (const l of lines.byKey[book] ?? []) {
      if (l.count !== 0 || l.baseCents !== 0 || l.vatCents !== 0 || l.totalCents !== 0) return true;
    }
  }
  return false;
}

// --- manual boxes -------------------------------------------------------------------------------

/**
 * The person's boxes (adjustments.boxes) for the boxes the design marks manual; a value for a box
 * the books compute is ignored with a warning, a negative value for an unsigned box is an error.
 */
export function manualBoxValues(
  defs: readonly BoxDef[],
  adjustments: ModelAdjustments,
  issues: ModelIssue[],
): Record<string, number> {
  const byBox = new Map(defs.map((d) => [d.box, d]));
  const out: Record<string, number> = {};
  for (const [box, value] of Object.entries(adjustments.boxes ?? {})) {
    const def = byBox.get(box);
    if (!def) {
      issues.push({
        code: 'UNKNOWN_BOX',
        field: box,
        message: `La casilla [${box}] no existe en este diseño del modelo; se ignora.`,
        severity: 'WARNING',
      });
      continue;
    }
    if (!def.manual) {
      issues.push({
        code: 'NOT_MANUAL',
        field: box,
        message: `La casilla [${box}] se calcula a partir de los libros; se ignora el valor indicado.`,
        severity: 'WARNING',
      });
      continue;
    }
    out[box] = value;
  }
  return out;
}

/** '[NN] no puede ser negativo' for every unsigned box with a negative value. */
export function negativeBoxIssues(defs: readonly BoxDef[], boxes: Record<string, number>): ModelIssue[] {
  const out: ModelIssue[] = [];
  for (const d of defs) {
    if (!d.signed && (boxes[d.box] ?? 0) < 0) {
      out.push({
        code: 'NEGATIVE_BOX',
        field: d.box,
        message: `[${d.box}] no puede ser negativo`,
        severity: 'ERROR',
      });
    }
  }
  return out;
}

/** An identity between boxes that does not hold (e.g. [46] ≠ [27] − [45] in an edited return). */
export function identityIssue(box: string, expected: number, actual: number, formula: string): ModelIssue {
  return {
    code: 'BOX_IDENTITY',
    field: box,
    message: `[${box}] debe ser ${formula} = ${formatEuros(expected)} y es ${formatEuros(actual)}.`,
    severity: 'ERROR',
  };
}

// --- result type --------------------------------------------------------------------------------

/**
 * The declaration types a self-assessment result allows (AEAT design DR303e24v200, page 01 position
 * 13 "Tipo de declaración"; reference notes §2.2): positive → I (ingreso), U (domiciliación), G
 * (cuenta corriente tributaria); zero → N; negative → C (a compensar), and D (devolución) only in
 * the last period of the year (4T / 12) or every period for a REDEME taxpayer (art. 30 RIVA).
 * The first of the list is the default.
 */
export function allowedResultTypesFor(
  amountCents: number,
  period: ModelPeriod,
  facts: { redeme: boolean },
): ResultType[] {
  if (amountCents > 0) return ['I', 'U', 'G'];
  if (amountCents === 0) return ['N'];
  if (isLastPeriodOfYear(period)) return ['D', 'C'];
  return facts.redeme ? ['C', 'D'] : ['C'];
}

const RESULT_TYPE_LABELS: Record<ResultType, string> = {
  I: 'ingreso',
  U: 'domiciliación del ingreso',
  G: 'ingreso en cuenta corriente tributaria',
  C: 'a compensar',
  D: 'devolución',
  X: 'devolución por transferencia al extranjero',
  V: 'devolución en cuenta corriente tributaria',
  N: 'sin actividad o resultado cero',
  B: 'a deducir',
  INFORMATIVE: 'declaración informativa',
};

/**
 * The result type: the person's choice when allowed (an error otherwise), else U for a positive
 * result the person wants debited (adjustments.domiciliation), else the first allowed. U and D need
 * a valid IBAN.
 */
export function chooseResultType(
  allowed: ResultType[],
  adjustments: ModelAdjustments,
  issues: ModelIssue[],
): ResultType {
  const fallback: ResultType =
    adjustments.domiciliation === true && allowed.includes('U') ? 'U' : (allowed[0] as ResultType);
  let type = fallback;
  if (adjustments.resultType !== undefined) {
    if (allowed.includes(adjustments.resultType)) {
      type = adjustments.resultType;
    } else {
      issues.push({
        code: 'RESULT_TYPE',
        field: 'resultType',
        message: `El tipo de declaración ${adjustments.resultType} (${RESULT_TYPE_LABELS[adjustments.resultType]}) no es válido para este resultado; se admite: ${allowed.map((t) => `${t} (${RESULT_TYPE_LABELS[t]})`).join(', ')}.`,
        severity: 'ERROR',
      });
    }
  }
  if (type === 'U' || type === 'D') {
    if (!adjustments.iban) {
      issues.push({
        code: 'IBAN_REQUIRED',
        field: 'iban',
        message:
          type === 'U'
            ? 'La domiciliación del ingreso necesita el IBAN de la cuenta de cargo.'
            : 'La devolución necesita el IBAN de la cuenta de abono.',
        severity: 'ERROR',
      });
    } else if (!validateIban(adjustments.iban).valid) {
      issues.push({
        code: 'IBAN_INVALID',
        field: 'iban',
        message: 'El IBAN indicado no es válido.',
        severity: 'ERROR',
      });
    }
  }
  return type;
}

// --- compensation carried forward ---------------------------------------------------------------

/** The boxes of an earlier 303 that carry compensation: what it left pending and its own negative result. */
export function compensationLeftBy(ret: EarlierReturn): number {
  const left = ret.boxes['87'] ?? 0;
  const own = ret.result.type === 'C' ? Math.abs(ret.boxes['71'] ?? ret.result.amountCents) : 0;
  return left + own;
}

/**
 * The 303 compensation pending from earlier periods ([110]) that the previous 303 carries: the
 * latest 303 before this period, of this year or the previous one (the chain passes through every
 * period, so the previous return holds the whole pending balance), leaves its [87] (what was pending
 * and not applied) plus, when its own result was C (a compensar), |[71]| (art. 99.Cinco LIVA;
 * OCA/l10n-spain PRs #3359, #3587, #4380 after issue #3347). Undefined when no such 303 exists.
 */
export function carriedCompensation(
  earlier: readonly EarlierReturn[],
  year: number,
  period: ModelPeriod,
): { cents: number; from: EarlierReturn } | undefined {
  const start = periodBounds(year, period).start;
  const candidates = earlier
    .filter(
      (r) =>
        r.modelType === '303' &&
        r.period !== '0A' &&
        (r.year === year || r.year === year - 1) &&
        periodBounds(r.year, r.period).end < start,
    )
    .sort((a, b) => comparePeriods(a, b) || (a.status === b.status ? 0 : a.status === 'SUBMITTED' ? 1 : -1));
  const from = candidates[candidates.length - 1];
  return from ? { cents: compensationLeftBy(from), from } : undefined;
}
