/**
 * Modelo 130 (IRPF, pago fraccionado de actividades económicas en estimación directa), quarterly, as
 * versioned data (issue 15 items 2 and 5): its boxes, the dated rates the computation reads (the provision
 * for hard-to-justify expenses, the reduction by the previous year's net income) and its AEAT record
 * layout. Every amount of section I is cumulative from 1 January to the quarter's last day (art. 110.1.a
 * RIRPF), so the computation reads the year's aggregates per quarter (`input.quarters`, '1T'..period), the
 * 130s of the earlier quarters (`input.earlier`) and the person's adjustments.
 *
 * Box by box (reference notes ../shared/reference/tax-models.md §2.3; AEAT design DR130e15v12):
 *  - [01] income: Σ base of every ISSUED VAT-group key (all operations, rectificativas signed); the `IRPF`
 *    key and the criterio de caja settlements (`CAJA|…`, which repeat amounts of the invoice keys) are
 *    skipped; plus the income outside the invoices (adjustments.otherIncomeCents: subsidies…);
 *  - [02] expenses: Σ over RECEIVED VAT-group keys of current goods and services (`C`; bienes de
 *    inversión are amortised, and the person enters the amortisation in adjustments.otherExpensesCents) of
 *    the base plus the VAT and recargo not deducted (VAT + recargo − deductible VAT, after the profile's
 *    prorrata: a cost of the activity; zero for a fully deducted self-assessed VAT of an intra-EU
 *    acquisition or inversión del sujeto pasivo); the `IRPF|…` keys are skipped; plus otherExpensesCents
 *    (RETA quota, amortisation…); plus, in estimación directa simplificada, the provision for
 *    hard-to-justify expenses: rate × ([01] − those expenses) when positive, at most the annual cap (art.
 *    30.2.4ª LIRPF; 5 %, 7 % for 2023 only, 2.000 € a year: `DIFFICULT_JUSTIFICATION_RULES`);
 *  - [03] = [01] − [02]; [04] 20 % of a positive [03], truncated to the cent (as AEAT's form does);
 *  - [05] the positive [07] of the earlier quarters of the year, each less its [16] (art. 110.1.a RIRPF:
 *    the instalments of the earlier quarters are deducted). A quarter without a stored 130 is computed
 *    here from the books with the same rules, so a 2T never needs its 1T to be generated first;
 *  - [06] the withholdings our customers made YTD: Σ irpf of the ISSUED `IRPF` key (art. 110.3.a RIRPF);
 *  - [07] = [04] − [05] − [06];
 *  - [08]–[11] agricultural, livestock, forestry and fishing activities (art. 110.1.b RIRPF): [08] the
 *    quarter's income and [10] its withholdings (the person's), [09] 2 % of [08], [11] = [09] − [10];
 *  - [12] = [07] + [11], 0 when negative; [13] the reduction by the previous year's net activity income
 *    (art. 110.3.c RIRPF, `PREVIOUS_YEAR_REDUCTION_RULES`), at most [12]; [14] = [12] − [13];
 *  - [15] the negative [19] of earlier quarters not yet deducted, at most [14]; [16] the housing-loan
 *    deduction (the person's; art. 110.3 RIRPF and DT 18ª LIRPF, homes bought before 2013): at most
 *    [14] − [15], 2 % of [03] and 660,14 € a quarter; [17] = [14] − [15] − [16];
 *  - [18] (complementary returns) the result of the earlier return for the period; [19] = [17] − [18].
 * Result: [19] > 0 → I (or U, G); 0 → N; negative → B (a deducir in the later quarters) in 1T–3T and N in
 * 4T (nothing is refunded: the annual IRPF return settles it).
 */

import {
  CASH_KEY_PREFIX,
  IRPF_KEY,
  IRPF_KEY_PREFIX,
  parseIssuedKey,
  parseReceivedKey,
} from '../aggregate-keys';
import { applyBp, formatEuros } from '../money';
import { layout130v2015 } from './layouts/130';
import { isLastPeriodOfYear, periodicityOfPeriod, QUARTER_PERIODS } from './periods';
import {
  BoxSums,
  chooseResultType,
  completeBoxes,
  completeSources,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  BoxDef,
  EarlierReturn,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ModelPeriod,
  PeriodLines,
  ResultType,
} from './types';

// --- dated data ---------------------------------------------------------------------------------

