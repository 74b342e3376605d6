/**
 * Modelo 202 (Impuesto sobre Sociedades, pago fraccionado), three instalments a year — '1P' in April, '2P' in
 * October, '3P' in December (art. 40.1 LIS) — as versioned data (issue 15 items 2 and 5): its boxes, the dated
 * rates of art. 40 LIS and its AEAT record layout. The company chooses the method in
 * adjustments.instalment202 (Instalment202Input); the books give only the withholdings borne.
 *
 * Modality A, art. 40.2 LIS (the default):
 *  - [01] the base: the cuota íntegra of the last tax period whose filing deadline has passed, minus its
 *    deductions, bonifications, withholdings and payments on account (instalment202.lastReturnBaseCents);
 *  - [02] (complementary returns) the result of the earlier return for the instalment;
 *  - [03] = 18 % of [01], rounded half up to the cent, − [02]. The three instalments are each 18 % of the
 *    same base; earlier ones are not deducted. [verify] AEAT's form names [01] "Base del pago fraccionado";
 *    the OCA-style module our layout comes from writes [03] = [01] − [02] and calls [01] the 18 %: here [01]
 *    is the base and the 18 % is applied in [03].
 * Modality B, art. 40.3 LIS (by choice, and compulsory when the net turnover of the 12 months before the tax
 * period exceeded 6 M€):
 *  - [04]–[09], [37] the accounting result of the months elapsed and its corrections (the person's), [38] and
 *    [39] the total increases and decreases, [13] the previous base = instalment202.periodBaseCents (else
 *    [04] + [38] − [39]); [40], [14], [15], [16] the person's reductions; [17] the instalment base
 *    = [13] − [40] − [14] − [15] + [16], never negative;
 *  - 17P the percentage: 5/7 of the company's tax rate (taxRateBp, 25 % by default) rounded DOWN to a whole
 *    percent (17 % for 25 %); with a net turnover of at least 10 M€, 19/20 of the rate rounded UP (24 % for
 *    25 %, DA 14ª LIS); [18], [19], [41], [42] the person's; [20] = [17] × 17P − [18] − [19] − [41] + [42];
 *  - [27] bonifications (the person's); [28] withholdings and payments on account of the period
 *    (instalment202.withholdingsCents, else Σ irpf of the ISSUED `IRPF` key of the period's books, January to
 *    the instalment's last month); [29] the share of the volume of operations in territorio común, 100 % by
 *    default; [30] the instalments of the tax period already made (instalment202.previousInstalmentsCents,
 *    else the results of the year's stored 202s of earlier periods); [31] (complementary) the earlier result;
 *  - [32] = ([20] − [27] − [28]) × [29] − [30] − [31], 0 when negative (a "negativa" return); [33] the
 *    minimum payment of DA 14ª LIS for a turnover of at least 10 M€ — 23 % of the positive accounting result
 *    of the months elapsed less the earlier minimum payments —, which needs data the books do not hold: the
 *    person enters it, with a warning; [34] = the larger of [32] and [33] (only [32] below 10 M€).
 *  The B2 block (entities with more than one tax rate) is not computed: its fields are written as zeros.
 * Result: [03] (A) or [34] (B); > 0 → I (or U, G); 0 → N.
 */

import { IRPF_KEY } from '../aggregate-keys';
import { applyBp, formatEuros, roundHalfUp } from '../money';
import { layout202v2025 } from './layouts/202';
import { INSTALMENT_PERIODS, periodicityOfPeriod } from './periods';
import {
  BoxSums,
  chooseResultType,
  completeBoxes,
  completeSources,
  identityIssue,
  manualBoxValues,
  negativeBoxIssues,
} from './result';
import type {
  BoxDef,
  EarlierReturn,
  Instalment202Input,
  ModelComputation,
  ModelDefinition,
  ModelDesign,
  ModelInput,
  ModelIssue,
  ModelPeriod,
  ResultType,
} from './types';

// --- dated data ---------------------------------------------------------------------------------

/** A fraction of the tax rate, rounded to a whole percent. */
export interface RateFraction {
  numerator: number;
  denominator: number;
  rounding: 'DOWN' | 'UP';
}