/** The provision for hard-to-justify expenses of estimación directa simplificada in force for tax years. */
export interface DifficultJustificationRule {
  fromYear: number;
  /** Last tax year it applies to; null while current. */
  toYear: number | null;
  /** Share of the net income before the provision, basis points. */
  rateBp: number;
  /** At most this much a tax year, céntimos. */
  annualCapCents: number;
  source: string;
}

export const DIFFICULT_JUSTIFICATION_RULES: readonly DifficultJustificationRule[] = [
  {
    fromYear: 2015,
    toYear: 2022,
    rateBp: 500,
    annualCapCents: 200_000,
    source: 'Art. 30.2.4ª LIRPF en la redacción de la Ley 26/2014 (5 %, máximo 2.000 € anuales).',
  },
  {
    fromYear: 2023,
    toYear: 2023,
    rateBp: 700,
    annualCapCents: 200_000,
    source:
      'Ley 31/2022, de Presupuestos Generales del Estado para 2023: 7 % solo para el período impositivo 2023.',
  },
  {
    fromYear: 2024,
    toYear: null,
    rateBp: 500,
    annualCapCents: 200_000,
    source: 'Art. 30.2.4ª LIRPF (5 %, máximo 2.000 € anuales).',
  },
];

/** The reduction of art. 110.3.c RIRPF: previous year's net activity income up to `upToCents` → `reductionCents`. */
export interface ReductionBracket {
  upToCents: number;
  reductionCents: number;
}

export interface PreviousYearReductionRule {
  fromYear: number;
  toYear: number | null;
  /** Ascending; a net income above the last bracket has no reduction. */
  brackets: readonly ReductionBracket[];
  source: string;
}

export const PREVIOUS_YEAR_REDUCTION_RULES: readonly PreviousYearReductionRule[] = [
  {
    fromYear: 2015,
    toYear: null,
    brackets: [
      { upToCents: 900_000, reductionCents: 10_000 },
      { upToCents: 1_000_000, reductionCents: 7_500 },
      { upToCents: 1_100_000, reductionCents: 5_000 },
      { upToCents: 1_200_000, reductionCents: 2_500 },
    ],
    source:
      'Art. 110.3.c RIRPF en la redacción del RD 1003/2014 (trimestral; sin actividad el año anterior = 0 €).',
  },
];

const inForce = <T extends { fromYear: number; toYear: number | null }>(rules: readonly T[], year: number) =>
  rules.find((r) => r.fromYear <= year && (r.toYear === null || r.toYear >= year));

export const difficultJustificationRule = (year: number): DifficultJustificationRule | undefined =>
  inForce(DIFFICULT_JUSTIFICATION_RULES, year);

/** The quarterly reduction of art. 110.3.c RIRPF for a previous year's net activity income (signed céntimos). */
export function previousYearReduction(year: number, previousYearNetIncomeCents: number): number {
  const rule = inForce(PREVIOUS_YEAR_REDUCTION_RULES, year);
  const bracket = rule?.brackets.find((b) => previousYearNetIncomeCents <= b.upToCents);
  return bracket?.reductionCents ?? 0;
}

/** Art. 110.1.a RIRPF: 20 % of the net income YTD. */
const INSTALMENT_RATE_BP = 2_000;
/** Art. 110.1.b RIRPF: 2 % of the agricultural income of the quarter. */
const AGRICULTURAL_RATE_BP = 200;
/** Art. 110.3 RIRPF (DT 18ª LIRPF): the housing-loan deduction is 2 % of [03], at most 660,14 € a quarter. */
const HOUSING_LOAN_RATE_BP = 200;
const HOUSING_LOAN_QUARTER_CAP_CENTS = 66_014;

// --- design data --------------------------------------------------------------------------------

type BoxOpts = { signed?: boolean; manual?: boolean };
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: 'CENTS',
  signed: o.signed ?? false,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const S_DIRECT = 'Actividades económicas en estimación directa';
const S_AGRI = 'Actividades agrícolas, ganaderas, forestales y pesqueras';
const S_TOTAL = 'Total liquidación';

/** The boxes of the form (DR130e15v12); `signed` follows the design's N fields. */
const BOXES_130: BoxDef[] = [
  box('01', 'Ingresos computables (desde el 1 de enero)', S_DIRECT),
  box('02', 'Gastos fiscalmente deducibles (desde el 1 de enero)', S_DIRECT),
  box('03', 'Rendimiento neto ([01] - [02])', S_DIRECT, { signed: true }),
  box('04', '20 % del importe de la casilla [03], si es positivo', S_DIRECT),
  box(
    '05',
    'A deducir: pagos fraccionados de los trimestres anteriores (casillas [07] positivas menos sus casillas [16])',
    S_DIRECT,
  ),
  box('06', 'A deducir: retenciones e ingresos a cuenta soportados (desde el 1 de enero)', S_DIRECT),
  box('07', 'Pago fraccionado previo del trimestre ([04] - [05] - [06])', S_DIRECT, { signed: true }),
  box('08', 'Volumen de ingresos del trimestre', S_AGRI, { manual: true }),
  box('09', '2 % del importe de la casilla [08]', S_AGRI),
  box('10', 'A deducir: retenciones e ingresos a cuenta soportados en el trimestre', S_AGRI, {
    manual: true,
  }),
  box('11', 'Pago fraccionado previo del trimestre ([09] - [10])', S_AGRI, { signed: true }),
  box('12', 'Suma de pagos fraccionados previos del trimestre ([07] + [11]; cero si es negativa)', S_TOTAL),
  box(
    '13',
    'A deducir: minoración por aplicación de la deducción del art. 110.3.c) del Reglamento del Impuesto',
    S_TOTAL,
    { signed: true },
  ),
  box('14', 'Diferencia ([12] - [13])', S_TOTAL),
  box('15', 'A deducir: resultados negativos de trimestres anteriores del mismo ejercicio', S_TOTAL),
  box(
    '16',
    'A deducir: pago de préstamos para la adquisición o rehabilitación de la vivienda habitual',
    S_TOTAL,
    { manual: true },
  ),
  box('17', 'Total ([14] - [15] - [16])', S_TOTAL, { signed: true }),
  box(
    '18',
    'A deducir: resultado de las anteriores autoliquidaciones del mismo ejercicio y periodo (complementaria)',
    S_TOTAL,
    { manual: true },
  ),
  box('19', 'Resultado de la autoliquidación ([17] - [18])', S_TOTAL, { signed: true }),
];

/**
 * AEAT DR130e15v12, the 130 since tax year 2015 (Orden HAP/258/2015 replaced the art. 80 bis LIRPF
 * deduction of box [13] by the art. 110.3.c RIRPF reduction), still the design OCA/l10n-spain names
 * "Mod. 130 2015-actualidad".
 */
export const design130v2015: ModelDesign = {
  id: '130-2015',
  modelType: '130',
  validFrom: '2015-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro DR130e15v12 (modelo 130, ejercicio 2015 y siguientes), según OCA/l10n-spain ' +
    'l10n_es_aeat_mod130/data/aeat_export_mod130_data.xml ("Mod. 130 2015-actualidad"); tabla derivada ' +
    '../shared/data/aeat/models/130/layout_130_derived_from_oca.csv.',
  boxes: BOXES_130,
  pages: layout130v2015,
  fileFormat: 'T',
};

export const DESIGNS_130: readonly ModelDesign[] = [design130v2015];

// --- result types -------------------------------------------------------------------------------

/**
 * The declaration types of a 130 result (DR130e15v12 "Tipo de declaración"): positive → I, U, G; zero → N;
 * negative → B (a deducir, recovered through [15] of the later quarters) in 1T–3T, N in 4T.
 */
export function allowedResultTypes130(amountCents: number, period: ModelPeriod): ResultType[] {
  if (amountCents > 0) return ['I', 'U', 'G'];
  if (amountCents === 0 || isLastPeriodOfYear(period)) return ['N'];
  return ['B'];
}

// --- the computation ----------------------------------------------------------------------------

/** cents × bp / 10 000 truncated toward zero: the AEAT form's [04] (and OCA's) drop the fraction of a cent. */
const truncBp = (cents: number, bp: number): number => Number((BigInt(cents) * BigInt(bp)) / 10_000n);

const EMPTY_LINES: PeriodLines = {
  byKey: { ISSUED: [], RECEIVED: [] },
  byCounterparty: { ISSUED: [], RECEIVED: [] },
  byInvoiceType: { ISSUED: [], RECEIVED: [] },
};

/** What every quarter of the computation shares (the same for the period and the earlier quarters). */
interface Context {
  input: ModelInput;
  applyDifficultJustification: boolean;
  /** Undefined when nobody knows it: [13] is then 0. */
  previousYearNetIncomeCents: number | undefined;
}