/** The rules of art. 40 LIS (and DA 14ª LIS) in force for instalments of tax periods starting in these years. */
export interface Instalment202Rule {
  fromYear: number;
  /** Last year it applies to; null while current. */
  toYear: number | null;
  /** Art. 40.2: the share of the last return's base, basis points. */
  lastReturnRateBp: number;
  /** Art. 40.3: the share of the tax rate applied to the period's base. */
  baseFraction: RateFraction;
  /** Art. 40.3: above this net turnover of the previous 12 months the method 40.3 is compulsory, céntimos. */
  compulsoryTurnoverCents: number;
  /** DA 14ª LIS: from this net turnover, another fraction and a minimum payment on the accounting result. */
  large: { turnoverCents: number; fraction: RateFraction; minimumRateBp: number } | null;
  source: string;
}

const FIVE_SEVENTHS_DOWN: RateFraction = { numerator: 5, denominator: 7, rounding: 'DOWN' };
const NINETEEN_TWENTIETHS_UP: RateFraction = { numerator: 19, denominator: 20, rounding: 'UP' };
const LARGE_TURNOVER = {
  turnoverCents: 1_000_000_000,
  fraction: NINETEEN_TWENTIETHS_UP,
  minimumRateBp: 2_300,
};

export const INSTALMENT_202_RULES: readonly Instalment202Rule[] = [
  {
    fromYear: 2015,
    toYear: 2015,
    lastReturnRateBp: 1_800,
    baseFraction: FIVE_SEVENTHS_DOWN,
    compulsoryTurnoverCents: 600_000_000,
    large: null,
    source:
      'Art. 40.2 y 40.3 de la Ley 27/2014, del Impuesto sobre Sociedades: 18 % de la cuota del último período; 5/7 del tipo de gravamen redondeado por defecto, obligatorio con cifra de negocios superior a 6 M€.',
  },
  {
    fromYear: 2016,
    toYear: 2023,
    lastReturnRateBp: 1_800,
    baseFraction: FIVE_SEVENTHS_DOWN,
    compulsoryTurnoverCents: 600_000_000,
    large: LARGE_TURNOVER,
    source:
      'Art. 40 LIS y su DA 14ª en la redacción del RDL 2/2016: con cifra de negocios de al menos 10 M€, 19/20 del tipo redondeado por exceso y pago mínimo del 23 % del resultado contable positivo.',
  },
  {
    fromYear: 2024,
    toYear: null,
    lastReturnRateBp: 1_800,
    baseFraction: FIVE_SEVENTHS_DOWN,
    compulsoryTurnoverCents: 600_000_000,
    large: LARGE_TURNOVER,
    source:
      'Art. 40 LIS; DA 14ª LIS reintroducida por el RDL 4/2024 para los períodos iniciados desde el 1-1-2024 tras la anulación constitucional de la redacción del RDL 2/2016 [verify]; la Ley 7/2024 cambia los tipos de gravamen de las empresas de reducida dimensión (taxRateBp), no estos porcentajes [verify].',
  },
];

export const instalment202Rule = (year: number): Instalment202Rule | undefined =>
  INSTALMENT_202_RULES.find((r) => r.fromYear <= year && (r.toYear === null || r.toYear >= year));

/** The general IS rate (art. 29.1 LIS) when the company gives none, basis points. */
export const DEFAULT_IS_RATE_BP = 2_500;

/** A fraction of a rate in basis points, rounded down or up to a whole percent (art. 40.3 LIS, DA 14ª LIS). */
export function fractionOfRate(rateBp: number, f: RateFraction): number {
  const numerator = rateBp * f.numerator;
  const denominator = f.denominator * 100;
  const whole = Math.floor(numerator / denominator);
  const exact = whole * denominator === numerator;
  return (f.rounding === 'UP' && !exact ? whole + 1 : whole) * 100;
}

/** The percentage of method 40.3 for a company: 5/7 of its rate, or 19/20 from 10 M€ of turnover. */
export function instalment202Percentage(
  year: number,
  taxRateBp: number,
  previousYearTurnoverCents?: number,
): number {
  const rule = instalment202Rule(year);
  if (!rule) throw new RangeError(`No hay reglas del modelo 202 para ${year}`);
  return fractionOfRate(
    taxRateBp,
    isLarge(rule, previousYearTurnoverCents)
      ? (rule.large?.fraction ?? rule.baseFraction)
      : rule.baseFraction,
  );
}

const isLarge = (rule: Instalment202Rule, turnover: number | undefined): boolean =>
  rule.large !== null && turnover !== undefined && turnover >= rule.large.turnoverCents;

// --- file values --------------------------------------------------------------------------------