/** The person's amounts of one quarter: YTD income and expenses outside the books, and the manual boxes. */
interface QuarterAdjustments {
  otherIncomeCents: number;
  otherExpensesCents: number;
  manual: Record<string, number>;
}

/** An earlier quarter of the year as [05] and [15] read it: its stored 130, or computed here. */
interface EarlierQuarter {
  period: ModelPeriod;
  boxes: Record<string, number>;
  stored: boolean;
}

/** The lines of a quarter: `input.quarters`; without them (a caller that only gives the period) the period's. */
function quarterLines(input: ModelInput, quarter: ModelPeriod): PeriodLines {
  if (input.quarters) return input.quarters[quarter] ?? EMPTY_LINES;
  return quarter === input.period ? input.aggregates : EMPTY_LINES;
}

const quartersUpTo = (period: ModelPeriod): ModelPeriod[] =>
  QUARTER_PERIODS.slice(0, QUARTER_PERIODS.indexOf(period as (typeof QUARTER_PERIODS)[number]) + 1);

/**
 * [01], the books' part of [02] and [06], YTD, with the keys behind them. `issues` collects the keys no
 * box recognises (null: the quarter is an earlier one computed for [05], whose warnings are not repeated).
 */
function sumBooks(ctx: Context, period: ModelPeriod, issues: ModelIssue[] | null): BoxSums {
  const sums = new BoxSums();
  const unknown = new Set<string>();
  let vatCharged = 0;
  let vatDeductible = 0;
  for (const q of quartersUpTo(period)) {
    const lines = quarterLines(ctx.input, q);
    for (const l of lines.byKey.ISSUED ?? []) {
      const src = `ISSUED:${l.taxKey}`;
      if (l.taxKey === IRPF_KEY) {
        sums.add('06', l.irpfCents, src);
      } else if (l.taxKey.startsWith(CASH_KEY_PREFIX)) {
        // Criterio de caja settlements repeat amounts already in the invoice keys (IRPF accrues by invoice).
      } else if (parseIssuedKey(l.taxKey)) {
        sums.add('01', l.baseCents, src);
      } else {
        unknown.add(src);
      }
    }
    for (const l of lines.byKey.RECEIVED ?? []) {
      const src = `RECEIVED:${l.taxKey}`;
      // What we withheld from suppliers is part of their invoice's base, already counted (111/115).
      if (l.taxKey === IRPF_KEY || l.taxKey.startsWith(IRPF_KEY_PREFIX)) continue;
      // A supplier's criterio de caja dates only the VAT deduction (`CAJA|…`): the expense and its
      // deductible VAT are the invoice's own keys.
      if (l.taxKey.startsWith(CASH_KEY_PREFIX)) continue;
      const k = parseReceivedKey(l.taxKey);
      if (!k) {
        unknown.add(src);
        continue;
      }
      // Bienes de inversión are not an expense of the year: their amortisation is (otherExpensesCents).
      if (k.investmentGoods) continue;
      sums.add('02', l.baseCents, src);
      vatCharged += l.vatCents + l.recargoCents;
      vatDeductible += l.deductibleVatCents;
    }
  }
  // The VAT (and recargo) not deducted in the 303 is a cost of the activity; the prorrata (arts. 102-104
  // LIVA) leaves its share undeducted too.
  const prorrataBp = ctx.input.facts.prorrataBp;
  const deducted = prorrataBp === null ? vatDeductible : applyBp(vatDeductible, prorrataBp);
  sums.add('02', vatCharged - deducted);
  for (const src of unknown) {
    issues?.push({
      code: 'UNKNOWN_KEY',
      field: src,
      message: `La clave ${src.slice(src.indexOf(':') + 1)} del libro ${src.startsWith('ISSUED') ? 'de facturas emitidas' : 'de facturas recibidas'} no se reconoce; no se ha incluido en ninguna casilla.`,
      severity: 'WARNING',
    });
  }
  return sums;
}

/** Every box of a quarter from its books, its adjustments and the earlier quarters of the year. */
function computeQuarter(
  ctx: Context,
  period: ModelPeriod,
  adjustments: QuarterAdjustments,
  earlier: readonly EarlierQuarter[],
  issues: ModelIssue[] | null,
): BoxSums {
  const sums = sumBooks(ctx, period, issues);
  const year = ctx.input.year;
  const manual = (b: string) => adjustments.manual[b] ?? 0;

  // Section I, cumulative.
  const income = sums.get('01') + adjustments.otherIncomeCents;
  const expenses = sums.get('02') + adjustments.otherExpensesCents;
  const rule = difficultJustificationRule(year);
  const provision =
    ctx.applyDifficultJustification && rule
      ? Math.min(rule.annualCapCents, applyBp(Math.max(0, income - expenses), rule.rateBp))
      : 0;
  sums.set('01', income);
  sums.set('02', expenses + provision);
  sums.set('03', income - expenses - provision);
  sums.set('04', sums.get('03') > 0 ? truncBp(sums.get('03'), INSTALMENT_RATE_BP) : 0);
  const paidBefore = earlier.reduce((s, q) => {
    const b07 = q.boxes['07'] ?? 0;
    return b07 > 0 ? s + b07 - (q.boxes['16'] ?? 0) : s;
  }, 0);
  sums.set('05', Math.max(0, paidBefore));
  sums.set('07', sums.get('04') - sums.get('05') - sums.get('06'));

  // Section II, the quarter alone.
  sums.set('08', manual('08'));
  sums.set('09', truncBp(manual('08'), AGRICULTURAL_RATE_BP));
  sums.set('10', manual('10'));
  sums.set('11', sums.get('09') - sums.get('10'));

  // Section III.
  sums.set('12', Math.max(0, sums.get('07') + sums.get('11')));
  const reduction =
    ctx.previousYearNetIncomeCents === undefined
      ? 0
      : previousYearReduction(year, ctx.previousYearNetIncomeCents);
  sums.set('13', Math.min(reduction, sums.get('12')));
  sums.set('14', sums.get('12') - sums.get('13'));
  const negatives = earlier.reduce((s, q) => s + Math.max(0, -(q.boxes['19'] ?? 0)), 0);
  const deducted = earlier.reduce((s, q) => s + (q.boxes['15'] ?? 0), 0);
  sums.set('15', Math.min(Math.max(0, negatives - deducted), Math.max(0, sums.get('14'))));
  sums.set('16', manual('16'));
  sums.set('17', sums.get('14') - sums.get('15') - sums.get('16'));
  sums.set('18', manual('18'));
  sums.set('19', sums.get('17') - sums.get('18'));
  return sums;
}

/** The stored 130 of an earlier quarter (a submitted one before a generated one), if any. */
function storedReturn(input: ModelInput, quarter: ModelPeriod): EarlierReturn | undefined {
  const candidates = input.earlier.filter(
    (r) => r.modelType === '130' && r.year === input.year && r.period === quarter,
  );
  return candidates.find((r) => r.status === 'SUBMITTED') ?? candidates[0];
}

/**
 * The quarters before the period, in order: each one's stored 130, else computed from the books with
 * the quarters before it (the person's amounts of that quarter are unknown here: none).
 */
function earlierQuarters(ctx: Context, issues: ModelIssue[]): EarlierQuarter[] {
  const out: EarlierQuarter[] = [];
  for (const q of quartersUpTo(ctx.input.period).slice(0, -1)) {
    const stored = storedReturn(ctx.input, q);
    if (stored) {
      out.push({ period: q, boxes: stored.boxes, stored: true });
      continue;
    }
    const none: QuarterAdjustments = { otherIncomeCents: 0, otherExpensesCents: 0, manual: {} };
    out.push({ period: q, boxes: computeQuarter(ctx, q, none, out, null).boxes, stored: false });
    issues.push({
      code: 'EARLIER_QUARTER_COMPUTED',
      field: '05',
      message: `No hay modelo 130 del ${q} de ${ctx.input.year}: las casillas [05] y [15] lo calculan a partir de los libros (sin otros ingresos o gastos ni casillas manuales de ese trimestre).`,
      severity: 'WARNING',
    });
  }
  return out;
}

/** The person's amounts that must not be negative (other income and expenses). */
function otherAmountIssues(input: ModelInput): ModelIssue[] {
  const out: ModelIssue[] = [];
  const a = input.adjustments;
  if ((a.otherIncomeCents ?? 0) < 0) {
    out.push({
      code: 'NEGATIVE_AMOUNT',
      field: 'otherIncomeCents',
      message: 'Otros ingresos ([01]) no puede ser negativo',
      severity: 'ERROR',
    });
  }
  if ((a.otherExpensesCents ?? 0) < 0) {
    out.push({
      code: 'NEGATIVE_AMOUNT',
      field: 'otherExpensesCents',
      message: 'Otros gastos ([02]) no puede ser negativo',
      severity: 'ERROR',
    });
  }
  return out;
}