const PAYMENT_MONTH: Record<string, number> = { '1P': 4, '2P': 10, '3P': 12 };
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first day (DDMMYYYY, as page 01 position 110 takes it) of the tax period in progress on the first day
 * of the instalment's month (art. 40.1 LIS), for a tax year ending on `fiscalYearEnd` ('MM-DD').
 */
export function taxPeriodStart(year: number, period: ModelPeriod, fiscalYearEnd: string): string {
  const month = PAYMENT_MONTH[period];
  if (month === undefined) throw new RangeError(`Periodo no válido para el modelo 202: ${period}`);
  const [endMonth, endDay] = fiscalYearEnd.split('-').map(Number) as [number, number];
  const payment = Date.UTC(year, month - 1, 1);
  const endThisYear = Date.UTC(year, endMonth - 1, endDay);
  const lastEnd = endThisYear < payment ? endThisYear : Date.UTC(year - 1, endMonth - 1, endDay);
  const start = new Date(lastEnd + 86_400_000);
  return `${pad(start.getUTCDate())}${pad(start.getUTCMonth() + 1)}${start.getUTCFullYear()}`;
}

/**
 * The file values of the 202 that are not boxes, for the "<T" file's identity (../aeat-file.ts
 * `FileIdentity`): the modality ('A' 40.2, 'B' 40.3), the tax period's first day, the turnover marks and
 * bracket (page 01 positions 127, 130 and 147: '0' unknown or below 10 M€, '1' 10–20 M€, '2' 20–60 M€,
 * '3' from 60 M€ [verify]) and, for 40.3, the tax rate as a whole percent (position 132) [verify the code
 * table of the design].
 */
export function fileValues202(
  input: Pick<ModelInput, 'year' | 'period' | 'facts' | 'adjustments'>,
): Record<string, string | boolean> {
  const p = input.adjustments.instalment202;
  const method = p?.method ?? '40.2';
  const turnover = p?.previousYearTurnoverCents;
  const out: Record<string, string | boolean> = {
    modality: method === '40.3' ? 'B' : 'A',
    taxPeriodStart: taxPeriodStart(input.year, input.period, input.facts.fiscalYearEnd),
    turnoverBracket: turnoverBracket(turnover),
  };
  if (turnover !== undefined) {
    out.turnoverOver6M = turnover >= 600_000_000;
    out.turnoverOver10M = turnover >= 1_000_000_000;
  }
  if (method === '40.3') {
    const rate = p?.taxRateBp ?? DEFAULT_IS_RATE_BP;
    out.taxRateCode = rate % 100 === 0 ? String(rate / 100) : (rate / 100).toFixed(2).replace('.', ',');
  }
  return out;
}

function turnoverBracket(turnover: number | undefined): string {
  if (turnover === undefined || turnover < 1_000_000_000) return '0';
  if (turnover < 2_000_000_000) return '1';
  return turnover < 6_000_000_000 ? '2' : '3';
}

// --- design data --------------------------------------------------------------------------------

type BoxOpts = { signed?: boolean; manual?: boolean; unit?: BoxDef['unit'] };
const box = (b: string, label: string, section: string, o: BoxOpts = {}): BoxDef => ({
  box: b,
  label,
  unit: o.unit ?? 'CENTS',
  signed: o.signed ?? false,
  ...(o.manual ? { manual: true } : {}),
  section,
});

const S_A = 'Modalidad art. 40.2 LIS';
const S_B = 'Modalidad art. 40.3 LIS: base del pago fraccionado';
const S_B1 = 'Modalidad art. 40.3 LIS: porcentaje único';
const S_RESULT = 'Modalidad art. 40.3 LIS: resultado';