/** [16] within its limits, [18] only in a complementary return, [13] computable. */
function checkIssues(input: ModelInput, boxes: Record<string, number>, ctx: Context): ModelIssue[] {
  const out: ModelIssue[] = [];
  const v = (b: string) => boxes[b] ?? 0;
  if (ctx.previousYearNetIncomeCents === undefined) {
    out.push({
      code: 'PREVIOUS_YEAR_INCOME',
      field: 'previousYearNetIncomeCents',
      message: 'Indique el rendimiento neto del ejercicio anterior para calcular la casilla [13].',
      severity: 'WARNING',
    });
  }
  if (v('16') > 0) {
    const limit = Math.max(
      0,
      Math.min(
        v('14') - v('15'),
        HOUSING_LOAN_QUARTER_CAP_CENTS,
        v('03') > 0 ? truncBp(v('03'), HOUSING_LOAN_RATE_BP) : 0,
      ),
    );
    if (v('16') > limit) {
      out.push({
        code: 'HOUSING_LOAN_LIMIT',
        field: '16',
        message: `[16] no puede superar ${formatEuros(limit)}: el 2 % de [03], 660,14 € por trimestre y [14] - [15].`,
        severity: 'ERROR',
      });
    }
  }
  if (v('18') !== 0 && !input.adjustments.previousReceipt) {
    out.push({
      code: 'COMPLEMENTARY',
      field: '18',
      message:
        '[18] solo se consigna en una autoliquidación complementaria: indique el número de justificante de la declaración anterior.',
      severity: 'WARNING',
    });
  }
  const method = input.facts.irpfMethod;
  if (method !== 'DIRECTA_NORMAL' && method !== 'DIRECTA_SIMPLIFICADA') {
    out.push({
      code: 'IRPF_METHOD',
      field: 'irpfMethod',
      message:
        'El modelo 130 es de la estimación directa; el perfil fiscal no indica estimación directa normal ni simplificada.',
      severity: 'WARNING',
    });
  }
  return out;
}

export function compute130(input: ModelInput, design: ModelDesign): ModelComputation {
  if (periodicityOfPeriod(input.period) !== 'QUARTERLY') {
    throw new RangeError('El modelo 130 es trimestral (1T a 4T)');
  }
  const a = input.adjustments;
  const issues: ModelIssue[] = [];
  const previous = a.previousYearNetIncomeCents ?? input.previousYearNetIncomeCents ?? undefined;
  const ctx: Context = {
    input,
    // Art. 30.2.4ª LIRPF: only estimación directa simplificada has the provision.
    applyDifficultJustification:
      a.applyDifficultJustification ?? input.facts.irpfMethod === 'DIRECTA_SIMPLIFICADA',
    previousYearNetIncomeCents: previous,
  };
  if (!input.quarters && input.period !== '1T') {
    issues.push({
      code: 'MISSING_QUARTERS',
      field: 'quarters',
      message:
        'Faltan los datos de los trimestres anteriores del ejercicio: el modelo 130 acumula desde el 1 de enero.',
      severity: 'ERROR',
    });
  }
  const earlier = earlierQuarters(ctx, issues);
  const manual = manualBoxValues(design.boxes, a, issues);
  const sums = computeQuarter(
    ctx,
    input.period,
    { otherIncomeCents: a.otherIncomeCents ?? 0, otherExpensesCents: a.otherExpensesCents ?? 0, manual },
    earlier,
    issues,
  );

  const boxes = completeBoxes(design.boxes, sums);
  const amount = boxes['19'] as number;
  const allowedResultTypes = allowedResultTypes130(amount, input.period);
  const type = chooseResultType(allowedResultTypes, a, issues);
  issues.push(
    ...otherAmountIssues(input),
    ...negativeBoxIssues(design.boxes, boxes),
    ...checkIssues(input, boxes, ctx),
  );
  return {
    modelType: '130',
    year: input.year,
    period: input.period,
    design: design.id,
    boxes,
    result: { type, amountCents: amount },
    allowedResultTypes,
    records: [],
    issues,
    sources: completeSources(design.boxes, sums),
  };
}

export const model130: ModelDefinition = {
  modelType: '130',
  name: 'IRPF. Pago fraccionado. Actividades económicas en estimación directa',
  periodicities: ['QUARTERLY'],
  designs: [...DESIGNS_130],
  compute: compute130,
};