/** The boxes of DR202e25 the computation fills or the person enters (the B2 block is not computed). */
const BOXES_202: BoxDef[] = [
  box('01', 'Base del pago fraccionado (cuota del último período minorada)', S_A),
  box('02', 'Resultado de la declaración anterior (complementaria)', S_A, { manual: true }),
  box('03', 'A ingresar (18 % de [01] - [02])', S_A),
  box('04', 'Resultado contable después del Impuesto sobre Sociedades y del Impuesto Complementario', S_B, {
    signed: true,
    manual: true,
  }),
  box('05', 'Correcciones por Impuesto sobre Sociedades e Impuesto Complementario: aumentos', S_B, {
    manual: true,
  }),
  box('06', 'Correcciones por Impuesto sobre Sociedades e Impuesto Complementario: disminuciones', S_B, {
    manual: true,
  }),
  box('07', 'Correcciones por Impuesto Complementario', S_B, { manual: true }),
  box('37', 'Disminuciones: 30 % de los gastos de amortización', S_B, { manual: true }),
  box('08', 'Resto de correcciones: aumentos', S_B, { manual: true }),
  box('09', 'Resto de correcciones: disminuciones', S_B, { manual: true }),
  box('38', 'Total correcciones: aumentos', S_B),
  box('39', 'Total correcciones: disminuciones', S_B),
  box('13', 'Base imponible previa', S_B, { signed: true }),
  box('40', 'Remanente de la reserva de capitalización aplicado', S_B, { manual: true }),
  box('14', 'Compensación de bases imponibles negativas', S_B, { manual: true }),
  box('15', 'Reserva de nivelación: disminución', S_B, { manual: true }),
  box('16', 'Reserva de nivelación: adición', S_B, { manual: true }),
  box('17', 'Base del pago fraccionado', S_B1),
  box('17P', 'Porcentaje', S_B1, { unit: 'BP' }),
  box('18', 'Dotaciones del art. 11.12 LIS', S_B1, { manual: true }),
  box('19', 'Compensación de cuotas negativas de cooperativas', S_B1, { manual: true }),
  box('41', 'Reserva de nivelación convertida en minoración', S_B1, { manual: true }),
  box('42', 'Reserva de nivelación convertida en adición', S_B1, { manual: true }),
  box('20', 'Resultado previo', S_B1),
  box('27', 'Bonificaciones', S_RESULT, { manual: true }),
  box('28', 'Retenciones e ingresos a cuenta', S_RESULT),
  box('29', 'Porcentaje del volumen de operaciones en territorio común', S_RESULT, {
    manual: true,
    unit: 'BP',
  }),
  box('30', 'Pagos fraccionados de períodos anteriores', S_RESULT),
  box('31', 'Resultado de la declaración anterior (complementaria)', S_RESULT, { manual: true }),
  box('32', 'Resultado', S_RESULT),
  box('33', 'Mínimo a ingresar (cifra de negocios de al menos 10 M€, DA 14ª LIS)', S_RESULT, {
    manual: true,
  }),
  box('34', 'Cantidad a ingresar', S_RESULT),
];

/** AEAT DR202e25, the 202 from 2025. */
export const design202v2025: ModelDesign = {
  id: '202-2025',
  modelType: '202',
  validFrom: '2025-01-01',
  validTo: null,
  source:
    'AEAT, diseño de registro DR202e25 (modelo 202, 2025 y siguientes), según el módulo l10n_es_aeat_mod202 de ' +
    'DATABAY-SOLUTIONS/l10n-spain (commit 2fcc890670e44c34dac6668e737f9ab3950d7f5c); tabla derivada ' +
    'layouts/sources/202/layout_202_2025_derived_from_oca_databay.csv.',
  boxes: BOXES_202,
  pages: layout202v2025,
  fileFormat: 'T',
};

export const DESIGNS_202: readonly ModelDesign[] = [design202v2025];

// --- result types -------------------------------------------------------------------------------

/** Positive → I, U, G; otherwise N (negativa): an instalment is never refunded. */
export function allowedResultTypes202(amountCents: number): ResultType[] {
  return amountCents > 0 ? ['I', 'U', 'G'] : ['N'];
}

// --- the computation ----------------------------------------------------------------------------

const FULL_SHARE_BP = 10_000;

interface Context {
  input: ModelInput;
  rule: Instalment202Rule;
  params: Instalment202Input;
  manual: Record<string, number>;
  sums: BoxSums;
  issues: ModelIssue[];
}

const manualOf = (ctx: Context, b: string): number => ctx.manual[b] ?? 0;

/** Art. 40.2 LIS: 18 % of the last return's base. */
function method402(ctx: Context): number {
  const { params, sums, rule } = ctx;
  if (params.lastReturnBaseCents === undefined) {
    ctx.issues.push({
      code: 'LAST_RETURN_BASE',
      field: 'lastReturnBaseCents',
      message:
        'Indique la cuota íntegra del último Impuesto sobre Sociedades presentado, minorada en deducciones, bonificaciones, retenciones e ingresos a cuenta ([01]).',
      severity: 'WARNING',
    });
  }
  const turnover = params.previousYearTurnoverCents;
  if (turnover !== undefined && turnover > rule.compulsoryTurnoverCents) {
    ctx.issues.push({
      code: 'METHOD_40_3_REQUIRED',
      field: 'method',
      message: `Con una cifra de negocios superior a ${formatEuros(rule.compulsoryTurnoverCents)} en los 12 meses anteriores, el pago fraccionado se calcula sobre la base imponible del período (art. 40.3 LIS).`,
      severity: 'ERROR',
    });
  }
  sums.set('01', params.lastReturnBaseCents ?? 0);
  sums.set('02', manualOf(ctx, '02'));
  sums.set('03', applyBp(sums.get('01'), rule.lastReturnRateBp) - sums.get('02'));
  return sums.get('03');
}

/** The stored 202 of an earlier instalment of the year (a submitted one before a generated one), if any. */
function storedReturn(input: ModelInput, period: ModelPeriod): EarlierReturn | undefined {
  const candidates = input.earlier.filter(
    (r) => r.modelType === '202' && r.year === input.year && r.period === period,
  );
  return candidates.find((r) => r.status === 'SUBMITTED') ?? candidates[0];
}

/** [30]: the instalments already made in the tax period, from the stored 202s of the earlier periods. */
function earlierInstalments(ctx: Context): number {
  const index = INSTALMENT_PERIODS.indexOf(ctx.input.period as (typeof INSTALMENT_PERIODS)[number]);
  let total = 0;
  for (const period of INSTALMENT_PERIODS.slice(0, index)) {
    const stored = storedReturn(ctx.input, period);
    if (!stored) {
      ctx.issues.push({
        code: 'EARLIER_INSTALMENT_MISSING',
        field: '30',
        message: `No hay modelo 202 del ${period} de ${ctx.input.year}: la casilla [30] no incluye ese pago; indíquelo si se hizo.`,
        severity: 'WARNING',
      });
      continue;
    }
    total += Math.max(0, stored.result.amountCents);
  }
  return total;
}

/** [13]: the period's base given, else the accounting result and its corrections; identity checked. */
function previousBase(ctx: Context): number {
  const { sums, params } = ctx;
  for (const b of ['04', '05', '06', '07', '37', '08', '09']) sums.set(b, manualOf(ctx, b));
  sums.set('38', sums.sum(['05', '08']));
  sums.set('39', sums.sum(['06', '07', '37', '09']));
  const fromResult = sums.get('04') + sums.get('38') - sums.get('39');
  const hasResult = ['04', '05', '06', '07', '37', '08', '09'].some((b) => ctx.manual[b] !== undefined);
  const given = params.periodBaseCents;
  if (given !== undefined && hasResult && given !== fromResult) {
    ctx.issues.push(identityIssue('13', fromResult, given, '[04] + [38] - [39]'));
  }
  if (given === undefined && !hasResult) {
    ctx.issues.push({
      code: 'PERIOD_BASE',
      field: 'periodBaseCents',
      message:
        'Indique la base imponible de los meses transcurridos del período impositivo (art. 40.3 LIS), o el resultado contable [04] y sus correcciones.',
      severity: 'WARNING',
    });
  }
  return given ?? fromResult;
}

/** Art. 40.3 LIS (and DA 14ª LIS from 10 M€ of turnover): the period's base times the percentage. */
function method403(ctx: Context): number {
  const { input, params, sums, rule } = ctx;
  const large = isLarge(rule, params.previousYearTurnoverCents) ? rule.large : null;

  sums.set('13', previousBase(ctx));
  for (const b of ['40', '14', '15', '16']) sums.set(b, manualOf(ctx, b));
  sums.set('17', Math.max(0, sums.get('13') - sums.sum(['40', '14', '15']) + sums.get('16')));
  const taxRateBp = params.taxRateBp ?? DEFAULT_IS_RATE_BP;
  sums.set('17P', fractionOfRate(taxRateBp, large ? large.fraction : rule.baseFraction));
  for (const b of ['18', '19', '41', '42']) sums.set(b, manualOf(ctx, b));
  sums.set('20', applyBp(sums.get('17'), sums.get('17P')) - sums.sum(['18', '19', '41']) + sums.get('42'));

  sums.set('27', manualOf(ctx, '27'));
  if (params.withholdingsCents !== undefined) {
    sums.set('28', params.withholdingsCents);
  } else {
    sums.set('28', 0);
    for (const l of input.aggregates.byKey.ISSUED ?? []) {
      if (l.taxKey === IRPF_KEY) sums.add('28', l.irpfCents, `ISSUED:${IRPF_KEY}`);
    }
  }
  sums.set('29', ctx.manual['29'] ?? FULL_SHARE_BP);
  sums.set('30', params.previousInstalmentsCents ?? earlierInstalments(ctx));
  sums.set('31', manualOf(ctx, '31'));
  const share = roundHalfUp((sums.get('20') - sums.sum(['27', '28'])) * sums.get('29'), FULL_SHARE_BP);
  sums.set('32', Math.max(0, share - sums.sum(['30', '31'])));
  sums.set('33', manualOf(ctx, '33'));

  if (large && sums.get('33') === 0) {
    ctx.issues.push({
      code: 'MINIMUM_PAYMENT',
      field: '33',
      message: `Con una cifra de negocios de al menos ${formatEuros(large.turnoverCents)}, el pago no puede ser inferior al ${large.minimumRateBp / 100} % del resultado positivo de la cuenta de pérdidas y ganancias de los meses transcurridos, menos los pagos mínimos anteriores (DA 14ª LIS). No se calcula a partir de los libros: indíquelo en la casilla [33].`,
      severity: 'WARNING',
    });
  }
  if (!large && sums.get('33') !== 0) {
    ctx.issues.push({
      code: 'MINIMUM_NOT_APPLICABLE',
      field: '33',
      message: `El mínimo a ingresar [33] solo se aplica con una cifra de negocios de al menos ${formatEuros(LARGE_TURNOVER.turnoverCents)}; no se tiene en cuenta.`,
      severity: 'WARNING',
    });
  }
  sums.set('34', large ? Math.max(sums.get('32'), sums.get('33')) : sums.get('32'));
  return sums.get('34');
}

/** The inputs that are not boxes: the turnover and the tax rate. */
function paramIssues(params: Instalment202Input): ModelIssue[] {
  const out: ModelIssue[] = [];
  if ((params.previousYearTurnoverCents ?? 0) < 0) {
    out.push({
      code: 'NEGATIVE_AMOUNT',
      field: 'previousYearTurnoverCents',
      message: 'Cifra de negocios del año anterior no puede ser negativo',
      severity: 'ERROR',
    });
  }
  const rate = params.taxRateBp;
  if (rate !== undefined && (!Number.isInteger(rate) || rate < 0 || rate > 10_000)) {
    out.push({
      code: 'RATE',
      field: 'taxRateBp',
      message: 'El tipo de gravamen debe estar entre el 0 % y el 100 %.',
      severity: 'ERROR',
    });
  }
  return out;
}

export function compute202(input: ModelInput, design: ModelDesign): ModelComputation {
  if (periodicityOfPeriod(input.period) !== 'INSTALMENTS') {
    throw new RangeError('El modelo 202 tiene tres pagos fraccionados: 1P, 2P y 3P');
  }
  const rule = instalment202Rule(input.year);
  if (!rule) throw new RangeError(`No hay reglas del modelo 202 para ${input.year}`);
  const a = input.adjustments;
  const params: Instalment202Input = a.instalment202 ?? { method: '40.2' };
  const issues: ModelIssue[] = [...paramIssues(params)];
  const manual = manualBoxValues(design.boxes, a, issues);
  const sums = new BoxSums();
  const ctx: Context = { input, rule, params, manual, sums, issues };

  const amount = params.method === '40.3' ? method403(ctx) : method402(ctx);

  const boxes = completeBoxes(design.boxes, sums);
  const allowedResultTypes = allowedResultTypes202(amount);
  const type = chooseResultType(allowedResultTypes, a, issues);
  if (boxes['29'] !== undefined && (boxes['29'] < 0 || boxes['29'] > FULL_SHARE_BP)) {
    issues.push({
      code: 'SHARE',
      field: '29',
      message: '[29] debe estar entre el 0 % y el 100 %.',
      severity: 'ERROR',
    });
  }
  if (input.facts.irpfMethod !== null) {
    issues.push({
      code: 'NOT_A_COMPANY',
      field: 'irpfMethod',
      message: 'El modelo 202 es del Impuesto sobre Sociedades; el perfil fiscal indica un método del IRPF.',
      severity: 'WARNING',
    });
  }
  issues.push(...negativeBoxIssues(design.boxes, boxes));
  return {
    modelType: '202',
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

export const model202: ModelDefinition = {
  modelType: '202',
  name: 'Impuesto sobre Sociedades. Pago fraccionado',
  periodicities: ['INSTALMENTS'],
  designs: [...DESIGNS_202],
  compute: compute202,
};
